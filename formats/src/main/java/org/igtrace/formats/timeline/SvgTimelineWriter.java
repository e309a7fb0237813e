package org.igtrace.formats.timeline;

import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.timeline.StateClass;
import org.igtrace.core.timeline.Timeline;
import org.igtrace.core.util.Labels;
import org.igtrace.formats.Escape;

/**
 * Draws a {@link Timeline} as SVG text: a row per process with its states, a time axis, message
 * arrows, collective marks, a legend and notes. Elements carry classes ({@code state},
 * {@code share}, {@code wait}, {@code msg}, {@code conflict}, {@code coll}, {@code row}) so the
 * picture can be checked by reading it back. It computes nothing but the layout.
 */
public final class SvgTimelineWriter {
    /** Left margin for the row labels, at least (wider when a label needs it). */
    public static final int LABEL_WIDTH = 96;
    /** Space between a row's label and its row. */
    private static final int LABEL_GAP = 6;
    /** Right margin. */
    public static final int RIGHT_MARGIN = 24;

    private static final String WAIT_COLOUR = StateStyle.WAIT_COLOUR;
    private static final String WAIT_OPACITY = StateStyle.WAIT_OPACITY;
    private static final String COLLECTIVE_MARK = "#ff6d00";
    private static final String CONFLICT_COLOUR = "#e53935";

    private final Timeline t;
    private final String title;
    private final StringBuilder s = new StringBuilder(1 << 16);
    private final Map<Integer, Integer> rowOf = new HashMap<>();
    /** A row's world rank from its process's number: what its label and {@code data-rank} name. */
    private final IntUnaryOperator worldRank;
    /** Whether a row shows OpenMP barrier time: only then its style and legend entry are written. */
    private boolean openMp;
    /** Which of the OpenMP states some row has: 1 a barrier, 2 the runtime's fork and join (their legend entries). */
    private int openMpKinds;
    private final int rowHeight;
    private final int top = 34;
    /** The left margin: {@link #LABEL_WIDTH}, or the widest row label with its gap and 8 px to the picture's edge. */
    private final int left;
    /** The line drawn over the rows, or null. */
    private RowPath path;
    /** The critical path's line: a violet no state, mark or the clock conflicts' red ({@link #CONFLICT_COLOUR}) has. */
    static final String PATH_COLOUR = "#aa00ff";

    private SvgTimelineWriter(Timeline timeline, String title, IntUnaryOperator worldRank) {
        this.t = timeline;
        this.title = title;
        this.worldRank = worldRank;
        int rows = Math.max(1, t.rows().size());
        this.rowHeight = Math.max(3, Math.min(28, 560 / rows));
        for (int i = 0; i < t.rows().size(); i++) {
            rowOf.putIfAbsent(t.rows().get(i).rank(), i); // arrows and marks go to a process's first thread
        }
        double widest = 0;
        for (Timeline.Row row : t.rows()) {
            widest = Math.max(widest, SvgText.textWidth(label(row)) * labelFont() / 11);
        }
        this.left = Math.max(LABEL_WIDTH, 8 + (int) Math.ceil(widest) + LABEL_GAP);
        for (Timeline.Row row : t.rows()) { // the span's pixels known: a state outside it is not drawn
            openMpKinds |= openMpKinds(row);
        }
        openMp = openMpKinds != 0;
    }

    /** This picture's width in pixels. */
    private int width() {
        return left + t.columns() + RIGHT_MARGIN;
    }

    /** The font size of the row labels. */
    private int labelFont() {
        return Math.max(6, Math.min(11, rowHeight + gap() - 1));
    }

    /**
     * The most bytes a picture of {@code rows} rows and {@code columns} columns takes, whatever the
     * trace: 16 KB of frame (title, axis, legend, notes, style); per row 400 bytes of label and
     * background plus either at most columns / 2 exact states and as many waiting parts (under
     * 170 bytes each) or per class (13) one box per column run (under 30 bytes each); 2000
     * arrows of under 250 bytes; 1000 collective marks of under 200 bytes.
     */
    public static long sizeBound(int rows, int columns) {
        long perRow = 400 + Math.max(columns * 170L, StateClass.COUNT * 30L * columns);
        return 16_384 + rows * perRow + 2000 * 250 + 1000 * 200;
    }

    /** The picture's width in pixels for a timeline of {@code columns} columns. */
    public static int width(int columns) {
        return LABEL_WIDTH + columns + RIGHT_MARGIN;
    }

    /** The columns of the time axis in a picture {@code width} pixels wide. */
    public static int columns(int width) {
        return Math.max(16, width - LABEL_WIDTH - RIGHT_MARGIN);
    }

    public static void write(Timeline timeline, String title, List<String> notes, Writer out) throws IOException {
        write(timeline, title, notes, null, out);
    }

    /** As above, with {@code path} (null: none) drawn as a line over the rows, in the legend as "critical path". */
    public static void write(Timeline timeline, String title, List<String> notes, RowPath path, Writer out) throws IOException {
        write(timeline, title, notes, path, r -> r, out);
    }

    /**
     * As above, each row named by {@code worldRank} of its process's number ({@link TraceProfile#worldRank}: the world
     * rank, definitions section 2) in its label and {@code data-rank}.
     */
    public static void write(Timeline timeline, String title, List<String> notes, RowPath path, IntUnaryOperator worldRank, Writer out)
            throws IOException {
        SvgTimelineWriter w = new SvgTimelineWriter(timeline, title, worldRank);
        w.path = path == null || path.size() == 0 || !(timeline.end() > timeline.start()) ? null : path;
        w.draw(notes);
        out.write(w.s.toString());
    }

    /** The colour of a state class. */
    public static String colour(int stateClass) {
        return StateStyle.colour(stateClass);
    }

    /** The OpenMP states a row has: bit 0 time in a barrier, bit 1 the runtime's fork and join. */
    private int openMpKinds(Timeline.Row row) {
        int kinds = 0;
        for (int k = StateClass.OMP_WAITING; k < StateClass.COUNT; k++) {
            kinds |= has(row, k) ? 1 << (k - StateClass.OMP_WAITING) : 0;
        }
        return kinds;
    }

    /** Whether some row draws waiting over a call of {@code stateClass}: a waiting state that overlaps one, or a column of both. */
    private boolean waitingOver(int stateClass) {
        for (Timeline.Row row : t.rows()) {
            if (row.states() != null) {
                for (Timeline.State w : row.states()) {
                    if (w.stateClass() == StateClass.WAITING && row.states().stream().anyMatch(st -> st.stateClass() == stateClass
                            && st.start() < w.end() && w.start() < st.end())) {
                        return true;
                    }
                }
            } else {
                float[] waiting = row.shares()[StateClass.WAITING], call = row.shares()[stateClass];
                for (int c = 0; c < waiting.length; c++) {
                    if (waiting[c] > 0 && call[c] > 0) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether some row is drawn in {@code stateClass}. */
    private boolean drawn(int stateClass) {
        return t.rows().stream().anyMatch(row -> has(row, stateClass));
    }

    /**
     * Whether {@code row} draws a state of {@code stateClass}: one inside the picture's span ({@link #stateRect}'s test),
     * not one before MPI_Init's end or after MPI_Finalize's start under the measured span, which gave the legend five
     * colours drawn nowhere on scorep-mpi-tags-10 (a review, 2026-12-07).
     */
    private boolean has(Timeline.Row row, int stateClass) {
        if (row.states() != null) {
            return row.states().stream().anyMatch(st -> st.stateClass() == stateClass
                    && Math.min(left + t.columns(), x(st.end())) > Math.max(left, x(st.start())));
        }
        for (float v : row.shares()[stateClass]) { // a share drawn at least a pixel high (drawShares): 0.74 ms of 14 s is none
            if (Math.round(Math.min(1f, v) * rowHeight) > 0) {
                return true;
            }
        }
        return false;
    }

    private double x(double seconds) {
        return left + (seconds - t.start()) / (t.end() - t.start()) * t.columns();
    }

    private double rowTop(int row) {
        return top + row * (rowHeight + gap());
    }

    private int gap() {
        return rowHeight >= 10 ? 4 : 1;
    }

    private void draw(List<String> given) {
        int rows = t.rows().size();
        int width = width();
        List<String> notes = SvgText.wrap(given, (int) ((width - 16) / 6.2)); // a narrow picture cut them off at its edge
        // under thin rows the axis's "time" label, beside the axis line, came on the last row's label (97 rows of 6 px)
        double axisY = rowTop(rows) + (rowHeight < 12 ? 8 : 2);
        int legendY = (int) axisY + 34;
        int legendRows = legend(legendY, false);
        int notesY = legendY + legendRows * 18 + 6;
        int height = notesY + notes.size() * 16 + 10;
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height).append("\" font-family=\"sans-serif\" font-size=\"11\">\n");
        s.append("<defs><marker id=\"head\" viewBox=\"0 0 6 6\" refX=\"6\" refY=\"3\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\">"
                + "<path d=\"M0,0 L6,3 L0,6 z\" fill=\"#212121\"/></marker>"
                + "<marker id=\"conflict-head\" viewBox=\"0 0 6 6\" refX=\"6\" refY=\"3\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\">"
                + "<path d=\"M0,0 L6,3 L0,6 z\" fill=\"" + CONFLICT_COLOUR + "\"/></marker></defs>\n");
        s.append(style());
        s.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        s.append("<text x=\"8\" y=\"20\" font-size=\"14\" font-weight=\"bold\">").append(Escape.html(SvgText.shorten(title, (int) ((width - 16) / 8.6))))
                .append("</text>\n");
        for (int i = 0; i < rows; i++) {
            drawRow(i, t.rows().get(i));
        }
        drawCollectives();
        drawArrows();
        if (path != null) {
            String d = RowPathLine.of(path, t.start(), t.end(), this::x, rank -> {
                Integer row = rowOf.get(rank);
                return row == null ? Double.NaN : rowTop(row) + rowHeight / 2.0;
            });
            // a white edge under the line keeps it apart from the states, arrows and marks it crosses
            s.append("<g class=\"critical-path\" fill=\"none\" stroke-linejoin=\"round\"><path d=\"").append(d)
                    .append("\" stroke=\"#ffffff\" stroke-width=\"3.5\" stroke-opacity=\"0.8\"/><path class=\"path\" d=\"").append(d)
                    .append("\" stroke=\"").append(PATH_COLOUR).append("\" stroke-width=\"1.5\"/></g>\n");
        }
        drawAxis(axisY);
        legend(legendY, true);
        for (int i = 0; i < notes.size(); i++) {
            s.append("<text class=\"note\" x=\"8\" y=\"").append(notesY + i * 16).append("\">").append(Escape.html(notes.get(i)))
                    .append("</text>\n");
        }
        s.append("</svg>\n");
    }

    private void drawRow(int i, Timeline.Row row) {
        double y = rowTop(i);
        s.append("<g class=\"row\" data-rank=\"").append(worldRank.applyAsInt(row.rank())).append(row.place() >= 0 ? "\" data-thread=\"" + row.place() : "")
                .append("\">\n");
        int font = labelFont();
        // rows closer than a line of 6 px text: label every k-th row only (beyond about 140 rows the labels ran into one smear)
        int every = (int) Math.ceil((font + 1.0) / (rowHeight + gap()));
        if (i % every == 0) {
            s.append("<text x=\"").append(left - LABEL_GAP).append("\" y=\"").append(fmt(y + rowHeight / 2.0 + font * 0.35))
                    .append("\" text-anchor=\"end\" font-size=\"").append(font).append("\">").append(Escape.html(label(row))).append("</text>\n");
        }
        s.append("<rect x=\"").append(left).append("\" y=\"").append(fmt(y)).append("\" width=\"").append(t.columns())
                .append("\" height=\"").append(rowHeight).append("\" fill=\"#fafafa\" stroke=\"#e0e0e0\"/>\n");
        if (row.states() != null) {
            for (Timeline.State st : row.states()) {
                if (st.stateClass() != StateClass.WAITING) {
                    stateRect("state " + cssClass(st.stateClass()), st.start(), st.end(), y, rowHeight, colour(st.stateClass()));
                }
            }
            for (Timeline.State st : row.states()) {
                if (st.stateClass() == StateClass.WAITING) {
                    stateRect("wait", st.start(), st.end(), y, rowHeight, WAIT_COLOUR);
                }
            }
        } else {
            drawShares(row.shares(), y);
        }
        s.append("</g>\n");
    }

    private String label(Timeline.Row row) {
        String name = row.name() == null ? "" : row.name();
        int rank = worldRank.applyAsInt(row.rank());
        if (name.isEmpty() || row.thread() == 0 && name.equals(String.valueOf(rank))) {
            return "rank " + rank;
        }
        if (name.endsWith(" " + rank) && row.thread() == 0) {
            return shorten(name);
        }
        // a thread named after its process ("Process 0 Pthread 1", VampirTrace's) keeps what tells it apart: cut to 14
        // characters, every such row read "0 Process 0 Pth..."
        Integer first = rowOf.get(row.rank());
        String process = first == null || t.rows().get(first) == row ? null : t.rows().get(first).name();
        if (process != null && name.length() > process.length() + 1 && name.startsWith(process + " ")) {
            name = name.substring(process.length() + 1);
        }
        return rank + " " + shorten(name);
    }

    private static String shorten(String name) {
        return org.igtrace.core.util.Labels.cut(name, 14);
    }

    private void stateRect(String cls, double start, double end, double y, double h, String fill) {
        double a = Math.max(left, x(start)), b = Math.min(left + t.columns(), x(end));
        if (b <= a) {
            return;
        }
        s.append("<rect class=\"").append(cls).append("\" data-t0=\"").append(seconds(start)).append("\" data-t1=\"")
                .append(seconds(end)).append("\" x=\"").append(fmt(a)).append("\" y=\"").append(fmt(y))
                .append("\" width=\"").append(fmt(Math.max(0.3, b - a))).append("\" height=\"").append(fmt(h))
                .append("\" fill=\"").append(fill).append(opacity(cls)).append("\"/>\n");
    }

    /**
     * Per column, the share of each class stacked from the bottom (compute first, then MPI, the
     * waiting part darker over the MPI part); runs of columns with the same rounded heights are
     * drawn as one rectangle each.
     */
    private void drawShares(float[][] shares, double y) {
        int columns = t.columns();
        int[][] heights = new int[StateClass.COUNT][columns];
        for (int c = 0; c < columns; c++) {
            for (int k = 0; k < StateClass.COUNT; k++) {
                heights[k][c] = Math.round(Math.min(1f, shares[k][c]) * rowHeight);
            }
        }
        StringBuilder[] paths = new StringBuilder[StateClass.COUNT];
        int c = 0;
        while (c < columns) {
            int e = c + 1;
            while (e < columns && similarColumn(heights, c, e, rowHeight >= 6 ? 1 : 0)) {
                e++;
            }
            double base = y + rowHeight, mpiTop = base;
            for (int k = 0; k < StateClass.COUNT; k++) {
                if (k == StateClass.WAITING || heights[k][c] == 0) {
                    continue;
                }
                double h = heights[k][c];
                base -= h;
                if (base < y) {
                    h -= y - base;
                    base = y;
                }
                if (StateClass.isMpi(k)) {
                    mpiTop = Math.min(mpiTop, base);
                }
                box(paths, k, c, e, base, h);
            }
            double mpiHeight = y + rowHeight - mpiTop;
            double w = Math.min(heights[StateClass.WAITING][c], mpiHeight);
            box(paths, StateClass.WAITING, c, e, mpiTop, w);
            c = e;
        }
        for (int k = 0; k < StateClass.COUNT; k++) {
            if (paths[k] != null) {
                s.append("<path class=\"share s").append(k).append("\" d=\"").append(paths[k]).append("\"/>\n");
            }
        }
    }

    /** Adds the box of columns [from, to), from y down h pixels, to the path of class k: one path per class and row. */
    private void box(StringBuilder[] paths, int k, int from, int to, double y, double h) {
        if (h <= 0) {
            return;
        }
        if (paths[k] == null) {
            paths[k] = new StringBuilder();
        }
        paths[k].append('M').append(left + from).append(' ').append(whole(y)).append('h').append(to - from).append('v')
                .append(whole(h)).append('h').append(from - to).append('z');
    }

    /** Whether column {@code b} differs from column {@code a} by at most {@code tolerance} pixels in every class. */
    private static boolean similarColumn(int[][] heights, int a, int b, int tolerance) {
        for (int[] k : heights) {
            if (Math.abs(k[a] - k[b]) > tolerance) {
                return false;
            }
        }
        return true;
    }

    /** CSS for the share paths {@code s0} ... {@code s12}. */
    private String style() {
        StringBuilder css = new StringBuilder("<style>");
        for (int k = 0; k < (openMp ? StateClass.COUNT : StateClass.OMP_WAITING); k++) {
            css.append(".s").append(k).append("{fill:").append(k == StateClass.WAITING ? WAIT_COLOUR + ";fill-opacity:" + WAIT_OPACITY
                    : colour(k)).append('}');
        }
        return css.append("</style>\n").toString();
    }

    private static String whole(double v) {
        return Math.abs(v - Math.rint(v)) < 1e-9 ? Long.toString(Math.round(v)) : fmt(v);
    }

    private static String opacity(String cls) {
        return cls.endsWith("wait") ? "\" fill-opacity=\"" + WAIT_OPACITY : "";
    }

    private static String seconds(double v) {
        return Labels.fixed(v, 6);
    }

    private static String cssClass(int k) {
        return StateStyle.cssClass(k);
    }

    private void drawArrows() {
        // dense arrows hid the rows they cross (thread rows drawn black): fainter the denser, clock conflicts as they are
        String faint = t.arrows().size() * 4 <= t.columns() ? "" : "\" opacity=\"" + Labels.fixed(Math.max(0.15, t.columns() / (4.0 * t.arrows().size())), 2);
        for (Timeline.Arrow a : t.arrows()) {
            Integer from = rowOf.get(a.sender()), to = rowOf.get(a.receiver());
            if (from == null || to == null) {
                continue;
            }
            double[] c = ArrowClip.clip(x(a.sendTime()), rowTop(from) + rowHeight / 2.0, x(a.receiveTime()), rowTop(to) + rowHeight / 2.0,
                    left, left + t.columns());
            if (c == null) {
                continue;
            }
            boolean conflict = a.conflict();
            s.append("<line class=\"msg").append(conflict ? " conflict" : "").append("\" data-count=\"").append(a.count())
                    .append("\" x1=\"").append(fmt(c[0])).append("\" y1=\"").append(fmt(c[1])).append("\" x2=\"").append(fmt(c[2]))
                    .append("\" y2=\"").append(fmt(c[3])).append(conflict ? "" : faint).append("\" stroke=\"").append(conflict ? CONFLICT_COLOUR : "#212121")
                    .append("\" stroke-width=\"").append(conflict ? "1.6" : "0.9").append(c[4] > 0 ? "\" marker-end=\"url(#"
                    + (conflict ? "conflict-head" : "head") + ")" : "").append("\"/>\n");
        }
    }

    private void drawCollectives() {
        boolean dense = t.collectives().size() > t.columns() / 12;
        for (Timeline.CollectiveMark m : t.collectives()) {
            int lo = Integer.MAX_VALUE, hi = -1;
            for (int r : m.ranks()) {
                Integer row = rowOf.get(r);
                if (row != null) {
                    lo = Math.min(lo, row);
                    hi = Math.max(hi, row);
                }
            }
            if (hi < 0) {
                continue;
            }
            double x = x(m.lastEnter());
            s.append("<line class=\"coll\" data-kind=\"").append(m.kind()).append("\" x1=\"").append(fmt(x)).append("\" y1=\"")
                    .append(fmt(rowTop(lo) - 1)).append("\" x2=\"").append(fmt(x)).append("\" y2=\"")
                    .append(fmt(rowTop(hi) + rowHeight + 1)).append("\" stroke=\"" + COLLECTIVE_MARK + "\" stroke-width=\"").append(dense ? "1\" stroke-opacity=\"0.35" : "1.6")
                    .append("\"/>\n");
        }
    }

    private void drawAxis(double y) {
        double span = t.end() - t.start();
        double step = niceStep(span / Math.max(1, t.columns() / 110.0));
        while (span > 0 && span / step < 2) { // a narrow picture rounded the step past the span: one "0 ms" label
            step = smallerStep(step);
        }
        // the unit of the largest time shown: a window 14 s into the run reads 14.0 ... 14.5 s (not 0 ... 500 ms)
        double largest = Math.max(span, Math.max(Math.abs(t.start()), Math.abs(t.end())));
        double unit = largest >= 1 ? 1 : largest >= 1e-3 ? 1e-3 : largest >= 1e-6 ? 1e-6 : 1e-9;
        int decimals = (int) Math.max(0, -Math.floor(Math.log10(step / unit) + 1e-9)); // as many as the step needs
        String name = unit == 1 ? "s" : unit == 1e-3 ? "ms" : unit == 1e-6 ? "us" : "ns";
        s.append("<g class=\"axis\">\n<line x1=\"").append(left).append("\" y1=\"").append(fmt(y)).append("\" x2=\"")
                .append(left + t.columns()).append("\" y2=\"").append(fmt(y)).append("\" stroke=\"#424242\"/>\n");
        for (double v = Math.ceil(t.start() / step - 1e-9) * step; v <= t.end() + step * 1e-9; v += step) {
            double x = x(v);
            s.append("<line class=\"tick\" x1=\"").append(fmt(x)).append("\" y1=\"").append(fmt(y)).append("\" x2=\"").append(fmt(x))
                    .append("\" y2=\"").append(fmt(y + 5)).append("\" stroke=\"#424242\"/>");
            s.append("<text x=\"").append(fmt(x)).append("\" y=\"").append(fmt(y + 17)).append("\" text-anchor=\"middle\">")
                    .append(number(v / unit + 0.0, decimals)).append(' ').append(name).append("</text>\n");
        }
        s.append("<text x=\"").append(left - 6).append("\" y=\"").append(fmt(y + 4)).append("\" text-anchor=\"end\" fill=\"#616161\">")
                .append(t.corrected() ? "corrected time" : "time").append("</text>\n</g>\n");
    }

    /** The next smaller of the steps 1, 2, 5 x 10^n. */
    static double smallerStep(double step) {
        double p = Math.pow(10, Math.floor(Math.log10(step) + 1e-9));
        double m = Math.round(step / p);
        return (m >= 5 ? 2 : m >= 2 ? 1 : 0.5) * p;
    }

    static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double m = raw / p;
        return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
    }

    /** One entry of the legend: a swatch (or a line, for arrows and marks) and its text. */
    private record LegendItem(boolean line, String colour, String text) {
        int width() {
            return (line ? 28 : 26) + (int) Math.ceil(SvgText.textWidth(text));
        }
    }

    /** The most characters of a region's name in the legend (longer: cut with an ellipsis). */
    static final int LEGEND_NAME = 32;

    private List<LegendItem> legendItems() {
        List<LegendItem> items = new java.util.ArrayList<>();
        // the compute classes a row has: a legend of every class the trace could use named colours drawn nowhere
        // ("compute (no user region)" on runs whose processes compute inside main; a region a window left no time to)
        if (drawn(StateClass.COMPUTE)) {
            items.add(new LegendItem(false, colour(StateClass.COMPUTE), "compute (no user region)"));
        }
        for (int i = 0; i < t.regionNames().size(); i++) {
            String region = t.regionNames().get(i);
            if (drawn(StateClass.computeIn(i))) {
                items.add(new LegendItem(false, colour(StateClass.computeIn(i)), "compute in " + SvgText.shorten(region, LEGEND_NAME)));
            }
        }
        // the MPI states, messages, conflicts and marks a row or the picture has (a run without MPI lists none of them)
        String[] mpi = {"MPI point-to-point", "MPI collective", "MPI other"};
        int[] mpiClasses = {StateClass.MPI_POINT_TO_POINT, StateClass.MPI_COLLECTIVE, StateClass.MPI_OTHER};
        for (int k = 0; k < mpi.length; k++) {
            if (drawn(mpiClasses[k])) {
                items.add(new LegendItem(false, colour(mpiClasses[k]), mpi[k]));
            }
        }
        // waiting is its call's colour under the half-black overlay: a swatch per kind of call it is drawn over (one fixed
        // navy swatch matched none of them, and a collective's waiting, dark purple, had none)
        String[] waits = {"waiting in MPI (the call drawn darker)", "waiting in a collective (drawn darker)",
            "waiting in other MPI (drawn darker)"};
        for (int k = 0; k < mpi.length && drawn(StateClass.WAITING); k++) {
            if (k == 0 ? waitingOver(mpiClasses[k]) || !waitingOver(mpiClasses[1]) && !waitingOver(mpiClasses[2])
                    : waitingOver(mpiClasses[k])) {
                items.add(new LegendItem(false, StateStyle.halfBlack(colour(mpiClasses[k])), waits[k]));
            }
        }
        if (openMp) {
            if ((openMpKinds & 1) != 0) {
                items.add(new LegendItem(false, colour(StateClass.OMP_WAITING), "in an OpenMP barrier (waiting for the team)"));
            }
            if ((openMpKinds & 2) != 0) {
                items.add(new LegendItem(false, colour(StateClass.OMP_RUNTIME), "OpenMP fork or join (the runtime)"));
            }
        }
        if (!t.arrows().isEmpty()) {
            items.add(new LegendItem(true, "#212121", "message"));
        }
        if (t.arrows().stream().anyMatch(Timeline.Arrow::conflict)) {
            items.add(new LegendItem(true, CONFLICT_COLOUR, "clock conflict"));
        }
        if (!t.collectives().isEmpty()) {
            items.add(new LegendItem(true, COLLECTIVE_MARK, "collective (last member arrives)"));
        }
        if (path != null) {
            items.add(new LegendItem(true, PATH_COLOUR, "critical path"));
        }
        return items;
    }

    /** Lays the legend out from {@code y}, wrapping at the picture's width; draws it when {@code draw}; returns its lines. */
    private int legend(int y, boolean draw) {
        int width = width(), x = 8, lines = 1;
        if (draw) {
            s.append("<g class=\"legend\">\n");
        }
        for (LegendItem full : legendItems()) {
            LegendItem item = full;
            // wider than the picture: cut to fit, a code point at a time (Labels.cut counts code points: counted in UTF-16
            // units, a name of characters above the basic plane was "cut" to itself for ever)
            for (int n = SvgText.codePoints(item.text()); n > 10 && item.width() > width - 16; n = SvgText.codePoints(item.text())) {
                item = new LegendItem(full.line(), full.colour(), SvgText.shorten(full.text(), n - 1));
            }
            if (x > 8 && x + item.width() > width - 8) {
                lines++;
                x = 8;
                y += 18;
            }
            if (draw) {
                x = item.line() ? legendLine(x, y, item.colour(), item.text()) : legendItem(x, y, item.colour(), item.text());
            } else {
                x += item.width();
            }
        }
        if (draw) {
            s.append("</g>\n");
        }
        return lines;
    }

    private int legendItem(int x, int y, String fill, String text) {
        s.append("<rect x=\"").append(x).append("\" y=\"").append(y - 9).append("\" width=\"12\" height=\"10\" fill=\"").append(fill)
                .append("\"/><text x=\"").append(x + 16).append("\" y=\"").append(y).append("\">").append(Escape.html(text)).append("</text>\n");
        return x + 26 + (int) Math.ceil(SvgText.textWidth(text));
    }

    private int legendLine(int x, int y, String stroke, String text) {
        s.append("<line x1=\"").append(x).append("\" y1=\"").append(y - 4).append("\" x2=\"").append(x + 14).append("\" y2=\"")
                .append(y - 4).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"1.5\"/><text x=\"").append(x + 18)
                .append("\" y=\"").append(y).append("\">").append(Escape.html(text)).append("</text>\n");
        return x + 28 + (int) Math.ceil(SvgText.textWidth(text));
    }

    /** A tick's value with {@code decimals} decimals (every tick of an axis alike). */
    private static String number(double v, int decimals) {
        if (decimals == 0) {
            return String.valueOf((long) Math.rint(v));
        }
        return Labels.fixed(v, decimals);
    }

    private static String fmt(double v) {
        return Labels.fixed(v, 1);
    }
}
