package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.igtrace.core.replay.ComputeScaling;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.wait.MatchListener;
import org.junit.jupiter.api.Test;

/**
 * The what-ifs replayed ahead of the causes ({@link WhatIfAhead}). Four processes compute in regions a and b and nothing
 * else: p0 a 100 ticks, b 30; p1 a 40, b 20; p2 a 40, b 30; p3 a 40, b 10. Region a's compute over all is 220, b's 90;
 * each process's compute 130, 60, 70, 50, so the median is 65 and only p0 and p2 are above it. The waits: p1 waited 5
 * ticks for p0, p2 50 for p1, p3 20 for p2 and p0 10 for p2, so the waiting each caused directly is 5, 50, 30, 0.
 */
class WhatIfAheadTest {
    private static final long[][] COMPUTE = {{100, 30}, {40, 20}, {40, 30}, {40, 10}};

    @Test
    void theLikelyWhatIfsAreTheRegionsByComputeThenTheRanksAboveTheMedianByTheWaitingTheyCaused() {
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = slices(store);
            long[][] totals = WhatIf.totals(slices);
            long[] caused = {5, 50, 30, 0};
            // p1 caused the most but computes below the median; p2 then p0; p3 caused nothing
            assertEquals(List.of("balance region a", "balance region b", "rank 2 at median compute", "rank 0 at median compute"),
                    new ArrayList<>(WhatIfAhead.likely(slices, totals, caused, 3).keySet()));
            assertEquals(List.of("balance region a", "rank 2 at median compute"),
                    new ArrayList<>(WhatIfAhead.likely(slices, totals, caused, 1).keySet()), "--top 1: one of each");
            assertEquals(List.of(), new ArrayList<>(WhatIfAhead.likely(slices, totals, caused, 0).keySet()), "--top 0: none");
            assertEquals(List.of("balance region a", "balance region b"),
                    new ArrayList<>(WhatIfAhead.likely(slices, totals, new long[4], 3).keySet()), "no waiting caused: no rank");
        }
    }

    @Test
    void theWaitLogAddsUpTheWaitingEachProcessCausedDirectly() {
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            WaitLog waits = waits(store);
            assertEquals(List.of(5L, 50L, 30L, 0L), List.of(waits.caused(0), waits.caused(1), waits.caused(2), waits.caused(3)));
        }
    }

    @Test
    void whatIfsTriedAmongThoseAheadTakeTheirReplaysFromThereInTheirOwnOrder() throws Exception {
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = slices(store);
            Replays replays = new Replays(false);
            WhatIfAhead ahead = WhatIfAhead.start(slices, waits(store), replays, 3);
            long[][] totals = WhatIf.totals(slices);
            Map<String, WhatIf> all = WhatIfAhead.likely(slices, totals, new long[] {5, 50, 30, 0}, 3);
            Map<String, WhatIf> tried = new LinkedHashMap<>();
            tried.put("rank 0 at median compute", all.get("rank 0 at median compute"));
            tried.put("balance region a", all.get("balance region a"));
            List<Prediction> got = ahead.predictions(tried, totals);
            // ahead: the unchanged run (100 s), then a (99), b (98), rank 2 (97), rank 0 (96)
            assertEquals(List.of(100.0, 96.0, 99.0), got.stream().map(Prediction::predictedRuntime).toList());
            assertEquals(List.of(4), replays.asked, "one replay ahead, of the four what-ifs, asked by the thread ahead");
            assertEquals(List.of(WhatIfAhead.THREAD), replays.threads);
            assertEquals(1, replays.calibrations, "the model started beside");
        }
    }

    @Test
    void aWhatIfNotAmongThoseAheadCancelsTheReplayAheadAndLeavesTheReplayToTheCaller() throws Exception {
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = slices(store);
            Replays replays = new Replays(true); // replays until cancelled
            WhatIfAhead ahead = WhatIfAhead.start(slices, waits(store), replays, 3);
            assertTrue(replays.entered.await(10, TimeUnit.SECONDS));
            long[][] totals = WhatIf.totals(slices);
            Map<String, WhatIf> tried = new LinkedHashMap<>(WhatIfAhead.likely(slices, totals, new long[] {5, 50, 30, 0}, 3));
            // a what-if the replay ahead did not make (rank 1 computes below the median: why never tries it; all that counts
            // here is that it changes a burst and is not among those ahead)
            tried.put("rank 1 at median compute", WhatIf.atMedian(new BurstRegions(slices), totals, 1));
            assertNull(ahead.predictions(tried, totals), "returns at once, without waiting for the replay ahead");
            assertTrue(replays.cancelled.await(10, TimeUnit.SECONDS), "the replay ahead saw the cancel");

            Replays other = new Replays(false);
            WhatIfAhead different = WhatIfAhead.start(slices, waits(store), other, 3);
            long[][] changed = WhatIf.totals(slices);
            changed[3][1]++;
            assertNull(different.predictions(new LinkedHashMap<>(), changed), "other totals: the what-ifs were made on others");
        }
    }

    @Test
    void aReplayAheadThatFailedLeavesTheReplayToTheCaller() {
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = slices(store);
            Why.Replays failing = changing -> {
                throw new IllegalStateException("replay failed");
            };
            WhatIfAhead ahead = WhatIfAhead.start(slices, waits(store), failing, 3);
            assertNull(ahead.predictions(new LinkedHashMap<>(), WhatIf.totals(slices)));
        }
    }

    @Test
    void aReplayAheadWhoseOnePassCannotGiveTheNumbersLeavesTheReplayToTheCaller() {
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = slices(store);
            Why.Replays none = new Why.Replays() {
                @Override
                public List<Prediction> predict(List<ComputeScaling> changing) {
                    throw new AssertionError("the replay ahead makes only its one pass");
                }

                @Override
                public List<Prediction> predictAhead(List<ComputeScaling> changing, BooleanSupplier cancelled) {
                    return null; // e.g. no first fit of the network, or the models let different calls through a cycle
                }
            };
            WhatIfAhead ahead = WhatIfAhead.start(slices, waits(store), none, 3);
            assertNull(ahead.predictions(new LinkedHashMap<>(), WhatIf.totals(slices)));
        }
    }

    /** Predictions 100 - k s for the k-th of the unchanged run and the what-ifs asked; with {@code untilCancelled}, replays until cancelled. */
    private static final class Replays implements Why.Replays {
        final List<Integer> asked = Collections.synchronizedList(new ArrayList<>());
        final List<String> threads = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch entered = new CountDownLatch(1), cancelled = new CountDownLatch(1);
        final boolean untilCancelled;
        volatile int calibrations;

        Replays(boolean untilCancelled) {
            this.untilCancelled = untilCancelled;
        }

        @Override
        public void calibrateBeside() {
            calibrations++;
        }

        @Override
        public List<Prediction> predict(List<ComputeScaling> changing) {
            return predictAhead(changing, () -> false);
        }

        @Override
        public List<Prediction> predictAhead(List<ComputeScaling> changing, BooleanSupplier stop) {
            asked.add(changing.size());
            threads.add(Thread.currentThread().getName());
            entered.countDown();
            if (untilCancelled) {
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (!stop.getAsBoolean() && System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                if (stop.getAsBoolean()) {
                    cancelled.countDown();
                }
                throw new CancellationException("replay cancelled");
            }
            List<Prediction> r = new ArrayList<>();
            for (int k = 0; k <= changing.size(); k++) {
                r.add(new Prediction(31.0, 100.0 - k, null, List.of(), List.of()));
            }
            return r;
        }
    }

    private static RegionSlices slices(MemoryRecordBlocks store) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < COMPUTE.length; p++) {
            b.addProcess("p" + p, null);
        }
        int a = b.addRegion("a", false), rb = b.addRegion("b", false);
        RegionSlices slices = new RegionSlices(b.build(), store);
        for (int p = 0; p < COMPUTE.length; p++) {
            LocationEvents l = slices.location(p, p);
            l.enter(0, a);
            l.leave(COMPUTE[p][0], a);
            l.enter(COMPUTE[p][0], rb);
            l.leave(COMPUTE[p][0] + COMPUTE[p][1], rb);
            l.end();
        }
        return slices.finish();
    }

    private static WaitLog waits(MemoryRecordBlocks store) {
        WaitLog waits = new WaitLog(new long[COMPUTE.length], store);
        MatchListener thread = waits.forThread();
        thread.callWait(1, 0, 0, 5);
        thread.callWait(2, 1, 0, 50);
        thread.callWait(3, 2, 0, 20);
        thread.callWait(0, 2, 0, 10);
        waits.joined();
        return waits;
    }
}
