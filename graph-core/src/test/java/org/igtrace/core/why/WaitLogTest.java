package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.wait.MatchListener;
import org.junit.jupiter.api.Test;

/**
 * The waits go to the store, not the heap, and come back per waiter sorted by enter, then by the order the join
 * found them (join thread, then arrival): three join threads hand 100,000 waits each (more than a run of
 * {@link SortedRecords#CHUNK}, so each thread spills several runs) in random order with many equal enters; the
 * expected order is a plain sort of the same waits (arithmetic, not igtrace's output). A read by position
 * finds every wait, and the first wait entering at or after a time is the first one a linear scan finds.
 */
class WaitLogTest {
    private record Expected(int waiter, int cause, long enter, long ticks, long seq) {
    }

    @Test
    void theWaitsAreSpilledAndComeBackPerWaiterByEnterThenByJoinOrder() {
        int n = 7, threads = 3, each = 100_000;
        Random random = new Random(7);
        List<Expected> all = new ArrayList<>();
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            WaitLog log = new WaitLog(new long[n], store);
            List<MatchListener> listeners = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                listeners.add(log.forThread());
            }
            for (int t = 0; t < threads; t++) {
                for (int i = 0; i < each; i++) {
                    int w = random.nextInt(n), c = (w + 1 + random.nextInt(n - 1)) % n;
                    long enter = random.nextInt(5000) * 10L, ticks = 1 + random.nextInt(40);
                    listeners.get(t).callWait(w, c, enter, ticks);
                    all.add(new Expected(w, c, enter, ticks, ((long) t << 32) + i));
                }
            }
            log.joined();
            // every wait is in the store's table, 8 fields (the waiter, its group, is not kept) each as its difference from
            // the wait before: under a quarter of the 64 bytes the fields took as longs (here enters 0-10 ticks apart, causes
            // under 7, ticks under 41: a byte each, the join's order number up to 6 bytes; 10.5 bytes a wait); the runs it
            // was sorted in were released as the table was made from them
            long bytes = store.memoryBytes();
            assertTrue(bytes > 8L * threads * each && bytes < 16L * threads * each, bytes + " bytes in the store");
            assertEquals(threads * each, log.size());
            all.sort(Comparator.comparingInt(Expected::waiter).thenComparingLong(Expected::enter).thenComparingLong(Expected::seq));
            int at = 0;
            for (int w = 0; w < n; w++) {
                WaitLog.Waits mine = log.ofWaiter(w);
                for (int k = 0; k < mine.size(); k++) {
                    Expected e = all.get(at++);
                    assertEquals(e.waiter(), w);
                    assertEquals(e.enter(), mine.enter(k));
                    assertEquals(e.seq(), mine.seq(k));
                    assertEquals(e.cause(), mine.cause(k));
                    assertEquals(e.ticks(), mine.ticks(k));
                    assertEquals(e.enter() + e.ticks(), mine.end(k));
                }
                for (long t = -5; t < 50_010; t += 997) {
                    int first = 0;
                    while (first < mine.size() && mine.enter(first) < t) {
                        first++;
                    }
                    assertEquals(first, mine.lowerBound(t), "waiter " + w + " at " + t);
                }
            }
            assertEquals(all.size(), at);
        }
    }
}
