package org.igtrace.formats.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 37: the critical path over the timeline is a line a person can follow: per pixel column one row (where the
 * path spends most of the column's time), a vertical hop only where that row changes between columns. The audit's
 * hybrid trace (scorep-jacobi-2nodes) hops between two ranks hundreds of times: drawn hop by hop it was a solid block.
 */
class RowPathLineTest {
    /** Row 0 at y 10, row 1 at y 50; x = seconds (1 s a pixel column). */
    private static String line(double[][] steps, double end) {
        RowPath path = new RowPath() {
            public int size() {
                return steps.length;
            }

            public int rank(int i) {
                return (int) steps[i][0];
            }

            public double from(int i) {
                return steps[i][1];
            }

            public double to(int i) {
                return steps[i][2];
            }
        };
        return RowPathLine.of(path, 0, end, s -> s, rank -> rank == 0 ? 10 : rank == 1 ? 50 : Double.NaN);
    }

    @Test
    void aPathHoppingWithinEveryColumnIsOneLineOnTheRowItSpendsMostTimeOn() {
        // 100 columns; in each, 0.7 px on row 0 then 0.3 px on row 1: 200 hops, every column's most is row 0
        List<double[]> steps = new ArrayList<>();
        for (int c = 0; c < 100; c++) {
            steps.add(new double[] {0, c, c + 0.7});
            steps.add(new double[] {1, c + 0.7, c + 1});
        }
        // one horizontal line from the path's start (x 0) to its end (x 100) on row 0: no vertical stroke
        assertEquals("M0.0 10.0 L100.0 10.0", line(steps.toArray(new double[0][]), 100));
    }

    @Test
    void aPathHoppingAboutEveryColumnIsOneLineOnTheRowThatHoldsIt() {
        // the hybrid run's pattern: 1.2 px on row 0, 0.8 px on row 1, 50 times (100 px): column by column the most is
        // row 0 in some, row 1 in others (column 1: 0.2 + 0.8 on row 1), but over any 9 columns row 0 holds 60 %
        List<double[]> steps = new ArrayList<>();
        for (int k = 0; k < 50; k++) {
            steps.add(new double[] {0, 2 * k, 2 * k + 1.2});
            steps.add(new double[] {1, 2 * k + 1.2, 2 * k + 2});
        }
        assertEquals("M0.0 10.0 L100.0 10.0", line(steps.toArray(new double[0][]), 100));
        // a stay of 30 px on row 1 in the middle is drawn, with a hop down at its start and up at its end
        steps.clear();
        steps.add(new double[] {0, 0, 40});
        steps.add(new double[] {1, 40, 70});
        steps.add(new double[] {0, 70, 100});
        assertEquals("M0.0 10.0 L40.0 10.0 L40.0 50.0 L70.0 50.0 L70.0 10.0 L100.0 10.0", line(steps.toArray(new double[0][]), 100));
    }

    @Test
    void aHopIsDrawnOnceAtTheBorderOfTheColumnsWhereTheRowChanges() {
        // row 0 from 0.5 to 9.7 (column 9: 0.7 on row 0, 0.3 on row 1: still row 0), row 1 from 9.7 to 20:
        // the hop at x 10, the border of columns 9 and 10
        assertEquals("M0.5 10.0 L10.0 10.0 L10.0 50.0 L20.0 50.0", line(new double[][] {{0, 0.5, 9.7}, {1, 9.7, 20}}, 20));
        // column 9 mostly row 1 (0.2 on row 0, 0.8 on row 1): the hop at x 9
        assertEquals("M0.5 10.0 L9.0 10.0 L9.0 50.0 L20.0 50.0", line(new double[][] {{0, 0.5, 9.2}, {1, 9.2, 20}}, 20));
    }

    /**
     * Where the path's time is split about evenly between two rows the windows' choice can flip every column: column c
     * holds 0.51 px on row 0 when c is even and 0.488 when odd (the rest on row 1), so a window of 9 centred on an even
     * column holds 5 x 0.51 + 4 x 0.488 = 4.502 px of row 0 (most) and one centred on an odd column 4 x 0.51 + 5 x 0.488
     * = 4.48 (less than row 1's 4.52): a comb of one-pixel stays, which the line's doc says is not drawn (review: 19 of
     * 51 stays under 4 px on scorep-jacobi-2nodes' report). Each stay of fewer than 4 columns goes to the row before it.
     */
    @Test
    void staysShorterThanHalfTheWindowAreNotDrawn() {
        List<double[]> steps = new ArrayList<>();
        for (int c = 0; c < 40; c++) {
            double zero = c % 2 == 0 ? 0.51 : 0.488;
            steps.add(new double[] {0, c, c + zero});
            steps.add(new double[] {1, c + zero, c + 1});
        }
        String d = line(steps.toArray(new double[0][]), 40);
        assertEquals(2, d.split(" [ML]").length, d); // M x y L x y: one stay, no hop
    }

    @Test
    void aStepOnARowNotDrawnBreaksTheLine() {
        // row 0 to 5, rank 2 (no row) 5 to 8, row 1 from 8 to 12: two pieces
        assertEquals("M0.0 10.0 L5.0 10.0 M8.0 50.0 L12.0 50.0", line(new double[][] {{0, 0, 5}, {2, 5, 8}, {1, 8, 12}}, 12));
    }
}
