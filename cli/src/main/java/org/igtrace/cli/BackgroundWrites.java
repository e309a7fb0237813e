package org.igtrace.cli;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * An output stream whose bytes a thread of its own hands to the underlying stream, so that the
 * kernel's copy into the file (about 1 s of system time for a 1.8 GB Perfetto trace) runs beside
 * the command that makes them instead of after each of its buffers (issue 38: the export's last
 * seconds ran on one core). Bytes go into one of {@value #BUFFERS} buffers of {@value #SIZE} bytes;
 * a full one is queued for the thread, which writes the buffers in order, and the writer waits only
 * when all of them are queued: its memory stays {@value #BUFFERS} x {@value #SIZE} bytes whatever it
 * writes. A failed write is thrown by the next call ({@code write}, {@code flush} or
 * {@code close}), as is an interrupt while waiting for the thread, after which the stream is
 * broken (so {@code close} throws and no cut file is kept); {@link #close} writes what is left,
 * waits for the thread and closes the underlying stream. {@code flush} waits until every byte so far has reached the underlying stream.
 */
final class BackgroundWrites extends OutputStream {
    static final int SIZE = 1 << 20;
    static final int BUFFERS = 3;

    /** A buffer and how many of its bytes to write; length -1 ends the thread, 0 asks for a flush. */
    private record Chunk(byte[] bytes, int length) {
    }

    private final OutputStream out;
    private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(BUFFERS + 1);
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(BUFFERS);
    private final BlockingQueue<Boolean> flushed = new ArrayBlockingQueue<>(1);
    /** Started when the first buffer is full: an output smaller than one buffer is written by {@link #close} itself. */
    private Thread writer;
    /** The first failure of the thread's writes (or of an interrupted hand-over): thrown by every later call. */
    private volatile Throwable failed;
    /** Whether {@link #rethrow} threw {@link #failed} already. */
    private boolean thrownOnce;
    private byte[] current = new byte[SIZE];
    private int used;
    private boolean closed;

    /** @param out the stream the thread writes to (closed by {@link #close}) */
    BackgroundWrites(OutputStream out) {
        this.out = out;
    }

    private void drain() {
        try {
            while (true) {
                Chunk c = full.take();
                if (c.length < 0) {
                    return;
                }
                if (c.length == 0) {
                    flushIgnoringAfterFailure();
                    flushed.put(Boolean.TRUE);
                    continue;
                }
                try {
                    if (failed == null) {
                        out.write(c.bytes, 0, c.length);
                    }
                } catch (Throwable e) { // an Error too (out of memory): thrown as it is by the writer's next call
                    failed = e;
                } finally {
                    free.put(c.bytes); // after a failure the buffers still come back: the writer never waits forever
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void flushIgnoringAfterFailure() {
        if (failed == null) {
            try {
                out.flush();
            } catch (Throwable e) {
                failed = e;
            }
        }
    }

    private void check() throws IOException {
        rethrow();
        if (closed) {
            throw new IOException("stream closed");
        }
    }

    /**
     * The thread's failure, if any: an IOException or Error as it is, anything else in an IOException. An IOException
     * thrown once already comes again in a new one of the same message: the write that threw it first and then close
     * (try-with-resources) threw the same object, and Java refuses to add an exception to itself as suppressed (an
     * IllegalArgumentException, which on a full disk replaced the "No space left on device" line).
     */
    private void rethrow() throws IOException {
        Throwable f = failed;
        if (f instanceof IOException io) {
            if (thrownOnce) {
                throw new IOException(io.getMessage(), io);
            }
            thrownOnce = true;
            throw io;
        }
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null) {
            throw new IOException(f.getMessage(), f);
        }
    }

    @Override
    public void write(int b) throws IOException {
        if (used == SIZE || failed != null || closed) {
            handOver();
        }
        current[used++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        check(); // a failure of the thread's, or a closed stream, at the next call
        while (len > 0) {
            if (used == SIZE) {
                handOver();
            }
            int n = Math.min(len, SIZE - used);
            System.arraycopy(b, off, current, used, n);
            used += n;
            off += n;
            len -= n;
        }
    }

    /** Queues the current buffer (when it holds anything) and takes a free one. */
    private void handOver() throws IOException {
        check();
        if (used == 0) {
            return;
        }
        if (writer == null) {
            for (int i = 1; i < BUFFERS; i++) {
                free.add(new byte[SIZE]);
            }
            writer = new Thread(this::drain, "igtrace-output");
            writer.setDaemon(true); // the JVM's exit (an error, Ctrl-C) does not wait for it; close does
            writer.start();
        }
        try {
            full.put(new Chunk(current, used));
            current = null; // the thread's now
            current = free.take();
        } catch (InterruptedException e) {
            throw broken();
        }
        used = 0;
    }

    /**
     * An interrupt while waiting for the thread: the stream is broken (no later call hands a buffer over again or waits
     * for a flush it did not ask for, and {@link #close} throws, so no cut file is kept); the interrupt stays set.
     */
    private InterruptedIOException broken() {
        Thread.currentThread().interrupt();
        InterruptedIOException interrupted = new InterruptedIOException("interrupted while writing");
        if (failed == null) {
            failed = interrupted;
        }
        return interrupted;
    }

    @Override
    public void flush() throws IOException {
        check();
        if (writer == null) { // nothing handed over yet: nothing to wait for
            out.write(current, 0, used);
            used = 0;
            out.flush();
            return;
        }
        handOver();
        try {
            full.put(new Chunk(null, 0));
            flushed.take();
        } catch (InterruptedException e) {
            throw broken();
        }
        check();
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        try {
            if (writer == null) {
                out.write(current, 0, used);
                used = 0;
            } else {
                check();
                if (used > 0) { // the last buffer, no free one taken for it
                    full.put(new Chunk(current, used));
                    current = null;
                    used = 0;
                }
            }
        } catch (InterruptedException e) {
            throw broken();
        } finally {
            closed = true;
            try {
                if (writer != null) {
                    full.put(new Chunk(null, -1));
                    writer.join();
                }
            } catch (InterruptedException e) {
                broken(); // thrown below: the thread may not have written everything
                writer.interrupt();
            }
            try {
                out.close();
            } catch (IOException e) {
                if (failed == null) {
                    failed = e;
                }
            }
        }
        rethrow();
    }
}
