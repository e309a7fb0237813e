package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which of a call's messages it waited for last (definitions section 8). */
class CallWaitsTest {
    /**
     * A send later in time is the later one whatever its rank; one as late is the later one only from a lower
     * rank (ties: the lowest sender rank); an earlier one never is. Differences up to the longs' extremes.
     */
    @Test
    void laterSendOrTieFromALowerRank() {
        for (int dRank : new int[] {Integer.MIN_VALUE + 1, -5, -1, 0, 1, 5, Integer.MAX_VALUE}) {
            assertTrue(CallWaits.later(1, dRank));
            assertTrue(CallWaits.later(Long.MAX_VALUE, dRank));
            assertFalse(CallWaits.later(-1, dRank));
            assertFalse(CallWaits.later(Long.MIN_VALUE + 1, dRank));
        }
        assertTrue(CallWaits.later(0, -1));
        assertTrue(CallWaits.later(0, -63));
        assertFalse(CallWaits.later(0, 0));
        assertFalse(CallWaits.later(0, 1));
        assertFalse(CallWaits.later(0, 63));
    }
}
