package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.TreeMap;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/**
 * {@link RunningTotals} (running totals per region, the intervals streamed by start and by end) gives each interval
 * the compute per region that {@link SliceQueries#answer} (the slices an interval overlaps, one by one) gives: random
 * nested regions and MPI calls, random intervals reaching over many slices, some outside the span, some empty, some
 * starting together, with a clock offset; read whole, it also gives the process's totals {@link WhatIf#totals} gives.
 */
class SliceQueriesTest {
    @Test
    void runningTotalsGiveWhatTheOverlapsGive() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        int init = b.addRegion("MPI_Init", true), fin = b.addRegion("MPI_Finalize", true), send = b.addRegion("MPI_Send", true);
        int[] user = {b.addRegion("main", false), b.addRegion("solve", false), b.addRegion("pack", false)};
        TraceDefinitions d = b.build();
        Random random = new Random(42);
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = new RegionSlices(d, store);
            LocationEvents l = slices.location(0, 0);
            long t = 5;
            l.enter(t, init);
            l.leave(t += 3, init);
            int depth = 0;
            int[] stack = new int[8];
            for (int k = 0; k < 8_000; k++) {
                t += 1 + random.nextInt(20);
                int what = random.nextInt(3);
                if (what == 0 && depth < stack.length) {
                    stack[depth] = user[random.nextInt(user.length)];
                    l.enter(t, stack[depth++]);
                } else if (what == 1 && depth > 0) {
                    l.leave(t, stack[--depth]);
                } else {
                    l.enter(t, send);
                    l.leave(t += random.nextInt(10), send);
                }
            }
            while (depth > 0) {
                l.leave(t += 2, stack[--depth]);
            }
            l.enter(t += 4, fin);
            long lastEvent = t + 1;
            l.leave(lastEvent, fin);
            slices.finish();
            long offset = 1000, end = t + offset;
            int n = 1500;
            long[] from = new long[n], to = new long[n];
            for (int i = 0; i < n; i++) {
                from[i] = random.nextLong(end + 2000) - 1000;
                if (i % 5 == 4) {
                    from[i] = from[i - 1]; // intervals starting together (RunningTotals shares their totals)
                }
                to[i] = from[i] + (i % 7 == 0 ? 0 : random.nextLong(i % 3 == 0 ? end : 500));
            }
            int[] order = SliceQueries.byStart(from, to);
            long[] f = new long[n], e = new long[n];
            for (int i = 0; i < n; i++) {
                f[i] = from[order[i]];
                e[i] = to[order[i]];
            }
            TreeMap<Long, Long> expected = new TreeMap<>();
            SliceQueries.answer(slices, 0, offset, f, e, (q, region, top, mpi, ticks) -> {
                if (!mpi) {
                    expected.merge((long) q * 16 + region + 1, ticks, Long::sum);
                }
            });
            assertEquals(true, expected.size() > n, "intervals with compute: " + expected.size());
            // the same with the intervals streamed, once by start and once by end
            TreeMap<Long, Long> streamed = new TreeMap<>();
            Integer[] byEnd = new Integer[n];
            for (int i = 0; i < n; i++) {
                byEnd[i] = i;
            }
            java.util.Arrays.sort(byEnd, (x, y) -> Long.compare(e[x], e[y]));
            Listed starts = new Listed(f, e, null), ends = new Listed(f, e, byEnd);
            long[] whole = RunningTotals.compute(slices, 0, offset, starts, ends, (ended, region, ticks) ->
                    streamed.merge((long) ends.index() * 16 + region + 1, ticks, Long::sum), true);
            assertEquals(expected, streamed);
            // read whole, the pass also gives the process's compute per region in its span, as WhatIf.totals reads it
            assertEquals(java.util.Arrays.toString(WhatIf.totals(slices)[0]), java.util.Arrays.toString(whole));
            // both read the slices outside MPI alone: their totals are the whole stream's slices outside MPI in the span
            long[] all = new long[whole.length];
            SliceCursor c = slices.cursor(0);
            while (c.next()) {
                long overlap = Math.min(c.to, slices.end(0)) - Math.max(c.from, slices.start(0));
                if (!c.mpi && overlap > 0) {
                    all[c.region + 1] += overlap;
                }
            }
            assertEquals(java.util.Arrays.toString(all), java.util.Arrays.toString(whole));
            // the compute over every slice from the first event (5) to the last (the MPI_Finalize's leave), as diff takes it
            long[] everywhere = new long[whole.length];
            c = slices.cursor(0);
            while (c.next()) {
                long overlap = Math.min(c.to, lastEvent) - Math.max(c.from, 5);
                if (!c.mpi && !c.off && overlap > 0) {
                    everywhere[c.region + 1] += overlap;
                }
            }
            assertEquals(true, everywhere[user[0] + 1] > 0);
            assertEquals(java.util.Arrays.toString(everywhere), java.util.Arrays.toString(slices.computeEverywhere()[0]));
            assertEquals(true, whole[user[1] + 1] > 0);
            // also when the intervals end early: the rest of the slices is read for the totals alone
            long[] early = RunningTotals.compute(slices, 0, offset, new Listed(new long[] {f[0]}, new long[] {f[0] + 1}, null),
                    new Listed(new long[] {f[0]}, new long[] {f[0] + 1}, null), (ended, region, ticks) -> { }, true);
            assertEquals(java.util.Arrays.toString(whole), java.util.Arrays.toString(early));
        }
    }

    /** Intervals in array order, or in the order of {@code order}. */
    private static final class Listed implements RunningTotals.Source {
        private final long[] from;
        private final long[] to;
        private final Integer[] order;
        private int at = -1;

        Listed(long[] from, long[] to, Integer[] order) {
            this.from = from;
            this.to = to;
            this.order = order;
        }

        int index() {
            return order == null ? at : order[at];
        }

        @Override
        public boolean next() {
            return ++at < from.length;
        }

        @Override
        public long from() {
            return from[index()];
        }

        @Override
        public long to() {
            return to[index()];
        }
    }
}
