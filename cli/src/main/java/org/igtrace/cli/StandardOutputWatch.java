package org.igtrace.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.igtrace.cli.isolation.SupervisedChild;
import org.igtrace.reader.otf2.nativelib.Pipes;

/**
 * Ends a command whose standard output's reader went away while it still reads the trace
 * ({@code igtrace timeline T --format perfetto | head -c 100}, issue 39 item 9): the export writes
 * its calls only once the clock offsets are known, after the whole read, so no write meets the
 * closed pipe (EPIPE) before then. A daemon thread asks the kernel every 100 ms whether file
 * descriptor 1 is a pipe without a reader ({@code poll} reports {@code POLLERR} for it; a file or a
 * terminal never does) and, when so, ends the JVM with exit 0 and no word, as a filter whose reader
 * left does: the shutdown hooks run (temporary files go), the supervisor is told the exit code.
 */
final class StandardOutputWatch {
    private static volatile boolean started;

    private StandardOutputWatch() {
    }

    /** Whether file descriptor {@code fd} is the writing end of a pipe whose reading end is closed. */
    static boolean readerGone(int fd) {
        return Pipes.readerGone(fd); // false without libc to ask (not Linux): the write at the end meets EPIPE instead
    }

    /** The process's standard output (file descriptor 1) as the commands write it; the watch knows it by its class. */
    static Writer processStdout() {
        return new ProcessStdout();
    }

    private static final class ProcessStdout extends OutputStreamWriter {
        ProcessStdout() {
            super(new SupervisedStdout(), StandardCharsets.UTF_8);
        }
    }

    /**
     * File descriptor 1, which a supervised JVM writes only while its parent lives: the launcher killed with SIGKILL
     * less than the watch's 200 ms before the output began let the command print it (a review, issue 38), where an
     * {@code -o} file is checked before its rename. Looked at once, before the first byte.
     */
    private static final class SupervisedStdout extends FileOutputStream {
        private boolean looked;

        SupervisedStdout() {
            super(FileDescriptor.out);
        }

        private void look() {
            if (!looked) {
                looked = true;
                if (!org.igtrace.cli.isolation.SupervisedChild.parentAlive()) {
                    org.igtrace.cli.isolation.SupervisedChild.dieWithParent();
                }
            }
        }

        @Override
        public void write(int b) throws java.io.IOException {
            look();
            super.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            look();
            super.write(b, off, len);
        }
    }

    /** Starts the watch when {@code stdout} is the process's standard output (not a test's writer). */
    static void startFor(Writer stdout) {
        if (stdout instanceof ProcessStdout) {
            start();
        }
    }

    /**
     * {@code stdout} for a streamed output: when it is the process's standard output, a write that
     * meets the closed pipe (EPIPE) ends the JVM as the watch does, wherever it happens (inside the
     * reader's callbacks it became "igtrace: java.io.IOException: Broken pipe").
     */
    static Writer endingOnBrokenPipe(Writer stdout) {
        if (!(stdout instanceof ProcessStdout)) {
            return stdout;
        }
        return new java.io.FilterWriter(stdout) {
            @Override
            public void write(char[] buf, int off, int len) throws java.io.IOException {
                try {
                    super.write(buf, off, len);
                } catch (java.io.IOException e) {
                    throw ended(e);
                }
            }

            @Override
            public void write(String str, int off, int len) throws java.io.IOException {
                try {
                    super.write(str, off, len);
                } catch (java.io.IOException e) {
                    throw ended(e);
                }
            }

            @Override
            public void write(int c) throws java.io.IOException {
                try {
                    super.write(c);
                } catch (java.io.IOException e) {
                    throw ended(e);
                }
            }

            @Override
            public void flush() throws java.io.IOException {
                try {
                    super.flush();
                } catch (java.io.IOException e) {
                    throw ended(e);
                }
            }
        };
    }

    /**
     * {@code stdout} as bytes, for a binary output (Perfetto's trace): the process's standard output
     * itself (flushed first; a write that meets the closed pipe ends the JVM as above), or, for a
     * writer that is not (a test's), each byte as the char of the same value (ISO-8859-1).
     */
    static java.io.OutputStream bytes(Writer stdout) throws java.io.IOException {
        stdout.flush();
        if (!(stdout instanceof ProcessStdout)) {
            return new java.io.OutputStream() {
                @Override
                public void write(int b) throws java.io.IOException {
                    stdout.write(b & 0xFF);
                }

                @Override
                public void flush() throws java.io.IOException {
                    stdout.flush();
                }
            };
        }
        java.io.OutputStream out = new SupervisedStdout();
        return new java.io.BufferedOutputStream(new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                try {
                    out.write(b, off, len);
                } catch (java.io.IOException e) {
                    throw ended(e);
                }
            }
        }, 1 << 16);
    }

    /** Whether {@code stdout} is the process's standard output (its bytes can pass through undecoded). */
    static boolean isProcessStdout(Writer stdout) {
        return stdout instanceof ProcessStdout;
    }

    private static java.io.IOException ended(java.io.IOException e) {
        if (Output.isBrokenPipe(e)) {
            readerWentAway();
        }
        return e;
    }

    /** The reader of standard output went away: exit 0, no word (the supervisor told first). */
    private static void readerWentAway() {
        SupervisedChild.exiting(0);
        System.exit(0);
    }

    /** Whether the reader of standard output went away; false when the look itself failed (the heap ran out): look again. */
    private static boolean readerSeenGone() {
        try {
            return readerGone(1);
        } catch (RuntimeException | Error e) { // NOPMD: the command says what ran out, on its own thread
            return false;
        }
    }

    /** Starts the watch of standard output (once per JVM). */
    private static synchronized void start() {
        if (started) {
            return;
        }
        started = true;
        Thread watch = new Thread(() -> {
            while (!readerSeenGone()) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
            readerWentAway();
        }, "igtrace-stdout-watch");
        watch.setDaemon(true);
        watch.start();
    }
}
