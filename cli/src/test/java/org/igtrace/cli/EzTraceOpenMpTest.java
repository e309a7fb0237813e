package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An MPI + OpenMP run traced by EZTrace (testdata/otf2/hybrid-2, programs/hybrid.c): EZTrace records the OpenMP
 * constructs as regions of paradigm USER named {@code OpenMP Parallel}, {@code OpenMP implicit barrier} and
 * {@code OpenMP barrier}. igtrace took them for user code: every OpenMP waiting, idle and runtime column 0, the OpenMP
 * efficiency 1.000 with the sentence that threads without MPI computed while the MPI threads were in MPI, and the
 * barriers as compute on why's critical path. The expected waits come from otf2-print's events, by definitions
 * section 10a (per barrier instance: the last member's enter minus this thread's, at most until it left), and agree
 * with the program's sleeps.
 */
class EzTraceOpenMpTest {
    private static final Path TRACE = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize()
            .resolve("otf2/hybrid-2");
    private static final Pattern LOCATION = Pattern.compile("^LOCATION\\s+(\\d+)\\s+Name: \"P#(\\d+)T#(\\d+)\"");
    private static final Pattern EVENT = Pattern.compile("^(ENTER|LEAVE)\\s+(\\d+)\\s+(\\d+)\\s+Region: \"([^\"]*)\"");

    @TempDir
    Path dir;

    /** Each location's "rank thread" and the timer resolution, from otf2-print's definitions. */
    private record Locations(Map<Long, String> thread, double ticksPerSecond) {
    }

    private static Locations locations(String anchor) throws Exception {
        Map<Long, String> thread = new HashMap<>();
        double ticksPerSecond = 0;
        for (String line : SubcommandsTest.command("otf2-print", "-G", anchor).split("\n")) {
            Matcher m = LOCATION.matcher(line);
            if (m.find()) {
                thread.put(Long.parseLong(m.group(1)), m.group(2) + " " + m.group(3));
            }
            int t = line.indexOf("Ticks per Seconds: ");
            if (t >= 0) {
                ticksPerSecond = Double.parseDouble(line.substring(t + 19).split(",")[0]);
            }
        }
        return new Locations(thread, ticksPerSecond);
    }

    /**
     * Per thread row of an SVG timeline ("rank thread", {@code data-thread}: stats' thread number), the time its states of
     * {@code kind} (a class, "" for any) are drawn and how many there are ({drawn seconds, states}).
     */
    private static Map<String, double[]> drawn(String svg, String kind) {
        Pattern state = Pattern.compile("<rect class=\"state" + kind + "[^\"]*\" data-t0=\"([0-9.e-]+)\" data-t1=\"([0-9.e-]+)\"");
        Matcher row = Pattern.compile("<g class=\"row\" data-rank=\"(\\d+)\" data-thread=\"(\\d+)\">(.*?)</g>", Pattern.DOTALL)
                .matcher(svg);
        Map<String, double[]> drawn = new TreeMap<>();
        while (row.find()) {
            double[] d = drawn.computeIfAbsent(row.group(1) + " " + row.group(2), k -> new double[2]);
            for (Matcher s = state.matcher(row.group(3)); s.find(); d[1]++) {
                d[0] += Double.parseDouble(s.group(2)) - Double.parseDouble(s.group(1));
            }
        }
        return drawn;
    }

    /** Per "rank thread": {implicit, explicit} barrier waiting in seconds, from otf2-print's events. */
    private static Map<String, double[]> barrierWaitsByOtf2Print() throws Exception {
        String anchor = TRACE.resolve("eztrace_log.otf2").toString();
        Locations locations = locations(anchor);
        Map<Long, String> thread = locations.thread();
        double ticksPerSecond = locations.ticksPerSecond();
        // per thread and barrier kind, its barriers in time order: {enter, leave}
        Map<String, List<long[]>> barriers = new TreeMap<>();
        Map<String, Long> entered = new HashMap<>();
        for (String line : SubcommandsTest.command("otf2-print", anchor).split("\n")) {
            Matcher m = EVENT.matcher(line);
            if (!m.find() || !m.group(4).endsWith("barrier")) {
                continue;
            }
            String key = thread.get(Long.parseLong(m.group(2))) + "/" + m.group(4);
            long time = Long.parseLong(m.group(3));
            if (m.group(1).equals("ENTER")) {
                entered.put(key, time);
            } else {
                barriers.computeIfAbsent(key, k -> new ArrayList<>()).add(new long[] {entered.remove(key), time});
            }
        }
        Map<String, double[]> waits = new TreeMap<>();
        for (int rank = 0; rank < 2; rank++) {
            for (int kind = 0; kind < 2; kind++) {
                String name = kind == 0 ? "OpenMP implicit barrier" : "OpenMP barrier";
                List<long[]> a = barriers.get(rank + " 0/" + name), b = barriers.get(rank + " 1/" + name);
                assertEquals(a.size(), b.size(), "every barrier instance has both threads: " + rank + " " + name);
                double[] w0 = waits.computeIfAbsent(rank + " 0", k -> new double[2]), w1 = waits.computeIfAbsent(rank + " 1", k -> new double[2]);
                for (int k = 0; k < a.size(); k++) {
                    long last = Math.max(a.get(k)[0], b.get(k)[0]);
                    w0[kind] += Math.min(last, a.get(k)[1]) - a.get(k)[0];
                    w1[kind] += Math.min(last, b.get(k)[1]) - b.get(k)[0];
                }
            }
        }
        double tps = ticksPerSecond;
        waits.values().forEach(w -> {
            w[0] /= tps;
            w[1] /= tps;
        });
        return waits;
    }

    @Test
    void theOpenMpBarrierWaitsAreMeasuredAsOtf2PrintAndTheProgramGiveThem() throws Exception {
        Map<String, double[]> expected = barrierWaitsByOtf2Print();
        SubcommandsTest.Run r = SubcommandsTest.igtrace("stats", TRACE.toString(), "-q", "--format", "json");
        assertEquals(0, r.code(), r.err());
        Path json = dir.resolve("s.json");
        Files.writeString(json, r.out());
        String got = SubcommandsTest.python("import json, sys\nd = json.load(open(sys.argv[1]))\n"
                + "for t in d['threads']: print(t['rank'], t['thread'], repr(t['wait_omp_barrier']), repr(t['wait_omp_ebarrier']), repr(t['omp_idle']))\n"
                + "e = d['efficiency']; print(repr(e['openmp_parallel_efficiency']), repr(e['hybrid_parallel_efficiency']), repr(e['mpi_parallel_efficiency']))",
                json.toString());
        String[] lines = got.strip().split("\n");
        assertEquals(5, lines.length, got);
        for (int i = 0; i < 4; i++) {
            String[] f = lines[i].split(" ");
            double[] want = expected.get(f[0] + " " + f[1]);
            assertEquals(want[0], Double.parseDouble(f[2]), 1e-9, "implicit barrier waiting of rank " + f[0] + " thread " + f[1]);
            assertEquals(want[1], Double.parseDouble(f[3]), 1e-9, "explicit barrier waiting of rank " + f[0] + " thread " + f[1]);
            if (f[1].equals("1")) {
                // the worker is idle while its master runs serial code and MPI_Barrier: at least rank 0's 3 x 30 ms
                assertTrue(Double.parseDouble(f[4]) > 0.085, "omp idle of rank " + f[0] + "'s worker: " + lines[i]);
            }
        }
        // the program's sleeps: rank 0's thread 0 waits 3 x 20 ms at the loop's end, its thread 1 3 x 10 ms at the
        // region's; rank 1's thread 1 about 3 x 10 ms at the explicit barrier while its master waits for rank 0
        assertEquals(0.060, expected.get("0 0")[0], 0.006);
        assertEquals(0.030, expected.get("0 1")[0], 0.006);
        assertEquals(0.030, expected.get("1 1")[1], 0.010);
        String[] e = lines[4].split(" ");
        double openMp = Double.parseDouble(e[0]);
        assertTrue(openMp > 0.5 && openMp < 0.9, "the threads' waiting and idleness are an OpenMP loss: " + lines[4]);
        assertEquals(Double.parseDouble(e[1]), Double.parseDouble(e[2]) * openMp, 1e-9, "hybrid = MPI x OpenMP");
        String text = SubcommandsTest.igtrace("stats", TRACE.toString(), "-q").out();
        assertFalse(text.contains("above the MPI one"), text);
    }

    /**
     * EZTrace keeps its {@code Working} region open on every thread, so a worker between the parallel regions has it open
     * while it is idle (definitions section 10a): its timeline row draws its parallel regions as otf2-print's events give
     * them, nothing else, and stats' idle time is the rest of the process's time. It drew compute in Working there too
     * (rank 0's worker about 91 ms more, the 3 x 30 ms its master spent in serial code and MPI).
     */
    @Test
    void anIdleWorkerIsDrawnIdleInTheTimeline() throws Exception {
        String anchor = TRACE.resolve("eztrace_log.otf2").toString();
        Locations locations = locations(anchor);
        Map<Long, String> thread = locations.thread();
        double ticksPerSecond = locations.ticksPerSecond();
        // per worker ("rank 1"): the ticks in its parallel regions
        Map<String, long[]> worker = new TreeMap<>();
        for (String line : SubcommandsTest.command("otf2-print", anchor).split("\n")) {
            Matcher m = EVENT.matcher(line);
            String key = m.find() ? thread.get(Long.parseLong(m.group(2))) : null;
            if (key == null || !key.endsWith(" 1")) {
                continue;
            }
            long[] w = worker.computeIfAbsent(key, k -> new long[1]);
            long time = Long.parseLong(m.group(3));
            if (m.group(4).equals("OpenMP Parallel")) {
                w[0] += m.group(1).equals("ENTER") ? -time : time;
            }
        }
        SubcommandsTest.Run r = SubcommandsTest.igtrace("timeline", TRACE.toString(), "-q", "--format", "svg");
        assertEquals(0, r.code(), r.err());
        SubcommandsTest.Run stats = SubcommandsTest.igtrace("stats", TRACE.toString(), "-q", "--format", "json");
        Path json = dir.resolve("s.json");
        Files.writeString(json, stats.out());
        // per worker: its process's T_i less its idle time
        String[] busy = SubcommandsTest.python("import json, sys\nd = json.load(open(sys.argv[1]))\n"
                + "T = {p['rank']: p['time'] for p in d['processes']}\n"
                + "for t in d['threads']:\n    if t['thread'] == 1: print(repr(T[t['rank']] - t['omp_idle']))", json.toString())
                .strip().split("\n");
        Map<String, double[]> drawn = drawn(r.out(), "");
        for (int rank = 0; rank < 2; rank++) {
            double[] d = drawn.get(rank + " 1");
            double expected = worker.get(rank + " 1")[0] / ticksPerSecond;
            // the SVG gives times to the microsecond: half a microsecond per state and end
            assertEquals(expected, d[0], 1e-6 * d[1], "rank " + rank + "'s worker, " + d[1] + " states drawn");
            assertTrue(expected > 0.1 && expected < 0.2, "rank " + rank + ": " + expected);
            assertEquals(Double.parseDouble(busy[rank]), d[0], 1e-6 * d[1], "stats: rank " + rank + "'s worker not idle");
        }
    }

    /**
     * Under a {@code --window} that a worker has no event in, its process's row is its master's, drawn at full height:
     * otf2-print gives rank 1's master (P#1T#0) in MPI_Barrier from 182,167 ns to 197,971,742 ns, its worker's first event
     * at 198,864,484 ns, so in 50-150 ms the row is MPI_Barrier throughout (100 ms). It was a share row divided by both
     * threads, the barrier at half height, as if the process were in MPI half of the time.
     */
    @Test
    void aWorkerWithNoEventInTheWindowDoesNotHalveItsProcessRow() {
        SubcommandsTest.Run r = SubcommandsTest.igtrace("timeline", TRACE.toString(), "-q", "--format", "svg", "--window", "50ms:150ms");
        assertEquals(0, r.code(), r.err());
        Matcher row = Pattern.compile("<g class=\"row\" data-rank=\"1\">(.*?)</g>", Pattern.DOTALL).matcher(r.out());
        assertTrue(row.find(), r.out());
        assertTrue(!row.find(), "one row for rank 1: its worker has no event in the window");
        row.reset().find();
        Matcher state = Pattern.compile("<rect class=\"state mpi mpi-collective\" data-t0=\"([0-9.]+)\" data-t1=\"([0-9.]+)\"")
                .matcher(row.group(1));
        double drawn = 0;
        while (state.find()) {
            drawn += Double.parseDouble(state.group(2)) - Double.parseDouble(state.group(1));
        }
        assertEquals(0.100, drawn, 1e-6, row.group(1));
    }

    /**
     * The report shows stats' table of the threads (their OpenMP barrier waiting, measured against otf2-print above, idle
     * and runtime time, MPI and useful time), which it left out: the same lines; a run of one thread per process has none.
     */
    @Test
    void theReportShowsTheThreadsTableStatsPrints() {
        SubcommandsTest.Run stats = SubcommandsTest.igtrace("stats", TRACE.toString(), "-q");
        String text = stats.out();
        String heading = "OpenMP per thread (thread: its place among its process's threads; name: the trace's)\n";
        String table = text.substring(text.indexOf(heading) + heading.length()).strip();
        assertTrue(table.lines().count() == 5, table);
        SubcommandsTest.Run report = SubcommandsTest.igtrace("report", TRACE.toString(), "-q");
        assertEquals(0, report.code(), report.err());
        assertTrue(report.out().contains("<section id=\"threads\"><h2>OpenMP per thread (thread: its place among its process's threads; name: the trace's)"
                + "</h2><pre>" + table + "\n</pre></section>"), report.out());
        SubcommandsTest.Run single = SubcommandsTest.igtrace("report", TRACE.resolve("../jacobi-4").toString(), "-q");
        assertTrue(!single.out().contains("id=\"threads\""), single.out());
    }

    /** A barrier's waiting is not compute: why's path lists no barrier region, and names none as a cause. */
    @Test
    void barriersAreNotComputeOnTheCriticalPath() throws Exception {
        SubcommandsTest.Run r = SubcommandsTest.igtrace("why", TRACE.toString(), "-q", "--format", "json");
        assertEquals(0, r.code(), r.err());
        Path json = dir.resolve("w.json");
        Files.writeString(json, r.out());
        String regions = SubcommandsTest.python("import json, sys\nd = json.load(open(sys.argv[1]))\n"
                + "print(sorted(x['name'] for x in d['critical_path']['regions'])); print(sorted(set(c['region'] for c in d['causes'])))",
                json.toString());
        assertTrue(regions.contains("OpenMP For") && regions.contains("OpenMP Parallel"), regions);
        assertFalse(regions.contains("barrier"), regions);
    }

    /**
     * Under {@code --region "OpenMP Parallel"} the timeline draws each thread row as stats counts it: a master its T_i (its
     * time between the instances kept is its own, which stats counts as useful), a worker T_i less its idle time. The
     * masters' rows were blank between the instances (rank 0's drawn 140.9 of its 201.5 ms), as a worker's.
     */
    @Test
    void underARegionEveryRowIsDrawnAsStatsCountsIt() throws Exception {
        String[] region = {"--region", "OpenMP Parallel"};
        SubcommandsTest.Run stats = SubcommandsTest.igtrace("stats", TRACE.toString(), "-q", "--format", "json", region[0], region[1]);
        assertEquals(0, stats.code(), stats.err());
        Path json = dir.resolve("r.json");
        Files.writeString(json, stats.out());
        // per "rank thread": T_i, less the idle time of a worker
        Map<String, Double> busy = new TreeMap<>();
        for (String line : SubcommandsTest.python("import json, sys\nd = json.load(open(sys.argv[1]))\n"
                + "T = {p['rank']: p['time'] for p in d['processes']}\n"
                + "for t in d['threads']: print(t['rank'], t['thread'], repr(T[t['rank']] - t['omp_idle']))", json.toString())
                .strip().split("\n")) {
            String[] f = line.split(" ");
            busy.put(f[0] + " " + f[1], Double.parseDouble(f[2]));
        }
        SubcommandsTest.Run r = SubcommandsTest.igtrace("timeline", TRACE.toString(), "-q", "--format", "svg", region[0], region[1]);
        assertEquals(0, r.code(), r.err());
        Map<String, double[]> drawn = drawn(r.out(), "");
        assertEquals(busy.keySet(), drawn.keySet());
        drawn.forEach((key, d) -> assertEquals(busy.get(key), d[0], 1e-6 * d[1], key + ", " + d[1] + " states"));
    }

    /**
     * The timeline draws a task run inside a barrier as work, as stats counts it (definitions sections 10a and 12): each
     * thread row of testdata/otf2/tasks-2 draws as barrier its barriers' time less the task runs inside them, both from
     * otf2-print's events. The whole barrier was drawn waiting (rank 0's master 10.3 ms, where it ran tasks for 10 ms).
     */
    @Test
    void aTaskRunInsideABarrierIsDrawnAsWork() throws Exception {
        String anchor = TRACE.resolveSibling("tasks-2").resolve("eztrace_log.otf2").toString();
        Locations locations = locations(anchor);
        // per "rank thread": barrier ticks less the ticks of the outermost task runs inside them
        Map<String, Long> barrier = new TreeMap<>(), openBarrier = new HashMap<>(), openTask = new HashMap<>();
        Map<String, Integer> taskDepth = new HashMap<>();
        for (String line : SubcommandsTest.command("otf2-print", anchor).split("\n")) {
            Matcher m = EVENT.matcher(line);
            if (!m.find()) {
                continue;
            }
            String key = locations.thread().get(Long.parseLong(m.group(2)));
            long time = Long.parseLong(m.group(3));
            boolean enter = m.group(1).equals("ENTER");
            if (m.group(4).endsWith("barrier")) {
                if (enter) {
                    openBarrier.put(key, time);
                } else {
                    barrier.merge(key, time - openBarrier.remove(key), Long::sum);
                }
            } else if (m.group(4).equals("OpenMP Task run") && openBarrier.containsKey(key)) {
                int depth = taskDepth.merge(key, enter ? 1 : -1, Integer::sum);
                if (enter && depth == 1) {
                    openTask.put(key, time);
                } else if (!enter && depth == 0) {
                    barrier.merge(key, -(time - openTask.remove(key)), Long::sum);
                }
            }
        }
        SubcommandsTest.Run r = SubcommandsTest.igtrace("timeline", anchor, "-q", "--format", "svg");
        assertEquals(0, r.code(), r.err());
        Map<String, double[]> drawn = drawn(r.out(), " omp-barrier");
        assertEquals(barrier.keySet(), drawn.keySet(), "a row per thread, data-thread the thread as stats numbers them");
        drawn.forEach((key, d) -> assertEquals(barrier.get(key) / locations.ticksPerSecond(), d[0], 1e-6 * d[1] + 1e-9,
                key + ", " + d[1] + " states"));
    }

    /**
     * Tasks run where a thread would wait (testdata/otf2/tasks-2, programs/tasks.c): EZTrace records each "OpenMP Task
     * run" inside the creator's "OpenMP Task wait" or the other thread's "OpenMP implicit barrier". They were counted
     * as runtime and barrier waiting: each thread's useful time was about 0.1 ms where it ran 3 tasks of 5 ms. A task
     * run is work: each thread's useful time holds its task runs' time (summed from otf2-print's events) and little
     * else, and each rank's threads at least the program's 2 x 3 x 5 ms.
     */
    @Test
    void tasksRunInsideABarrierOrATaskWaitAreWork() throws Exception {
        Path trace = TRACE.resolveSibling("tasks-2");
        String anchor = trace.resolve("eztrace_log.otf2").toString();
        Map<Long, String> thread = new HashMap<>();
        for (String line : SubcommandsTest.command("otf2-print", "-G", anchor).split("\n")) {
            Matcher m = LOCATION.matcher(line);
            if (m.find()) {
                thread.put(Long.parseLong(m.group(1)), m.group(2) + " " + m.group(3));
            }
        }
        Map<String, Long> tasks = new TreeMap<>(), entered = new HashMap<>();
        for (String line : SubcommandsTest.command("otf2-print", anchor).split("\n")) {
            Matcher m = EVENT.matcher(line);
            if (m.find() && m.group(4).equals("OpenMP Task run")) {
                String key = thread.get(Long.parseLong(m.group(2)));
                long time = Long.parseLong(m.group(3));
                if (m.group(1).equals("ENTER")) {
                    entered.put(key, time);
                } else {
                    tasks.merge(key, time - entered.remove(key), Long::sum);
                }
            }
        }
        assertEquals(4, tasks.size(), "every thread ran tasks: " + tasks);
        SubcommandsTest.Run r = SubcommandsTest.igtrace("stats", trace.toString(), "-q", "--format", "json");
        assertEquals(0, r.code(), r.err());
        Path json = dir.resolve("t.json");
        Files.writeString(json, r.out());
        String got = SubcommandsTest.python("import json, sys\nd = json.load(open(sys.argv[1]))\n"
                + "for t in d['threads']: print(t['rank'], t['thread'], repr(t['useful']))", json.toString());
        double[] byRank = new double[2];
        for (String line : got.strip().split("\n")) {
            String[] f = line.split(" ");
            double useful = Double.parseDouble(f[2]), ran = tasks.get(f[0] + " " + f[1]) / 1e9; // EZTrace's clock: ns
            assertTrue(useful >= ran - 1e-9 && useful <= ran + 0.002, "rank " + f[0] + " thread " + f[1] + ": useful " + useful
                    + " s, its task runs " + ran + " s");
            byRank[Integer.parseInt(f[0])] += useful;
        }
        assertTrue(byRank[0] >= 0.030 && byRank[1] >= 0.030, java.util.Arrays.toString(byRank));
    }
}
