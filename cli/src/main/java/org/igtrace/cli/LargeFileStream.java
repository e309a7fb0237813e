package org.igtrace.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The bytes of an output file, written through the page cache for its first {@link #DIRECT_FROM} bytes and past them, where
 * the file system takes it, with direct I/O ({@code O_DIRECT}: from an aligned buffer to the disk, no page cache). On this
 * project's VM a file's new cached pages cost the kernel from 0.25 s to 4.6 s of system time per 1.3 GB, depending on the
 * machine's state, and direct writes 0.12-0.14 s (`dd`, 2026-12-07): a 1.8 GB Perfetto trace took 4.3-5.5 s of system time
 * in a full run. Small outputs never reach direct writes, so they stay cached for whatever reads them next. Direct writes
 * are made on local disk file systems only ({@link #DIRECT_TYPES}: over NFS each would be a synchronous round trip); where
 * direct I/O cannot be had (tmpfs, a network file system, a write the kernel refuses) the rest is written through the page
 * cache.
 * The file ends at the last byte written: a direct write's padding to the block size is cut off at {@link #close}.
 */
final class LargeFileStream extends OutputStream {
    /** Bytes written through the page cache before direct writes begin (a multiple of any block size up to 64 MB). */
    static final long DIRECT_FROM = 64L << 20;
    /** Bytes of the aligned buffer a direct write takes. */
    static final int DIRECT_BUFFER = 1 << 20;
    /** The file systems written with direct I/O (Java's {@code FileStore.type()}): local disks'. */
    static final java.util.Set<String> DIRECT_TYPES = java.util.Set.of("ext2", "ext3", "ext4", "xfs", "btrfs");

    private final Path path;
    private final FileChannel cached;
    private final long directFrom;
    private FileChannel direct;
    private ByteBuffer buffer;
    private int align;
    /** The file's bytes so far (written, or in {@link #buffer}). */
    private long size;
    /** Whether direct writes were tried already (and given up, if {@link #direct} is null). */
    private boolean triedDirect;
    private boolean closed;

    /** @param path the file, which exists and is empty */
    LargeFileStream(Path path) throws IOException {
        this(path, DIRECT_FROM);
    }

    /**
     * As above, direct writes from {@code directFrom} bytes on (for tests: where it is no multiple of the block size, the
     * kernel refuses the first direct write, and the bytes go through the page cache).
     */
    LargeFileStream(Path path, long directFrom) throws IOException {
        this.path = path;
        this.directFrom = directFrom;
        this.cached = FileChannel.open(path, StandardOpenOption.WRITE);
    }

    /** Whether the bytes past {@link #DIRECT_FROM} went to the disk directly (for tests). */
    boolean wroteDirect() {
        return direct != null;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (closed) {
            throw new IOException("the output is closed");
        }
        while (len > 0) {
            if (direct == null) {
                long cachedNow = triedDirect ? len : directFrom - size; // bytes that go through the page cache now
                if (cachedNow <= 0) {
                    openDirect();
                    continue;
                }
                int n = (int) Math.min(len, cachedNow);
                writeFully(cached, ByteBuffer.wrap(b, off, n), size);
                size += n;
                off += n;
                len -= n;
                continue;
            }
            int n = Math.min(len, buffer.remaining());
            buffer.put(b, off, n);
            size += n;
            off += n;
            len -= n;
            if (!buffer.hasRemaining()) {
                flushDirect(false);
            }
        }
    }

    /** Opens the direct channel and its aligned buffer; where it cannot be had, the rest goes through the page cache. */
    private void openDirect() {
        triedDirect = true;
        try {
            java.nio.file.FileStore store = Files.getFileStore(path);
            if (!DIRECT_TYPES.contains(store.type())) {
                return;
            }
            int block = (int) store.getBlockSize();
            if (block <= 0 || block > DIRECT_BUFFER || DIRECT_BUFFER % block != 0) {
                return;
            }
            ByteBuffer aligned = ByteBuffer.allocateDirect(DIRECT_BUFFER + block).alignedSlice(block);
            aligned.limit(DIRECT_BUFFER);
            direct = FileChannel.open(path, StandardOpenOption.WRITE, com.sun.nio.file.ExtendedOpenOption.DIRECT);
            align = block;
            buffer = aligned;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | OutOfMemoryError e) {
            direct = null; // tmpfs and others refuse O_DIRECT (or no direct memory is left): through the page cache
        }
    }

    /**
     * Writes the buffer's bytes at their place: whole, or at the end ({@code last}) padded to the block size (cut off
     * at close). A direct write the file system refuses is made through the page cache instead, and so is the rest.
     */
    private void flushDirect(boolean last) throws IOException {
        int n = buffer.position();
        if (n == 0) {
            return;
        }
        long at = size - n;
        int padded = last ? (n + align - 1) / align * align : n;
        for (int i = n; i < padded; i++) {
            buffer.put((byte) 0);
        }
        buffer.flip();
        try {
            writeFully(direct, buffer, at);
        } catch (IOException e) {
            // a direct write refused (its alignment, a file system that took the open but not the write): these bytes and
            // the rest through the page cache (a failure there is the output's: close then writes nothing more)
            FileChannel refused = direct;
            direct = null;
            buffer.position(0).limit(n);
            try {
                writeFully(cached, buffer, at);
            } finally {
                refused.close();
            }
        }
        buffer.clear().limit(DIRECT_BUFFER);
    }

    private static void writeFully(FileChannel channel, ByteBuffer bytes, long at) throws IOException {
        long to = at;
        while (bytes.hasRemaining()) {
            to += channel.write(bytes, to);
        }
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (direct != null) {
                flushDirect(true);
            }
            cached.truncate(size); // a padded last block cut off
        } finally {
            try {
                if (direct != null) {
                    direct.close();
                }
            } finally {
                cached.close();
            }
        }
    }
}
