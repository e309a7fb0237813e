package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The file writes on a thread of their own (issue 38): every byte in order, failures reported, nothing hangs. */
class BackgroundWritesTest {

    /** Counts the bytes it was given and where it was flushed and closed. */
    private static final class Recording extends ByteArrayOutputStream {
        int flushes;
        boolean closed;
        Thread writtenBy;

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            writtenBy = Thread.currentThread();
            super.write(b, off, len);
        }

        @Override
        public void flush() {
            flushes++;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** 10 MB in pieces of 1 to 70,000 bytes and single bytes (more than the three 1 MiB buffers many times over): the same bytes in order. */
    @Test
    @Timeout(60)
    void manyBuffersArriveInOrder() throws IOException {
        byte[] expected = new byte[10_000_000];
        new Random(38).nextBytes(expected);
        Recording target = new Recording();
        Random sizes = new Random(1);
        try (OutputStream out = new BackgroundWrites(target)) {
            int at = 0;
            while (at < expected.length) {
                if (sizes.nextInt(10) == 0) {
                    out.write(expected[at++]);
                    continue;
                }
                int n = Math.min(expected.length - at, 1 + sizes.nextInt(70_000));
                out.write(expected, at, n);
                at += n;
            }
        }
        assertArrayEquals(expected, target.toByteArray());
        assertTrue(target.closed);
        assertTrue(target.writtenBy != Thread.currentThread(), "written by the stream's own thread");
    }

    /** An output smaller than one buffer is written by close itself (no thread started). */
    @Test
    void aSmallOutputIsWrittenByClose() throws IOException {
        Recording target = new Recording();
        OutputStream out = new BackgroundWrites(target);
        out.write("<graph/>".getBytes());
        assertEquals(0, target.size(), "nothing before close");
        out.close();
        assertEquals("<graph/>", target.toString());
        assertEquals(Thread.currentThread(), target.writtenBy);
        assertTrue(target.closed);
    }

    /** flush: every byte so far has reached the underlying stream, which was flushed too. */
    @Test
    @Timeout(60)
    void flushWaitsForEveryByteSoFar() throws IOException {
        Recording target = new Recording();
        try (OutputStream out = new BackgroundWrites(target)) {
            byte[] chunk = new byte[BackgroundWrites.SIZE + 5];
            out.write(chunk);
            out.flush();
            assertEquals(chunk.length, target.size());
            assertEquals(1, target.flushes);
            out.write(7);
            out.flush();
            assertEquals(chunk.length + 1, target.size());
        }
    }

    /** A disk that fills up: the failure comes back from a later write or from close (the file is then not kept), never a hang. */
    @Test
    @Timeout(60)
    void aFailedWriteIsThrownLaterAndNothingHangs() throws IOException {
        OutputStream out = new BackgroundWrites(fillingUp());
        byte[] chunk = new byte[100_000];
        IOException thrown = assertThrows(IOException.class, () -> {
            for (int i = 0; i < 1_000; i++) { // 100 MB: far past the failure
                out.write(chunk);
            }
            out.close();
        });
        assertEquals("No space left on device", thrown.getMessage());
        IOException again = assertThrows(IOException.class, out::close);
        assertEquals("No space left on device", again.getMessage());
        // as AtomicOutput writes: a write throws the failure, then the resource's close throws it again; the second is a
        // new exception of the same message (the same one made Java's try-with-resources throw an IllegalArgumentException,
        // "Self-suppression not permitted", in place of the full disk)
        IOException viaTry = assertThrows(IOException.class, () -> {
            try (OutputStream o = new BackgroundWrites(fillingUp())) {
                for (int i = 0; i < 1_000; i++) {
                    o.write(chunk);
                }
            }
        });
        assertEquals("No space left on device", viaTry.getMessage());
    }

    /** A stream that takes two buffers, then fails as a full disk does. */
    private static OutputStream fillingUp() {
        return new OutputStream() {
            private long written;

            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (written + len > 2 * BackgroundWrites.SIZE) {
                    throw new IOException("No space left on device");
                }
                written += len;
            }
        };
    }

    /** An Error in the thread's write (out of memory) comes back as it is, and the writer does not wait forever for a buffer. */
    @Test
    @Timeout(60)
    void anErrorInTheThreadComesBackAsItIs() {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) {
                throw new OutOfMemoryError("Java heap space");
            }

            @Override
            public void write(byte[] b, int off, int len) {
                throw new OutOfMemoryError("Java heap space");
            }
        };
        OutputStream out = new BackgroundWrites(broken);
        OutOfMemoryError thrown = assertThrows(OutOfMemoryError.class, () -> {
            byte[] chunk = new byte[100_000];
            for (int i = 0; i < 1_000; i++) {
                out.write(chunk);
            }
            out.close();
        });
        assertEquals("Java heap space", thrown.getMessage());
        assertThrows(OutOfMemoryError.class, out::close);
    }

    /** A stream closed twice: the second close does nothing; a write after close is refused. */
    @Test
    void closedTwiceAndWrittenAfter() throws IOException {
        Recording target = new Recording();
        OutputStream out = new BackgroundWrites(target);
        out.write(new byte[3 * BackgroundWrites.SIZE]);
        out.close();
        out.close();
        assertEquals(3 * BackgroundWrites.SIZE, target.size());
        assertThrows(IOException.class, () -> out.write(new byte[BackgroundWrites.SIZE + 1]));
    }

    /**
     * Interrupted while closing with buffers still queued (a slow disk): close throws, so the caller keeps no cut file
     * (review: it returned normally while the thread had not written everything); the interrupt stays set.
     */
    @Test
    @Timeout(60)
    void anInterruptedCloseThrows() throws IOException {
        OutputStream slow = new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        OutputStream out = new BackgroundWrites(slow);
        out.write(new byte[2 * BackgroundWrites.SIZE + 10]); // three buffers, 200 ms each: close waits for the thread
        Thread closing = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                Thread.sleep(150);
            } catch (InterruptedException e) {
                return;
            }
            closing.interrupt();
        });
        interrupter.start();
        try {
            assertThrows(java.io.InterruptedIOException.class, out::close);
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt stays set");
        } finally {
            try {
                interrupter.join();
            } catch (InterruptedException e) {
                // the interrupt was ours
            }
            Thread.interrupted();
        }
        assertThrows(IOException.class, () -> out.write(1), "broken: refused at the next call");
    }
}
