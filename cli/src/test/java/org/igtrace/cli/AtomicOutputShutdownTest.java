package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The temporary file of {@code -o} and the JVM's shutdown (issue 41 item 10: a SIGINT near the end
 * of a Spark job left {@code .NAME.PID.part}). The shutdown hooks run while the writing thread runs
 * on (Spark's own take seconds), so the hook could run between the write naming its file and
 * creating it: it removed nothing, and the file was created after it. Both orders are staged here
 * on one thread, the hook's part called as the hook calls it: no race to win.
 */
class AtomicOutputShutdownTest {
    @TempDir
    Path dir;

    @Test
    void aShutdownBeforeTheFileExistsMeansNoFileIsCreated() throws Exception {
        AtomicOutput.Temporary temporary = new AtomicOutput.Temporary();
        temporary.shutDown(); // the hook ran first (the old code then created the file, and nothing removed it)
        IOException e = assertThrows(IOException.class, () -> temporary.create(dir.resolve(".g.graphml.1.part")));
        assertEquals("interrupted: the Java VM is shutting down", e.getMessage());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count(), "no temporary file left");
        }
    }

    /**
     * A write begun once the JVM's shutdown is under way (a thread that runs on past Ctrl-C, as
     * Spark's main thread does while its hooks take seconds): the file was created before the
     * shutdown hook was registered, the registration failed (IllegalStateException), and the file
     * stayed. Staged without a race in a JVM of its own whose shutdown hook writes: no file, and
     * one line's worth of message.
     */
    @Test
    void aWriteBegunDuringTheShutdownMakesNoFile() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), WriteDuringShutdown.class.getName(), dir.resolve("g.graphml").toString())
                .redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList(), "no temporary file, no output");
        }
        assertEquals("IOException: interrupted: the Java VM is shutting down\n", out);
    }

    /** A JVM whose shutdown hook writes {@code args[0]} through AtomicOutput and prints what the write threw. */
    static final class WriteDuringShutdown {
        public static void main(String[] args) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    AtomicOutput.write(Path.of(args[0]), out -> out.write("graph\n"));
                    System.out.println("written");
                } catch (IOException | RuntimeException e) {
                    System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
                }
            }));
        }
    }

    /**
     * A shutdown (SIGINT at 100 % of a Spark job) whose hook removes the temporary file while the
     * output is being written: the rename then failed, and the line said
     * "... .g.graphml.897.part -> .../g.graphml: no such file or directory" instead of that the run
     * was interrupted (issue 41 item 10). Staged in a JVM of its own: the body starts the shutdown
     * and waits until the hook has removed the file; another hook holds the JVM until the write says
     * how it ended.
     */
    @Test
    void aShutdownDuringTheWriteSaysInterrupted() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), ShutdownDuringWrite.class.getName(), dir.resolve("g.graphml").toString())
                .redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList(), "no temporary file, no output");
        }
        assertEquals("IOException: interrupted: the Java VM is shutting down\n", out);
    }

    /** A JVM that writes {@code args[0]} through AtomicOutput, exits (running the hooks) during the write, and prints what the write threw. */
    static final class ShutdownDuringWrite {
        public static void main(String[] args) throws Exception {
            java.util.concurrent.CountDownLatch said = new java.util.concurrent.CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    said.await(30, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            Path target = Path.of(args[0]);
            try {
                AtomicOutput.write(target, out -> {
                    out.write("graph\n");
                    new Thread(() -> System.exit(130)).start();
                    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
                    while (hasPart(target.getParent()) && System.nanoTime() < deadline) {
                        Thread.onSpinWait(); // until the hook has removed the temporary file
                    }
                });
                System.out.println("written");
            } catch (IOException | RuntimeException e) {
                System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            System.out.flush();
            said.countDown();
            Thread.sleep(30_000); // System.exit's thread ends the JVM
        }

        private static boolean hasPart(Path dir) {
            try (Stream<Path> files = Files.list(dir)) {
                return files.anyMatch(f -> f.getFileName().toString().endsWith(".part"));
            } catch (IOException e) {
                return false;
            }
        }
    }

    @Test
    void aShutdownAfterTheFileExistsRemovesIt() throws Exception {
        AtomicOutput.Temporary temporary = new AtomicOutput.Temporary();
        Path part = temporary.create(dir.resolve(".g.graphml.1.part"));
        assertTrue(Files.exists(part));
        temporary.shutDown();
        assertFalse(Files.exists(part), "the hook removes the half-written file");
    }
}
