package org.igtrace.formats.timeline;

/**
 * A message arrow cut to the picture's time axis: under {@code --window} the rows are cut at the window's ends, and an
 * arrow whose corrected receive (or send) falls past them (a receive inside the window on its own clock, moved 33 ms
 * later by its process's clock offset) ran 16 px into the margin, its head where no time scale is. The part inside is
 * drawn, without a head where the receive lies outside; an arrow wholly outside is not drawn.
 */
final class ArrowClip {
    private ArrowClip() {
    }

    /**
     * @param x1 the send's x
     * @param y1 the sender's row's middle
     * @param x2 the receive's x
     * @param y2 the receiver's row's middle
     * @param lo the axis's left end
     * @param hi the axis's right end
     * @return {x1, y1, x2, y2, 1 when the receive end is inside (a head) else 0}, or null when no part is inside
     */
    static double[] clip(double x1, double y1, double x2, double y2, double lo, double hi) {
        if (Math.max(x1, x2) < lo || Math.min(x1, x2) > hi) {
            return null;
        }
        double[] a = {x1, y1, x2, y2, x2 >= lo && x2 <= hi ? 1 : 0};
        for (int end = 0; end < 4; end += 2) {
            double x = a[end];
            double edge = x < lo ? lo : x > hi ? hi : x;
            if (edge != x && x2 != x1) { // a vertical arrow inside the axis's span never gets here
                a[end + 1] = y1 + (y2 - y1) * (edge - x1) / (x2 - x1);
                a[end] = edge;
            }
        }
        return a;
    }
}
