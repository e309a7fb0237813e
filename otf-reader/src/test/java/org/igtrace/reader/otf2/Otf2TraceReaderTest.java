package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reads the real traces in testdata/otf2 through the real libotf2. Isolated: a test sets the
 * system property igtrace.otf2.batch for its reads, so no other test may read at the same time.
 */
@Isolated
class Otf2TraceReaderTest {

    /** The default run's archives; each test over them has a slow twin over {@link #otherTraces()}. */
    static Stream<Path> representativeTraces() {
        return TestTraces.representativeOtf2().stream();
    }

    static Stream<Path> otherTraces() throws Exception {
        return TestTraces.otherOtf2().stream();
    }

    private static TraceProfile read(Path dir) throws Exception {
        return TraceInput.read(TraceFormat.locate(dir).file(), false);
    }

    /**
     * The patterns program's point-to-point traffic by design (see its header), as EZTrace records
     * it: MPI_Sendrecv (phase C) leaves no message events, so only phases A, B and D appear.
     * A: r -> r+1 (mod n), 3 x 1000 bytes. B: r -> r xor 1, 2 x 2000 bytes (Isend).
     * D: sub-communicator of equal parity, sub-rank s -> s+1, 1 x 4000 bytes = world r -> r+2 (mod n).
     */
    private static Map<List<Integer>, long[]> patternsByDesign(int n) {
        Map<List<Integer>, long[]> pairs = new HashMap<>();
        for (int r = 0; r < n; r++) {
            add(pairs, r, (r + 1) % n, 3 * 1000, 3);
            add(pairs, r, r ^ 1, 2 * 2000, 2);
            add(pairs, r, (r + 2) % n, 4000, 1);
        }
        return pairs;
    }

    private static void add(Map<List<Integer>, long[]> pairs, int from, int to, long bytes, long messages) {
        long[] p = pairs.computeIfAbsent(List.of(Math.min(from, to), Math.max(from, to)), k -> new long[2]);
        p[0] += bytes;
        p[1] += messages;
    }

    private static Map<List<Integer>, long[]> asMap(TraceProfile profile) {
        Map<List<Integer>, long[]> pairs = new HashMap<>();
        for (PairTraffic p : profile.pairs()) {
            pairs.put(List.of(p.a(), p.b()), new long[] {(long) p.bytes(), p.messages()});
        }
        return pairs;
    }

    private static void assertSamePairs(Map<List<Integer>, long[]> expected, Map<List<Integer>, long[]> actual, String what) {
        assertEquals(expected.keySet(), actual.keySet(), what + ": the same pairs");
        expected.forEach((pair, e) -> {
            assertEquals(e[0], actual.get(pair)[0], what + ": bytes of " + pair);
            assertEquals(e[1], actual.get(pair)[1], what + ": messages of " + pair);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void patternsProgramTrafficMatchesItsDesign(int ranks) throws Exception {
        TraceProfile profile = read(TestTraces.otf2("patterns-" + ranks));
        assertEquals(ranks, profile.processes().size());
        for (int r = 0; r < ranks; r++) {
            assertEquals(r, profile.processes().get(r).rank());
            assertEquals("P#" + r, profile.processes().get(r).name());
        }
        assertSamePairs(patternsByDesign(ranks), asMap(profile), "patterns-" + ranks);
        // 3n ring + 2n Isend + n sub-communicator messages
        assertEquals(6L * ranks, profile.messages());
        // EZTrace writes no MpiIrecv completion: the 2n Isends have no receive event; n silent Sendrecvs.
        assertTrue(profile.notes().contains(2 * ranks + " sent messages have no receive event (counted from the send side)"), profile.notes().toString());
        assertTrue(profile.notes().contains(ranks + " MPI_Sendrecv calls recorded no message events: their traffic is not in the graph"), profile.notes().toString());
    }

    @Test
    void sendsOnSubCommunicatorCountTowardsWorldRanks() throws Exception {
        // On 8 ranks, world pairs {r, r+2 mod 8} carry only phase D, sent on the MPI_Comm_split
        // communicator (sub-communicators of size 4) as sub-rank s -> s+1: one message of 4000 bytes each.
        TraceProfile profile = read(TestTraces.otf2("patterns-8"));
        Map<List<Integer>, long[]> pairs = asMap(profile);
        for (int r = 0; r < 8; r++) {
            long[] p = pairs.get(List.of(Math.min(r, (r + 2) % 8), Math.max(r, (r + 2) % 8)));
            assertEquals(4000, p[0], "bytes between " + r + " and " + (r + 2) % 8);
            assertEquals(1, p[1], "messages between " + r + " and " + (r + 2) % 8);
        }
        // {0,1}: A 0->1 3 x 1000, B both ways 2 x 2000 each = 11000. Had the raw sub-communicator rank
        // been taken as a world rank, world 0's D message to sub-rank 1 would land here too (+4000).
        assertEquals(3 * 1000 + 2 * 2 * 2000, pairs.get(List.of(0, 1))[0]);
    }

    @Test
    void piProgramSendsOneDoubleFromEveryRankToRankZero() throws Exception {
        TraceProfile profile = read(TestTraces.otf2("pi-8"));
        assertEquals(7, profile.pairs().size());
        for (PairTraffic p : profile.pairs()) {
            assertEquals(0, p.a());
            assertEquals(8.0, p.bytes(), 0);
            assertEquals(1, p.messages());
        }
    }

    @Test
    void jacobiProgramExchangesHalosBetweenRowNeighbours() throws Exception {
        // 50 iterations, one row of 256 doubles (2048 bytes) each way per neighbour pair.
        TraceProfile profile = read(TestTraces.otf2("jacobi-4"));
        assertEquals(List.of(new PairTraffic(0, 1, 100 * 2048, 100), new PairTraffic(1, 2, 100 * 2048, 100),
                new PairTraffic(2, 3, 100 * 2048, 100)), profile.pairs());
    }

    @Test
    void aTraceWithoutMessagesHasProcessesAndNoPairs() throws Exception {
        TraceProfile profile = read(TestTraces.otf2("quiet-4"));
        assertEquals(4, profile.processes().size());
        assertEquals(List.of(), profile.pairs());
        assertEquals(0, profile.messages());
        for (ProcessProfile p : profile.processes()) {
            assertTrue(p.time() > 0, "every rank computed");
        }
    }

    @Test
    void scorepJacobiFoldsThreadsAndIgnoresCudaStreams() throws Exception {
        // otf2-print -G: 2 processes, each with 4 CPU threads and 1 CUDA stream; 2000 MPI_SEND events.
        TraceProfile profile = read(TestTraces.otf2("scorep-jacobi-2nodes"));
        assertEquals(2, profile.processes().size());
        assertEquals("nid03473", profile.processes().get(0).host());
        assertEquals("nid03474", profile.processes().get(1).host());
        assertEquals(2000, profile.messages());
        assertTrue(profile.notes().contains("2 locations that are not CPU threads of a process (GPU streams, metric locations) ignored"), profile.notes().toString());
    }

    @Tag("slow")
    @ParameterizedTest
    @MethodSource("otherTraces")
    void everyOtherTraceMatchesOtf2Print(Path dir) throws Exception {
        everyTraceMatchesOtf2Print(dir);
    }

    @ParameterizedTest
    @MethodSource("representativeTraces")
    void everyTraceMatchesOtf2Print(Path dir) throws Exception {
        Path anchor = TraceFormat.locate(dir).file();
        Otf2PrintOracle oracle = Otf2PrintOracle.of(anchor);
        TraceProfile profile = TraceInput.read(anchor, false);
        assertEquals(oracle.processes, profile.processes().size(), "processes");
        assertSamePairs(oracle.pairs(), asMap(profile), dir.getFileName().toString());
        for (int r = 0; r < oracle.processes; r++) {
            ProcessProfile p = profile.processes().get(r);
            // libotf2 applies the recorded clock offsets when reading; otf2-print's spans may differ by
            // the clock correction's drift term, far below a microsecond per second.
            assertEquals(oracle.time[r], p.time(), 1e-6 * Math.max(1, oracle.time[r]) + 2.0 / oracle.ticksPerSecond, "T of rank " + r);
            assertEquals(oracle.commTime[r], p.commTime(), 1e-6 * Math.max(1, oracle.commTime[r]) + 2.0 / oracle.ticksPerSecond, "Tcomm of rank " + r);
        }
    }

    /**
     * Events come through the C shim in batches, and locations are read on several threads; neither
     * may change the profile. A batch of one record makes libotf2 pause after every event.
     */
    @Tag("slow")
    @ParameterizedTest
    @MethodSource("otherTraces")
    void batchSizeAndThreadsDoNotChangeTheProfileOfOtherTraces(Path dir) throws Exception {
        batchSizeAndThreadsDoNotChangeTheProfile(dir);
    }

    /**
     * Also the locations one native reader selects (igtrace.otf2.locationsPerReader: libotf2's
     * lookups over an archive's selected locations are linear, so a 100,000-rank trace is read in
     * runs of 1024 locations per reader): runs of one or two locations, each with a fresh reader
     * (the readers opened are counted), give the profile one reader gives.
     */
    @ParameterizedTest
    @MethodSource("representativeTraces")
    void batchSizeAndThreadsDoNotChangeTheProfile(Path dir) throws Exception {
        Path anchor = TraceFormat.locate(dir).file();
        TraceProfile reference = TraceInput.read(anchor, new ReadOptions(false, 1), AnalysisOptions.profile(true));
        for (int[] read : new int[][] {{1, 1, 1024}, {3, 2, 2}, {7, 3, 1024}, {8192, 1, 1}}) {
            System.setProperty("igtrace.otf2.batch", Integer.toString(read[0]));
            System.setProperty("igtrace.otf2.locationsPerReader", Integer.toString(read[2]));
            try {
                long readers = org.igtrace.reader.otf2.nativelib.Otf2Archive.readersOpened();
                TraceProfile profile = TraceInput.read(anchor, new ReadOptions(false, read[1]), AnalysisOptions.profile(true));
                String what = "batch " + read[0] + ", threads " + read[1] + ", locations per reader " + read[2];
                assertEquals(reference, profile, what);
                if (read[2] == 1) { // a reader per location that has events, beside the definitions' and the check's
                    long locations = profile.processes().size();
                    assertTrue(org.igtrace.reader.otf2.nativelib.Otf2Archive.readersOpened() - readers >= locations, what);
                }
            } finally {
                System.clearProperty("igtrace.otf2.batch");
                System.clearProperty("igtrace.otf2.locationsPerReader");
            }
        }
    }

    /**
     * With the later readers held back until those started have read 1,000 events ({@link WarmUpGate}, on
     * traces of any size here), on one thread more than the cores: the profile one thread gives, and before 1,000
     * events were reported no more threads reported any than {@link WarmUpGate#starting} (on two cores: one).
     */
    @ParameterizedTest
    @MethodSource("representativeTraces")
    void laterReadersHeldBackGiveTheSameProfile(Path dir) throws Exception {
        Path anchor = TraceFormat.locate(dir).file();
        TraceProfile reference = TraceInput.read(anchor, new ReadOptions(false, 1), AnalysisOptions.profile(true));
        System.setProperty("igtrace.otf2.warmUp", "1000");
        System.setProperty("igtrace.otf2.warmUpFrom", "0");
        try {
            long[] events = new long[1];
            java.util.Set<Thread> early = new java.util.HashSet<>(); // threads that reported before 1,000 events
            int threads = Runtime.getRuntime().availableProcessors() + 1; // more than start at once, where locations allow
            TraceProfile profile = TraceInput.read(anchor, new ReadOptions(false, threads), AnalysisOptions.profile(true), new ReadProgress() {
                @Override
                public void start(long total, String unit) {
                }

                @Override
                public synchronized void advance(long done) {
                    if (events[0] < 1000) {
                        early.add(Thread.currentThread());
                    }
                    events[0] += done;
                }
            });
            assertEquals(reference, profile);
            assertTrue(early.size() <= WarmUpGate.starting(threads), early.size() + " threads read before 1,000 events were read");
        } finally {
            System.clearProperty("igtrace.otf2.warmUp");
            System.clearProperty("igtrace.otf2.warmUpFrom");
        }
    }

    /**
     * Without --threads a small archive (8 event files of about 1 KiB, far below 4 MiB) is read on
     * one thread: each thread's own libotf2 reader costs more than it saves. --threads wins.
     */
    @Test
    void aSmallArchiveIsReadOnOneThreadUnlessToldOtherwise() throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.otf2("patterns-8")).file();
        assertEquals(1, Otf2TraceReader.open(anchor, new ReadOptions(false, 0), ReadProgress.NONE).threads());
        assertEquals(3, Otf2TraceReader.open(anchor, new ReadOptions(false, 3), ReadProgress.NONE).threads());
    }

    /**
     * Progress starts with the events the definitions announce and ends having counted every event
     * of the locations read, as otf2-print counts them.
     */
    @Tag("slow")
    @ParameterizedTest
    @MethodSource("otherTraces")
    void progressCountsTheAnnouncedEventsOfOtherTraces(Path dir) throws Exception {
        progressCountsTheAnnouncedEvents(dir);
    }

    @ParameterizedTest
    @MethodSource("representativeTraces")
    void progressCountsTheAnnouncedEvents(Path dir) throws Exception {
        Path anchor = TraceFormat.locate(dir).file();
        long[] totalAndDone = new long[2];
        TraceInput.read(anchor, new ReadOptions(false, 2), AnalysisOptions.PROFILE, new ReadProgress() {
            @Override
            public void start(long total, String unit) {
                assertEquals("events", unit);
                totalAndDone[0] = total;
            }

            @Override
            public synchronized void advance(long done) {
                totalAndDone[1] += done;
            }
        });
        assertEquals(Otf2PrintOracle.of(anchor).events, totalAndDone[1], "events read, as otf2-print counts them");
        // The total is what the definitions announce (otf2-print -G's "# Events" of each location read): EZTrace 2.0
        // writes 2 for every location (the bar then shows a count only), CASITA's rewrite of a Score-P run keeps the
        // original's counts beside the metric events it adds; Score-P and libotf2's writer count them all.
        assertEquals(Otf2PrintOracle.of(anchor).announcedEvents, totalAndDone[0], "events announced by the definitions");
        String name = dir.getFileName().toString();
        if (name.startsWith("scorep") || name.startsWith("synth")) {
            assertEquals(totalAndDone[1], totalAndDone[0], "events announced by the definitions, and read");
        }
    }

    /**
     * Score-P writes a self-like communicator as a group of type COMM_SELF with no member (scorep-sst-macro-10: 400
     * collective events on communicator 6 and 80 on 7, both of group 6, by otf2-print): each location is its only
     * member, so its collectives there are no disagreement between the definitions and the events, which the note on
     * collectives of non-members named (480 of them).
     */
    @Test
    void collectivesOnASelfCommunicatorAreNoNonMembers() throws Exception {
        TraceProfile profile = TraceInput.read(TraceFormat.locate(TestTraces.otf2("scorep-sst-macro-10")).file(),
                new ReadOptions(false, 2), new AnalysisOptions(false, org.igtrace.core.pipeline.WaitMode.CORRECTED_CLOCKS));
        assertTrue(profile.notes().stream().noneMatch(n -> n.contains("whose definition does not list")), profile.notes().toString());
    }
}
