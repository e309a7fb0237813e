package org.igtrace.formats.timeline;

import java.util.function.DoubleUnaryOperator;
import java.util.function.IntToDoubleFunction;
import org.igtrace.core.util.Labels;

/**
 * The SVG path data of a {@link RowPath} over a timeline: at most four points a pixel column (where the line enters
 * it, its highest and lowest row there, where it leaves), so a path of millions of steps is drawn in a size bounded by
 * the picture's width. A step on a row not drawn (a rank not selected) or outside the picture's time breaks the line:
 * it goes on from the next step drawn, in a column further right, or joins it within the same column.
 */
final class RowPathLine {
    private final StringBuilder d = new StringBuilder();
    private boolean open;
    private boolean gap;
    private boolean drawing;
    private long column;
    private double x;
    private double first;
    private double low;
    private double high;
    private double last;

    private RowPathLine() {
    }

    /**
     * The path data ({@code M x y L x y ...}), empty when no step is drawn.
     *
     * @param path   the steps
     * @param start  seconds at the picture's left edge
     * @param end    seconds at its right edge
     * @param x      seconds to the x coordinate
     * @param rowY   a rank to the y coordinate of its row's middle, NaN when the rank has no row
     */
    static String of(RowPath path, double start, double end, DoubleUnaryOperator x, IntToDoubleFunction rowY) {
        RowPathLine line = new RowPathLine();
        for (int i = 0; i < path.size(); i++) {
            double a = path.from(i), b = path.to(i), y = rowY.applyAsDouble(path.rank(i));
            if (Double.isNaN(y) || b < start || a > end) {
                line.gap = true;
                continue;
            }
            line.to(x.applyAsDouble(Math.max(start, a)), y);
            line.to(x.applyAsDouble(Math.min(end, b)), y);
        }
        line.flush();
        return line.d.toString();
    }

    private void to(double px, double y) {
        long c = (long) Math.floor(px);
        if (open && c == column) {
            low = Math.min(low, y);
            high = Math.max(high, y);
            last = y;
            gap = false;
            return;
        }
        flush();
        if (gap) {
            drawing = false; // the next point starts a new piece of the line
            gap = false;
        }
        open = true;
        column = c;
        x = px;
        first = low = high = last = y;
    }

    /** Writes the current column's points. */
    private void flush() {
        if (!open) {
            return;
        }
        double previous = Double.NaN;
        for (double y : new double[] {first, low, high, last}) {
            if (y != previous) {
                d.append(d.length() == 0 ? "" : " ").append(drawing ? 'L' : 'M').append(Labels.fixed(x, 1)).append(' ')
                        .append(Labels.fixed(y, 1));
                drawing = true;
                previous = y;
            }
        }
        open = false;
    }
}
