package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.TraceSource;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.otf1.Otf1TraceReader;
import org.igtrace.reader.otf2.Otf2TraceReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 15's "same answers": on every trace in testdata/, the one-pass analysis (each location
 * read on its own, records joined by sequence number) gives every number of definitions section 8 that
 * the merged replay of before (all locations merged in time order, {@link ReferenceEventMatcher})
 * gives: matched messages, unmatched per edge, conflicts before and after, offsets, the drift
 * verdict, every wait pattern per process and per pair, collective instances, notes. Times within
 * 1e-9 s, counts exactly; with clocks corrected and raw, on 1 and 2 threads, with every record in
 * memory and with every record spilled to a temporary file. Isolated: the memory budget is the
 * system property igtrace.records.memory, set here around each read, so no other test may read
 * at the same time.
 */
@Isolated
class OnePassMatchesMergedReplayTest {

    /** The skewed copies of testdata/skew the default run reads: drift, a large and a small shift, one-way messages. */
    private static final List<String> SKEWED = List.of("jacobi-drift-100ppm", "lsb-rank1-minus-1s", "pingpong-rank1-plus-1ms",
            "oneway-star-rank3-plus-1s");

    /** The default run's traces: the representative OTF2 archives, four skewed copies, every OTF trace. */
    static List<Path> traces() throws Exception {
        List<Path> all = new ArrayList<>(TestTraces.representativeOtf2());
        for (String name : SKEWED) {
            all.add(TestTraces.dir().resolve("skew").resolve(name));
        }
        all.add(TestTraces.otf1("synth-plain").resolve("synth.otf"));
        all.add(TestTraces.otf1("synth-long").resolve("synth.otf"));
        all.add(TestTraces.otf1("synth-z").resolve("synth.otf"));
        all.add(TestTraces.otf1("vt-md-mpi-cuda").resolve("md_mpi_cuda.otf"));
        all.add(TestTraces.otf1("vt-jacobi-cpu").resolve("jacobi_mpi+cuda.otf"));
        all.add(TestTraces.otf1("vt-jacobi-cpu").resolve("jacobi_cuda.otf"));
        all.add(TestTraces.dir().resolve("waitall")); // MPI_Waitall completing several receives (one call waits once)
        all.add(TestTraces.dir().resolve("halo")); // receives posted by MPI_Irecv (late receiver from the post)
        all.add(TestTraces.dir().resolve("probe")); // a blocking probe and the receive after it: one call
        return all;
    }

    /** Every other trace in testdata/: the other OTF2 archives and skewed copies (tag slow). */
    static List<Path> otherTraces() throws Exception {
        List<Path> all = new ArrayList<>(TestTraces.otherOtf2());
        try (Stream<Path> skewed = Files.list(TestTraces.dir().resolve("skew"))) {
            skewed.filter(Files::isDirectory).filter(d -> !SKEWED.contains(d.getFileName().toString())).sorted().forEach(all::add);
        }
        return all;
    }

    private static TraceSource<?> open(Path trace) throws Exception {
        TraceFormat.Located located = TraceFormat.locate(trace);
        ReadOptions options = new ReadOptions(false, 1);
        return located.format() == TraceFormat.OTF2 ? Otf2TraceReader.open(located.file(), options, ReadProgress.NONE)
                : Otf1TraceReader.open(located.file(), options, ReadProgress.NONE);
    }

    @Tag("slow")
    @ParameterizedTest
    @MethodSource("otherTraces")
    void sameNumbersAsTheMergedReplayOnOtherTraces(Path trace) throws Exception {
        sameNumbersAsTheMergedReplay(trace);
    }

    @Tag("slow")
    @ParameterizedTest
    @MethodSource("traces")
    void sameNumbersAsTheMergedReplay(Path trace) throws Exception {
        TraceSource<?> source = open(trace);
        TraceDefinitions definitions = source.definitions();
        MergedReplay events = MergedReplay.of(source);
        for (boolean correct : new boolean[] {true, false}) {
            WaitReport reference = ReferenceWaitAnalysis.analyse(definitions, correct, events::replay);
            WaitMode mode = correct ? WaitMode.CORRECTED_CLOCKS : WaitMode.RAW_CLOCKS;
            for (int threads : new int[] {1, 2}) {
                for (String budget : new String[] {"64", "0"}) {
                    System.setProperty("igtrace.records.memory", budget);
                    try {
                        TraceProfile profile = TraceInput.read(trace, new ReadOptions(false, threads), new AnalysisOptions(false, mode));
                        // the reference capped as the profile caps its own: a process's threads waiting at once wait at most its
                        // Tcomm_i (definitions section 3; multiple-2's rank 0)
                        assertSame(profile.withWaits(reference).waits(), profile.waits(), trace + (correct ? " corrected" : " raw") + ", " + threads
                                + " threads, budget " + budget + " MB");
                    } finally {
                        System.clearProperty("igtrace.records.memory");
                    }
                }
            }
        }
    }

    static void assertSame(WaitReport expected, WaitReport actual, String what) {
        assertEquals(expected.corrected(), actual.corrected(), what);
        assertEquals(expected.settled(), actual.settled(), what + ": drift verdict");
        assertEquals(expected.matchedMessages(), actual.matchedMessages(), what + ": matched messages");
        assertEquals(expected.unmatched(), actual.unmatched(), what + ": unmatched per edge");
        assertEquals(expected.conflictsBefore(), actual.conflictsBefore(), what + ": conflicts before");
        assertEquals(expected.conflictsAfter(), actual.conflictsAfter(), what + ": conflicts after");
        assertEquals(expected.collectives(), actual.collectives(), what + ": collective instances");
        assertEquals(expected.collectivesIncomplete(), actual.collectivesIncomplete(), what + ": incomplete instances");
        assertEquals(expected.offsets().length, actual.offsets().length, what);
        for (int p = 0; p < expected.offsets().length; p++) {
            assertEquals(expected.offset(p), actual.offset(p), 1e-9, what + ": offset of " + p);
            for (WaitPattern pattern : WaitPattern.values()) {
                assertEquals(expected.seconds(pattern, p), actual.seconds(pattern, p), 1e-9, what + ": " + pattern + " of " + p);
            }
        }
        assertEquals(expected.pairs().size(), actual.pairs().size(), what + ": pairs that waited");
        for (int i = 0; i < expected.pairs().size(); i++) {
            WaitReport.PairWait e = expected.pairs().get(i), a = actual.pairs().get(i);
            assertTrue(e.a() == a.a() && e.b() == a.b(), what + ": pair " + e + " vs " + a);
            assertEquals(e.seconds(), a.seconds(), 1e-9, what + ": wait of pair " + e);
        }
        assertEquals(expected.notes(), actual.notes(), what + ": notes");
        assertEquals(expected.diagnostics(), actual.diagnostics(), what + ": diagnostics");
    }
}
