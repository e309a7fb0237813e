package org.igtrace.reader.otf2.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * The plausibility of two successive clock offsets of a location ({@link LocalClockOffsets#implausible}): the rate of
 * their change, (o2 - o1) / (t2 - t1), at most a tenth either way.
 */
class LocalClockOffsetsTest {
    /**
     * TraceR's 32-rank stencil (otf2-print -C, location 18): -86 at tick 2196269522286585, -323 at ...531072046, 237 ticks
     * over 8,785,461: 27 ppm, the largest of the real traces in testdata/. A change of a tenth of the interval is still
     * read; one tick more is not.
     */
    @Test
    void realClocksAndATenthAreReadMoreIsNot() {
        assertNull(LocalClockOffsets.implausible(2196269522286585L, -86, 2196269531072046L, -323));
        assertNull(LocalClockOffsets.implausible(1000, 0, 2000, 100));
        assertNull(LocalClockOffsets.implausible(1000, 0, 2000, -100));
        assertEquals("offset 0 at tick 1000, then 101 at tick 2000: the location's clock would run 1.10 times as fast as its"
                + " own ticks, where clocks differ by parts per million", LocalClockOffsets.implausible(1000, 0, 2000, 101));
        assertEquals("offset 0 at tick 1000, then -101 at tick 2000: the location's clock would run 0.899 times as fast as"
                + " its own ticks, where clocks differ by parts per million", LocalClockOffsets.implausible(1000, 0, 2000, -101));
    }

    /** An offset falling by the whole interval or more stops the corrected clock or turns it back; times not growing. */
    @Test
    void aClockRunningBackwardsOrOffsetsOutOfOrder() {
        assertEquals("offset 0 at tick 1000, then -1000 at tick 2000: the location's clock would run backwards",
                LocalClockOffsets.implausible(1000, 0, 2000, -1000));
        assertEquals("offset 5 at tick 2000, then 5 at tick 2000: out of time order", LocalClockOffsets.implausible(2000, 5, 2000, 5));
        assertEquals("offset 5 at tick 18446744073709551615, then 5 at tick 1: out of time order",
                LocalClockOffsets.implausible(-1, 5, 1, 5));
    }
}
