package org.igtrace.core.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ArrowCandidates: the join's tasks split over two threads give the arrows one thread taking the
 * tasks in order gives, where the limit binds (the order matters).
 */
class ArrowCandidatesTest {
    // 16 columns of 10 ticks from tick 0: a quota of 8 x 2000 / 16 = 1000 arrows per column.
    private static final WaitsFrame FRAME = new WaitsFrame(8, 16, 8, 0, 10, 1, null, new long[8]);

    /** Task t is the pair (2t -> 2t+1): 600 messages sent at tick 5 (column 0), received in 600 different pixels, and one more in the last. */
    private static void task(ArrowCandidates c, int t) {
        c.task(t);
        for (int k = 0; k < 600; k++) {
            c.add(2 * t, 2 * t + 1, 5, 10L * k);
        }
        c.add(2 * t, 2 * t + 1, 5, 10L * 599 + 3);
    }

    @Test
    void twoThreadsKeepWhatOneKeeps() {
        ArrowCandidates one = new ArrowCandidates(FRAME);
        for (int t = 0; t < 4; t++) {
            task(one, t);
        }
        ArrowCandidates a = new ArrowCandidates(FRAME), b = new ArrowCandidates(FRAME);
        task(a, 0);
        task(b, 1);
        task(b, 2);
        task(a, 3);
        ArrowCandidates.Selected alone = ArrowCandidates.select(List.of(one), 16, t -> t);
        ArrowCandidates.Selected split = ArrowCandidates.select(List.of(a, b), 16, t -> t);
        // 2400 candidates, all in column 0 (below the 8000 kept before a column quota applies); 2000
        // drawn, spread over the four pairs: the first 500 of each (their 2-message pixel, the 600th, is not among them)
        assertEquals(2000, alone.arrows().size());
        for (int sender = 0; sender < 8; sender += 2) {
            int t = sender;
            assertEquals(500, alone.arrows().stream().filter(x -> x.sender() == t).count(), "pair " + t);
        }
        assertEquals(4 * 601 - 2000, alone.leftOut());
        assertEquals(alone, split);
    }

    /**
     * More columns hold candidates than arrows may be drawn (3000 columns, one message each, all
     * of pair 0 -> 1 in the first half and 1 -> 0 in the second): one arrow in each of 2000
     * columns evenly apart, so both halves of the run are drawn, 1000 each. Taking the first 2000
     * in task order drew the first two thirds of the run only.
     */
    @Test
    void beyondTheLimitTheArrowsSpreadOverTheWholeRun() {
        WaitsFrame frame = new WaitsFrame(2, 3000, 8, 0, 10, 1, null, new long[2]);
        ArrowCandidates c = new ArrowCandidates(frame);
        c.task(0);
        for (int k = 0; k < 1500; k++) {
            c.add(0, 1, 10L * k + 1, 10L * k + 2);
        }
        c.task(1);
        for (int k = 1500; k < 3000; k++) {
            c.add(1, 0, 10L * k + 1, 10L * k + 2);
        }
        ArrowCandidates.Selected s = ArrowCandidates.select(List.of(c), 3000, t -> t);
        assertEquals(2000, s.arrows().size());
        assertEquals(1000, s.arrows().stream().filter(x -> x.sender() == 0).count());
        assertEquals(1000, s.arrows().stream().filter(x -> x.sender() == 1).count());
        assertEquals(1000, s.leftOut());
    }

    /** The limit per column: all when few; else the largest that keeps the total within it, the columns with few keeping theirs. */
    @Test
    void theLimitPerColumnLetsSparseColumnsKeepAll() {
        assertEquals(Integer.MAX_VALUE, ArrowCandidates.perColumn(new int[] {1500, 500}, 2000));
        assertEquals(1500, ArrowCandidates.perColumn(new int[] {2400, 500}, 2000)); // 1500 + 500
        assertEquals(1000, ArrowCandidates.perColumn(new int[] {2400, 1200}, 2000)); // 1000 + 1000
        assertEquals(1, ArrowCandidates.perColumn(new int[] {5, 5, 5}, 2)); // more columns than arrows: 1 each, then the total caps
    }
}
