package org.igtrace.cli.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The child JVM {@code java -jar} starts gets what the launcher gives its JVM (issue 38). Before, it
 * compiled with C2 whatever the trace's size (a 3.9 MB bundled trace: 1.23 s of CPU against 0.90 s
 * with C1 alone, seven interleaved rounds) and unpacked JNA's library and the shim to temporary
 * files at every run.
 */
class ChildJvmTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    private List<String> command(String classPath, String... args) {
        return ChildJvm.command(args, dir.resolve("status"), dir, classPath);
    }

    /**
     * A trace of 17 MiB of events (17 x 1 MiB written, not sparse: the launcher counts disk blocks) in folder {@code name}
     * beside its anchor {@code name.otf2}, in the test's folder.
     *
     * @return the events' folder
     */
    private Path largerTrace(String name) throws java.io.IOException {
        Path events = Files.createDirectories(dir.resolve(name));
        byte[] mib = new byte[1 << 20];
        for (int i = 0; i < 17; i++) {
            Files.write(events.resolve(i + ".evt"), mib);
        }
        Files.writeString(dir.resolve(name + ".otf2"), "anchor");
        return events;
    }

    /** The compiler setting igtrace chooses (the suite's own IGTRACE_JAVA_OPTS come later and may name one too). */
    private String compiler(String... args) {
        List<String> c = command("igtrace.jar", args);
        return c.get(c.indexOf("-XX:-UsePerfData") + 1);
    }

    /** pi-4's files take 4 files of at most 4 KiB each, far under 16 MB: C1 alone, as the launcher. */
    @Test
    void aSmallTraceIsCompiledWithC1Alone() {
        assertTrue(Files.isRegularFile(TESTDATA.resolve("otf2/pi-4/eztrace_log.otf2")), "a trace that is there");
        assertEquals("-XX:TieredStopAtLevel=1", compiler(TESTDATA.resolve("otf2/pi-4/eztrace_log.otf2").toString()));
    }

    /**
     * 17 MiB of events (17 x 1 MiB written, not sparse: the launcher counts disk blocks) beside the
     * anchor: the larger trace's setting. An output file given with -o or -qo is not counted.
     */
    @Test
    void aTraceOf16MbOrMoreKeepsTheOptimisingCompiler() throws Exception {
        Path events = largerTrace("big");
        assertEquals("-XX:CompileThresholdScaling=3", compiler(dir.resolve("big.otf2").toString()));

        String pi = TESTDATA.resolve("otf2/pi-4/eztrace_log.otf2").toString();
        assertEquals("-XX:TieredStopAtLevel=1", compiler(pi, "-o", events.toString()), "-o's value not counted");
        assertEquals("-XX:TieredStopAtLevel=1", compiler(pi, "-qo", events.toString()), "-qo's value not counted");
        assertEquals("-XX:CompileThresholdScaling=3", compiler(pi, events.toString()), "a second trace counted");
        // under java -jar a path that is not UTF-8 reaches the child as a link named p0_ (RawArguments)
        Path alias = Files.createSymbolicLink(Files.createDirectories(dir.resolve("aliases")).resolve("p0_"), dir.resolve("big.otf2"));
        assertEquals("-XX:CompileThresholdScaling=3", compiler(alias.toString()), "the files of the trace a link names");
    }

    /** As the launcher: a small trace's heap on transparent huge pages when the kernel gives them on request, and only then. */
    @Test
    void aSmallTracesHeapOnHugePagesWhereTheKernelGivesThemOnRequest() throws Exception {
        Path setting = dir.resolve("thp");
        String pi = TESTDATA.resolve("otf2/pi-4/eztrace_log.otf2").toString();
        assertTrue(Files.isRegularFile(Path.of(pi)), pi); // a trace that is there: the rule counts its files
        largerTrace("big");
        System.setProperty("igtrace.test.thpSetting", setting.toString());
        try {
            Files.writeString(setting, "always [madvise] never\n");
            assertTrue(command("igtrace.jar", pi).contains("-XX:+UseTransparentHugePages"));
            assertFalse(command("igtrace.jar", dir.resolve("big.otf2").toString()).contains("-XX:+UseTransparentHugePages"), "16 MB or more");
            Files.writeString(setting, "always madvise [never]\n");
            assertFalse(command("igtrace.jar", pi).contains("-XX:+UseTransparentHugePages"));
            Files.delete(setting);
            assertFalse(command("igtrace.jar", pi).contains("-XX:+UseTransparentHugePages"), "no such file");
        } finally {
            System.clearProperty("igtrace.test.thpSetting");
        }
    }

    /**
     * A larger trace: the timeline's recorder and its tap of the matches compiled on their own (dontinline), and why's
     * three, as the launcher gives them, after CompileCommand=quiet (without it the JVM prints each command on standard output, into
     * a report written there); a small trace (C1 alone) gets none. Each names a method that exists, and the launcher
     * names the same ones.
     */
    /**
     * predict and report on a larger trace: the read's tee compiled method by method too, as the launcher gives it for
     * these two only (graph's, why's and the one-core default's CPU did not gain by it); the class it names exists. A small
     * trace gets none.
     */
    @Test
    void predictAndReportOnALargerTraceCompileTheTeeOnItsOwnAsTheLauncher() throws Exception {
        largerTrace("large");
        String tee = "-XX:CompileCommand=dontinline,org.igtrace.core.trace.TeeSink$Four::*";
        List<String> predict = command("igtrace.jar", "predict", dir.resolve("large.otf2").toString());
        assertTrue(predict.indexOf(tee) > predict.indexOf("-XX:CompileCommand=quiet") && predict.contains("-XX:CompileCommand=quiet"),
                predict.toString());
        List<String> report = command("igtrace.jar", "report", dir.resolve("large.otf2").toString());
        assertTrue(report.contains(tee), report.toString());
        List<String> graph = command("igtrace.jar", dir.resolve("large.otf2").toString());
        assertFalse(graph.contains(tee), graph.toString());
        List<String> why = command("igtrace.jar", "why", dir.resolve("large.otf2").toString());
        assertFalse(why.contains(tee), why.toString());
        List<String> smallPredict = command("igtrace.jar", "predict", TESTDATA.resolve("otf2/pi-4/eztrace_log.otf2").toString());
        assertFalse(smallPredict.contains(tee), smallPredict.toString());
        assertTrue(Class.forName("org.igtrace.core.trace.TeeSink$Four").isRecord(), "TeeSink's Four");
        String launcher = Files.readString(TESTDATA.getParent().resolve("igtrace"));
        assertTrue(launcher.contains("case \"${1-}\" in predict | report) jvm+=('" + tee + "') ;; esac"), "the launcher gives it to both");
    }

    @Test
    void aLargerTraceCompilesTheTimelinesRecorderAndTapOnTheirOwnAsTheLauncher() throws Exception {
        largerTrace("big");
        List<String> big = command("igtrace.jar", dir.resolve("big.otf2").toString());
        int quiet = big.indexOf("-XX:CompileCommand=quiet");
        assertTrue(quiet >= 0, big.toString());
        String launcher = Files.readString(TESTDATA.getParent().resolve("igtrace"));
        List<String> methods = List.of("TimelineBuilder$Recorder::enter", "TimelineBuilder$Recorder::leave",
                "TimelineBuilder$Recorder::sendCall", "TimelineBuilder$Recorder::receiveCall", "ThreadWaits::message",
                "ThreadWaits::collective");
        for (String m : methods) {
            String option = "-XX:CompileCommand=dontinline,org.igtrace.core.timeline." + m;
            assertTrue(big.indexOf(option) > quiet, option + " after quiet: " + big);
            String[] parts = m.split("::");
            Class<?> type = Class.forName("org.igtrace.core.timeline." + parts[0]);
            assertTrue(java.util.Arrays.stream(type.getDeclaredMethods()).anyMatch(x -> x.getName().equals(parts[1])), m + " exists");
            assertTrue(launcher.contains("'" + m + "'"), "the launcher names " + m);
        }
        assertTrue(launcher.contains("timeline=org.igtrace.core.timeline") && launcher.contains("-XX:CompileCommand=quiet"));
        // why's loop over the waits without its look-ups, the records' spill and the block load inlined (the same three)
        List<String> why = List.of("DelayCosts::before", "SortedRecords::spill", "RecordTable$Group::load");
        for (String m : why) {
            String option = "-XX:CompileCommand=dontinline,org.igtrace.core.why." + m;
            assertTrue(big.indexOf(option) > quiet, option + " after quiet: " + big);
            String[] parts = m.split("::");
            Class<?> type = Class.forName("org.igtrace.core.why." + parts[0]);
            assertTrue(java.util.Arrays.stream(type.getDeclaredMethods()).anyMatch(x -> x.getName().equals(parts[1])), m + " exists");
            assertTrue(launcher.contains("'" + m + "'"), "the launcher names " + m);
        }
        assertTrue(launcher.contains("why=org.igtrace.core.why"));
        // exactly these: quiet, then the nine, nothing else (a tenth, misspelled entry would match nothing)
        assertEquals(1 + methods.size() + why.size(), big.stream().filter(o -> o.startsWith("-XX:CompileCommand")).count(), big.toString());
        assertEquals(methods.size(), java.util.regex.Pattern.compile("'(TimelineBuilder\\$Recorder|ThreadWaits)::\\w+'").matcher(launcher)
                .results().count(), "the launcher names six methods");
        List<String> small = command("igtrace.jar", TESTDATA.resolve("otf2/pi-4/eztrace_log.otf2").toString());
        assertFalse(small.stream().anyMatch(o -> o.startsWith("-XX:CompileCommand")), small.toString());
    }

    /** native/ beside the jar, as the build leaves it: used when not older than the jar. */
    @Test
    void theNativeLibrariesBesideTheJarAreUsedWhenNotOlderThanIt() throws Exception {
        Path jar = Files.writeString(dir.resolve("igtrace.jar"), "jar");
        Path natives = Files.createDirectories(dir.resolve("native"));
        Path jna = Files.writeString(natives.resolve("libjnidispatch.so"), "so");
        Path shim = Files.writeString(natives.resolve("libigtrace-otf2.so"), "so");
        FileTime t = Files.getLastModifiedTime(jar);
        Files.setLastModifiedTime(jna, t);
        Files.setLastModifiedTime(shim, FileTime.fromMillis(t.toMillis() - 5000));
        List<String> c = command(jar.toString(), "--version");
        assertTrue(c.contains("-Djna.boot.library.path=" + natives), c.toString());
        assertFalse(c.stream().anyMatch(o -> o.startsWith("-Digtrace.shim=")), "a shim older than the jar is not used: " + c);
        assertTrue(c.stream().anyMatch(o -> o.startsWith("-Djna.platform.library.path=/usr/lib/")), c.toString());
        assertEquals(jar.toString(), c.get(c.indexOf("-jar") + 1), "one jar: run as the launcher runs it, its manifest read");
        assertFalse(c.contains("--enable-native-access=ALL-UNNAMED"), "the jar's manifest says it (the option costs the archived module graph)");
    }

    @Test
    void libotf2sBuffersAsHugePagesUnlessTheUserChose() {
        Map<String, String> env = new HashMap<>();
        ChildJvm.environment(env);
        assertEquals("glibc.malloc.hugetlb=1", env.get("GLIBC_TUNABLES"));
        env.put("GLIBC_TUNABLES", "glibc.malloc.arena_max=2");
        ChildJvm.environment(env);
        assertEquals("glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1", env.get("GLIBC_TUNABLES"));
        env.put("GLIBC_TUNABLES", "glibc.malloc.hugetlb=0");
        ChildJvm.environment(env);
        assertEquals("glibc.malloc.hugetlb=0", env.get("GLIBC_TUNABLES"));
    }

    /**
     * The initial heap 64 MiB as a share of the memory, as the launcher gives it: on this machine's 24,683,792 KiB,
     * 65,536 x 10^8 / 24,683,792 = 265,502 millionths of a percent; on 1 GiB 6.25 %; none below 64 MiB or unknown
     * (then the JVM's own). MemTotal read from a meminfo file; the child's command carries the option of this machine's.
     */
    @Test
    void theInitialHeapIs64MibAsAShareOfTheMemory() throws Exception {
        assertEquals("-XX:InitialRAMPercentage=0.265502", ChildJvm.initialHeap(24_683_792));
        assertEquals("-XX:InitialRAMPercentage=6.250000", ChildJvm.initialHeap(1 << 20));
        assertEquals("-XX:InitialRAMPercentage=100.000000", ChildJvm.initialHeap(65536));
        assertEquals(null, ChildJvm.initialHeap(65535));
        assertEquals(null, ChildJvm.initialHeap(0));
        Path meminfo = dir.resolve("meminfo");
        Files.writeString(meminfo, "MemTotal:       24683792 kB\nMemFree:        23274228 kB\n");
        assertEquals(24_683_792, ChildJvm.memTotalKib(meminfo));
        Files.writeString(meminfo, "MemFree: 1 kB\n");
        assertEquals(0, ChildJvm.memTotalKib(meminfo));
        assertEquals(0, ChildJvm.memTotalKib(dir.resolve("none")));
        long here = ChildJvm.memTotalKib(Path.of("/proc/meminfo"));
        if (here >= 65536) {
            assertTrue(command("igtrace.jar", "graph", "t.otf2").contains(ChildJvm.initialHeap(here)));
        }
    }
}
