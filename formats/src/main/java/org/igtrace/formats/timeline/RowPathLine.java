package org.igtrace.formats.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntToDoubleFunction;
import org.igtrace.core.util.Labels;

/**
 * The SVG path data of a {@link RowPath} over a timeline, reduced to the picture's pixel columns: in each column the
 * line sits on one row, the one where the path spends most of the time of the {@link #WINDOW} columns around it (a
 * tie: the row of the column before), and a vertical hop is drawn only where that row changes from one column to the
 * next, at the columns' border. A path that hops between two rows several times a pixel, or every pixel (a hybrid run's
 * hundreds of jumps a second), is thus drawn as a line on the row that holds it, not as a block of vertical strokes; a
 * stay on a row shorter than half the window is not drawn (it goes to the row before it, where the windows' choice
 * flipped from column to column); the data is bounded by the picture's width. A step on a row
 * not drawn (a rank not selected) or outside the picture's time breaks the line: it goes on from the next step drawn.
 */
final class RowPathLine {
    /** The columns whose time chooses a column's row: the column and four either side. */
    static final int WINDOW = 9;

    private final StringBuilder d = new StringBuilder();
    /** The piece of line being summed: per column from {@code first}, its rows' y and their time there (pixels). */
    private final List<double[]> columns = new ArrayList<>();
    private long first;
    private double enter;
    private double leave;

    private RowPathLine() {
    }

    /**
     * The path data ({@code M x y L x y ...}), empty when no step is drawn.
     *
     * @param path   the steps
     * @param start  seconds at the picture's left edge
     * @param end    seconds at its right edge
     * @param x      seconds to the x coordinate (pixel column c spans [c, c + 1))
     * @param rowY   a rank to the y coordinate of its row's middle, NaN when the rank has no row
     */
    static String of(RowPath path, double start, double end, DoubleUnaryOperator x, IntToDoubleFunction rowY) {
        RowPathLine line = new RowPathLine();
        for (int i = 0; i < path.size(); i++) {
            double a = path.from(i), b = path.to(i), y = rowY.applyAsDouble(path.rank(i));
            if (Double.isNaN(y) || b < start || a > end) {
                line.writePiece();
                continue;
            }
            line.step(x.applyAsDouble(Math.max(start, a)), x.applyAsDouble(Math.min(end, b)), y);
        }
        line.writePiece();
        return line.d.toString();
    }

    /** The line on row {@code y} from pixel {@code a} to pixel {@code b}. */
    private void step(double a, double b, double y) {
        if (!(b > a)) {
            return; // no time: on no column
        }
        long from = (long) Math.floor(a);
        long to = Math.max(from, (long) Math.ceil(b) - 1); // a step ending on a column's border ends in the column before
        if (columns.isEmpty()) {
            first = from;
            enter = a;
        }
        for (long c = from; c <= to; c++) {
            add(c, y, Math.min(b, c + 1) - Math.max(a, c));
        }
        leave = b;
    }

    private void add(long column, double y, double t) {
        int i = (int) (column - first);
        while (columns.size() <= i) {
            columns.add(new double[0]);
        }
        double[] rows = columns.get(i);
        for (int r = 0; r < rows.length; r += 2) {
            if (rows[r] == y) {
                rows[r + 1] += t;
                return;
            }
        }
        rows = Arrays.copyOf(rows, rows.length + 2);
        rows[rows.length - 2] = y;
        rows[rows.length - 1] = t;
        columns.set(i, rows);
    }

    /** Writes the piece summed so far: each column on its row, the hops where the row changes; the next step starts a piece. */
    private void writePiece() {
        int n = columns.size();
        double[] ys = new double[n];
        for (int c = 0; c < n; c++) {
            ys[c] = row(c, c == 0 ? Double.NaN : ys[c - 1]);
        }
        shortStaysDropped(ys);
        double drawn = Double.NaN;
        for (int c = 0; c < n; c++) {
            double y = ys[c];
            if (Double.isNaN(drawn)) {
                point('M', enter, y);
            } else if (y != drawn) {
                point('L', first + c, drawn); // the hop, at the border between the column before and this one
                point('L', first + c, y);
            }
            drawn = y;
        }
        if (n > 0) {
            point('L', leave, drawn);
        }
        columns.clear();
    }

    /**
     * A stay of fewer than half the window's columns goes to the row before it (the first stay: to the row after it):
     * where the path's time is split about evenly between two rows the windows' choice flipped from column to column,
     * drawn as a comb of one-pixel stays (a review counted 19 of 51 on scorep-jacobi-2nodes' report).
     */
    private static void shortStaysDropped(double[] ys) {
        int n = ys.length;
        for (int a = 0, b; a < n; a = b) {
            for (b = a + 1; b < n && ys[b] == ys[a]; b++) { }
            if (b - a < WINDOW / 2 && (a > 0 || b < n)) {
                double to = a > 0 ? ys[a - 1] : ys[b];
                Arrays.fill(ys, a, b, to);
                if (a == 0) {
                    b = 0; // the first stay grew into the one after it: looked at again, it may still be short
                }
            }
        }
    }

    /** The row of column {@code c} of the piece: where the path spends most time in the window around it; a tie: {@code before}'s. */
    private double row(int c, double before) {
        List<double[]> sums = new ArrayList<>(); // {y, time}, in the order first reached
        for (int i = Math.max(0, c - WINDOW / 2); i <= Math.min(columns.size() - 1, c + WINDOW / 2); i++) {
            double[] rows = columns.get(i);
            next:
            for (int r = 0; r < rows.length; r += 2) {
                for (double[] s : sums) {
                    if (s[0] == rows[r]) {
                        s[1] += rows[r + 1];
                        continue next;
                    }
                }
                sums.add(new double[] {rows[r], rows[r + 1]});
            }
        }
        double[] best = null;
        for (double[] s : sums) {
            if (best == null || s[1] > best[1] || s[1] == best[1] && s[0] == before) {
                best = s;
            }
        }
        return best == null ? before : best[0];
    }

    private void point(char command, double px, double y) {
        d.append(d.length() == 0 ? "" : " ").append(command).append(Labels.fixed(px, 1)).append(' ').append(Labels.fixed(y, 1));
    }
}
