package org.igtrace.formats.predict;

import java.util.Locale;
import org.igtrace.core.util.Labels;
import org.igtrace.core.util.Numbers;
import org.igtrace.formats.Escape;
import org.igtrace.formats.timeline.SvgText;

/**
 * The SVG line plot of {@code igtrace predict --sweep ... -o plot.svg}: predicted run time (y, from
 * 0) against the swept parameter (x, logarithmic when the values span more than a factor of 10),
 * with the measured run time as a dashed line. An infinite value (bandwidth {@code inf}) has no place
 * on the x axis: its prediction is a dotted line across the plot, labelled with the value.
 */
public final class SweepPlot {
    private static final int WIDTH = 640, HEIGHT = 400, LEFT = 80, RIGHT = 20, TOP = 56, BOTTOM = 60;

    private final String parameter;
    private final double[] x;
    private final double[] y;
    private final double measured;
    private final String title;

    public SweepPlot(String parameter, double[] x, double[] y, double measured, String title) {
        this.parameter = parameter;
        this.x = x;
        this.y = y;
        this.measured = measured;
        this.title = title;
    }

    /** The plot as an SVG document. */
    public String svg() {
        double xmin = Double.POSITIVE_INFINITY, xmax = Double.NEGATIVE_INFINITY, ymax = measured;
        for (int i = 0; i < x.length; i++) {
            ymax = Math.max(ymax, y[i]);
            if (Double.isFinite(x[i])) {
                xmin = Math.min(xmin, x[i]);
                xmax = Math.max(xmax, x[i]);
            }
        }
        boolean log = xmin > 0 && xmax / xmin > 10;
        double lo = log ? Math.log10(xmin) : xmin, hi = log ? Math.log10(xmax) : xmax;
        if (!(hi > lo)) {
            lo -= 1;
            hi += 1;
        }
        ymax = ymax > 0 ? ymax * 1.1 : 1;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        b.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" font-size=\"14\">%s</text>%n", LEFT, Escape.html("predicted run time: " + title)));
        int plotW = WIDTH - LEFT - RIGHT, plotH = HEIGHT - TOP - BOTTOM;
        b.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>%n",
                LEFT, TOP, plotW, plotH));
        for (int t = 0; t <= 4; t++) {
            double v = ymax * t / 4;
            double py = TOP + plotH - plotH * t / 4.0;
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%s\" x2=\"%d\" y2=\"%s\" stroke=\"#ddd\"/>%n", LEFT, Labels.fixed(py, 1), LEFT + plotW,
                    Labels.fixed(py, 1)));
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%s\" text-anchor=\"end\">%s</text>%n", LEFT - 6, Labels.fixed(py + 4, 1), Escape.html(Labels.seconds3(v))));
        }
        double mpy = TOP + plotH - plotH * measured / ymax;
        b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%s\" x2=\"%d\" y2=\"%s\" stroke=\"gray\" stroke-dasharray=\"6 4\"/>%n",
                LEFT, Labels.fixed(mpy, 1), LEFT + plotW, Labels.fixed(mpy, 1)));
        // the lines' names stand in a key above the plot: inside it they sat on the curve or the grid
        int keyX = LEFT;
        keyX = key(b, keyX, "gray", "6 4", "measured " + Labels.seconds3(measured));
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                double py = TOP + plotH - plotH * y[i] / ymax;
                b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%s\" x2=\"%d\" y2=\"%s\" stroke=\"#1f77b4\" stroke-dasharray=\"2 3\"/>%n",
                        LEFT, Labels.fixed(py, 1), LEFT + plotW, Labels.fixed(py, 1)));
                keyX = key(b, keyX, "#1f77b4", "2 3", parameter + " " + label(x[i]) + ": " + Labels.seconds3(y[i]));
                continue;
            }
            double px = LEFT + plotW * ((log ? Math.log10(x[i]) : x[i]) - lo) / (hi - lo);
            double py = TOP + plotH - plotH * y[i] / ymax;
            points.append(Labels.fixed(px, 1)).append(',').append(Labels.fixed(py, 1)).append(' ');
            b.append(String.format(Locale.ROOT, "<circle cx=\"%s\" cy=\"%s\" r=\"3\" fill=\"#1f77b4\"/>%n", Labels.fixed(px, 1), Labels.fixed(py, 1)));
            // a label at the right edge ends there (centred, "10.0 GB/s" was cut off)
            b.append(String.format(Locale.ROOT, "<text x=\"%s\" y=\"%d\" text-anchor=\"%s\">%s</text>%n", Labels.fixed(px, 1), TOP + plotH + 16,
                    px > LEFT + plotW - 40 ? "end" : "middle", Escape.html(label(x[i]))));
        }
        b.append(String.format(Locale.ROOT, "<polyline points=\"%s\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\"/>%n", points.toString().strip()));
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s%s</text>%n", LEFT + plotW / 2, HEIGHT - 16,
                Escape.html(parameter), log ? " (log scale)" : ""));
        b.append("</svg>\n");
        return b.toString();
    }

    /** One entry of the key above the plot: a line drawn as in the plot and its name; returns where the next starts. */
    private static int key(StringBuilder b, int x, String colour, String dashes, String text) {
        int y = TOP - 10;
        b.append(String.format(Locale.ROOT, "<line class=\"key\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-dasharray=\"%s\"/>%n",
                x, y - 4, x + 24, y - 4, colour, dashes));
        b.append(String.format(Locale.ROOT, "<text class=\"key\" x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>%n", x + 28, y, colour, Escape.html(text)));
        return x + 28 + (int) Math.ceil(SvgText.textWidth(text) * 12 / 11.0) + 16;
    }

    private String label(double v) {
        return switch (parameter) {
            case "latency" -> Labels.seconds3(v);
            case "bandwidth" -> Labels.bandwidth(v);
            default -> Numbers.format(v);
        };
    }
}
