package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The child JVM a command run in-process starts for an OTF2 trace (isolation on: embedding, and every in-process
 * command of the full test suite) gets the JVM options the launcher and {@code java -jar}'s child get (issue 38):
 * the serial collector, a small young generation, no perf data, C1 alone for a trace under 16 MB, JNA's system
 * library path, {@code IGTRACE_JAVA_OPTS}. Before, it ran with the JVM's defaults (C2, G1) and JNA asked
 * {@code ldconfig -p} for libotf2: a why on patterns-8 took 1.2-1.3 s of CPU against 0.7-0.9 s with these
 * options (three rounds each, load 13-16).
 */
class IsolatedCommandTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    private List<String> command(String... args) {
        return IsolatedCommand.command(List.of(args), dir, dir.resolve("status"));
    }

    /** The compiler setting chosen for the trace (IGTRACE_JAVA_OPTS, which may name one too, come later). */
    private String compiler(String... args) {
        List<String> c = command(args);
        assertTrue(c.contains("-XX:-UsePerfData"), c.toString());
        return c.get(c.indexOf("-XX:-UsePerfData") + 1);
    }

    @Test
    void theChildOfASmallTraceHasTheLaunchersOptions() {
        List<String> c = command("stats", TESTDATA.resolve("otf2/pi-4").toString(), "-q");
        assertTrue(c.contains("-XX:+UseSerialGC") && c.contains("-Xmn24m"), c.toString());
        assertTrue(c.stream().anyMatch(o -> o.startsWith("-Djna.platform.library.path=")), "no ldconfig -p for libotf2: " + c);
        assertEquals("-XX:TieredStopAtLevel=1", compiler("stats", TESTDATA.resolve("otf2/pi-4").toString(), "-q"));
        // the options come before the class path and the entry point, the command line after them
        assertEquals(List.of("-cp", System.getProperty("java.class.path"), IsolatedCommand.MAIN, "stats"),
                c.subList(c.indexOf("-cp"), c.indexOf("-cp") + 4));
        String user = System.getenv("IGTRACE_JAVA_OPTS"); // the suite's own (pom.xml), when set
        if (user != null && !user.isBlank()) {
            assertTrue(c.containsAll(List.of(user.strip().split("\\s+"))), c.toString());
        }
    }

    /** A 17 MiB event file beside the anchor (written, not sparse): the larger trace's setting, as the launcher's. */
    @Test
    void theChildOfATraceOf16MbOrMoreKeepsTheOptimisingCompiler() throws Exception {
        Files.write(Files.createDirectories(dir.resolve("big")).resolve("0.evt"), new byte[17 << 20]);
        Files.writeString(dir.resolve("big.otf2"), "anchor");
        assertEquals("-XX:CompileThresholdScaling=3", compiler("stats", dir.resolve("big.otf2").toString()));
    }
}
