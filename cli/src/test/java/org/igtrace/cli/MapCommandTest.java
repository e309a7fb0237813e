package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * igtrace map (definitions section 13) on halo exchanges whose ranks sit on the grid at random
 * (testdata/make-shuffled-halo.py): each pair of grid neighbours exchanges 2 x 2 x 65536 = 262144 bytes.
 * <ul>
 * <li>3d: 4x4x4 periodic, 64 x 6 / 2 = 192 pairs, 50331648 bytes; on torus:4x4x4 the optimum puts every pair
 * one hop apart: hop-bytes 50331648. With 2 slots on torus:4x4x2: a node's 2 ranks have 12 neighbour ends,
 * at most 2 of them (their own pair) inside the node, so at least 10/12 of the bytes travel, each at least one
 * hop: optimum 5/6 x 50331648 = 41943040 (reached by pairing z neighbours).
 * <li>2d: 8x8 without wrap-around, 2 x 8 x 7 = 112 pairs, 29360128 bytes; optimum on mesh:8x8 29360128.
 * </ul>
 * Rank order on a random numbering averages about 3 hops a pair on the torus (1 a dimension of 4) and
 * 2 x 2.625 on the 8x8 mesh (the mean distance of two random points of 0..7 is 63/24).
 */
class MapCommandTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final String HALO3D = TESTDATA.resolve("shuffled-halo/3d/traces.otf2").toString();
    private static final String HALO2D = TESTDATA.resolve("shuffled-halo/2d/traces.otf2").toString();
    private static final double PAIR = 262144;

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** The number {@code key} inside the JSON object {@code section} of map's output. */
    private static double number(String json, String section, String key) {
        int at = json.indexOf("\"" + section + "\": {");
        assertTrue(at >= 0, section + " in " + json);
        Matcher m = Pattern.compile("\"" + key + "\": ([0-9.eE+-]+)").matcher(json);
        assertTrue(m.find(at), key);
        return Double.parseDouble(m.group(1));
    }

    private static Run map(String trace, String... more) {
        List<String> args = new ArrayList<>(List.of("map", trace, "-q"));
        args.addAll(List.of(more));
        if (!args.contains("--format")) {
            args.addAll(List.of("--format", "json"));
        }
        Run r = igtrace(args.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        return r;
    }

    /**
     * map replays each placement as predict --topology --placement does (map.md): on testdata/final-release, whose last
     * collective releases its members 10 ms apart (SOURCES.md: a run of 67 ms, predicted 67 ms; 57 ms with every member
     * released at once), map said 57.0 ms for every placement, without the release spread predict fits with the network.
     */
    @Test
    void placementsAreReplayedOnPredictsModel() {
        String json = map(TESTDATA.resolve("final-release").toString(), "--topology", "ring:4").out();
        assertEquals(0.067, number(json, "rank_order", "predicted_runtime"), 1e-9, json);
    }

    @Tag("slow")
    @Test
    void torusEveryNeighbourOneHop() {
        String json = map(HALO3D, "--topology", "torus:4x4x4").out();
        double optimum = 192 * PAIR;
        double proposed = number(json, "proposed", "hop_bytes"), rankOrder = number(json, "rank_order", "hop_bytes");
        assertTrue(proposed <= 1.05 * optimum, proposed + " vs " + optimum);
        assertTrue(rankOrder >= 3 * proposed && rankOrder <= 5.5 * proposed, "rank order " + rankOrder);
    }

    @Tag("slow")
    @Test
    void meshEveryNeighbourOneHop() {
        String json = map(HALO2D, "--topology", "mesh:8x8").out();
        double optimum = 112 * PAIR;
        double proposed = number(json, "proposed", "hop_bytes"), rankOrder = number(json, "rank_order", "hop_bytes");
        assertTrue(proposed <= 1.05 * optimum, proposed + " vs " + optimum);
        assertTrue(rankOrder >= 3 * proposed && rankOrder <= 5.5 * proposed, "rank order " + rankOrder);
    }

    @Tag("slow")
    @Test
    void twoSlotsFiveSixthsOneHop() {
        String json = map(HALO3D, "--topology", "torus:4x4x2", "--slots", "2").out();
        double optimum = 192 * PAIR * 5 / 6;
        double proposed = number(json, "proposed", "hop_bytes"), rankOrder = number(json, "rank_order", "hop_bytes");
        assertTrue(proposed <= 1.05 * optimum, proposed + " vs " + optimum);
        assertTrue(rankOrder >= 3 * proposed && rankOrder <= 5.5 * proposed, "rank order " + rankOrder);
        int[] nodes = placement(json);
        int[] used = new int[32];
        for (int n : nodes) {
            used[n]++;
        }
        assertTrue(Arrays.stream(used).allMatch(u -> u <= 2), Arrays.toString(used));
    }

    private static int[] placement(String json) {
        Matcher m = Pattern.compile("\"placement\": \\[([^\\]]*)]").matcher(json);
        assertTrue(m.find());
        return Arrays.stream(m.group(1).split(",")).map(String::strip).mapToInt(Integer::parseInt).toArray();
    }

    /** The placement file read back by igtrace graph --placement gives map's hop-bytes; predict --placement map's run time. */
    @Tag("slow")
    @Test
    void placementFileReadBack() throws IOException {
        String model = "--latency=1us --bandwidth=1GB/s --hop-latency=2us";
        List<String> args = new ArrayList<>(List.of("--topology", "torus:4x4x2", "--slots", "2"));
        args.addAll(List.of(model.split(" ")));
        String json = map(HALO3D, args.toArray(new String[0])).out();
        Path file = dir.resolve("halo.placement");
        List<String> write = new ArrayList<>(List.of("map", HALO3D, "--format", "placement", "-q", "-o", file.toString()));
        write.addAll(args);
        assertEquals(0, igtrace(write.toArray(new String[0])).code());
        Run graph = igtrace(HALO3D, "--topology", "torus:4x4x2", "--placement", file.toString(), "--weight", "bytes", "-o",
                dir.resolve("t.csv").toString());
        assertEquals(0, graph.code(), graph.err());
        Matcher m = Pattern.compile("hop-bytes ([0-9.]+)").matcher(graph.err());
        assertTrue(m.find(), graph.err());
        assertEquals(number(json, "proposed", "hop_bytes"), Double.parseDouble(m.group(1)));
        List<String> predict = new ArrayList<>(List.of("predict", HALO3D, "--topology", "torus:4x4x2", "--placement", file.toString(),
                "--local-latency", "1us", "--format", "json", "-q"));
        predict.addAll(List.of(model.split(" ")));
        Run p = igtrace(predict.toArray(new String[0]));
        assertEquals(0, p.code(), p.err());
        Matcher t = Pattern.compile("\"predicted_runtime\": ([0-9.eE+-]+)").matcher(p.out());
        assertTrue(t.find(), p.out());
        assertEquals(number(json, "proposed", "predicted_runtime"), Double.parseDouble(t.group(1)), 1e-12);
    }

    /** Every rank once in the MPICH order and in the Slurm host list, each host as many times as its slots. */
    @Tag("slow")
    @Test
    void launcherFilesHoldEveryRankOnce() throws IOException {
        Path hosts = dir.resolve("hosts");
        StringBuilder h = new StringBuilder();
        for (int n = 0; n < 32; n++) {
            h.append("host").append(n).append(" slots=2\n");
        }
        Files.writeString(hosts, h);
        String mpich = map(HALO3D, "--topology", "torus:4x4x2", "--hosts", hosts.toString(), "--format", "mpich").out().strip();
        TreeSet<Integer> ranks = new TreeSet<>();
        String[] order = mpich.split(",");
        for (String r : order) {
            ranks.add(Integer.parseInt(r));
        }
        assertEquals(64, order.length);
        assertEquals(64, ranks.size());
        assertEquals(63, ranks.last());
        List<String> slurm = map(HALO3D, "--topology", "torus:4x4x2", "--hosts", hosts.toString(), "--format", "slurm").out().lines().toList();
        assertEquals(64, slurm.size());
        Map<String, Long> perHost = slurm.stream().collect(java.util.stream.Collectors.groupingBy(s -> s, java.util.stream.Collectors.counting()));
        assertEquals(32, perHost.size());
        assertTrue(perHost.values().stream().allMatch(c -> c == 2), perHost.toString());
        // MPICH fills node after node: the order's ranks two by two are the Slurm file's hosts two by two
        for (int i = 0; i < 64; i += 2) {
            assertEquals(slurm.get(Integer.parseInt(order[i])), slurm.get(Integer.parseInt(order[i + 1])));
        }
    }

    /**
     * A hybrid run's rank runs several threads: otf2/hybrid-2 (programs/hybrid.c, 2 ranks of 2 OpenMP threads). The
     * rankfile bound each rank to one CPU (slot=0), both threads on it; it binds each to 2 CPUs now, Open MPI's
     * {@code slot=0-1} (its man page's form for logical CPUs), the second rank of a host to the next two, and the srun
     * lines ask --cpus-per-task=2; --cpus-per-rank sets another count.
     */
    @Test
    void aHybridRanksThreadsGetCpusOfTheirOwn() throws IOException {
        String trace = TESTDATA.resolve("otf2/hybrid-2").toString();
        Path hosts = dir.resolve("hosts");
        Files.writeString(hosts, "a slots=2\n");
        Run r = igtrace("map", trace, "--topology", "ring:1", "--hosts", hosts.toString(), "--format", "rankfile");
        assertEquals(0, r.code(), r.err());
        assertEquals("rank 0=a slot=0-1\nrank 1=a slot=2-3\n", r.out());
        assertTrue(r.err().contains("binds each rank to 2 CPUs (slot=0-1) and srun asks --cpus-per-task=2, so a node of 2 slots needs 4 CPUs"), r.err());
        Run three = igtrace("map", trace, "--topology", "ring:1", "--hosts", hosts.toString(), "--format", "rankfile", "--cpus-per-rank", "3", "-q");
        assertEquals("rank 0=a slot=0-2\nrank 1=a slot=3-5\n", three.out());
        Run text = igtrace("map", trace, "--topology", "ring:2", "-q");
        assertTrue(text.out().contains("srun --distribution=arbitrary -n 2 --cpus-per-task=2 ./app"), text.out());
        // one thread a process: as before
        Run single = igtrace("map", TESTDATA.resolve("otf2/scorep-ping-pong/traces.otf2").toString(), "--topology", "ring:1", "--slots", "2",
                "--format", "rankfile", "-q");
        assertEquals("rank 0=node0 slot=0\nrank 1=node0 slot=1\n", single.out());
        assertEquals(2, igtrace("map", trace, "--topology", "ring:2", "--cpus-per-rank", "0").code());
        assertEquals(2, igtrace("map", trace, "--topology", "ring:2", "--cpus-per-rank", "2147483647").code());
    }

    /**
     * Open MPI's mpirun runs the rankfile: the two ranks of scorep-ping-pong on ring:2, both nodes named localhost (one
     * host to Open MPI, whose slot=S is a CPU of the host): slots 0 and 1, each rank started once; a wrong host is
     * refused. With the slots numbered per node both ranks had slot 0, bound to one core. (A machine of 64 nodes named
     * localhost, as this test had it, asks this 2-core host for 64 CPUs now; Open MPI refuses that, as it should.)
     */
    @Tag("slow")
    @Test
    void openMpiAcceptsTheRankfile() throws IOException, InterruptedException {
        assumeTrue(onPath("mpirun"), "mpirun is not installed");
        Path hosts = dir.resolve("hosts");
        Files.writeString(hosts, "localhost\n".repeat(2));
        Path rankfile = dir.resolve("app.rankfile");
        assertEquals(0, igtrace("map", TESTDATA.resolve("otf2/scorep-ping-pong/traces.otf2").toString(), "--topology", "ring:2",
                "--hosts", hosts.toString(), "--format", "rankfile", "-q", "-o", rankfile.toString()).code());
        assertEquals(java.util.Set.of("slot=0", "slot=1"), Files.readAllLines(rankfile).stream()
                .map(l -> l.substring(l.indexOf("slot="))).collect(java.util.stream.Collectors.toSet()), Files.readString(rankfile));
        Run ok = started(2, "mpirun", "--rankfile", rankfile.toString(), "-np", "2", "sh", "-c", "echo rank $OMPI_COMM_WORLD_RANK");
        assertEquals(2, ok.out().lines().filter(l -> l.startsWith("rank ")).distinct().count(), ok.out());
        assertTrue(!ok.out().contains("rror"), ok.out());
        Path bad = dir.resolve("bad.rankfile");
        Files.writeString(bad, Files.readString(rankfile).replace("rank 1=localhost", "rank 1=no-such-host"));
        assertTrue(command("mpirun", "--rankfile", bad.toString(), "-np", "2", "true").code() != 0);
    }

    /**
     * --simgrid: SimGrid's own flow model on the torus's links judges the two placements. With L = 1 us, B = 1 GB/s,
     * H = 20 us, the proposal (every neighbour one hop, one flow a link direction) takes predict's time; rank order
     * shares links among up to 9 flows (map's largest link load, 2359296 bytes, is 9 pairs' 262144) and is slower.
     */
    @Tag("slow")
    @Test
    void simGridJudgesThePlacements() throws IOException, InterruptedException {
        assumeTrue(onPath("smpirun"), "SimGrid is not installed");
        Path sg = dir.resolve("sg");
        String json = map(HALO3D, "--topology", "torus:4x4x4", "--latency", "1us", "--bandwidth", "1GB/s", "--hop-latency", "20us",
                "--simgrid", sg.toString()).out();
        double rankOrder = simulated(sg.resolve("rank-order/smpirun.sh")), proposed = simulated(sg.resolve("proposed/smpirun.sh"));
        assertTrue(proposed < rankOrder, proposed + " vs " + rankOrder);
        assertEquals(number(json, "proposed", "predicted_runtime"), proposed, 0.01 * proposed);
    }

    private static double simulated(Path script) throws IOException, InterruptedException {
        Run r = command(script.toString());
        assertEquals(0, r.code(), r.out());
        Matcher m = Pattern.compile("Simulation time ([0-9.eE+-]+)").matcher(r.out());
        assertTrue(m.find(), r.out());
        return Double.parseDouble(m.group(1));
    }

    private static boolean onPath(String name) {
        return Stream.of(System.getenv("PATH").split(File.pathSeparator)).anyMatch(d -> Files.isExecutable(Path.of(d, name)));
    }

    /** Runs {@code command} until it printed {@code lines} distinct lines starting "rank " (or ended), then stops it. */
    private static Run started(int lines, String... command) throws IOException, InterruptedException {
        Path log = Files.createTempFile("igtrace-mpirun", ".log");
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(log.toFile());
        b.environment().putAll(Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", "OMPI_MCA_osc", "^rdma",
                "OMPI_MCA_rmaps_base_oversubscribe", "1"));
        Process p = b.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        String out = "";
        while (System.nanoTime() < deadline) {
            out = Files.readString(log);
            if (out.lines().filter(l -> l.startsWith("rank ")).distinct().count() >= lines || !p.isAlive()) {
                break;
            }
            Thread.sleep(100);
        }
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
        out = Files.readString(log);
        Files.delete(log);
        return new Run(0, out, "");
    }

    private static Run command(String... command) throws IOException, InterruptedException {
        // stdin from /dev/null: mpirun forwards its standard input to rank 0 and waited for the test runner's to close
        Path log = Files.createTempFile("igtrace-mpirun", ".log");
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(log.toFile());
        b.environment().putAll(Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", "OMPI_MCA_osc", "^rdma",
                "OMPI_MCA_rmaps_base_oversubscribe", "1"));
        Process p = b.start();
        boolean ended = p.waitFor(120, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly();
        }
        String out = Files.readString(log);
        Files.delete(log);
        assertTrue(ended, "mpirun did not end in 120 s: " + out);
        return new Run(p.exitValue(), out, "");
    }

    /**
     * Bad input: exit 2, before the trace is read (a trace path that does not exist is never opened), in the words
     * every usage error has: one line and the hint to --help (map said "igtrace map: ..." without the hint).
     */
    @Test
    void badInputOneLineExitTwo() throws IOException {
        Path missing = dir.resolve("no-such-trace.otf2");
        Run format = igtrace("map", missing.toString(), "--topology", "torus:4x4x4", "--format", "xml");
        assertEquals(2, format.code());
        assertUsage(format);
        Path hosts = dir.resolve("hosts");
        Files.writeString(hosts, "a slots=2\nb slots=4\n");
        Run uneven = igtrace("map", missing.toString(), "--topology", "ring:2", "--hosts", hosts.toString());
        assertEquals(2, uneven.code());
        assertUsage(uneven);
        Files.writeString(hosts, "a\nb\nc\n");
        Run count = igtrace("map", missing.toString(), "--topology", "mesh:2x2", "--hosts", hosts.toString());
        assertEquals(2, count.code());
        assertUsage(count);
        // a hosts file that cannot be read is bad input, exit 1, as an unreadable --placement file: one line naming it
        Run unreadable = igtrace("map", missing.toString(), "--topology", "ring:2", "--hosts", dir.resolve("no-hosts").toString());
        assertEquals(1, unreadable.code(), unreadable.err());
        assertEquals(1, unreadable.err().lines().count(), unreadable.err());
        assertTrue(unreadable.err().contains("no-hosts: no such file or directory"), unreadable.err());
        // 64 ranks on 16 nodes of 2 slots: known from the definitions, before any event
        Run small = igtrace("map", HALO3D, "--topology", "torus:4x2x2", "--slots", "2");
        assertEquals(2, small.code());
        assertEquals(java.util.List.of("igtrace: the machine torus:4x2x2 has 16 nodes of 2 slots, fewer than the trace's 64 ranks: give a "
                + "larger topology or more --slots", "Try 'igtrace map --help' for more information."), small.err().lines().toList());
    }

    /**
     * A run of one process (testdata/otf1/pthreads-no-mpi: one process of five threads, SOURCES.md) has nothing to place:
     * said in those words, in the singular ("1 ranks on ring:4" and "hop-bytes - below rank order" before).
     */
    @Test
    void oneProcessHasNothingToPlace() {
        Run r = igtrace("map", TESTDATA.resolve("otf1/pthreads-no-mpi").toString(), "--topology", "ring:4");
        assertEquals(0, r.code(), r.err());
        String nothing = "one process: there is nothing to place (it sends to no other process; every placement is the same)";
        assertTrue(r.out().startsWith("1 rank on ring:4, 1 slot a node\n"), r.out());
        assertTrue(r.out().endsWith("\n" + nothing + "\n"), r.out());
        // the read's note first (its threads folded into the process), the CPUs its rankfile line binds (4 threads with region
        // events: slot=0-3), then the summary
        assertEquals("igtrace map: note: 4 threads folded into their processes\nigtrace map: note: the trace's processes ran up to 4"
                + " threads: the rankfile binds each rank to 4 CPUs (slot=0-3) and srun asks --cpus-per-task=4, so a node of 1 slot needs"
                + " 4 CPUs (--cpus-per-rank changes it)\nigtrace map: 1 rank on ring:4: " + nothing, r.err().strip());
    }

    /**
     * The summary line says whether the proposal's hop-bytes are below or above rank order's (a placement by delay can
     * trade hop-bytes for delay: "hop-bytes -140.0 % below rank order" was said), or that there are none to place.
     */
    @Test
    void theSummarySaysBelowOrAbove() {
        assertEquals("hop-bytes 25.0 % below rank order's", MapCommand.hopBytesAgainstRankOrder(400, 300, true));
        assertEquals("hop-bytes 140.0 % above rank order's", MapCommand.hopBytesAgainstRankOrder(41943040, 100663296, true));
        assertEquals("hop-bytes the same as rank order's", MapCommand.hopBytesAgainstRankOrder(5, 5, true));
        assertEquals("no point-to-point bytes to place (hop-bytes 0 in every placement)", MapCommand.hopBytesAgainstRankOrder(0, 0, false));
        // bytes, but every pair that exchanges them on one node in both (another placement, Scotch's, can have some)
        assertEquals("hop-bytes the same as rank order's (0: the ranks that exchange bytes share nodes)",
                MapCommand.hopBytesAgainstRankOrder(0, 0, true));
        assertEquals("hop-bytes 64 where rank order has none", MapCommand.hopBytesAgainstRankOrder(0, 64, true));
    }

    private static void assertUsage(Run r) {
        java.util.List<String> lines = r.err().lines().toList();
        assertEquals(2, lines.size(), r.err());
        assertTrue(lines.get(0).startsWith("igtrace: "), r.err());
        assertEquals("Try 'igtrace map --help' for more information.", lines.get(1));
    }

    /** On every bundled trace map runs and its proposal is never worse than rank order. */
    @ExtendWith(ReadsInTheTestJvm.class)
    @Tag("slow")
    @Test
    void everyBundledTraceNeverWorseThanRankOrder() throws IOException {
        List<Path> traces = new ArrayList<>();
        for (String group : new String[] {"otf2", "otf1"}) {
            try (Stream<Path> s = Files.list(TESTDATA.resolve(group))) {
                s.filter(Files::isDirectory).sorted().forEach(traces::add);
            }
        }
        traces.add(TESTDATA.resolve("otf1/vt-jacobi-cpu/jacobi_mpi+cuda.otf"));
        traces.removeIf(t -> t.endsWith("vt-jacobi-cpu"));
        for (String single : new String[] {"collectives", "consistent-clocks", "halo", "hostile-names", "irecv-send", "late-region",
            "sendrecv-ring", "sendrecv-ring-receive-first", "two-chunks", "unbalanced-regions", "waitall"}) {
            traces.add(TESTDATA.resolve(single));
        }
        for (Path t : traces) {
            Run r = igtrace("map", t.toString(), "--topology", "ring", "--format", "json", "-q");
            assertEquals(0, r.code(), t + ": " + r.err());
            assertTrue(number(r.out(), "proposed", "hop_bytes") <= number(r.out(), "rank_order", "hop_bytes"), t.toString());
        }
    }
    /**
     * Host names a launcher's file cannot hold are refused (Open MPI's rankfile lexer makes '=' a token and '/' or a quote
     * an error; Slurm's host file splits a line at ','): they were written as given, exit 0.
     */
    @Tag("slow")
    @Test
    void hostNamesTheLaunchersCannotHoldAreRefused() throws IOException {
        for (String bad : List.of("a=b", "x,y", "\"q\"", "a/b", "h\u00e9llo", "rank", "-np")) {
            Path hosts = Files.writeString(dir.resolve("hosts"), bad + " slots=2\nc slots=2\nd slots=2\ne slots=2\n");
            Run r = igtrace("map", TESTDATA.resolve("otf2/jacobi-8").toString(), "--topology", "ring:4", "--hosts", hosts.toString(),
                    "--format", "rankfile");
            assertEquals(2, r.code(), bad + ": " + r.err());
            assertTrue(r.err().startsWith("igtrace: --hosts " + hosts + ": line 1: '"), r.err());
        }
        assertTrue(HostsFile.hostName("node-01.cluster_a") && HostsFile.hostName("10.0.0.7"));
        // Open MPI 4.1's rankfile (review, with mpirun here): "node_b" stops mpirun ("illegal character"), "007" is read as
        // host 7; both go into Slurm's host file as they are
        for (String bad : List.of("node_b", "007")) {
            Path hosts = Files.writeString(dir.resolve("hosts"), "a slots=2\n" + bad + " slots=2\nd slots=2\ne slots=2\n");
            Run r = igtrace("map", TESTDATA.resolve("otf2/jacobi-8").toString(), "--topology", "ring:4", "--hosts", hosts.toString(),
                    "--format", "rankfile");
            assertEquals(2, r.code(), bad + ": " + r.err());
            assertTrue(r.err().startsWith("igtrace: --hosts " + hosts + ": line 2: '" + bad + "' cannot stand in an Open MPI rankfile ("), r.err());
            assertTrue(map(TESTDATA.resolve("otf2/jacobi-8").toString(), "--topology", "ring:4", "--hosts", hosts.toString(), "--format",
                    "slurm").out().lines().anyMatch(bad::equals), bad);
        }
        assertTrue(HostsFile.rankfileHostName("node-01.cluster") && HostsFile.rankfileHostName("10.0.0.7") && HostsFile.rankfileHostName("n007"));
        // JSON and text name no host: an IPv6 address there is no error (map() asserts exit 0)
        Path v6 = Files.writeString(dir.resolve("v6"), "fe80::1 slots=2\nc slots=2\nd slots=2\ne slots=2\n");
        assertTrue(map(TESTDATA.resolve("otf2/jacobi-8").toString(), "--topology", "ring:4", "--hosts", v6.toString()).out().contains("\"topology\""));
    }

    /**
     * Cray MPICH's rank order fills each node's K slots in turn: a placement of 4 ranks on each of 16 nodes with --slots 5
     * would land 54 of the 64 ranks elsewhere, so --format mpich is refused there (it was written, exit 0); with --slots 4
     * every node is full and the file is written.
     */
    @Tag("slow")
    @Test
    void anMpichOrderThatCannotHoldThePlacementIsRefused() {
        Run r = igtrace("map", HALO2D, "--topology", "mesh:4x4", "--slots", "5", "--format", "mpich", "-q");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("igtrace: --format mpich: the placement leaves "), r.err());
        assertEquals(64, map(HALO2D, "--topology", "mesh:4x4", "--slots", "4", "--format", "mpich").out().strip().split(",").length);
        // the text's launcher lines do not offer what --format mpich refuses (they gave the srun line for it), and offer it
        // where it is written
        String text = igtrace("map", HALO2D, "--topology", "mesh:4x4", "--slots", "5", "-q").out();
        assertTrue(text.contains("\n  Cray MPICH (mpich):   none: the placement leaves "), text);
        assertTrue(!text.contains("MPICH_RANK_REORDER_METHOD"), text);
        assertTrue(igtrace("map", HALO2D, "--topology", "mesh:4x4", "--slots", "4", "-q").out().contains("MPICH_RANK_REORDER_METHOD=3 srun -n 64 ./app"));
    }

    /**
     * The map's output and its --simgrid folders are one output, written whole or not at all: -o naming the --simgrid
     * folder is a usage error before the read (it wrote DIR/rank-order and DIR/proposed, then failed "DIR: is a
     * directory", exit 1, leaving them); an output that fails after the folders are written (/dev/full) removes what the
     * run made of DIR, its missing parents too, and leaves an empty DIR that was there empty.
     */
    @Tag("slow")
    @Test
    void theSimGridFoldersGoWhenTheOutputFails() throws IOException {
        String jacobi = TESTDATA.resolve("otf2/jacobi-4").toString();
        Path sg = dir.resolve("same");
        Run same = igtrace("map", jacobi, "--topology", "mesh:2x2", "--simgrid", sg.toString(), "-o", sg.toString());
        assertEquals(2, same.code(), same.err());
        assertTrue(same.err().startsWith("igtrace: -o " + sg + " and --simgrid " + sg + " name the same path"), same.err());
        assertTrue(!Files.exists(sg), "nothing written");
        Path nested = dir.resolve("made/sg");
        Run full = igtrace("map", jacobi, "--topology", "mesh:2x2", "--simgrid", nested.toString(), "-o", "/dev/full", "-q");
        assertEquals(1, full.code(), full.err());
        assertTrue(full.err().contains("/dev/full"), full.err());
        assertTrue(!Files.exists(dir.resolve("made")), "the folders this run made are gone");
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Run again = igtrace("map", jacobi, "--topology", "mesh:2x2", "--simgrid", empty.toString(), "-o", "/dev/full", "-q");
        assertEquals(1, again.code(), again.err());
        try (var left = Files.list(empty)) {
            assertEquals(List.of(), left.toList(), "the empty folder given stays, empty");
        }
        // a link named as DIR that leads nowhere is the user's: refused before the read, and kept (it was removed)
        Path link = Files.createSymbolicLink(dir.resolve("link"), dir.resolve("nowhere"));
        Run dangling = igtrace("map", jacobi, "--topology", "mesh:2x2", "--simgrid", link.toString(), "-q");
        assertEquals(1, dangling.code(), dangling.err());
        assertEquals("igtrace: --simgrid " + link + ": " + link + " is not a directory", dangling.err().strip());
        assertTrue(Files.isSymbolicLink(link), "the link stays");
        Run written = igtrace("map", jacobi, "--topology", "mesh:2x2", "--simgrid", nested.toString(), "-o", dir.resolve("map.txt").toString());
        assertEquals(0, written.code(), written.err());
        assertTrue(Files.isRegularFile(nested.resolve("rank-order/smpirun.sh")) && Files.isRegularFile(nested.resolve("proposed/smpirun.sh")));
    }

    /**
     * -o naming a folder is found before anything is written: the --simgrid folder was written whole, then the output failed
     * (exit 1, "is a directory"). And map says what the read left out, as the other commands do (it said nothing of a
     * location --skip-missing left out, whose pairs' bytes the hop-bytes then lack).
     */
    @Test
    void theOutputIsCheckedFirstAndTheReadsNotesAreSaid() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("out"));
        Path sg = dir.resolve("sg");
        Run r = igtrace("map", TESTDATA.resolve("otf2/jacobi-8").toString(), "--topology", "ring", "--simgrid", sg.toString(), "-o",
                folder.toString());
        assertEquals(1, r.code(), r.err());
        assertEquals("igtrace: " + folder + ": is a directory", r.err().strip());
        assertTrue(!Files.exists(sg), "no --simgrid folder");
        Path copy = dir.resolve("j8");
        try (var files = Files.walk(TESTDATA.resolve("otf2/jacobi-8"))) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(TESTDATA.resolve("otf2/jacobi-8").relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else if (!f.getFileName().toString().equals("1073741820.evt")) {
                    Files.copy(f, to);
                }
            }
        }
        Run skipped = igtrace("map", copy.toString(), "--topology", "ring:4", "--slots", "2", "--skip-missing");
        assertEquals(0, skipped.code(), skipped.err());
        assertTrue(skipped.err().contains("igtrace map: note: 1 location left out, its event file missing (eztrace_log/1073741820.evt"),
                skipped.err());
        // and the network its predicted run times rest on, as predict says it
        assertTrue(skipped.err().contains("igtrace map: predicted run times on L = ") && skipped.err().contains("(fitted to the trace's own "
                + "messages, as predict fits them)"), skipped.err());
        Run given = igtrace("map", TESTDATA.resolve("otf2/jacobi-8").toString(), "--topology", "ring:4", "--slots", "2", "--latency", "1us",
                "--bandwidth", "1GB/s");
        assertTrue(given.err().contains("igtrace map: predicted run times on L = 1.00 us, B = 1.00 GB/s, 0 s a hop, send overhead 0 s "
                + "(as given)"), given.err());
    }

    /**
     * The weights in seconds are measured over every rank: with --ranks the placement was made on every pair's waiting
     * (halo3d-16, ring:16, --weight wait --ranks 0: the permutation of the whole run) while the table counted the selected
     * pairs only. They are refused with --ranks, as graph refuses critical and delay.
     */
    @Test
    void weightsInSecondsRefuseRanks() {
        String trace = TESTDATA.resolve("otf2/halo3d-16").toString();
        for (String w : new String[] {"wait", "critical", "delay"}) {
            Run r = igtrace("map", trace, "--topology", "ring:16", "--weight", w, "--ranks", "0");
            assertEquals(2, r.code(), w + ": " + r.err());
            assertEquals("", r.out());
            assertTrue(r.err().startsWith("igtrace: --weight " + w + " is measured over every rank"), r.err());
        }
        assertEquals(0, igtrace("map", trace, "--topology", "ring:16", "--weight", "bytes", "--ranks", "0").code());
    }

    /**
     * With --ranks only the pairs among the selected ranks are weighed, but a launcher file places every rank: a note
     * says so (the rankfile held 16 ranks for --ranks 0-3 without a word). halo3d-16 has 16 ranks, 0-3 are four of them.
     */
    @Test
    void ranksSayEveryRankIsStillPlaced() throws Exception {
        String trace = TESTDATA.resolve("otf2/halo3d-16").toString();
        Path rankfile = dir.resolve("ranks-selected.rankfile");
        Run r = igtrace("map", trace, "--topology", "ring:16", "--ranks", "0-3", "--format", "rankfile", "-o", rankfile.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("igtrace map: note: --ranks: only the pairs among the 4 ranks selected are weighed; all 16 ranks"
                + " are placed, as a launcher file must place them all\n"), r.err());
        assertEquals(16, java.nio.file.Files.readAllLines(rankfile).stream().filter(l -> l.startsWith("rank ")).count());
        assertFalse(igtrace("map", trace, "--topology", "ring:16").err().contains("--ranks"));
    }

    /**
     * TraceR's stencil4d of 64 ranks (2x2x4x4, testdata/otf2/scorep-tracer-stencil4d-64) on torus:4x4x4, one rank a node:
     * every byte crosses at least one hop, so the hop-bytes are at least the bytes sent, 1,024 MPI_SENDs of 262,144 bytes
     * (otf2-print) = 268,435,456, and the proposal reaches that bound (it proposed 310,378,496 on this trace once, an open
     * item until it was bundled).
     */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void theStencilOfTraceRIsPlacedEveryPairOneHop() throws Exception {
        Path trace = TESTDATA.resolve("otf2/scorep-tracer-stencil4d-64");
        String printed = TimelineCommandTest.command("otf2-print", trace.resolve("traces.otf2").toString());
        long bytes = 0;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^MPI_SEND .*Length: (\\d+)$").matcher(printed);
        while (m.find()) {
            bytes += Long.parseLong(m.group(1));
        }
        assertEquals(268435456L, bytes);
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), "map", trace.toString(), "--topology", "torus:4x4x4", "--format", "json"),
                err.toString());
        java.util.regex.Matcher hb = java.util.regex.Pattern.compile("\"proposed\": \\{[^}]*\"hop_bytes\": (\\d+)").matcher(out.toString());
        assertTrue(hb.find(), out.toString());
        assertEquals(bytes, Long.parseLong(hb.group(1)));
    }
}
