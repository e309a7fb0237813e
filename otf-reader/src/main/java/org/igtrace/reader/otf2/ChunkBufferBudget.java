package org.igtrace.reader.otf2;

/**
 * The memory the reading threads' chunk buffers may take together (issue 41 item 7). libotf2 gives
 * each event reader a buffer of the anchor's event chunk size (up to 16 MiB, EZTrace's) and fills
 * it, whatever the file's size; each reading thread holds one at a time, so the buffers grow with
 * the threads, not with the input: {@code -j 256} on an archive claiming 16 MiB chunks would take
 * 4 GiB. The threads are capped so that threads x chunk size stays within {@link #BYTES}.
 */
final class ChunkBufferBudget {
    /** What the reading threads' chunk buffers may take together: 256 MiB (16 threads of 16 MiB, 256 of 1 MiB). */
    static final long BYTES = 256L << 20;

    private ChunkBufferBudget() {
    }

    /** {@code threads}, or fewer so that their buffers of {@code chunkSize} bytes fit in {@link #BYTES} (0: not known, not capped). */
    static int readers(int threads, long chunkSize) {
        if (chunkSize <= 0) {
            return threads;
        }
        return (int) Math.max(1, Math.min(threads, BYTES / chunkSize));
    }

    /** The note when the cap lowered the threads. */
    static String note(int readers, long chunkSize) {
        return "read on " + readers + (readers == 1 ? " thread" : " threads") + ": libotf2 gives each a buffer of the archive's event "
                + "chunk size (" + mib(chunkSize) + "), and igtrace lets them take at most " + mib(BYTES) + " together";
    }

    private static String mib(long bytes) {
        return bytes % (1L << 20) == 0 ? (bytes >> 20) + " MiB" : bytes % 1024 == 0 ? (bytes >> 10) + " KiB" : bytes + " bytes";
    }
}
