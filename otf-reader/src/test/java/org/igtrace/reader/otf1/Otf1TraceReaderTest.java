package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Reads the OTF traces in testdata/otf1: VampirTrace's (compressed) and the synthetic run written by libotf. */
class Otf1TraceReaderTest {

    static Stream<Path> allMasterFiles() throws IOException {
        try (Stream<Path> files = Files.walk(TestTraces.dir().resolve("otf1"))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".otf")).sorted().toList().stream();
        }
    }

    private static Path master(String dir, String name) {
        return TestTraces.otf1(dir).resolve(name);
    }

    static Map<List<Integer>, long[]> asMap(TraceProfile profile) {
        Map<List<Integer>, long[]> pairs = new HashMap<>();
        for (PairTraffic p : profile.pairs()) {
            pairs.put(List.of(p.a(), p.b()), new long[] {(long) p.bytes(), p.messages()});
        }
        return pairs;
    }

    static void assertSamePairs(Map<List<Integer>, long[]> expected, Map<List<Integer>, long[]> actual, String what) {
        assertEquals(expected.keySet(), actual.keySet(), what + ": the same pairs");
        expected.forEach((pair, e) -> {
            assertEquals(e[0], actual.get(pair)[0], what + ": bytes of " + pair);
            assertEquals(e[1], actual.get(pair)[1], what + ": messages of " + pair);
        });
    }

    /**
     * The synthetic run by design (testdata/programs/synthetic-run.c, 1 tick = 1 us). Every rank
     * runs main 0-1000 with MPI_Init 10-20 and MPI_Finalize 900-950, so T = 940 us; rank 1's
     * second thread's 50-850 span lies inside it (T is wall-clock; added up it was 1740 us). Tcomm = 3 sends x 10 + 3 receives x 5(r+1) +
     * Allreduce (10 + r) + Bcast 20, plus rank 0's 3 Isends x 4 and Wait 10, plus rank 2's 3
     * receives x 5: 97, 91, 122, 123 us. Pairs: ring r -> r+1 of 3 x 1000(r+1) bytes, and
     * 0 -> 2 of 3 x 64 bytes.
     */
    @ParameterizedTest
    @ValueSource(strings = {"synth-plain", "synth-z", "synth-long"})
    void syntheticRunMatchesItsDesign(String copy) throws Exception {
        TraceProfile profile = TraceInput.read(master(copy, "synth.otf"), false);
        double[] time = {940e-6, 940e-6, 940e-6, 940e-6};
        double[] comm = {97e-6, 91e-6, 122e-6, 123e-6};
        assertEquals(4, profile.processes().size());
        for (int r = 0; r < 4; r++) {
            ProcessProfile p = profile.processes().get(r);
            assertEquals("Process " + r, p.name());
            assertEquals("machine", p.host());
            assertEquals(time[r], p.time(), 1e-12, "T of rank " + r);
            assertEquals(comm[r], p.commTime(), 1e-12, "Tcomm of rank " + r);
        }
        assertSamePairs(Map.of(
                List.of(0, 1), new long[] {3000, 3}, List.of(1, 2), new long[] {6000, 3},
                List.of(2, 3), new long[] {9000, 3}, List.of(0, 3), new long[] {12000, 3},
                List.of(0, 2), new long[] {192, 3}), asMap(profile), copy);
        assertEquals(15, profile.messages());
        assertEquals(List.of("1 GPU stream (CUDA) left out", "1 thread folded into their processes"), profile.notes());
    }

    /**
     * With --collectives (definitions section 4): the Allreduce (8 bytes sent by each of 4 members) adds
     * 8/3 bytes each way between every two ranks; the Bcast from rank 1 adds 256 bytes from rank 1
     * to each other rank. Each modelled pair is one message.
     */
    @Test
    void synthCollectivesAddModelledTraffic() throws Exception {
        Map<List<Integer>, long[]> pairs = new HashMap<>();
        TraceProfile profile = TraceInput.read(master("synth-z", "synth.otf"), true);
        for (PairTraffic p : profile.pairs()) {
            pairs.put(List.of(p.a(), p.b()), new long[] {p.messages()});
        }
        double allreduce = 2 * 8.0 / 3;
        Map<List<Integer>, Double> bytes = Map.of(
                List.of(0, 1), 3000 + allreduce + 256, List.of(1, 2), 6000 + allreduce + 256,
                List.of(2, 3), 9000 + allreduce, List.of(0, 3), 12000 + allreduce,
                List.of(0, 2), 192 + allreduce, List.of(1, 3), allreduce + 256);
        Map<List<Integer>, Long> messages = Map.of(List.of(0, 1), 6L, List.of(1, 2), 6L, List.of(2, 3), 5L,
                List.of(0, 3), 5L, List.of(0, 2), 5L, List.of(1, 3), 3L);
        assertEquals(bytes.keySet(), pairs.keySet());
        for (PairTraffic p : profile.pairs()) {
            assertEquals(bytes.get(List.of(p.a(), p.b())), p.bytes(), 1e-9, "bytes of " + p);
            assertEquals(messages.get(List.of(p.a(), p.b())), p.messages(), "messages of " + p);
        }
    }

    @Tag("slow")
    @ParameterizedTest
    @MethodSource("allMasterFiles")
    void everyTraceMatchesOtfprint(Path master) throws Exception {
        Otf1PrintOracle oracle = Otf1PrintOracle.of(master);
        TraceProfile profile = TraceInput.read(master, false);
        String what = master.getFileName().toString();
        assertEquals(oracle.processes, profile.processes().size(), what + ": processes");
        assertTrue(oracle.time[0] > 0, what + ": otfprint printed the events");
        assertSamePairs(oracle.pairs(), asMap(profile), what);
        for (int r = 0; r < oracle.processes; r++) {
            ProcessProfile p = profile.processes().get(r);
            assertEquals(oracle.time[r], p.time(), 1e-9 * Math.max(1, oracle.time[r]), what + ": T of rank " + r);
            assertEquals(oracle.commTime[r], p.commTime(), 1e-9 * Math.max(1, oracle.commTime[r]), what + ": Tcomm of rank " + r);
        }
    }

    /** The plain copy otfprint read gives igtrace the same profile as the compressed original. */
    @ParameterizedTest
    @MethodSource("allMasterFiles")
    void inflatedCopyReadsLikeTheOriginal(Path master) throws Exception {
        Path copy = Otf1PrintOracle.inflatedCopy(master);
        try {
            assertEquals(TraceInput.read(master, false), TraceInput.read(copy, false));
        } finally {
            Otf1PrintOracle.delete(copy);
        }
    }

    /** Streams are read on several threads; the result must not depend on how many. */
    @Test
    void oneThreadAndManyThreadsGiveTheSameProfile() throws Exception {
        Path master = master("synth-z", "synth.otf");
        assertEquals(TraceInput.read(master, new ReadOptions(false, 1), AnalysisOptions.profile(true)),
                TraceInput.read(master, new ReadOptions(false, 4), AnalysisOptions.profile(true)));
    }

    /**
     * OTF1-FORMAT section 5 (checked there against otfprint): in iumd every one of the 6 sends has
     * its receive; 4 CUDA streams are left out; each rank has its own host group.
     */
    @Test
    void vampirTraceMolecularDynamics() throws Exception {
        TraceProfile profile = TraceInput.read(master("vt-md-mpi-cuda", "md_mpi_cuda.otf"), false);
        assertEquals(4, profile.processes().size());
        assertEquals(List.of("taurusi2037", "taurusi2038", "taurusi2039", "taurusi2041"),
                profile.processes().stream().map(ProcessProfile::host).toList());
        assertEquals(6, profile.messages());
        assertTrue(profile.notes().contains("4 GPU streams (CUDA) left out"), profile.notes().toString());
        assertEquals(1, profile.notes().size(), "no other notes: " + profile.notes());
    }

    /** jacobi_mpi+cuda: 200 messages of 2040 bytes between its 2 ranks, all inside MPI_Sendrecv. */
    @Test
    void vampirTraceJacobi() throws Exception {
        TraceProfile profile = TraceInput.read(master("vt-jacobi-cpu", "jacobi_mpi+cuda.otf"), false);
        assertEquals(2, profile.processes().size());
        assertEquals(1, profile.pairs().size());
        assertEquals(200 * 2040.0, profile.pairs().get(0).bytes());
        assertEquals(2040.0, profile.pairs().get(0).averageBytes());
        assertEquals("n04", profile.processes().get(1).host());
    }

    /** jacobi_cuda (same directory, a second trace): one process and its CUDA stream, no MPI at all. */
    @Test
    void cudaOnlyTraceHasOneProcessAndNoEdges() throws Exception {
        TraceProfile profile = TraceInput.read(master("vt-jacobi-cpu", "jacobi_cuda.otf"), false);
        assertEquals(1, profile.processes().size());
        assertEquals(0, profile.pairs().size());
        assertEquals(1.0, profile.processes().get(0).computeFraction());
    }

    @Test
    void masterFilesAreRecognisedByContent() throws Exception {
        assertEquals(TraceFormat.OTF1, TraceFormat.locate(master("vt-md-mpi-cuda", "md_mpi_cuda.otf")).format());
        assertEquals(TraceFormat.OTF1, TraceFormat.locate(TestTraces.otf1("synth-z")).format());
    }
}
