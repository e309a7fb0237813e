package org.igtrace.core.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ColumnBinsTest {
    private static float[] row(ColumnBins b, int stateClass) {
        float[] r = new float[b.bins];
        for (int i = 0; i < r.length; i++) {
            r[i] = b.ticks(stateClass, i);
        }
        return r;
    }

    /** Width a power of two (bins found by shifts): 4 bins of 2 ticks from 100, then coarsened twice. */
    @Test
    void powerOfTwoWidth() {
        ColumnBins b = new ColumnBins(100, 4, 2);
        b.add(StateClass.COMPUTE, 101, 106); // [101,106): bin 0 gets 1 (101), bin 1 gets 2, bin 2 gets 2
        assertEquals(2, b.width);
        assertEquals("[1.0, 2.0, 2.0, 0.0]", java.util.Arrays.toString(row(b, StateClass.COMPUTE)));
        b.add(StateClass.WAITING, 99, 108); // clipped to [100,108): all of bins 0-3 of 2 ticks; ends at the last bin's end
        assertEquals(2, b.width);
        assertEquals("[2.0, 2.0, 2.0, 2.0]", java.util.Arrays.toString(row(b, StateClass.WAITING)));
        b.add(StateClass.COMPUTE, 108, 109); // past 8 ticks: width 4, bins merged pairwise (1+2, 2+0), tick 108 in bin 2
        assertEquals(4, b.width);
        assertEquals("[3.0, 2.0, 1.0, 0.0]", java.util.Arrays.toString(row(b, StateClass.COMPUTE)));
        b.add(StateClass.COMPUTE, 115, 117); // past 16 ticks: width 8 (3+2, 1+0); [115,116) in bin 1, [116,117) in bin 2
        assertEquals(8, b.width);
        assertEquals("[5.0, 2.0, 1.0, 0.0]", java.util.Arrays.toString(row(b, StateClass.COMPUTE)));
        assertEquals("[8.0, 0.0, 0.0, 0.0]", java.util.Arrays.toString(row(b, StateClass.WAITING)));
    }

    /** Width not a power of two (bins found by division): 4 bins of 3 ticks from 0 (timelines have an even number of bins). */
    @Test
    void otherWidth() {
        ColumnBins b = new ColumnBins(0, 4, 3);
        b.add(StateClass.MPI_OTHER, 2, 8); // bin 0 gets [2,3) = 1, bin 1 gets 3, bin 2 gets [6,8) = 2
        assertEquals("[1.0, 3.0, 2.0, 0.0]", java.util.Arrays.toString(row(b, StateClass.MPI_OTHER)));
        b.add(StateClass.MPI_OTHER, 13, 14); // past 12 ticks: width 6, bins (1+3, 2+0); tick 13 in bin 2
        assertEquals(6, b.width);
        assertEquals("[4.0, 2.0, 1.0, 0.0]", java.util.Arrays.toString(row(b, StateClass.MPI_OTHER)));
    }
}
