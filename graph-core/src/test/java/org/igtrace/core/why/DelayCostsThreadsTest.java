package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.wait.MatchListener;
import org.junit.jupiter.api.Test;

/**
 * The delay costs with the slices read by two threads (the processes split in two blocks) are those of one thread:
 * 9 processes of random nested regions and MPI calls, 6,000 random waits among them handed by two join threads (ends
 * falling together, waits in waits' intervals, so that costs flow on), the split forced by a threshold of 0 slices.
 * Every cause, its cost to the last bit, each process's delay cost and the what-ifs' totals are compared.
 */
class DelayCostsThreadsTest {
    @Test
    void twoThreadsGiveWhatOneGives() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        int n = 9;
        for (int p = 0; p < n; p++) {
            b.addProcess("p" + p, null);
        }
        int init = b.addRegion("MPI_Init", true), fin = b.addRegion("MPI_Finalize", true), send = b.addRegion("MPI_Send", true);
        int[] user = {b.addRegion("main", false), b.addRegion("solve", false), b.addRegion("pack", false), b.addRegion("halo", false)};
        TraceDefinitions d = b.build();
        Random random = new Random(37);
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = new RegionSlices(d, store);
            long end = 0;
            for (int p = 0; p < n; p++) {
                end = Math.max(end, events(slices.location(p, p), random, init, fin, send, user, 2_000 + 500 * p));
            }
            slices.finish();
            WaitLog waits = new WaitLog(new long[n], store);
            MatchListener[] threads = {waits.forThread(), waits.forThread()};
            for (int k = 0; k < 6_000; k++) {
                int w = random.nextInt(n), c = (w + 1 + random.nextInt(n - 1)) % n;
                long enter = random.nextLong(end - 100) / 10 * 10; // many equal ends
                threads[k % 2].callWait(w, c, enter, 1 + random.nextInt(60));
            }
            waits.joined();
            long[][] oneTotals = new long[n][], twoTotals = new long[n][];
            DelayCosts one = DelayCosts.of(waits, slices, 0, oneTotals, Long.MAX_VALUE);
            DelayCosts two = DelayCosts.of(waits, slices, 0, twoTotals, 0);
            assertTrue(one.causes().size() > 2 * n, "causes: " + one.causes().size());
            assertEquals(one.causes(), two.causes());
            assertEquals(one.total(), two.total());
            for (int p = 0; p < n; p++) {
                assertEquals(one.ofProcess(p), two.ofProcess(p), "process " + p);
                assertArrayEquals(oneTotals[p], twoTotals[p], "totals of process " + p);
            }
        }
    }

    /**
     * The two threads share the work the pass does, not every process's slices: 9 processes of about as many slices
     * each, waits only among processes 0-3. Without totals wanted only those four are read, so the second thread starts
     * at process 2 or 3 (before: split by all nine processes' slices, at process 4 or 5, the second thread got at most one of
     * the four processes read); with totals wanted every process is read, and the rows of the five processes without
     * waits are filled by the threads, as {@link WhatIf#totals} gives them (before: left null for the caller to read).
     */
    @Test
    void theSplitFollowsTheWorkAndTheTotalsOfProcessesWithoutWaitsAreFilled() {
        int n = 9;
        Random random = new Random(41);
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            long[] last = new long[1];
            RegionSlices slices = nineProcesses(store, random, last);
            long end = last[0];
            WaitLog waits = new WaitLog(new long[n], store);
            MatchListener thread = waits.forThread();
            long[] intervalsOf = new long[n];
            for (int k = 0; k < 500; k++) {
                int w = random.nextInt(4), c = (w + 1 + random.nextInt(3)) % 4;
                thread.callWait(w, c, random.nextLong(end - 100), 1 + random.nextInt(60));
                intervalsOf[w]++;
                intervalsOf[c]++;
            }
            waits.joined();
            int split = DelayCosts.split(slices, 0, false, intervalsOf);
            assertTrue(split >= 2 && split <= 3, "split among the four processes read: " + split);
            assertTrue(DelayCosts.split(slices, 0, true, new long[n]) >= 4, "split by every process's slices");
            long[][] totals = new long[n][];
            DelayCosts.of(waits, slices, 0, totals, 0);
            long[][] whole = WhatIf.totals(slices);
            for (int p = 0; p < n; p++) {
                assertArrayEquals(whole[p], totals[p], "totals of process " + p);
            }
        }
    }

    /**
     * The split weighs a process's intervals beside its slices: 9 processes of about as many slices each (3,000 events:
     * at most 6,000 slices), 4,000 waits of processes 1-8 for process 0, so process 0 is on a side of every one (4,000
     * intervals, each weighed as {@value DelayCosts#SLICES_PER_INTERVAL} slices: 64,000) and each other process of about
     * 500 (8,000): the first block holds process 0 and at most one more (before, split by the slices alone: at process 4 or 5,
     * the first thread got process 0's intervals and half the slices). Both splits give the same costs.
     */
    @Test
    void theSplitWeighsEachProcesssIntervals() {
        int n = 9;
        Random random = new Random(43);
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            long[] last = new long[1];
            RegionSlices slices = nineProcesses(store, random, last);
            long end = last[0];
            WaitLog waits = new WaitLog(new long[n], store);
            MatchListener thread = waits.forThread();
            long[] intervalsOf = new long[n];
            for (int k = 0; k < 4_000; k++) {
                int w = 1 + random.nextInt(n - 1);
                thread.callWait(w, 0, random.nextLong(end - 100), 1 + random.nextInt(60));
                intervalsOf[w]++;
                intervalsOf[0]++;
            }
            waits.joined();
            int split = DelayCosts.split(slices, 0, true, intervalsOf);
            assertTrue(split >= 1 && split <= 2, "process 0's intervals weigh as much as the slices of several: " + split);
            long[][] oneTotals = new long[n][], twoTotals = new long[n][];
            DelayCosts one = DelayCosts.of(waits, slices, 0, oneTotals, Long.MAX_VALUE);
            DelayCosts two = DelayCosts.of(waits, slices, 0, twoTotals, 0);
            assertEquals(one.causes(), two.causes());
            for (int p = 0; p < n; p++) {
                assertEquals(one.ofProcess(p), two.ofProcess(p), "process " + p);
                assertArrayEquals(oneTotals[p], twoTotals[p], "totals of process " + p);
            }
        }
    }

    /**
     * The delay costs do not depend on which join thread found which task's waits, nor on the order the tasks were
     * taken in (the join takes the pairs before the communicators when it feeds a tap at a guess of the offsets): 3,000
     * random waits with many equal ends in 60 tasks of 50, fed once by one listener taking the tasks in order and once
     * by two, the tasks dealt out in a shuffled order. Every cause to the last bit, each process's delay cost and the
     * waits' numbers are the same (before, a wait's number was its thread's, then its place in that thread).
     */
    @Test
    void theTasksThreadsAndOrderDoNotChangeTheCosts() {
        int n = 9, tasks = 60, each = 50;
        Random random = new Random(47);
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            long[] last = new long[1];
            RegionSlices slices = nineProcesses(store, random, last);
            long end = last[0];
            long[][] waits = new long[tasks * each][];
            for (int k = 0; k < waits.length; k++) {
                int w = random.nextInt(n), c = (w + 1 + random.nextInt(n - 1)) % n;
                waits[k] = new long[] {w, c, random.nextLong(end - 100) / 10 * 10, 1 + random.nextInt(60)}; // many equal ends
            }
            WaitLog inOrder = new WaitLog(new long[n], store);
            MatchListener one = inOrder.forThread();
            for (int t = 0; t < tasks; t++) {
                feed(one, t, waits, each);
            }
            inOrder.joined();
            WaitLog dealt = new WaitLog(new long[n], store);
            MatchListener[] two = {dealt.forThread(), dealt.forThread()};
            java.util.List<Integer> order = new java.util.ArrayList<>();
            for (int t = 0; t < tasks; t++) {
                order.add(t);
            }
            java.util.Collections.shuffle(order, random);
            for (int i = 0; i < tasks; i++) {
                feed(two[random.nextInt(2)], order.get(i), waits, each);
            }
            dealt.joined();
            for (int p = 0; p < n; p++) {
                WaitLog.Waits a = inOrder.ofWaiter(p), b = dealt.ofWaiter(p);
                assertEquals(a.size(), b.size());
                for (int k = 0; k < a.size(); k++) {
                    assertEquals(a.seq(k), b.seq(k), "the number of process " + p + "'s wait " + k);
                }
            }
            DelayCosts first = DelayCosts.of(inOrder, slices, 0, null, Long.MAX_VALUE);
            DelayCosts second = DelayCosts.of(dealt, slices, 0, null, Long.MAX_VALUE);
            assertTrue(first.causes().size() > 2 * n, "causes: " + first.causes().size());
            assertEquals(first.causes(), second.causes());
            for (int p = 0; p < n; p++) {
                assertEquals(first.ofProcess(p), second.ofProcess(p), "process " + p);
            }
        }
    }

    private static void feed(MatchListener listener, int task, long[][] waits, int each) {
        listener.task(task);
        for (int k = task * each; k < (task + 1) * each; k++) {
            listener.callWait((int) waits[k][0], (int) waits[k][1], waits[k][2], waits[k][3]);
        }
    }

    /** 9 processes of 3,000 random events each (user regions main and solve), finished; their last time in {@code end[0]}. */
    private static RegionSlices nineProcesses(MemoryRecordBlocks store, Random random, long[] end) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < 9; p++) {
            b.addProcess("p" + p, null);
        }
        int init = b.addRegion("MPI_Init", true), fin = b.addRegion("MPI_Finalize", true), send = b.addRegion("MPI_Send", true);
        int[] user = {b.addRegion("main", false), b.addRegion("solve", false)};
        RegionSlices slices = new RegionSlices(b.build(), store);
        for (int p = 0; p < 9; p++) {
            end[0] = Math.max(end[0], events(slices.location(p, p), random, init, fin, send, user, 3_000));
        }
        return slices.finish();
    }

    /** Random nested user regions and MPI calls from MPI_Init to MPI_Finalize; returns the last time. */
    private static long events(LocationEvents l, Random random, int init, int fin, int send, int[] user, int count) {
        long t = 5 + random.nextInt(50);
        l.enter(t, init);
        l.leave(t += 3, init);
        int depth = 0;
        int[] stack = new int[8];
        for (int k = 0; k < count; k++) {
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
        l.leave(t + 1, fin);
        return t + 1;
    }

    /** A process's half: below the split the first (0), from it on the second (1), at the ends too (split 0 and n). */
    @Test
    void aProcessIsInTheFirstHalfBelowTheSplitAndInTheSecondFromIt() {
        int n = 5;
        for (int split = 0; split <= n; split++) {
            for (int p = 0; p < n; p++) {
                assertEquals(p < split ? 0 : 1, DelayCosts.half(p, split), "process " + p + ", split " + split);
            }
        }
        assertEquals(1, DelayCosts.half(Integer.MAX_VALUE - 1, 0));
        assertEquals(0, DelayCosts.half(Integer.MAX_VALUE - 1, Integer.MAX_VALUE));
    }
}
