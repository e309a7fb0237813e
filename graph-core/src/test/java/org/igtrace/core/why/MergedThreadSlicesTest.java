package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.igtrace.core.replay.ActivityRecorder;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/**
 * A process whose threads take turns in MPI is stood by its replayed thread's slices with the other thread's calls in
 * them (definitions section 9): while the worker is in MPI_Send [40, 50], the process is in that call, not in the
 * master's `main`. Rank 0: master main [0, 100] with MPI_Send [70, 80] (tag 0); worker MPI_Send [40, 50] (tag 1).
 * Rank 1: main [0, 100] with two MPI_Recv.
 */
class MergedThreadSlicesTest {
    // Regions: 0 MPI_Send, 1 MPI_Recv, 2 main.
    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1e6);
        b.addProcess("P0", null);
        b.addProcess("P1", null);
        b.addRegion("MPI_Send", false);
        b.addRegion("MPI_Recv", false);
        b.addRegion("main", false);
        b.addCommunicator(new int[] {0, 1});
        BitSet several = new BitSet();
        several.set(0);
        return b.build().withSeveralThreads(several);
    }

    /** Both sinks fed the same events, location by location. */
    private static void feed(List<LocationSink> sinks) {
        for (LocationSink sink : sinks) {
            LocationEvents master = sink.location(0, 0), worker = sink.location(0, 1), other = sink.location(1, 2);
            master.enter(0, 2);
            master.enter(70, 0);
            master.send(70, 1, 0, 0, 8);
            master.leave(80, 0);
            master.leave(100, 2);
            master.end();
            worker.enter(40, 0);
            worker.send(40, 1, 0, 1, 8);
            worker.leave(50, 0);
            worker.end();
            other.enter(0, 2);
            for (int tag = 1; tag >= 0; tag--) {
                long at = tag == 1 ? 45 : 75;
                other.enter(at, 1);
                other.receive(at + 5, 0, 0, tag, 8);
                other.leave(at + 10, 1);
            }
            other.leave(100, 2);
            other.end();
        }
    }

    @Test
    void theOtherThreadsCallIsTheProcesssTime() {
        TraceDefinitions d = definitions();
        ActivityRecorder recorder = new ActivityRecorder(d);
        RegionSlices slices = new RegionSlices(d, new MemoryRecordBlocks());
        feed(List.of(recorder, slices));
        RecordedRun run = recorder.recorded();
        slices.follow(run.replayedOrders(), recorder);
        assertEquals(List.of("0-40 main", "40-50 mpi MPI_Send", "50-70 main", "70-80 mpi MPI_Send", "80-100 main"), slices(slices));
    }

    /** The same without a replay (graph's and map's path weights, diff): the threads' events alone are kept. */
    @Test
    void soWithoutAReplay() {
        TraceDefinitions d = definitions();
        ActivityRecorder threads = ActivityRecorder.threadsOnly(d, new MemoryRecordBlocks());
        RegionSlices slices = new RegionSlices(d, new MemoryRecordBlocks());
        feed(List.of(threads, slices));
        threads.recorded();
        slices.follow(null, threads);
        assertEquals(List.of("0-40 main", "40-50 mpi MPI_Send", "50-70 main", "70-80 mpi MPI_Send", "80-100 main"), slices(slices));
        assertEquals(List.of("0-45 main", "45-55 mpi MPI_Recv", "55-75 main", "75-85 mpi MPI_Recv", "85-100 main"), slices(slices, 1));
    }

    private static List<String> slices(RegionSlices slices) {
        return slices(slices, 0);
    }

    private static List<String> slices(RegionSlices slices, int process) {
        List<String> got = new ArrayList<>();
        SliceCursor c = slices.cursor(process);
        while (c.next()) {
            got.add(c.from + "-" + c.to + (c.mpi ? " mpi " : " ") + slices.name(c.region));
        }
        return got;
    }
}
