package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Option values and combinations a review of the command line found giving an internal error, a
 * wrong result with exit 0, or a destroyed file; each is now a one-line error or does what it says.
 */
class CommandLineLimitsTest {
    @TempDir
    Path dir;

    private static String p4() {
        return SubcommandsTest.trace("patterns-4");
    }

    private static void usageError(String contains, String... args) {
        SubcommandsTest.Run r = SubcommandsTest.igtrace(args);
        assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
        assertTrue(r.err().startsWith("igtrace") && r.err().contains(contains) && !r.err().contains("internal error"),
                String.join(" ", args) + ": " + r.err());
    }

    /** 1e400 s gave an internal error (text) or "inf" with exit 0 (json); 10 Gb/s (bits) was taken as 10 GB/s, 8 times too fast. */
    @Test
    void unitValuesOutOfRangeOrInBitsAreUsageErrors() {
        usageError("expected a time from 0 to 10^9 s", "predict", p4(), "-q", "--latency", "1e400");
        usageError("expected a time from 0 to 10^9 s", "predict", p4(), "-q", "--latency", "1e400", "--format", "json");
        usageError("expected a bandwidth of at least 1 byte/s", "predict", p4(), "-q", "--bandwidth", "5e-324");
        usageError("10 Gb/s is 1.25GB/s", "predict", p4(), "-q", "--bandwidth", "10Gb/s");
        usageError("expected a number from 10^-9 to 10^9", "predict", p4(), "-q", "--cpu-ratio", "1e-320");
        usageError("expected a size from 0 to 2^62 bytes", "predict", p4(), "-q", "--eager-limit", "1e30");
        usageError("--sweep latency ''", "predict", p4(), "-q", "--sweep", "latency=,");
        usageError("--sweep latency ''", "predict", p4(), "-q", "--sweep", "latency=1us,");
        usageError("--sweep latency and --latency both give it", "predict", p4(), "-q", "--sweep", "latency=1us,2us", "--latency", "3us");
        usageError("need --topology", "predict", p4(), "-q", "--hop-latency", "5us");
        // an unknown option and no trace was said as "Missing required parameter: 'TRACE'"
        usageError("igtrace: Unknown option: '--nosuch'\n", "stats", "--nosuch");
        usageError("igtrace: Unknown option: '--rank'; did you mean '--ranks'?", "stats", "--rank");
        // why's --format against its -o file's extension, as every other command
        usageError("--format text does not match the output file", "why", p4(), "-q", "--format", "text", "-o", "/tmp/why.json");
        // map without its machine named options it does not have (--placement and --centre need --topology)
        SubcommandsTest.Run map = SubcommandsTest.igtrace("map", p4(), "-q");
        assertEquals(2, map.code(), map.err());
        assertTrue(map.err().startsWith("igtrace: map needs --topology: ") && !map.err().contains("--placement"), map.err());
        // --topology given without its value: the value is what is missing, on map and on graph
        usageError("igtrace: Missing required parameter for option '--topology' (NETWORK)", "map", p4(), "--topology");
        usageError("igtrace: Missing required parameter for option '--topology' (NETWORK)", p4(), "--topology");
        assertEquals(0, SubcommandsTest.igtrace("predict", p4(), "-q", "--latency", "5\u00b5s", "--bandwidth", "10GB/s").code());
    }

    /** --ranks 2147483647 overflowed the range (internal error on every command). */
    @Test
    void theLargestRankIsNotInTheTrace() {
        usageError("rank 2147483647 is not in the trace", "stats", p4(), "-q", "--ranks", "2147483647");
        usageError("rank 2147483647 is not in the trace", "stats", p4(), "-q", "--ranks", "0-2147483647");
    }

    /** A format that contradicts the -o file's extension was written into it by predict and timeline (csv in p.json). */
    @Test
    void formatAndExtensionMustAgreeOnEveryCommand() {
        usageError("disagree", "predict", p4(), "-q", "--format", "csv", "-o", dir.resolve("p.json").toString());
        usageError("disagree", "timeline", p4(), "-q", "--format", "perfetto", "-o", dir.resolve("t.svg").toString());
        usageError("disagree", "timeline", p4(), "-q", "--format", "svg", "-o", dir.resolve("t.json").toString());
        assertFalse(Files.exists(dir.resolve("p.json")) || Files.exists(dir.resolve("t.svg")) || Files.exists(dir.resolve("t.json")));
    }

    /** A --temp-dir that is not a directory was found out only when the records spilled, after the whole read. */
    @Test
    void tempDirIsCheckedBeforeReading() {
        usageError("--temp-dir " + dir.resolve("none") + ": no such directory", "stats", p4(), "-q", "--temp-dir", dir.resolve("none").toString());
        // /proc/sys is mounted read-only here, which stops root too (chmod would not): an unwritable
        // --temp-dir advised to free space, and only once the records spilled (issue 41, item 8)
        usageError("--temp-dir /proc/sys: not writable; name a writable directory", "stats", p4(), "-q", "--temp-dir", "/proc/sys");
    }

    /** An -o folder that cannot be written was found only after the whole analysis (a missing one at once). */
    @Test
    void anUnwritableOutputFolderIsFoundBeforeReading() {
        SubcommandsTest.Run r = SubcommandsTest.igtrace("stats", p4(), "-q", "-o", "/proc/sys/s.txt");
        assertEquals(1, r.code(), r.err());
        assertEquals(List.of("igtrace: /proc/sys/s.txt: directory /proc/sys is not writable"), r.err().lines().toList());
    }

    /** Every subcommand lists -V, --version; they printed nothing. */
    @Test
    void everySubcommandPrintsTheVersion() {
        for (String command : new String[] {"graph", "stats", "info", "predict", "timeline", "report"}) {
            SubcommandsTest.Run r = SubcommandsTest.igtrace(command, "--version");
            assertEquals(0, r.code(), command);
            assertTrue(r.out().startsWith("igtrace "), command + ": '" + r.out() + "'");
        }
    }

    /** -o naming a file of the trace replaced it (stats -o eztrace_log.otf2: exit 0, the archive gone). */
    @Test
    void theTracesOwnFilesAreNeverWrittenOver() throws Exception {
        Path copy = dir.resolve("p4");
        Path source = Path.of(p4());
        try (var files = Files.walk(source)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        Path anchor = copy.resolve("eztrace_log.otf2");
        byte[] before = Files.readAllBytes(anchor);
        SubcommandsTest.Run r = SubcommandsTest.igtrace("stats", copy.toString(), "-q", "-o", anchor.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("is a file of a trace"), r.err());
        // one line: no "warning: ... will hold stats text" before the refusal that contradicts it
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(anchor)), "the anchor is unchanged");
        assertEquals(0, SubcommandsTest.igtrace("info", copy.toString()).code(), "the trace still reads");
    }

    /** A reader of standard output that goes away (| head -c1) is not an error: timeline, report and predict said "Broken pipe", exit 1. */
    @Tag("slow")
    @Test
    void aClosedPipeIsNotAnErrorForTimelineReportAndPredict() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String base = "'" + java + "' -Digtrace.isolate=false -cp '" + System.getProperty("java.class.path") + "' " + Main.class.getName();
        String trace = SubcommandsTest.trace("jacobi-8");
        String script = base + " timeline '" + trace + "' -q | head -c1 >/dev/null; echo \"timeline ${PIPESTATUS[0]}\"; "
                + base + " report '" + trace + "' -q | head -c1 >/dev/null; echo \"report ${PIPESTATUS[0]}\"; "
                + base + " predict '" + p4() + "' -q --sweep cpu-ratio=$(seq -s, 1 3000) | head -c1 >/dev/null; echo \"predict ${PIPESTATUS[0]}\"";
        Process p = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        assertTrue(out.contains("timeline 0") && out.contains("report 0") && out.contains("predict 0") && !out.contains("Broken pipe"), out);
    }
}
