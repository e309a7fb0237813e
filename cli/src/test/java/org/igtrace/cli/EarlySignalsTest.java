package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signals in the first moments of the JVM that runs igtrace (issue 41, items 3 and 4), under the
 * launcher and under {@code java -jar}: the JVM is stopped (SIGSTOP) as soon as it exists, before
 * its {@code main} runs, then signalled, then let go (SIGCONT), so the moment is the same at every
 * run. The trace is a named pipe, on which an unsupervised JVM would wait for ever.
 */
class EarlySignalsTest {
    private static final String OUTSIDE = " from outside igtrace (a user, a job scheduler, or the kernel's out-of-memory killer); "
            + "the trace is not at fault";

    @TempDir
    Path install;
    @TempDir
    Path work;
    @TempDir
    Path tmp;
    private Path anchor;

    @BeforeEach
    void setUp() throws Exception {
        LauncherTest.installRelease(install);
        anchor = work.resolve("traces.otf2");
        assertEquals(0, new ProcessBuilder("mkfifo", anchor.toString()).start().waitFor());
    }

    private ProcessBuilder launcher() {
        ProcessBuilder pb = new ProcessBuilder("bash", install.resolve("bin/igtrace").toString(), anchor.toString(), "-o", "g.graphml")
                .directory(work.toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        pb.environment().put("IGTRACE_JAVA_OPTS", LauncherTest.PIPE_AS_TRACE);
        return pb;
    }

    private ProcessBuilder javaJar() {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                LauncherTest.PIPE_AS_TRACE, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                anchor.toString(), "-o", "g.graphml").directory(work.toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        return pb;
    }

    /**
     * {@code kill -9} of the launcher just after it started the JVM: the JVM, whose parent was
     * already init when it first looked, watched nothing and wrote its output to the end (4 of 4
     * runs killed 0-0.1 s after the JVM started). It must end within a few seconds.
     */
    @Tag("slow")
    @Test
    void aJvmWhoseLauncherIsKilledAsItStartsEnds() throws Exception {
        killParentAsTheJvmStarts(launcher());
    }

    /** The same under {@code java -jar}: the supervising JVM killed as its child JVM starts. */
    @Tag("slow")
    @Test
    void aChildJvmWhoseSupervisorIsKilledAsItStartsEnds() throws Exception {
        killParentAsTheJvmStarts(javaJar());
    }

    private void killParentAsTheJvmStarts(ProcessBuilder pb) throws Exception {
        Process parent = pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<ProcessHandle> all = new ArrayList<>();
        try {
            parent.descendants().forEach(all::add);
            ProcessHandle jvm = stoppedAsItStarts(parent);
            all.add(jvm);
            signal("KILL", parent.pid());
            assertTrue(parent.waitFor(10, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (jvm.parent().map(ProcessHandle::pid).orElse(0L) == parent.pid() && System.nanoTime() < deadline) {
                Thread.sleep(5); // until the kernel gives the JVM another parent
            }
            signal("CONT", jvm.pid());
            long let = System.nanoTime();
            while (LauncherTest.running(jvm.pid()) && System.nanoTime() - let < TimeUnit.SECONDS.toNanos(20)) {
                Thread.sleep(10); // polling /proc, not waiting out a race
            }
            double seconds = (System.nanoTime() - let) / 1e9;
            assertFalse(LauncherTest.running(jvm.pid()), "the JVM still runs " + seconds + " s after its parent was killed");
        } finally {
            all.forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly();
        }
        assertFalse(Files.exists(work.resolve("g.graphml")), "no output");
    }

    /**
     * SIGTERM to the JVM before it noted that it started: "the Java VM did not start (SIGTERM)",
     * exit 1, though it had started; it is a kill from outside like any later one, exit 143.
     */
    @Tag("slow")
    @Test
    void aSigtermAsTheJvmStartsIsNamedAsAKillFromOutside() throws Exception {
        assertEquals(new Ended(143, "igtrace: the Java VM: stopped by SIGTERM" + OUTSIDE), signalAsTheJvmStarts(launcher(), "TERM"));
    }

    /** The same under {@code java -jar}, where the supervisor knows the trace. */
    @Tag("slow")
    @Test
    void aSigkillAsTheChildJvmStartsIsNamedAsAKillFromOutside() throws Exception {
        assertEquals(new Ended(137, "igtrace: " + anchor + ": stopped by SIGKILL" + OUTSIDE), signalAsTheJvmStarts(javaJar(), "KILL"));
    }

    private record Ended(int exit, String err) {
    }

    private Ended signalAsTheJvmStarts(ProcessBuilder pb, String signal) throws Exception {
        Path stderr = Files.createTempFile(tmp, "err", ".txt");
        Process parent = pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(stderr.toFile()).start();
        try {
            ProcessHandle jvm = stoppedAsItStarts(parent);
            signal(signal, jvm.pid());
            new ProcessBuilder("kill", "-CONT", Long.toString(jvm.pid())).start().waitFor(); // gone already after SIGKILL
            assertTrue(parent.waitFor(60, TimeUnit.SECONDS), "igtrace ended");
        } finally {
            parent.descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly();
        }
        String err = Files.readString(stderr, StandardCharsets.UTF_8).strip();
        Files.delete(stderr);
        return new Ended(parent.exitValue(), err);
    }

    /**
     * The JVM that {@code parent} starts (a child of it running bin/java), stopped with SIGSTOP as
     * soon as it exists; the OTF2 magic bytes are given to every open of the pipe before (the
     * supervising JVM of java -jar looks at the trace's format first).
     */
    private ProcessHandle stoppedAsItStarts(Process parent) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertTrue(parent.isAlive(), "igtrace ended before its JVM started");
            // the child JVM, not the parent's own fork before it execs the spawn helper: that fork runs the parent's image
            // with the parent's arguments (a SIGKILL caught it once: "Failed to exec spawn helper ... signal: 9")
            java.util.List<String> parentArguments = java.util.List.of(parent.info().arguments().orElse(new String[0]));
            Optional<ProcessHandle> jvm = parent.children()
                    .filter(p -> p.info().command().map(c -> c.endsWith("/bin/java")).orElse(false))
                    .filter(p -> p.info().arguments().map(a -> a.length > 0 && !java.util.List.of(a).equals(parentArguments)).orElse(false))
                    .findFirst();
            if (jvm.isPresent()) {
                signal("STOP", jvm.get().pid());
                return jvm.get();
            }
            if (ReaderCrashTest.waitsForPipeWriter(parent.toHandle())) {
                try (OutputStream out = Files.newOutputStream(anchor)) {
                    out.write(ReaderCrashTest.OTF2_MAGIC);
                }
            }
            Thread.onSpinWait(); // polling /proc as fast as it goes: the JVM must be caught before its main runs
        }
        throw new AssertionError("no JVM started");
    }

    private static void signal(String signal, long pid) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor(), "kill -" + signal + " " + pid);
    }
}
