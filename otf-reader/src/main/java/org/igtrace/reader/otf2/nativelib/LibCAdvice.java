package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Native;

/**
 * libc's {@code posix_fadvise}, bound apart from {@link LibC} so that a libc without it (macOS has none) costs only the
 * read-ahead of {@link FileRing}, not the libc checks. Bound on 64-bit Linux only, where {@code off_t} is the 64-bit
 * {@code long} of the binding (a 32-bit userland's would take the offsets' halves as other arguments).
 */
final class LibCAdvice {
    /** {@code POSIX_FADV_WILLNEED}: 3 on Linux, every architecture. */
    static final int WILLNEED = 3;

    private static final boolean BOUND;

    static {
        boolean bound = false;
        if (System.getProperty("os.name", "").startsWith("Linux") && com.sun.jna.Platform.is64Bit()) {
            try {
                Native.register(LibCAdvice.class, "c");
                bound = true;
            } catch (Throwable t) {
                bound = false;
            }
        }
        BOUND = bound;
    }

    private LibCAdvice() {
    }

    /** Whether {@link #posix_fadvise} is there to call. */
    static boolean bound() {
        return BOUND;
    }

    /** Returns 0 or an error number (not through errno); advice only: its failure changes nothing read. */
    static native int posix_fadvise(int fd, long offset, long length, int advice);
}
