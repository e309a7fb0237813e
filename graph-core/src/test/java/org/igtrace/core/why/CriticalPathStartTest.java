package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where the critical path starts (definitions section 14): at the end of the process that ends last, among those that
 * span some time (a --window inside a process's MPI_Init leaves it a span of none, clipped to the window's end), the
 * lowest rank among equals. No waits here: the path is one segment on that process, the run's start to its end.
 */
class CriticalPathStartTest {
    private static List<CriticalPath.Segment> walk(long[] starts, long[] ends) {
        return CriticalPath.walk(new WaitLog(new long[starts.length]), starts, ends).segments();
    }

    @Test
    void aProcessThatSpansNoTimeEndsNoPath() {
        // rank 0 spans none at 100 (the window's end), ranks 1 and 2 span [10, 100] and [20, 100]
        List<CriticalPath.Segment> s = walk(new long[] {100, 10, 20}, new long[] {100, 100, 100});
        assertEquals(List.of(new CriticalPath.Segment(1, 10, 100, -1, 0)), s);
    }

    @Test
    void theLastEndAmongThoseThatSpanTimeEvenWhenOneOfNoneEndsLater() {
        // rank 0 spans [0, 50], rank 1 none at 120, rank 2 [5, 80]: rank 2 ends last of those with a span
        List<CriticalPath.Segment> s = walk(new long[] {0, 120, 5}, new long[] {50, 120, 80});
        assertEquals(2, s.get(0).process());
        assertEquals(0, s.get(0).from());
        assertEquals(120, s.get(0).to(), "the path still reaches the run's end");
    }

    @Test
    void withEveryProcessSpanningTimeTheLastToEndAndTheLowestRankAmongEquals() {
        assertEquals(1, walk(new long[] {0, 0, 0}, new long[] {50, 90, 90}).get(0).process());
        assertEquals(0, walk(new long[] {7, 7}, new long[] {7, 7}).get(0).process(), "none spans time: the last to end still");
    }
}
