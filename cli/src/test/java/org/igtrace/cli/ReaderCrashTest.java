package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A native crash while reading an OTF2 archive must not take igtrace down. The crash is made real:
 * the anchor is a named pipe, so the reader process blocks in libotf2's open() until the test
 * sends it SIGSEGV — the signal a bad pointer dereference in libotf2 would raise. igtrace must
 * answer with one line and exit code 1, and leave no JVM crash file or output file behind.
 */
class ReaderCrashTest {
    @Test
    void aCrashInTheReaderProcessIsOneLineAndExitCodeOne(@TempDir Path dir) throws Exception {
        Path anchor = dir.resolve("traces.otf2");
        Process mkfifo = new ProcessBuilder("mkfifo", anchor.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        Path output = dir.resolve("graph.graphml");

        StringWriter out = new StringWriter(), err = new StringWriter();
        CompletableFuture<Integer> igtrace = CompletableFuture.supplyAsync(() ->
                IgtraceCommand.run(out, new PrintWriter(err, true), anchor.toString(), "-o", output.toString()));

        // igtrace first looks at the file's first bytes to recognise the format: feed it the OTF2 magic.
        try (OutputStream fifo = Files.newOutputStream(anchor)) {
            fifo.write(new byte[] {0x03, 'B', 'O', 'T', 'F', '2'});
        }
        // Then the reader process opens the pipe through libotf2 and waits for a writer that never comes.
        ProcessHandle reader = awaitReaderProcess();
        Process kill = new ProcessBuilder("kill", "-SEGV", Long.toString(reader.pid())).start();
        assertEquals(0, kill.waitFor());

        int code = igtrace.get(60, TimeUnit.SECONDS);
        List<String> lines = err.toString().lines().toList();
        assertEquals(1, code, err.toString());
        assertEquals(1, lines.size(), err.toString());
        assertTrue(lines.get(0).startsWith("igtrace: " + anchor + ": libotf2 crashed while reading the archive ("), lines.get(0));
        assertTrue(lines.get(0).endsWith("); the archive is damaged"), lines.get(0));
        assertFalse(Files.exists(output), "no output file");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(anchor), files.toList(), "no hs_err file or temporary file left here");
        }
        assertFalse(hsErrFilesIn(Path.of("").toAbsolutePath()), "no hs_err file in the working directory");
    }

    private static ProcessHandle awaitReaderProcess() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            Optional<ProcessHandle> child = ProcessHandle.current().children()
                    .filter(p -> p.info().arguments().map(a -> String.join(" ", a)).orElse("").contains("Otf2ReaderProcess"))
                    .findFirst();
            if (child.isPresent()) {
                Thread.sleep(1500); // let it reach libotf2's open() of the pipe
                return child.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no reader process started");
    }

    private static boolean hsErrFilesIn(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("hs_err_pid"));
        }
    }
}
