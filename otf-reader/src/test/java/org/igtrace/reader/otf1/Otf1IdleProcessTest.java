package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.TraceReadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, item 2: a process that recorded nothing is a normal thing (a converter writes no stream
 * for it, a rank stopped before its first event), not damage. testdata/otf1/synth-idle
 * (make-synth-idle.sh) is the synthetic run with a fifth MPI process, "Process 4" (id 5, rank 4),
 * defined and in MPI_COMM_WORLD, that no stream lists. Read without --skip-missing or
 * --skip-damaged: rank 4 has T = 0 and a note says why; ranks 0-3 are the synthetic run's
 * (testdata/programs/synthetic-run.c: T = 940 us each; rank 1's second thread's 50-850 span lies inside
 * its wall-clock span, definitions section 3).
 */
class Otf1IdleProcessTest {
    private static final ReadOptions DEFAULT = new ReadOptions(false, 2);
    private static final AnalysisOptions WAITS = new AnalysisOptions(false, WaitMode.CORRECTED_CLOCKS);

    @TempDir
    Path dir;

    private Path copyOfSynthIdle() throws IOException {
        try (Stream<Path> files = Files.list(TestTraces.otf1("synth-idle"))) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        return dir.resolve("synth.otf");
    }

    private static void assertRunWithIdleRank4(TraceProfile profile, String why) {
        assertEquals(5, profile.processes().size());
        double[] expected = {940e-6, 940e-6, 940e-6, 940e-6, 0};
        for (int rank = 0; rank < 5; rank++) {
            assertEquals(expected[rank], profile.processes().get(rank).time(), 1e-12, "T of rank " + rank);
        }
        assertTrue(profile.notes().contains("1 process recorded no event (process 5 \"Process 4\": " + why + "): rank 4 has T = 0"),
                profile.notes().toString());
    }

    @Test
    void aProcessInNoStreamRecordedNothing() throws Exception {
        assertRunWithIdleRank4(TraceInput.read(TestTraces.otf1("synth-idle").resolve("synth.otf"), DEFAULT, WAITS),
                "synth.otf lists no stream for it");
    }

    @Test
    void aProcessWhoseStreamHoldsNoRecordOfItRecordedNothing() throws Exception {
        Path master = copyOfSynthIdle();
        Files.writeString(master, Files.readString(master).replace("4:4\n", "4:4,5\n")); // process 5 in stream 4, no record of it
        assertRunWithIdleRank4(TraceInput.read(master, DEFAULT, WAITS), "no record in synth.4.events");
    }

    /**
     * A stream may list any number of processes: process 5 listed 71st in stream 4 (after 69 threads of a
     * GPU stream, which are left out), with no record of it there, is the
     * same idle rank (the note once covered only a stream's first 63 processes).
     */
    @Test
    void aProcessListedLateInALongStreamRecordedNothing() throws Exception {
        Path master = copyOfSynthIdle();
        StringBuilder stream = new StringBuilder("4:4");
        for (int id = 0x1000; id < 0x1000 + 69; id++) {
            stream.append(',').append(Integer.toHexString(id));
        }
        Files.writeString(master, Files.readString(master).replace("4:4\n", stream + ",5\n"));
        StringBuilder processes = new StringBuilder();
        for (int id = 0x1000; id < 0x1000 + 69; id++) {
            processes.append("DP").append(Integer.toHexString(id)).append("NM\"helper ").append(id).append("\"PT200001\n");
        }
        Path defs = dir.resolve("synth.0.def");
        Files.writeString(defs, Files.readString(defs).replace("DP5NM", processes + "DP5NM"));
        assertRunWithIdleRank4(TraceInput.read(master, DEFAULT, WAITS), "no record in synth.4.events");
        Otf1TraceReader reader = Otf1TraceReader.open(master, DEFAULT, org.igtrace.reader.ReadProgress.NONE);
        long[] counts = reader.partReader().readParts(new TraceAccumulator(reader.definitions(), false), new int[] {3});
        assertEquals(List.of("1 process recorded no event (process 5 \"Process 4\": no record in synth.4.events): rank 4 has T = 0"),
                reader.notes(counts).stream().filter(n -> n.contains("recorded no event")).toList());
    }

    /** A master file cut after its third stream: process 4 and the thread are in no stream, but their streams' files are there. */
    @Test
    void aMasterFileCutShortIsStillAnErrorNamingIt() throws Exception {
        Path master = copyOfSynthIdle();
        Files.writeString(master, "1:1\n2:2\n3:3\n");
        String message = assertThrows(TraceReadException.class, () -> TraceInput.read(master, DEFAULT, WAITS)).getMessage();
        assertEquals(master + ": lists no stream for process 4 \"Process 3\", which synth.0.def defines, nor for synth.4.events"
                + " (the master file is damaged or truncated)", message);
    }

    /** Stream 4's file overwritten by stream 2's: it holds no record of process 4 but records of process 2. */
    @Test
    void anEventsFileOverwrittenByAnotherStreamsIsStillAnError() throws Exception {
        Path master = copyOfSynthIdle();
        Files.copy(dir.resolve("synth.2.events"), dir.resolve("synth.4.events"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        String message = assertThrows(TraceReadException.class, () -> TraceInput.read(master, DEFAULT, WAITS)).getMessage();
        assertEquals(dir.resolve("synth.4.events") + ": holds no record of process 4 \"Process 3\", which synth.otf puts in it"
                + " (the file holds records of processes of another stream: overwritten)", message);
    }

    @Test
    void partsReadElsewhereGiveTheSameNote() throws Exception {
        Path master = copyOfSynthIdle();
        Files.writeString(master, Files.readString(master).replace("4:4\n", "4:4,5\n"));
        Otf1TraceReader reader = Otf1TraceReader.open(master, DEFAULT, org.igtrace.reader.ReadProgress.NONE);
        long[] counts = reader.partReader().readParts(new TraceAccumulator(reader.definitions(), false), new int[] {3});
        assertEquals(List.of("1 process recorded no event (process 5 \"Process 4\": no record in synth.4.events): rank 4 has T = 0"),
                reader.notes(counts).stream().filter(n -> n.contains("recorded no event")).toList());
    }
}
