package org.igtrace.core.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.igtrace.core.trace.EventTaps;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.core.wait.CollectiveInstance;
import org.igtrace.core.wait.MatchListener;
import org.igtrace.core.wait.MatchedMessage;

/**
 * Builds a {@link Timeline} as one more analysis of a read: per location from the per-location
 * read (states in {@link ColumnBins}, and exactly while there are few), then the messages,
 * collective instances and waiting parts from the matching that measures waits. Memory per
 * location is {@code columns x} {@link StateClass#COUNT} floats plus at most
 * {@link #exactStates} exact states; arrows and marks are capped.
 */
public final class TimelineBuilder implements EventTaps {
    /** The most arrows drawn; more are counted and left out. */
    public static final int MAX_ARROWS = 2000;
    /** The most collective instances marked. */
    public static final int MAX_COLLECTIVES = 1000;

    private final TraceDefinitions definitions;
    private final int columns;
    private final BitSet rowsShown;
    private final long windowFrom;
    private final long windowTo;
    /** A row keeps its exact states while it has at most this many (then only its bins). */
    public final int exactStates;
    private final int[] regionClass;
    private final int[] regionSlot;
    private final List<String> slotNames = new ArrayList<>();
    private final Queue<Recorder> recorders = new ConcurrentLinkedQueue<>();
    private final Waits waits;
    private long[] offsets;

    /**
     * @param columns    pixel columns of the time axis
     * @param ranks      the ranks to draw, or null for all
     * @param windowFrom first tick drawn (raw clock), or {@code Long.MIN_VALUE} for the run's start
     * @param windowTo   last tick drawn, or {@code Long.MAX_VALUE} for the run's end
     */
    public TimelineBuilder(TraceDefinitions definitions, int columns, BitSet ranks, long windowFrom, long windowTo) {
        this.definitions = definitions;
        this.columns = Math.max(2, columns + (columns & 1));
        this.rowsShown = ranks;
        this.windowFrom = windowFrom;
        this.windowTo = windowTo;
        this.exactStates = this.columns / 2;
        this.waits = new Waits();
        int n = definitions.regionCount();
        this.regionClass = new int[n];
        this.regionSlot = new int[n];
        Arrays.fill(regionSlot, -1);
        for (int r = 0; r < n; r++) {
            regionClass[r] = classify(definitions.regionName(r), definitions.regionKind(r));
        }
    }

    /** The MPI state class of a region, or -1 for user code. */
    static int classify(String name, RegionKind kind) {
        if (kind == RegionKind.OTHER) {
            return -1;
        }
        if (kind == RegionKind.ENVIRONMENT) {
            return StateClass.MPI_OTHER;
        }
        String n = name.toLowerCase(java.util.Locale.ROOT);
        for (String c : new String[] {"barrier", "bcast", "reduce", "gather", "scatter", "alltoall", "scan"}) {
            if (n.contains(c)) {
                return StateClass.MPI_COLLECTIVE;
            }
        }
        for (String p : new String[] {"send", "recv", "wait", "test", "probe", "start"}) {
            if (n.contains(p)) {
                return StateClass.MPI_POINT_TO_POINT;
            }
        }
        return StateClass.MPI_OTHER;
    }

    /** The compute colour slot of a user region: one per region name, given out in the order names are first met. */
    private int slot(int region) {
        if (region < 0 || region >= regionSlot.length) {
            return StateClass.COMPUTE_REGIONS - 1;
        }
        int s = regionSlot[region];
        if (s >= 0) {
            return s;
        }
        synchronized (slotNames) {
            if (regionSlot[region] < 0) {
                String name = definitions.regionName(region);
                int index = slotNames.indexOf(name);
                if (index < 0) {
                    index = slotNames.size();
                    slotNames.add(name);
                }
                regionSlot[region] = index;
            }
            return regionSlot[region];
        }
    }

    private long origin() {
        return windowFrom == Long.MIN_VALUE ? definitions.startTicks() : windowFrom;
    }

    private boolean shown(int process) {
        return rowsShown == null || rowsShown.get(process);
    }

    @Override
    public LocationSink perLocation(LocationSink profile) {
        return TeeSink.of(profile, (process, order) -> {
            if (!shown(process)) {
                return NOTHING;
            }
            Recorder r = new Recorder(process);
            recorders.add(r);
            return r;
        });
    }

    private static final LocationEvents NOTHING = new Nothing();

    @Override
    public MatchListener matches(long[] offsets) {
        this.offsets = offsets.clone();
        return waits;
    }

    private long offset(int process) {
        return offsets != null && process >= 0 && process < offsets.length ? offsets[process] : 0;
    }

    private double seconds(long ticks) {
        return (ticks - origin()) / definitions.ticksPerSecond();
    }

    /** The timeline, once the read (and the matching) is done. */
    public Timeline build() {
        Map<Integer, List<Recorder>> byProcess = new HashMap<>();
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
        for (Recorder r : recorders) {
            r.finish();
            byProcess.computeIfAbsent(r.process, k -> new ArrayList<>()).add(r);
            if (r.first <= r.last) {
                first = Math.min(first, r.first + offset(r.process));
                last = Math.max(last, r.last + offset(r.process));
            }
        }
        if (first > last) {
            first = origin();
            last = first + 1;
        }
        long left = windowFrom == Long.MIN_VALUE ? Math.min(first, origin()) : windowFrom;
        long right = windowTo == Long.MAX_VALUE ? last : windowTo;
        if (right <= left) {
            right = left + 1;
        }
        double start = seconds(left), end = seconds(right);
        List<Timeline.Row> rows = new ArrayList<>();
        for (int p = 0; p < definitions.processCount(); p++) {
            if (!shown(p)) {
                continue;
            }
            rows.add(row(p, byProcess.getOrDefault(p, List.of()), start, end));
        }
        List<String> names = new ArrayList<>();
        for (String region : slotNames) {
            if (names.size() < StateClass.COMPUTE_REGIONS - 1) {
                names.add(region);
            }
        }
        if (slotNames.size() >= StateClass.COMPUTE_REGIONS) {
            names.add("other regions");
        }
        List<Timeline.Arrow> arrows = waits.arrows();
        return new Timeline(columns, start, end, rows, arrows, waits.arrowsLeftOut,
                List.copyOf(waits.marks), waits.marksLeftOut + waits.marksMerged, names, offsets != null && Arrays.stream(offsets).anyMatch(o -> o != 0));
    }

    private Timeline.Row row(int process, List<Recorder> locations, double start, double end) {
        String name = definitions.processes().get(process).name();
        boolean exact = locations.size() <= 1 && waits.exactFor(process);
        for (Recorder r : locations) {
            exact &= !r.overflowed;
        }
        double shift = offset(process) / definitions.ticksPerSecond();
        if (exact) {
            List<Timeline.State> states = new ArrayList<>();
            for (Recorder r : locations) {
                for (int i = 0; i < r.count; i++) {
                    states.add(new Timeline.State(seconds(r.starts[i]) + shift, seconds(r.ends[i]) + shift, r.classes[i]));
                }
            }
            List<long[]> exactWaits = waits.exact.get(process);
            for (long[] w : exactWaits == null ? List.<long[]>of() : exactWaits) {
                states.add(new Timeline.State(seconds(w[0]) + shift, seconds(w[1]) + shift, StateClass.WAITING));
            }
            return new Timeline.Row(process, name, states, null);
        }
        float[][] shares = new float[StateClass.COUNT][columns];
        double perColumn = (end - start) / columns;
        for (Recorder r : locations) {
            spread(r.bins, shift, start, perColumn, shares);
        }
        ColumnBins w = waits.bins[process];
        if (w != null) {
            spread(w, shift, start, perColumn, shares);
        }
        float threads = Math.max(1, locations.size());
        for (float[] row : shares) {
            for (int c = 0; c < columns; c++) {
                row[c] = Math.min(1f, row[c] / threads);
            }
        }
        return new Timeline.Row(process, name, null, shares);
    }

    /** Adds each bin's time to the pixel column of its middle, as a share of a column's time. */
    private void spread(ColumnBins bins, double shift, double start, double perColumn, float[][] shares) {
        double tps = definitions.ticksPerSecond();
        double binSeconds = bins.width() / tps;
        for (int b = 0; b < bins.bins(); b++) {
            double middle = seconds(bins.origin() + b * bins.width()) + binSeconds / 2 + shift;
            int c = (int) Math.floor((middle - start) / perColumn);
            if (c < 0 || c >= columns) {
                continue;
            }
            for (int k = 0; k < StateClass.COUNT; k++) {
                float t = bins.ticks(k, b);
                if (t > 0) {
                    shares[k][c] += (float) (t / tps / perColumn);
                }
            }
        }
    }

    private long initialBinWidth() {
        if (windowFrom != Long.MIN_VALUE && windowTo != Long.MAX_VALUE) {
            return Math.max(1, (windowTo - windowFrom) / columns + 1);
        }
        return 1;
    }

    /** One location's outermost states as they are read. */
    private final class Recorder implements LocationEvents {
        final int process;
        final ColumnBins bins = new ColumnBins(origin(), columns, initialBinWidth());
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        private int[] stack = new int[16];
        private int depth;
        private int mpiFrame = -1;
        private int state = -1;
        private long since;
        long[] starts = new long[64];
        long[] ends = new long[64];
        byte[] classes = new byte[64];
        int count;
        boolean overflowed;

        Recorder(int process) {
            this.process = process;
        }

        private void at(long time) {
            if (time < first) {
                first = time;
                since = time;
                state = StateClass.COMPUTE;
            }
            if (time > last) {
                last = time;
            }
        }

        private void change(long time, int next) {
            if (next != state) {
                record(state, since, time);
                state = next;
                since = time;
            }
        }

        private void record(int c, long start, long end) {
            if (c < 0 || end <= start) {
                return;
            }
            bins.add(c, start, end);
            if (overflowed) {
                return;
            }
            if (count > 0 && classes[count - 1] == c && ends[count - 1] == start) {
                ends[count - 1] = end;
                return;
            }
            if (count == exactStates) {
                overflowed = true;
                starts = ends = null;
                classes = null;
                return;
            }
            if (count == starts.length) {
                int n = Math.min(exactStates, count * 2);
                starts = Arrays.copyOf(starts, n);
                ends = Arrays.copyOf(ends, n);
                classes = Arrays.copyOf(classes, n);
            }
            starts[count] = start;
            ends[count] = end;
            classes[count++] = (byte) c;
        }

        /** The class now, from the stack: the outermost MPI call, else the outermost user region below the root. */
        private int current() {
            if (mpiFrame >= 0) {
                return regionClass(stack[mpiFrame]);
            }
            if (depth == 0) {
                return StateClass.COMPUTE;
            }
            int f = depth >= 2 ? 1 : 0;
            return StateClass.computeIn(slot(stack[f]));
        }

        private int regionClass(int region) {
            return region >= 0 && region < regionClass.length ? regionClass[region] : -1;
        }

        @Override
        public void enter(long time, int region) {
            at(time);
            if (depth == stack.length) {
                stack = Arrays.copyOf(stack, depth * 2);
            }
            stack[depth++] = region;
            if (mpiFrame < 0 && regionClass(region) >= 0) {
                mpiFrame = depth - 1;
            }
            change(time, current());
        }

        @Override
        public void leave(long time, int region) {
            at(time);
            if (depth == 0) {
                return;
            }
            depth--;
            if (depth == mpiFrame) {
                mpiFrame = -1;
            }
            change(time, current());
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            at(time);
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            at(time);
        }

        @Override
        public void collective(long time, org.igtrace.core.trace.CollectiveKind kind, int communicator, int root, long sent,
                               long received) {
            at(time);
        }

        /** Ends the state still open at the location's last event. */
        void finish() {
            if (state >= 0 && last > since) {
                record(state, since, last);
                since = last;
            }
        }
    }

    /** Arrows, collective marks and waiting parts, from the matching that measures waits. */
    private final class Waits implements MatchListener {
        /** Index in {@link #arrowList} of the arrow whose ends lie in the same pixels (no boxing per message). */
        private final LongIntMap arrowByPixels = new LongIntMap();
        private final List<long[]> arrowList = new ArrayList<>();
        private final int[] arrowsInColumn = new int[columns];
        long arrowsLeftOut;
        final List<Timeline.CollectiveMark> marks = new ArrayList<>();
        private final java.util.Set<Long> markBuckets = new java.util.HashSet<>();
        long marksLeftOut;
        long marksMerged;
        /** Per process: its waiting parts in bins (null: none yet) and exactly while they are few. */
        final ColumnBins[] bins = new ColumnBins[definitions.processCount()];
        final List<List<long[]>> exact = new ArrayList<>(java.util.Collections.nCopies(definitions.processCount(), null));
        private final BitSet overflowed = new BitSet();
        /**
         * The last message's arrow: its sender and receiver, the send and receive times that give the
         * same arrow key and column, and what became of it (an index in arrowList, or -1: left out).
         * Messages of a pair come one after another in time order, so most find their arrow here.
         */
        private int lastSender = -1;
        private int lastReceiver = -1;
        private long lastSendFrom = 1;
        private long lastSendTo;
        private long lastReceiveFrom;
        private long lastReceiveTo;
        private int lastArrow = -1;
        /** Messages of the last arrow not yet added to its count (or to arrowsLeftOut): the join's threads touch less memory. */
        private long pending;

        boolean exactFor(int process) {
            return !overflowed.get(process);
        }

        @Override
        public void message(MatchedMessage m) {
            int s = m.sender(), r = m.receiver();
            if (s == r || s < 0 || r < 0 || !shown(s) || !shown(r)) {
                return;
            }
            long os = offset(s), or = offset(r);
            long sendEnter = m.sendEnter() + os, receiveEnter = m.receiveEnter() + or;
            if (m.receiveCall().waitsForReceive()) {
                wait(r, m.receiveEnter(), Math.min(sendEnter - receiveEnter, m.receiveLeave() - m.receiveEnter()));
            }
            if (m.sendCall().blocksSender() && m.sendLeave() + os > receiveEnter) {
                wait(s, m.sendEnter(), Math.min(receiveEnter - sendEnter, m.sendLeave() - m.sendEnter()));
            }
            arrow(s, r, m.sendTime() + os, m.receiveTime() + or);
        }

        private void arrow(int s, int r, long send, long receive) {
            if (s == lastSender && r == lastReceiver && send >= lastSendFrom && send <= lastSendTo && receive >= lastReceiveFrom
                    && receive <= lastReceiveTo) {
                pending++; // same key and column as the last message: the same outcome
                return;
            }
            // One arrow per pixel of each end (at the finest bins any row can have).
            long quantum = Math.max(1, estimatedColumnTicks());
            long sendPixel = Math.floorDiv(send, quantum), receivePixel = Math.floorDiv(receive, quantum);
            long key = (((long) s * 1_000_003L + r) * 1_000_003L + sendPixel) * 1_000_003L + receivePixel;
            long fromOrigin = Math.floorDiv(send - origin(), quantum);
            int column = (int) Math.max(0, Math.min(columns - 1, fromOrigin));
            remember(s, r, quantum, sendPixel, receivePixel, fromOrigin);
            flushPending();
            pending = 1;
            int existing = arrowByPixels.get(key, -1);
            if (existing >= 0) {
                lastArrow = existing;
                return;
            }
            // Candidates: up to 8 x the arrows drawn, spread over the run (a quota per pixel column of
            // the send); build() thins them to MAX_ARROWS, evenly over the columns.
            if (arrowList.size() >= 8 * MAX_ARROWS || arrowsInColumn[column] >= Math.max(1, 8 * MAX_ARROWS / columns)) {
                lastArrow = -1;
                return;
            }
            arrowsInColumn[column]++;
            lastArrow = arrowList.size();
            arrowByPixels.put(key, lastArrow);
            arrowList.add(new long[] {s, r, send, receive, 0, column});
        }

        /** Adds the pending messages to the last arrow's count, or to those left out. */
        private void flushPending() {
            if (lastArrow >= 0) {
                arrowList.get(lastArrow)[4] += pending;
            } else {
                arrowsLeftOut += pending;
            }
            pending = 0;
        }

        /**
         * Keeps the ranges of send and receive times whose arrow has the key and column of this
         * message: its pixels of {@code quantum} ticks, and of the send its column (unclamped, or
         * clamped at either edge).
         */
        private void remember(int s, int r, long quantum, long sendPixel, long receivePixel, long fromOrigin) {
            long sendFrom = sendPixel * quantum, sendTo = last(sendFrom, quantum);
            long columnFrom = fromOrigin <= 0 ? Long.MIN_VALUE : origin() + fromOrigin * quantum;
            long columnTo = fromOrigin >= columns - 1 ? Long.MAX_VALUE : last(origin() + fromOrigin * quantum, quantum);
            lastSender = s;
            lastReceiver = r;
            lastSendFrom = Math.max(sendFrom, columnFrom);
            lastSendTo = Math.min(sendTo, columnTo);
            lastReceiveFrom = receivePixel * quantum;
            lastReceiveTo = last(lastReceiveFrom, quantum);
        }

        /** The last tick of the {@code quantum} ticks from {@code from}, without overflow. */
        private static long last(long from, long quantum) {
            long to = from + (quantum - 1);
            return to < from ? Long.MAX_VALUE : to;
        }

        private long estimatedColumnTicks() {
            long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
            if (windowFrom != Long.MIN_VALUE && windowTo != Long.MAX_VALUE) {
                return (windowTo - windowFrom) / columns;
            }
            if (span == 0) {
                for (Recorder rec : recorders) {
                    if (rec.first <= rec.last) {
                        first = Math.min(first, rec.first);
                        last = Math.max(last, rec.last);
                    }
                }
                span = first <= last ? Math.max(1, (last - first) / columns) : 1;
            }
            return span;
        }

        private long span;

        /** The arrows to draw: all candidates when they are at most MAX_ARROWS, else the first few of each column. */
        List<Timeline.Arrow> arrows() {
            flushPending();
            int perColumn = Integer.MAX_VALUE;
            if (arrowList.size() > MAX_ARROWS) {
                perColumn = Math.max(1, MAX_ARROWS / columns);
            }
            int[] taken = new int[columns];
            List<Timeline.Arrow> list = new ArrayList<>(Math.min(arrowList.size(), MAX_ARROWS));
            for (long[] a : arrowList) {
                int column = (int) a[5];
                if (taken[column] >= perColumn || list.size() >= MAX_ARROWS) {
                    arrowsLeftOut += a[4];
                    continue;
                }
                taken[column]++;
                list.add(new Timeline.Arrow((int) a[0], (int) a[1], seconds(a[2]), seconds(a[3]), (int) a[4]));
            }
            return list;
        }

        private void wait(int process, long enter, long ticks) {
            if (ticks <= 0) {
                return;
            }
            if (process >= bins.length) {
                return; // not a process of the definitions: no row
            }
            if (bins[process] == null) {
                bins[process] = new ColumnBins(origin(), columns, initialBinWidth());
            }
            bins[process].add(StateClass.WAITING, enter, enter + ticks);
            if (overflowed.get(process)) {
                return;
            }
            List<long[]> list = exact.get(process);
            if (list == null) {
                exact.set(process, list = new ArrayList<>());
            }
            if (list.size() >= exactStates) {
                overflowed.set(process);
                exact.set(process, null);
                return;
            }
            list.add(new long[] {enter, enter + ticks});
        }

        @Override
        public void collective(CollectiveInstance c) {
            int n = c.size();
            if (n < 2) {
                return;
            }
            long firstEnter = Long.MAX_VALUE, lastEnter = Long.MIN_VALUE;
            int lastIndex = 0, firstOther = -1;
            for (int i = 0; i < n; i++) {
                long e = c.enter(i) + offset(c.member(i));
                firstEnter = Math.min(firstEnter, e);
                if (e > lastEnter) {
                    lastEnter = e;
                    lastIndex = i;
                }
            }
            chargeCollective(c, n, lastIndex);
            int[] ranks = new int[n];
            int shownMembers = 0;
            for (int i = 0; i < n; i++) {
                if (shown(c.member(i))) {
                    ranks[shownMembers++] = c.member(i);
                }
            }
            if (shownMembers < 2 || marks.size() >= MAX_COLLECTIVES) {
                marksLeftOut++;
                return;
            }
            // One mark per 3 pixel columns: denser instances would hide the rows behind them.
            long bucket = Math.floorDiv(lastEnter, 3 * Math.max(1, estimatedColumnTicks()));
            if (!markBuckets.add(bucket)) {
                marksMerged++;
                return;
            }
            marks.add(new Timeline.CollectiveMark(Arrays.copyOf(ranks, shownMembers), seconds(firstEnter), seconds(lastEnter),
                    c.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')));
        }

        /** The waiting parts of definitions section 8's collective patterns, as WaitStates charges them. */
        private void chargeCollective(CollectiveInstance c, int n, int last) {
            switch (c.kind()) {
                case BARRIER, ALL_TO_ALL -> {
                    for (int p = 0; p < n; p++) {
                        if (p != last) {
                            memberWait(c, p, enter(c, last) - enter(c, p));
                        }
                    }
                }
                case ONE_TO_ALL -> {
                    int root = c.rootIndex();
                    for (int p = 0; root >= 0 && p < n; p++) {
                        if (p != root) {
                            memberWait(c, p, enter(c, root) - enter(c, p));
                        }
                    }
                }
                case ALL_TO_ONE -> {
                    int root = c.rootIndex(), first = -1;
                    for (int q = 0; q < n; q++) {
                        if (q != root && (first < 0 || enter(c, q) < enter(c, first))) {
                            first = q;
                        }
                    }
                    if (root >= 0 && first >= 0) {
                        memberWait(c, root, enter(c, first) - enter(c, root));
                    }
                }
                default -> {
                }
            }
        }

        private long enter(CollectiveInstance c, int i) {
            return c.enter(i) + offset(c.member(i));
        }

        private void memberWait(CollectiveInstance c, int i, long ticks) {
            int p = c.member(i);
            if (shown(p)) {
                wait(p, c.enter(i), Math.min(ticks, c.leave(i) - c.enter(i)));
            }
        }
    }

    /** The events of a location whose process is not drawn. */
    static final class Nothing implements LocationEvents {
        @Override
        public void enter(long time, int region) {
        }

        @Override
        public void leave(long time, int region) {
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
        }

        @Override
        public void collective(long time, org.igtrace.core.trace.CollectiveKind kind, int communicator, int root,
                               long sent, long received) {
        }
    }
}
