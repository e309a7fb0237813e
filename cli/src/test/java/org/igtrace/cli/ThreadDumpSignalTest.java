package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-\ (SIGQUIT, to the terminal's process group) makes a JVM print a thread dump; the launcher's JVM wrote it to
 * standard output, into the output (a JSON file began with it and did not parse: a command-line hunt). It goes to
 * standard error. The trace is a named pipe on which the JVM waits while it is signalled; SIGTERM ends it then.
 */
@Tag("slow")
class ThreadDumpSignalTest {
    @TempDir
    Path install;
    @TempDir
    Path work;

    @Test
    void aThreadDumpStaysOffStandardOutput() throws Exception {
        LauncherTest.installRelease(install);
        Path anchor = work.resolve("traces.otf2");
        assertEquals(0, new ProcessBuilder("mkfifo", anchor.toString()).start().waitFor());
        ProcessBuilder pb = new ProcessBuilder("bash", install.resolve("bin/igtrace").toString(), "stats", anchor.toString(),
                "--format", "json").directory(work.toFile());
        pb.environment().put("IGTRACE_JAVA_OPTS", LauncherTest.PIPE_AS_TRACE);
        Process p = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        java.util.Optional<ProcessHandle> jvm = java.util.Optional.empty();
        while (jvm.isEmpty() && System.nanoTime() < deadline) { // the launcher's java, waiting on the pipe
            jvm = p.descendants().filter(h -> h.info().command().orElse("").endsWith("java")).findFirst();
            Thread.sleep(100);
        }
        assertTrue(jvm.isPresent(), "no JVM started");
        Thread.sleep(1500); // its handlers are installed once it runs main
        for (ProcessHandle h : java.util.List.of(jvm.get())) {
            assertEquals(0, new ProcessBuilder("kill", "-QUIT", Long.toString(h.pid())).start().waitFor());
        }
        Thread.sleep(1000);
        assertTrue(jvm.get().isAlive(), "the JVM goes on after a thread dump");
        jvm.get().destroy(); // SIGTERM: it ends as a stopped run does
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertFalse(out.contains("Full thread dump"), out);
        assertTrue(err.contains("Full thread dump"), err.length() > 2000 ? err.substring(0, 2000) : err);
    }
}
