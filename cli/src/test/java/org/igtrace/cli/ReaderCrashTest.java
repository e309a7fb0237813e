package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * A native crash while reading an OTF2 archive must not take igtrace down. The crash is made real:
 * igtrace runs as a user runs it (its own JVM, which starts the reader JVM), the anchor is a named
 * pipe, and the test sends SIGSEGV — the signal a bad pointer dereference in libotf2 raises — to
 * the reader JVM while it is blocked inside libotf2's open() of that pipe. No sleeps: the test
 * watches /proc for a thread waiting for the pipe's writer ({@code wait_for_partner}); while
 * libotf2 is not yet loaded in that process, the waiting open is igtrace's own look at the
 * format, which gets the OTF2 magic bytes; once libotf2 is mapped, it is libotf2's open.
 * igtrace must answer with one line and exit code 1, and leave no JVM crash file, temporary file
 * or output file behind.
 */
class ReaderCrashTest {
    static final byte[] OTF2_MAGIC = {0x03, 'B', 'O', 'T', 'F', '2'};

    @Tag("slow")
    @Test
    void aCrashInTheReaderProcessIsOneLineAndExitCodeOne(@TempDir Path dir) throws Exception {
        Path anchor = dir.resolve("traces.otf2");
        Ended ended = readAndSignal(dir, anchor, "SEGV");
        List<String> lines = ended.err.lines().toList();
        assertEquals(1, ended.exit, ended.err);
        assertEquals(1, lines.size(), ended.err);
        assertTrue(lines.get(0).startsWith("igtrace: " + anchor + ": libotf2 crashed while reading the archive ("), lines.get(0));
        assertTrue(lines.get(0).endsWith("); the archive is damaged"), lines.get(0));
    }

    /**
     * SIGKILL (a user's kill -9, the kernel's out-of-memory killer) and SIGTERM from outside are not
     * the archive's fault: the line names the signal and where it came from, and the exit code is
     * the shell's 128 + signal (issue 41, item 3: both read "libotf2 crashed ... the archive is damaged").
     */
    @Tag("slow")
    @Test
    void aKillFromOutsideIsNotBlamedOnTheTrace(@TempDir Path dir) throws Exception {
        Path anchor = dir.resolve("traces.otf2");
        for (String signal : List.of("KILL", "TERM")) {
            Ended ended = readAndSignal(dir, anchor, signal);
            List<String> lines = ended.err.lines().toList();
            assertEquals(signal.equals("KILL") ? 137 : 143, ended.exit, ended.err);
            assertEquals(1, lines.size(), ended.err);
            assertEquals("igtrace: " + anchor + ": stopped by SIG" + signal + " from outside igtrace (a user, a job scheduler, "
                    + "or the kernel's out-of-memory killer); the trace is not at fault", lines.get(0));
            Files.delete(anchor);
        }
    }

    private record Ended(int exit, String err) {}

    /** Runs igtrace on a named pipe as anchor and sends {@code signal} to the reader JVM inside libotf2's open(). */
    private static Ended readAndSignal(Path dir, Path anchor, String signal) throws Exception {
        assertEquals(0, new ProcessBuilder("mkfifo", anchor.toString()).start().waitFor());
        Path output = dir.resolve("graph.graphml");
        Path stderr = Files.createTempFile("igtrace-crash", ".err");
        Process igtrace = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                LauncherTest.PIPE_AS_TRACE, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                anchor.toString(), "-o", output.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(stderr.toFile()).start();
        try {
            ProcessHandle reader = feedUntilLibotf2Opens(igtrace, anchor);
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(reader.pid())).start().waitFor());
            assertTrue(igtrace.waitFor(60, TimeUnit.SECONDS), "igtrace ended");
        } finally {
            igtrace.descendants().forEach(ProcessHandle::destroyForcibly);
            igtrace.destroyForcibly();
        }
        String err = Files.readString(stderr, StandardCharsets.UTF_8);
        Files.delete(stderr);
        assertFalse(Files.exists(output), "no output file");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(anchor), files.toList(), "no hs_err file or temporary file left here");
        }
        assertFalse(hsErrFilesIn(Path.of("").toAbsolutePath()), "no hs_err file in the working directory");
        return new Ended(igtrace.exitValue(), err);
    }

    /**
     * Gives the magic bytes to every open of the pipe made before libotf2 is loaded, and returns
     * the process whose thread waits in open() with libotf2 loaded.
     */
    static ProcessHandle feedUntilLibotf2Opens(Process igtrace, Path fifo) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertTrue(igtrace.isAlive(), "igtrace ended before libotf2 opened the pipe");
            Optional<ProcessHandle> waiting = Stream.concat(Stream.of(igtrace.toHandle()), igtrace.descendants())
                    .filter(ReaderCrashTest::waitsForPipeWriter).findFirst();
            if (waiting.isPresent()) {
                if (mapsLibotf2(waiting.get())) {
                    return waiting.get();
                }
                try (OutputStream out = Files.newOutputStream(fifo)) {
                    out.write(OTF2_MAGIC);
                }
            } else {
                Thread.sleep(5); // polling /proc, not waiting out a race
            }
        }
        throw new AssertionError("libotf2 never opened the pipe");
    }

    /** Whether a thread of the process is blocked opening a FIFO that has no writer yet. */
    static boolean waitsForPipeWriter(ProcessHandle process) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(process.pid()), "task"))) {
            return tasks.anyMatch(task -> {
                try {
                    return Files.readString(task.resolve("wchan")).strip().equals("wait_for_partner");
                } catch (IOException e) {
                    return false;
                }
            });
        } catch (IOException e) {
            return false;
        }
    }

    static boolean mapsLibotf2(ProcessHandle process) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(process.pid()), "maps")).contains("libopen-trace-format2");
        } catch (IOException e) {
            return false;
        }
    }

    static boolean hsErrFilesIn(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("hs_err_pid"));
        }
    }
}
