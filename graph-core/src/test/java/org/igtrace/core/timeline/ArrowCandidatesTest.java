package org.igtrace.core.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ArrowCandidates: the join's tasks split over two threads give the arrows one thread taking the
 * tasks in order gives, where the quota per column binds (the order matters).
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
        // One thread: task 0 fills 600 of column 0's 1000, task 1 the other 400; tasks 2 and 3 none.
        assertEquals(1000, alone.arrows().size());
        assertEquals(600, alone.arrows().stream().filter(x -> x.sender() == 0).count());
        assertEquals(400, alone.arrows().stream().filter(x -> x.sender() == 2).count());
        assertEquals(2, alone.arrows().get(599).count()); // the last pixel of task 0 holds two messages
        // 4 x 601 messages, 600 + 1 + 400 drawn
        assertEquals(4 * 601 - 1001, alone.leftOut());
        assertEquals(alone, split);
    }
}
