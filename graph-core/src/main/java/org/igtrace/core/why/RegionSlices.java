package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.RecordBlocks;

/**
 * Each process's time cut into slices, as the events are read: a slice is a stretch in one state,
 * either computing in a user region (the innermost one running: its exclusive time; outside every
 * region, region -1; an OpenMP barrier's or runtime call's time is its enclosing region's), inside an
 * outermost MPI call (named by it), or with recording switched off (MeasurementOnOff: the pseudo-region
 * {@link #offRegion}, neither compute nor MPI, definitions section 3, whatever call was open). Slices are encoded into a {@link BlockStream} per location (in
 * the {@link RecordBlocks} store, spilled to a file by the command line: nothing per event stays
 * on the heap) and read back in time order by {@link SliceCursor}. Also each process's span as the
 * replay takes it (definitions section 9): from the leave of {@code MPI_Init*} (else its first
 * event) to the enter of {@code MPI_Finalize} (else its last event), own clock. With several
 * locations per process the one with the most slices is kept.
 */
public final class RegionSlices implements LocationSink {
    private final TraceDefinitions definitions;
    private final RecordBlocks store;
    private final List<SliceRecorder> locations = Collections.synchronizedList(new ArrayList<>());
    private SliceRecorder[] chosen;

    /**
     * Per region, whether its time is its enclosing region's: OpenMP barriers and the runtime's calls (a master in its
     * team's barrier waits for its workers; the construct it closes is the region); null when the trace has no OpenMP.
     */
    private final boolean[] folded;

    /**
     * Per region, the first region of its name and kind, whose number its slices carry; null when no two regions share
     * both. EZTrace defines each region once per rank: the causes compare a cause's compute per region with its waiter's
     * (definitions section 14), so rank 1's "work" and rank 2's must be one region, as the path's and the what-ifs' are.
     */
    private final int[] same;

    public RegionSlices(TraceDefinitions definitions, RecordBlocks store) {
        this.definitions = definitions;
        this.store = store;
        boolean[] f = null;
        if (definitions.hasOpenMp()) {
            f = new boolean[definitions.regionCount()];
            for (int r = 0; r < f.length; r++) {
                org.igtrace.core.trace.OmpRole role = definitions.ompRole(r);
                f[r] = role == org.igtrace.core.trace.OmpRole.IMPLICIT_BARRIER || role == org.igtrace.core.trace.OmpRole.BARRIER
                        || role == org.igtrace.core.trace.OmpRole.RUNTIME;
            }
        }
        this.folded = f;
        this.same = sameNameAndKind(definitions);
    }

    private static int[] sameNameAndKind(TraceDefinitions definitions) {
        int n = definitions.regionCount();
        int[] first = new int[n];
        boolean any = false;
        java.util.Map<String, Integer> seen = new java.util.HashMap<>();
        for (int r = 0; r < n; r++) {
            Integer earlier = seen.putIfAbsent(definitions.regionKind(r).ordinal() + ":" + definitions.regionName(r), r);
            first[r] = earlier == null ? r : earlier;
            any |= first[r] != r;
        }
        return any ? first : null;
    }

    /** The number region {@code region}'s slices carry ({@link #same}). */
    int slice(int region) {
        return same == null || region < 0 || region >= same.length ? region : same[region];
    }

    /** The store the recorders' streams are in. */
    RecordBlocks store() {
        return store;
    }

    /** Whether the trace has regions whose time is their enclosing region's ({@link #folded}). */
    boolean hasFolded() {
        return folded != null;
    }

    /** Whether {@code region}'s time is its enclosing region's ({@link #folded}). */
    boolean folded(int region) {
        return folded != null && region >= 0 && region < folded.length && folded[region];
    }

    @Override
    public LocationEvents location(int process, long order) {
        SliceRecorder l = new SliceRecorder(this, process, order);
        locations.add(l);
        return l;
    }

    /** Ends the recording (every location's events read); the slices can then be read. */
    public RegionSlices finish() {
        if (chosen != null) {
            return this;
        }
        int n = definitions.processCount();
        chosen = new SliceRecorder[n];
        List<SliceRecorder> ordered = new ArrayList<>(locations);
        ordered.sort((a, b) -> Long.compare(a.order, b.order));
        for (SliceRecorder l : ordered) {
            l.end();
            if (l.process >= 0 && l.process < n && l.slices > 0 && (chosen[l.process] == null || kept(l, chosen[l.process]))) {
                chosen[l.process] = l;
            }
        }
        return this;
    }

    /**
     * Stands each process by the location the replay replays ({@link org.igtrace.core.replay.RecordedRun#replayedOrders}):
     * for a process of threads that take turns in MPI the replay takes its master, not the thread with the most events.
     * Called before the slices are read; a process whose location has no slice keeps the choice of {@link #finish}.
     *
     * @param orders per process, the replayed location's place among all locations, or -1
     */
    public void follow(long[] orders) {
        follow(orders, null);
    }

    /**
     * As {@link #follow(long[])}, a process whose replay takes its threads' calls together ({@code recorder}'s
     * {@link org.igtrace.core.replay.ActivityRecorder#mergedProcesses}) stood by its replayed thread's slices with the
     * other threads' MPI calls in them, as the replay has them ({@link SliceRecorder#otherThreadCall}).
     *
     * @param orders   per process, the replayed location's place among all locations, or -1; null: the processes not
     *                 replayed together keep the choice of {@link #finish}
     * @param recorder the replay's recorder (its run recorded), or null
     */
    public void follow(long[] orders, org.igtrace.core.replay.ActivityRecorder recorder) {
        finish();
        if (recorder != null) {
            for (int p : recorder.mergedProcesses()) {
                SliceRecorder l = new SliceRecorder(this, p, recorder.mergedOrder(p));
                if (recorder.feedMerged(p, l) >= 0 && l.slices > 0) {
                    chosen[p] = l;
                    locations.add(l);
                }
            }
        }
        if (orders == null) {
            return;
        }
        java.util.Map<Long, SliceRecorder> byOrder = new java.util.HashMap<>();
        for (SliceRecorder l : locations) {
            byOrder.put(l.order, l);
        }
        for (int p = 0; p < chosen.length && p < orders.length; p++) {
            if (recorder != null && recorder.mergedProcesses().contains(p)) {
                continue;
            }
            SliceRecorder l = orders[p] < 0 ? null : byOrder.get(orders[p]);
            if (l != null && l.process == p && l.slices > 0) {
                chosen[p] = l;
            }
        }
    }

    /**
     * Whether location {@code l} stands for its process rather than {@code c} (earlier in location order), as the replay
     * (section 9) chooses the location it replays: more messages and collectives, then more MPI calls, else the first.
     * The path's length is then the measured run time the replay takes (a process of threads without MPI: its first
     * thread, where the one with the most slices made the path 0.6 ms shorter than the replay's run).
     */
    static boolean kept(SliceRecorder l, SliceRecorder c) {
        return l.replayed.beats(c.replayed);
    }

    public int processCount() {
        return definitions.processCount();
    }

    public TraceDefinitions definitions() {
        return definitions;
    }

    /**
     * The name of the region of slices: {@code region} of the definitions, (-1) "(no user region)", {@link #RECORDING_OFF}
     * or {@link #LATE_START}.
     */
    public String name(int region) {
        return region < 0 ? noRegion : region == offRegion() ? RECORDING_OFF : region == lateStartRegion() ? LATE_START
                : definitions.regionName(region);
    }

    /** The name of the time before a process's first event, after the interval of a wait for it began ({@link #lateStartRegion}). */
    public static final String LATE_START = "(late start)";

    /**
     * The pseudo-region of a process's time before its first event (its late start), which the causes compare as a region
     * (definitions section 14): two past the trace's regions. No slice carries it, and no what-if scales it.
     */
    public int lateStartRegion() {
        return definitions.regionCount() + 1;
    }

    /**
     * {@code process}'s first event (own clock, ticks), or Long.MIN_VALUE when it has no slice or when a selection cut the
     * events at their start ({@link #noLateStarts}).
     */
    public long firstEvent(int process) {
        return chosen[process] == null || !lateStarts ? Long.MIN_VALUE : chosen[process].first;
    }

    private boolean lateStarts = true;

    /**
     * {@code process}'s MPI_Init* call, enter and leave (own clock, ticks), or null when it has none or a selection cut the
     * events at their start ({@link #noLateStarts}): its time in it is part of its late start too (definitions section 14).
     */
    public long[] init(int process) {
        SliceRecorder r = chosen[process];
        return r == null || !lateStarts || r.initLeave() == Long.MIN_VALUE ? null : new long[] {r.initEnter, r.initLeave()};
    }

    /**
     * The events were cut at a window's start or to a region: a process's first event kept is not its start, so no wait is
     * charged to a late start (a process in no region, or whose clock is behind, at a window's start read as one).
     */
    public void noLateStarts() {
        lateStarts = false;
    }

    /** The name of the time a process computes outside every region (its region -1). */
    public static final String NO_REGION = "(no user region)";

    /** {@link #NO_REGION}, or under a region selection {@link #betweenInstances}. */
    private String noRegion = NO_REGION;

    /**
     * The events were kept inside the instances of {@code region} only (--region): the time outside every region is the
     * time between its instances, which holds what the selection left out (the waits around them), named as such.
     *
     * @param region the region selected
     */
    public void betweenInstancesOf(String region) {
        noRegion = betweenInstances(region);
    }

    /**
     * @param region the region selected
     * @return the name of the time outside every region under {@code --region region}: "(between solve instances)"
     */
    public static String betweenInstances(String region) {
        return "(between " + region + " instances)";
    }

    /** The name of the time recording was switched off on a process ({@link #offRegion}). */
    public static final String RECORDING_OFF = "(recording off)";

    /**
     * The pseudo-region of the slices with recording switched off: one past the trace's regions. What ran then is unknown:
     * it is neither compute nor MPI (definitions section 3), and no what-if scales it.
     */
    public int offRegion() {
        return definitions.regionCount();
    }

    /** The regions slices are in: the trace's and {@link #offRegion} (arrays per region + 1 take one more, region -1). */
    public int regionCount() {
        return definitions.regionCount() + 1;
    }

    /** Whether {@code process} has slices. */
    public boolean has(int process) {
        return chosen[process] != null;
    }

    /** How many slices {@code process} has (0: none). */
    public long sliceCount(int process) {
        return chosen[process] == null ? 0 : chosen[process].slices;
    }

    /** How many of {@code process}'s slices are outside MPI (0: none), those {@link #computeCursor} reads. */
    public long computeSliceCount(int process) {
        return chosen[process] == null ? 0 : chosen[process].computeSlices;
    }

    /** The start of {@code process}'s span (own clock, ticks). */
    public long start(int process) {
        return chosen[process].start();
    }

    /** {@code process}'s time with recording switched off between its first event and its last switch on (ticks). */
    public long offTicks(int process) {
        return chosen[process] == null ? 0 : chosen[process].offTicks;
    }

    /** The end of {@code process}'s span (own clock, ticks). */
    public long end(int process) {
        return chosen[process].finish();
    }

    /**
     * Per process and region + 1 (index 0: computing outside every region), its compute over all its slices, ticks: the
     * whole of its events, before {@code MPI_Init}'s leave and after {@code MPI_Finalize}'s enter too, as section 10's
     * useful time counts it (the what-ifs take the replay's span instead: {@link WhatIf#totals}). No recording-off time.
     */
    public long[][] computeEverywhere() {
        finish();
        long[][] totals = new long[processCount()][regionCount() + 1];
        for (int p = 0; p < totals.length; p++) {
            if (chosen[p] == null) {
                continue;
            }
            // from the first region event to the last, as T_i is taken (section 3): a switch of recording after the last
            // event is no region event
            long a = chosen[p].first, b = chosen[p].last;
            SliceCursor c = computeCursor(p); // the slices outside MPI: the others add nothing
            while (c.next()) {
                long overlap = Math.min(c.to, b) - Math.max(c.from, a);
                if (!c.mpi && !c.off && overlap > 0) {
                    totals[p][c.region + 1] += overlap;
                }
            }
        }
        return totals;
    }

    /** A reader of {@code process}'s slices in time order (none without slices). */
    public SliceCursor cursor(int process) {
        SliceRecorder l = chosen[process];
        return new SliceCursor(l == null ? null : l.stream.reader(), offRegion(), l == null || !l.severalRoots() ? null : l.roots.reader());
    }

    /**
     * A reader of process {@code process}'s slices outside MPI only (computing, and recording off), from a stream of
     * their own that the recording keeps beside the slices: the what-ifs' bursts ({@link BurstRegions}) read only these,
     * about one slice in ten of a run whose MPI calls follow each other (issue 38). Its slices are those {@link #cursor}
     * gives with {@link SliceCursor#mpi} false, in their order, with the same {@link SliceCursor#from}, {@link SliceCursor#to},
     * {@link SliceCursor#region} and {@link SliceCursor#off}; {@link SliceCursor#top} is the region.
     *
     * @param process a process
     * @return the reader, from the process's first slice outside MPI
     */
    public SliceCursor computeCursor(int process) {
        SliceRecorder l = chosen[process];
        return new SliceCursor(l == null ? null : l.compute.reader(), offRegion());
    }
}
