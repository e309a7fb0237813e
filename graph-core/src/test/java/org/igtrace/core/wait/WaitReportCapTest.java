package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A process whose threads' waits add up to more than its Tcomm_i has them scaled down to it pattern by pattern
 * ({@link WaitReport#cappedAt}): they add up to Tcomm_i exactly. Floored one by one they were a tick short (a hybrid
 * hunt: 50 + 60 of 111 us, 1 us read as lost transfer).
 */
class WaitReportCapTest {
    @Test
    void scaledPatternsAddUpToTheCap() {
        int n = WaitPattern.values().length;
        long[][] ticks = new long[n][1];
        ticks[WaitPattern.LATE_SENDER.ordinal()][0] = 60;
        ticks[WaitPattern.BARRIER.ordinal()][0] = 65;
        WaitReport report = new WaitReport(false, true, new long[1], new boolean[1], 0, 0, 0, 0, ticks, 1e6, List.of(), List.of(), 0, 0,
                List.of());
        WaitReport capped = report.cappedAt(new long[] {111}, p -> "rank " + p);
        // 125 ticks to 111: 60 x 111/125 = 53.28, 65 x 111/125 = 57.72; floors 53 + 57 = 110, the tick left to the larger
        // remainder (0.72): 53 + 58 = 111
        assertEquals(53, capped.waitTicks()[WaitPattern.LATE_SENDER.ordinal()][0]);
        assertEquals(58, capped.waitTicks()[WaitPattern.BARRIER.ordinal()][0]);
        assertEquals(111e-6, capped.total(0), 1e-15);
    }
}
