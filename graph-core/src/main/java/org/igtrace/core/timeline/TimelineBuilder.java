package org.igtrace.core.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.RegionStack;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.wait.MatchTap;

/**
 * Builds a {@link Timeline} as one more analysis of a read: per location from the per-location read (states in
 * {@link ColumnBins}, and exactly while there are few), then the messages, collective instances and waiting parts from
 * the matching that measures waits. Memory per location is {@code columns x} {@link StateClass#COUNT} floats plus at
 * most {@link #exactStates} exact states; arrows and marks are capped.
 */
public final class TimelineBuilder extends LocationTaps<TimelineBuilder.Recorder> {
    /** The most arrows drawn; more are counted and left out. */
    public static final int MAX_ARROWS = 2000;
    /** The most collective instances marked. */
    public static final int MAX_COLLECTIVES = 1000;

    private final TraceDefinitions definitions;
    private final int columns;
    private final BitSet rowsShown;
    private final long windowFrom;
    private final long windowTo;
    /** Without a window: draw from the end of MPI_Init to the start of MPI_Finalize (the time stats counts). */
    private final boolean measured;
    /** Per region: 1 for MPI_Init/MPI_Init_thread, 2 for MPI_Finalize, 3 for an OpenMP parallel region, 4 for a task run, else 0. */
    private final byte[] environment;
    /** A row keeps its exact states while it has at most this many (then only its bins). */
    public final int exactStates;
    private final int[] regionClass;
    /** Whether the trace defines OpenMP constructs: then a thread outside every region is idle, not computing. */
    private final boolean openMp;
    /** Each region's name as an index into {@link #names} (regions with one name share it). */
    private final int[] regionName;
    /** The distinct region names, in definition order. */
    private final List<String> names = new ArrayList<>();
    /** The run's whole span (ticks, corrected), once {@link #build()} has run. */
    private long wholeFrom, wholeTo;
    /** The names with a compute colour, by slot, once {@link #build()} has ordered them. */
    private final List<String> slotNames = new ArrayList<>();
    private JoinedWaits waits;

    /**
     * @param columns    pixel columns of the time axis
     * @param ranks      the ranks to draw, or null for all
     * @param windowFrom first tick drawn (raw clock), or {@code Long.MIN_VALUE} for the run's start
     * @param windowTo   last tick drawn, or {@code Long.MAX_VALUE} for the run's end
     */
    public TimelineBuilder(TraceDefinitions definitions, int columns, BitSet ranks, long windowFrom, long windowTo) {
        this(definitions, columns, ranks, windowFrom, windowTo, false);
    }

    /**
     * @param measured where the window leaves an edge open: start at the earliest leave of MPI_Init (else a location's first
     *                 event), end at the latest enter of MPI_Finalize (else the last event), as stats counts; false: all events
     */
    public TimelineBuilder(TraceDefinitions definitions, int columns, BitSet ranks, long windowFrom, long windowTo, boolean measured) {
        this.definitions = definitions;
        this.measured = measured;
        this.columns = Math.max(2, columns + (columns & 1));
        this.rowsShown = ranks;
        this.windowFrom = windowFrom;
        this.windowTo = windowTo;
        this.exactStates = this.columns / 2;
        this.waits = new JoinedWaits(frame(new long[definitions.processCount()]), this::seconds);
        int n = definitions.regionCount();
        this.regionClass = new int[n];
        this.openMp = definitions.hasOpenMp();
        this.regionName = new int[n];
        this.environment = new byte[n];
        Map<String, Integer> nameIndex = new HashMap<>();
        for (int r = 0; r < n; r++) {
            String name = definitions.regionName(r);
            regionClass[r] = definitions.ompRole(r).isBarrier() ? StateClass.OMP_WAITING : StateClass.of(name, definitions.regionKind(r));
            environment[r] = StateClass.environment(name, definitions.regionKind(r), definitions.ompRole(r));
            regionName[r] = nameIndex.computeIfAbsent(name, k -> {
                names.add(k);
                return names.size() - 1;
            });
        }
    }

    /** Whether the left edge is the measured start (no window's start given). */
    private boolean measuredLeft() {
        return measured && windowFrom == Long.MIN_VALUE;
    }

    private long origin() { return windowFrom == Long.MIN_VALUE ? definitions.startTicks() : windowFrom; }

    private boolean shown(int process) { return rowsShown == null || rowsShown.get(process); }

    @Override
    Recorder record(int process, long order) {
        return shown(process) ? new Recorder(process, order) : null;
    }

    /** This timeline's part of the join that measures waits at {@link #offsets}. */
    @Override
    MatchTap tap() {
        this.waits = new JoinedWaits(frame(offsets), this::seconds);
        return waits;
    }

    private WaitsFrame frame(long[] offsets) {
        return new WaitsFrame(definitions.processCount(), columns, exactStates, waitsOrigin(), Math.max(1, estimatedColumnTicks()),
                initialBinWidth(), rowsShown, offsets);
    }

    /** Where the waiting time's bins start (raw ticks): at the measured part drawn (a long MPI_Init made them coarse). */
    private long waitsOrigin() {
        long[] span = measuredSpan();
        return span != null && measuredLeft() ? span[0] : origin();
    }

    /** The measured part read (raw ticks) when it is drawn (over 1 % of the trace left out, as {@link #build()}), else null. */
    private long[] measuredSpan() {
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE, from = Long.MAX_VALUE, to = Long.MIN_VALUE;
        for (Recorder r : measured ? locations : List.<Recorder>of()) {
            if (r.first <= r.last) {
                first = Math.min(first, r.first);
                last = Math.max(last, r.last);
                from = Math.min(from, r.initLeave != Long.MIN_VALUE ? r.initLeave : r.first);
                to = Math.max(to, r.finalizeEnter != Long.MIN_VALUE ? r.finalizeEnter : r.last);
            }
        }
        first = Math.min(first, origin());
        return from < to && (from - first) + (last - to) > 0.01 * (last - first) ? new long[] {from, to} : null;
    }

    /** Ticks per pixel column: of the window, else of the span of the events read. */
    private long estimatedColumnTicks() {
        if (windowFrom != Long.MIN_VALUE && windowTo != Long.MAX_VALUE) {
            return (windowTo - windowFrom) / columns;
        }
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
        long[] span = measuredSpan();
        for (Recorder rec : locations) {
            if (rec.first <= rec.last) {
                first = Math.min(first, rec.first);
                last = Math.max(last, rec.last);
            }
        }
        if (span != null) {
            first = windowFrom == Long.MIN_VALUE ? span[0] : first;
            last = windowTo == Long.MAX_VALUE ? span[1] : last;
        }
        return first <= last ? Math.max(1, (last - first) / columns) : 1;
    }

    /** Seconds from the start of the run (also under a window: its axis reads the run's time). */
    private double seconds(long ticks) {
        return (ticks - definitions.startTicks()) / definitions.ticksPerSecond();
    }

    /** Whether a location drawn left MPI_Init (bit 1) and whether one entered MPI_Finalize (bit 2), once the read is done. */
    public int environmentCalls() {
        return (locations.stream().anyMatch(r -> r.initLeave != Long.MIN_VALUE) ? 1 : 0) | (locations.stream().anyMatch(r -> r.finalizeEnter != Long.MIN_VALUE) ? 2 : 0);
    }

    /** The seconds (from the start of the run) of the first and the last event, once {@link #build()} has run. */
    public double[] wholeSpan() {
        return new double[] {seconds(wholeFrom), seconds(wholeTo)};
    }

    /** The timeline, once the read (and the matching) is done. */
    public Timeline build() {
        Map<Integer, List<Recorder>> byProcess = new HashMap<>();
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE, from = Long.MAX_VALUE, to = Long.MIN_VALUE;
        for (Recorder r : locations) {
            r.finish();
        }
        ThreadRows.markIdleWorkers(locations);
        for (Recorder r : SlotOrder.order(locations, names, slotNames)) {
            byProcess.computeIfAbsent(r.process, k -> new ArrayList<>()).add(r);
            if (r.first <= r.last) {
                first = Math.min(first, r.first + offset(r.process));
                last = Math.max(last, r.last + offset(r.process));
                from = Math.min(from, (r.initLeave != Long.MIN_VALUE ? r.initLeave : r.first) + offset(r.process));
                to = Math.max(to, (r.finalizeEnter != Long.MIN_VALUE ? r.finalizeEnter : r.last) + offset(r.process));
            }
        }
        if (first > last) {
            first = origin();
            last = first + 1;
        }
        wholeFrom = Math.min(first, origin());
        wholeTo = last;
        // under 1 % of the run outside the measured part: the whole run (its axis from 0, as the picture always was)
        boolean span = measured && from < to && (from - wholeFrom) + (wholeTo - to) > 0.01 * (wholeTo - wholeFrom);
        long left = windowFrom != Long.MIN_VALUE ? windowFrom : span ? from : Math.min(first, origin());
        long right = windowTo != Long.MAX_VALUE ? windowTo : span ? to : last;
        if (right <= left) {
            right = left + 1;
        }
        double start = seconds(left), end = seconds(right);
        List<Timeline.Row> rows = new ArrayList<>();
        for (int p = 0; p < definitions.processCount(); p++) {
            if (!shown(p)) {
                continue;
            }
            List<Recorder> locations = byProcess.getOrDefault(p, List.of());
            List<Recorder> threads = locations.stream().filter(r -> r.first <= r.last).toList();
            if (threads.size() > 1) {
                // one row per thread under its process, the master's first (ThreadRows), each named by its place
                int[] order = ThreadRows.order(threads);
                for (int k = 0; k < order.length; k++) {
                    rows.add(row(p, List.of(threads.get(order[k])), start, end, k, order[k]));
                }
            } else { // a thread with no event in the span (a worker idle through a --window) is no share of the row
                rows.add(row(p, threads.isEmpty() ? locations : threads, start, end, 0, -1));
            }
        }
        List<String> legend = new ArrayList<>();
        for (String region : slotNames) {
            if (legend.size() < StateClass.COMPUTE_REGIONS - 1) {
                legend.add(region);
            }
        }
        if (slotNames.size() >= StateClass.COMPUTE_REGIONS) {
            legend.add("other regions");
        }
        ArrowCandidates.Selected arrows = waits.arrows();
        CollectiveMarks.Selected marks = waits.marks();
        return new Timeline(columns, start, end, rows, arrows.arrows(), arrows.leftOut(), List.copyOf(marks.marks()), marks.leftOut(),
                legend, offsets != null && Arrays.stream(offsets).anyMatch(o -> o != 0));
    }

    /** A row: the process's (its master's, {@code thread} 0) or another thread's, at {@code place} in location order, named. */
    private Timeline.Row row(int process, List<Recorder> locations, double start, double end, int thread, int place) {
        String name = definitions.processes().get(process).name();
        if (thread > 0) {
            // the trace's name of the thread ("0 OMP thread 3" under its process's row), else its place ("0 thread 1")
            name = java.util.Objects.requireNonNullElse(definitions.threadName(locations.get(0).order), "thread " + place);
        }
        boolean exact = locations.size() <= 1 && (thread > 0 || waits.exactFor(process));
        for (Recorder r : locations) {
            exact &= !r.exact.overflowed();
        }
        double shift = offset(process) / definitions.ticksPerSecond();
        if (exact) {
            List<Timeline.State> states = new ArrayList<>();
            for (Recorder r : locations) {
                r.exact.addTo(states, r.classMap, this::seconds, shift);
            }
            List<long[]> exactWaits = thread > 0 ? null : waits.exact(process);
            for (long[] w : exactWaits == null ? List.<long[]>of() : exactWaits) {
                states.add(new Timeline.State(seconds(w[0]) + shift, seconds(w[1]) + shift, StateClass.WAITING));
            }
            return new Timeline.Row(process, name, states, null, thread, place);
        }
        float[][] shares = new float[StateClass.COUNT][columns];
        double perColumn = (end - start) / columns;
        for (Recorder r : locations) {
            for (ColumnBins b : new ColumnBins[] {r.bins, r.tail}) { // the tail: from MPI_Finalize's enter on, clipped at the end
                if (b != null) {
                    b.spread(shares, r.classMap, this::seconds, definitions.ticksPerSecond(), shift, start, perColumn);
                }
            }
            if (r.initEnter != Long.MIN_VALUE && r.initLeave != Long.MIN_VALUE) { // its MPI_Init after the span's left edge
                BinGrid.fill(shares[StateClass.MPI_OTHER], seconds(r.initEnter) + shift, seconds(r.initLeave) + shift, start, perColumn);
            }
        }
        TickBins w = thread > 0 ? null : waits.bins(process);
        if (w != null) {
            w.spread(shares, IDENTITY, this::seconds, definitions.ticksPerSecond(), shift, start, perColumn);
        }
        return new Timeline.Row(process, name, null, BinGrid.perThread(shares, locations.size()), thread, place);
    }

    private static final int TAIL_BINS = 256; // the bins of a location's time from its MPI_Finalize's enter on (64 smeared a long one)

    /** Every class as itself. */
    private static final int[] IDENTITY = java.util.stream.IntStream.range(0, StateClass.RECORDED).toArray();

    private long initialBinWidth() {
        return windowFrom != Long.MIN_VALUE && windowTo != Long.MAX_VALUE ? Math.max(1, (windowTo - windowFrom) / columns + 1) : 1;
    }

    /** One location's outermost states as they are read. */
    final class Recorder implements LocationEvents {
        final int process;
        /** The location's place among all locations (definition order). */
        final long order;
        /** Its compute colours, by the names met. */
        final RegionSlots slots = new RegionSlots(names.size());
        /** {@link #move} as the slots' listener, made once (not at every state read). */
        private final RegionSlots.Move mover = this::move;
        /** The region name of the state now (compute in a user region), else -1. */
        private int stateName = -1;
        private int currentName = -1;
        /** The class each recorded class stands for: compute classes by this location's own slots until {@link #mapClasses}. */
        int[] classMap = IDENTITY;
        /** Null until the first interval in the drawn span (measured: after this location's MPI_Init). */
        ColumnBins bins = measuredLeft() ? null : new ColumnBins(origin(), columns, initialBinWidth());
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
        /** The enter and leave of this location's MPI_Init and of its MPI_Finalize (Long.MIN_VALUE: none yet). */
        long initEnter = Long.MIN_VALUE, initLeave = Long.MIN_VALUE, finalizeEnter = Long.MIN_VALUE;
        /** Under the measured span, the time from MPI_Finalize's enter on, whose bins do not straddle it ({@link #record}). */
        ColumnBins tail;
        private boolean inInit;
        /** Whether it entered an OpenMP parallel region: a thread of a team ({@link ThreadRows}). */
        boolean inTeam;
        private final RegionStack stack = new RegionStack();
        private int mpiFrame = -1;
        /**
         * The frame of the outermost OpenMP parallel region open, else -1; whether one was inside the outermost region open;
         * whether that region was the location's first (EZTrace's Working), and whether any region was entered yet.
         */
        private int parallelFrame = -1;
        /** The frame of the outermost task run inside an OpenMP barrier open, and of the outermost MPI call inside it, else -1. */
        private int taskFrame = -1, taskMpiFrame = -1;
        private boolean parallelInRoot, rootFromStart, entered;
        /** After the master's ThreadFork, before its team's region; the leave of the last team's region, until the ThreadJoin. */
        private boolean forking;
        private long joinFrom = Long.MIN_VALUE;
        /** The region name of its time outside its parallel regions ({@link StateClass#OUTSIDE_TEAM}), once it had some. */
        int outsideName = -1;
        private int outsideRoot = Integer.MIN_VALUE;
        long outsideTicks;
        /** A worker of a team ({@link ThreadRows#markIdleWorkers}), once the read is done. */
        boolean idleWorker;
        private int state = -1;
        private long since;
        /** Recording is off: nothing is drawn until it is on again. */
        private boolean off;
        final ExactStates exact = new ExactStates(exactStates);

        Recorder(int process, long order) {
            this.process = process;
            this.order = order;
        }

        /** This location's compute slot of user region {@code region}. */
        private int localSlot(int region) {
            int name = region >= 0 && region < regionName.length ? regionName[region] : -1;
            currentName = name;
            return slots.slot(name, mover);
        }

        /** What was recorded in class {@code from} is now of class {@code to} (a name put out of its own colour). */
        private void move(int from, int to) {
            if (bins != null) {
                bins.merge(from, to);
            }
            if (tail != null) {
                tail.merge(from, to);
            }
            exact.move(from, to);
            state = state == from ? to : state;
        }

        /** The classes recorded here as the timeline's, from each name's slot ({@code slotOfName}). */
        void mapClasses(int[] slotOfName) {
            classMap = slots.classMap(IDENTITY, slotOfName);
            classMap[StateClass.OUTSIDE_TEAM] = idleWorker || outsideName < 0 ? -1 : StateClass.computeIn(slotOfName[outsideName]);
            classMap[StateClass.NOTHING_OPEN] = idleWorker ? -1 : StateClass.COMPUTE;
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
            boolean named = next > StateClass.COMPUTE && next < StateClass.MPI_POINT_TO_POINT || next == StateClass.OUTSIDE_TEAM;
            int name = named ? currentName : -1;
            if (next != state || name != stateName) {
                if (!off) {
                    record(state, since, time);
                }
                state = next;
                stateName = name;
                since = time;
            }
        }

        private void record(int c, long start, long end) {
            if (c < 0 || end <= start) {
                return;
            }
            if (stateName >= 0) {
                slots.add(stateName, end - start);
                c = c == StateClass.computeIn(RegionSlots.SHARED) ? StateClass.computeIn(slots.promote(stateName, currentName, mover)) : c;
            }
            if (bins == null && !inInit) {
                bins = new ColumnBins(start, columns, initialBinWidth());
            }
            // under the measured span (its end the latest MPI_Finalize enter) the time from this one's on in bins of its own (tail)
            boolean after = finalizeEnter != Long.MIN_VALUE && start >= finalizeEnter && measured && windowTo == Long.MAX_VALUE;
            if (after && !inInit) {
                tail = tail != null ? tail : new ColumnBins(finalizeEnter, TAIL_BINS, 1);
                tail.add(c, start, end);
            } else if (bins != null && !inInit) {
                bins.add(c, start, end);
            }
            if (c == StateClass.OUTSIDE_TEAM) {
                outsideTicks += end - start;
            }
            exact.add(c, start, end);
        }

        /** The class now, from the stack: the outermost MPI call, else the outermost user region below the root. */
        private int current() {
            currentName = -1;
            if (forking) { // the fork's time, the runtime's as stats counts it (definitions section 10a)
                return StateClass.OMP_RUNTIME;
            }
            if (taskFrame >= 0) { // a task run inside a barrier is work, an MPI call in it MPI
                return taskMpiFrame >= 0 ? regionClass(stack.region(taskMpiFrame)) : StateClass.computeIn(localSlot(stack.region(taskFrame)));
            }
            if (mpiFrame >= 0) {
                return regionClass(stack.region(mpiFrame));
            }
            int depth = stack.depth();
            if (depth == 0) {
                // a thread of an OpenMP run outside any region: an idle worker (definitions section 10a), not drawn, else compute
                return openMp ? StateClass.NOTHING_OPEN : StateClass.COMPUTE;
            }
            if (depth == 1 && openMp && parallelFrame < 0 && (parallelInRoot || rootFromStart || outsideRoot == stack.region(0))) {
                // only its outermost region open, its first or one that held a parallel region: an idle worker's time, or serial code
                int slot = localSlot(stack.region(0));
                if (outsideName < 0 || outsideName == currentName) {
                    outsideName = currentName;
                    outsideRoot = stack.region(0); // entered again later (a second Working), the same
                    return StateClass.OUTSIDE_TEAM;
                }
                return StateClass.computeIn(slot);
            }
            int f = depth >= 2 ? 1 : 0;
            return StateClass.computeIn(localSlot(stack.region(f)));
        }

        private int regionClass(int region) {
            return region >= 0 && region < regionClass.length ? regionClass[region] : -1;
        }

        @Override
        public void enter(long time, int region) {
            at(time);
            if (region >= 0 && region < environment.length && environment[region] != 0) {
                if (environment[region] == 1 && initLeave == Long.MIN_VALUE && measuredLeft()) {
                    inInit = true; // the bins start after MPI_Init (what came before is discarded at its leave; the
                    initEnter = time; // init's part after the span's left edge is drawn from its enter, BinGrid#fill)
                } else if (environment[region] == 2 && finalizeEnter == Long.MIN_VALUE) {
                    finalizeEnter = time;
                } else if (environment[region] == 3) {
                    inTeam = true;
                }
            }
            rootFromStart = stack.depth() == 0 ? !entered : rootFromStart;
            entered = true;
            stack.push(region, time);
            if (parallelFrame < 0 && region >= 0 && region < environment.length && environment[region] == 3) {
                forking = false;
                joinFrom = Long.MIN_VALUE;
                parallelFrame = stack.depth() - 1;
                parallelInRoot |= parallelFrame > 0;
            }
            boolean known = region >= 0 && region < environment.length;
            if (taskFrame < 0 && mpiFrame >= 0 && known && environment[region] == 4 && regionClass(stack.region(mpiFrame)) == StateClass.OMP_WAITING) {
                taskFrame = stack.depth() - 1; // the outermost task run inside a barrier (definitions section 10a: work)
            } else if (taskFrame >= 0 && taskMpiFrame < 0 && regionClass(region) >= 0) {
                taskMpiFrame = stack.depth() - 1; // an MPI call (or a barrier) inside that task
            }
            if (mpiFrame < 0 && regionClass(region) >= 0) {
                mpiFrame = stack.depth() - 1;
            }
            change(time, current());
        }

        @Override
        public void leave(long time, int region) {
            at(time);
            if (!stack.pop()) {
                return;
            }
            if (stack.depth() == parallelFrame) {
                parallelFrame = -1;
                record(off ? -1 : state, since, time); // the state from here is the join's if a ThreadJoin ends it
                since = time;
                joinFrom = time;
            }
            if (stack.depth() <= taskMpiFrame) {
                taskMpiFrame = -1;
            }
            if (stack.depth() <= taskFrame) {
                taskFrame = -1;
            }
            parallelInRoot &= stack.depth() > 0;
            if (stack.depth() == mpiFrame) {
                mpiFrame = -1;
            }
            change(time, current());
            if (region >= 0 && region < environment.length && environment[region] == 1 && initLeave == Long.MIN_VALUE) {
                initLeave = time;
                if (inInit) {
                    inInit = false;
                    bins = null;
                }
            }
        }

        /**
         * A blocking call read as one (enter, the message at {@code time}, leave): what {@link #enter}, {@link #at}
         * and {@link #leave} would do, without the stack's push and pop when the call is the outermost MPI call of
         * a region that is neither MPI_Init nor MPI_Finalize (the state in it is the call's class; after it, the
         * state from the stack as it was before).
         */
        private void call(long enter, int region, long time, long leave) {
            if (mpiFrame >= 0 || region < 0 || region >= regionClass.length || regionClass[region] < 0 || environment[region] != 0) {
                enter(enter, region);
                at(time);
                leave(leave, region);
                return;
            }
            at(enter);
            currentName = -1;
            change(enter, regionClass[region]);
            at(time);
            at(leave);
            change(leave, current());
        }

        @Override
        public void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long bytes, long leave) {
            call(enter, region, time, leave);
        }

        @Override
        public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long bytes, long leave) {
            call(enter, region, time, leave);
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

        /** ThreadFork to its team's region, ThreadJoin from that region's leave (nothing between): the OpenMP runtime's time. */
        @Override
        public void threadFork(long time, boolean fork) {
            at(time);
            if (fork ? parallelFrame >= 0 : joinFrom == Long.MIN_VALUE || parallelFrame >= 0) {
                return;
            }
            if (!fork && since == joinFrom) {
                state = StateClass.OMP_RUNTIME;
                stateName = -1;
            }
            forking = fork;
            joinFrom = Long.MIN_VALUE;
            change(time, current());
        }

        /** Recording off or on (definitions section 3): nothing drawn between (unknown); the call stack goes on from the ON. */
        @Override
        public void measurement(long time, boolean on) {
            if (!on && !off) {
                record(state, since, time);
                off = true;
            } else if (on && off) {
                off = false;
                since = Math.max(since, time);
            }
        }

        /** Ends the state still open at the location's last event. */
        void finish() {
            if (!off && state >= 0 && last > since) {
                record(state, since, last);
                since = last;
            }
        }
    }
}
