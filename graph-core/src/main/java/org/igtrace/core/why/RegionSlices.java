package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.RegionKind;
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
    private final List<Location> locations = Collections.synchronizedList(new ArrayList<>());
    private Location[] chosen;

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
    private int slice(int region) {
        return same == null || region < 0 || region >= same.length ? region : same[region];
    }

    @Override
    public LocationEvents location(int process, long order) {
        Location l = new Location(process, order);
        locations.add(l);
        return l;
    }

    /** Ends the recording (every location's events read); the slices can then be read. */
    public RegionSlices finish() {
        if (chosen != null) {
            return this;
        }
        int n = definitions.processCount();
        chosen = new Location[n];
        List<Location> ordered = new ArrayList<>(locations);
        ordered.sort((a, b) -> Long.compare(a.order, b.order));
        for (Location l : ordered) {
            l.end();
            if (l.process >= 0 && l.process < n && l.slices > 0 && (chosen[l.process] == null || kept(l, chosen[l.process]))) {
                chosen[l.process] = l;
            }
        }
        return this;
    }

    /**
     * Whether location {@code l} stands for its process rather than {@code c} (earlier in location order), as the replay
     * (section 9) chooses the location it replays: more messages and collectives, then more MPI calls, else the first.
     * The path's length is then the measured run time the replay takes (a process of threads without MPI: its first
     * thread, where the one with the most slices made the path 0.6 ms shorter than the replay's run).
     */
    private static boolean kept(Location l, Location c) {
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
            SliceCursor c = cursor(p);
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
        Location l = chosen[process];
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
        Location l = chosen[process];
        return new SliceCursor(l == null ? null : l.compute.reader(), offRegion());
    }

    /** One location's recorder. */
    private final class Location implements LocationEvents {
        final int process;
        final long order;
        final BlockStream stream;
        /** The slices outside MPI again ({@link #computeCursor}), and where the last of them ended. */
        final BlockStream compute;
        private long computeWritten;
        long slices;
        long computeSlices;
        /** What decides whether the replay takes this location ({@link #kept}). */
        final org.igtrace.core.replay.ReplayedLocation replayed = new org.igtrace.core.replay.ReplayedLocation(definitions);
        private int[] stack = new int[16];
        private int depth;
        /** Index in the stack of the outermost MPI (or environment) region, -1 none. */
        private int mpiAt = -1;
        /** Whether recording is switched off now (MeasurementOnOff), since when, and its time off before (ticks). */
        private boolean recordingOff;
        private long offSince;
        long offTicks;
        private long last = Long.MIN_VALUE;
        private long first = Long.MIN_VALUE;
        private long initLeave = Long.MIN_VALUE;
        private long finalizeEnter = Long.MIN_VALUE;
        /** The open slice: key (-1 none), its outermost region ({@link SliceCursor#top}), start, and the end of the previous slice written. */
        private long key = -1;
        private int top = -1;
        /** The root instances entered so far (user regions at depth 0), the first's enter and region, and from a second on all of them. */
        private long rootCount;
        private long firstRootAt;
        private int firstRoot;
        private BlockStream roots;
        private long lastRootAt;
        /** Whether a root instance is open, since when, and the longest one's length (ticks). */
        private boolean rootOpen;
        private long rootEnter;
        private long longestRoot;
        private long sliceFrom;
        private long written;

        Location(int process, long order) {
            this.process = process;
            this.order = order;
            this.stream = new BlockStream(store);
            this.compute = new BlockStream(store);
        }

        long start() {
            return initLeave != Long.MIN_VALUE ? initLeave : first;
        }

        long finish() {
            return finalizeEnter != Long.MIN_VALUE ? finalizeEnter : last;
        }

        /**
         * The current state: (region + 1) << 2, with bit 0 set inside MPI and bit 1 where the outermost region
         * {@code top} ({@link #currentTop}) is another; region -1 outside every region.
         */
        private long currentKey(int top) {
            if (recordingOff) {
                return (long) (offRegion() + 1) << 2;
            }
            if (depth == 0) {
                return 0;
            }
            if (mpiAt >= 0) {
                return (long) (slice(stack[mpiAt]) + 1) << 2 | 1;
            }
            int d = depth - 1;
            if (folded != null) {
                while (d >= 0 && folded(stack[d])) {
                    d--;
                }
                if (d < 0) {
                    return 0;
                }
            }
            int region = slice(stack[d]);
            return (long) (region + 1) << 2 | (top != region ? 2 : 0);
        }

        /**
         * Computing, the outermost user region below the root: the region one level below the process's root region, else
         * (nothing open below it, or an OpenMP barrier's or runtime call's there) the root; -1 outside every region. The
         * timeline colours computing by the same region (definitions section 12).
         */
        private int currentTop() {
            if (recordingOff || mpiAt >= 0 || depth == 0) {
                return -1;
            }
            int d = depth >= 2 && !folded(stack[1]) ? 1 : 0;
            return folded(stack[d]) ? -1 : slice(stack[d]);
        }

        /** A root instance of {@code region} begins at {@code time}: kept from the second on (with the first), as enter delta and region + 1. */
        private void root(long time, int region) {
            if (++rootCount == 1) {
                firstRootAt = time;
                firstRoot = region;
                return;
            }
            if (roots == null) {
                roots = new BlockStream(store);
                roots.putSigned(firstRootAt);
                roots.putUnsigned(firstRoot + 1);
                lastRootAt = firstRootAt;
            }
            roots.putSigned(time - lastRootAt);
            roots.putUnsigned(region + 1);
            lastRootAt = time;
        }

        /**
         * Whether the location ran several root instances none of which spans 90 % of its events' span (phases at the
         * outermost level, no main around them): then its computing counts in its root ({@link SliceCursor#top}). A main with a
         * short root after it (EZTrace's "EZTrace finalize", a tracer's own region) is one root.
         */
        boolean severalRoots() {
            long longest = rootOpen ? Math.max(longestRoot, last - rootEnter) : longestRoot;
            return roots != null && longest < 0.9 * (last - first);
        }

        private boolean folded(int region) {
            return folded != null && region >= 0 && region < folded.length && folded[region];
        }

        /** Time reaches {@code t}: the stretch since the last event belongs to the current state. */
        private void advance(long t) {
            if (first == Long.MIN_VALUE) {
                first = t;
            }
            last = Math.max(last, t);
        }

        private void change(long t) {
            int o = currentTop();
            long k = currentKey(o);
            if (k == key && o == top) {
                return;
            }
            close(t);
            key = k;
            top = o;
            sliceFrom = t;
        }

        private void close(long t) {
            if (key >= 0 && t > sliceFrom) {
                stream.putUnsigned(key);
                if ((key & 2) != 0) {
                    stream.putUnsigned(top + 1);
                }
                stream.putSigned(sliceFrom - written);
                stream.putUnsigned(t - sliceFrom);
                written = t;
                slices++;
                if ((key & 1) == 0) { // outside MPI: computing (or recording off, told apart where read)
                    compute.putUnsigned(key >>> 2);
                    compute.putSigned(sliceFrom - computeWritten);
                    compute.putUnsigned(t - sliceFrom);
                    computeWritten = t;
                    computeSlices++;
                }
            }
        }

        @Override
        public void enter(long time, int region) {
            advance(time);
            if (depth == stack.length) {
                stack = Arrays.copyOf(stack, depth * 2);
            }
            RegionKind kind = definitions.regionKind(region);
            if (kind == RegionKind.ENVIRONMENT && "MPI_Finalize".equals(definitions.regionName(region).strip()) && finalizeEnter == Long.MIN_VALUE) {
                finalizeEnter = time;
            }
            if (mpiAt < 0 && (kind.isCommunication() || kind == RegionKind.ENVIRONMENT)) {
                mpiAt = depth;
            }
            replayed.enter(region);
            if (depth == 0 && kind == RegionKind.OTHER && !folded(region)) {
                root(time, slice(region));
                rootOpen = true;
                rootEnter = time;
            }
            stack[depth++] = region;
            change(time);
        }

        @Override
        public void leave(long time, int region) {
            advance(time);
            replayed.leave(region);
            if (depth == 0) {
                return;
            }
            depth--;
            if (depth == 0 && rootOpen) {
                rootOpen = false;
                longestRoot = Math.max(longestRoot, time - rootEnter);
            }
            if (mpiAt == depth) {
                mpiAt = -1;
                if (definitions.regionKind(stack[depth]) == RegionKind.ENVIRONMENT
                        && definitions.regionName(stack[depth]).strip().startsWith("MPI_Init")) {
                    initLeave = time;
                }
            }
            change(time);
        }

        /**
         * A blocking send as one call ({@link LocationEvents#sendCall}): the events' slices, taken at once where the call is
         * an outermost MPI call with recording on (its slice between two of the state it leaves as it found it).
         */
        @Override
        public void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long bytes, long leave) {
            if (!wholeCall(enter, region, receiver, leave)) {
                enter(enter, region);
                send(time, receiver, communicator, tag, bytes);
                leave(leave, region);
            }
        }

        /** As {@link #sendCall}, for a blocking receive. */
        @Override
        public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long bytes, long leave) {
            if (!wholeCall(enter, region, sender, leave)) {
                enter(enter, region);
                receive(time, sender, communicator, tag, bytes);
                leave(leave, region);
            }
        }

        /**
         * The call of {@code region} from {@code enter} to {@code leave} with a message to or from {@code partner}, taken as
         * its three events would be when it opens and closes an MPI slice (a communication region entered outside MPI with
         * recording on and a state before it); false, nothing done, otherwise.
         */
        private boolean wholeCall(long enter, int region, int partner, long leave) {
            if (key < 0 || mpiAt >= 0 || recordingOff || !definitions.regionKind(region).isCommunication()) {
                return false;
            }
            advance(enter);
            last = Math.max(last, leave);
            replayed.wholeCall(region, partner);
            long before = key;
            int beforeTop = top;
            close(enter);
            sliceFrom = enter;
            key = (long) (slice(region) + 1) << 2 | 1; // as currentKey inside an outermost MPI call, whose top is -1
            top = -1;
            close(leave);
            key = before;
            top = beforeTop;
            sliceFrom = leave;
            return true;
        }

        /**
         * Recording switched off or on: what follows until it is on again is a slice of {@link #offRegion}. The span stays
         * the region events' (definitions section 3): a selection passes the switches outside its window or region, and a
         * trace may switch off after its last event; the slices outside the span are left out where they are read.
         */
        @Override
        public void measurement(long time, boolean on) {
            if (!on && !recordingOff) {
                offSince = time;
            } else if (on && recordingOff && first != Long.MIN_VALUE) {
                offTicks += Math.max(0, time - Math.max(offSince, first)); // after its first event: in its span
            }
            recordingOff = !on;
            change(time);
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            replayed.message(receiver);
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            replayed.message(sender);
        }

        @Override
        public void isend(long time, int receiver, int communicator, int tag, long bytes, long request) {
            replayed.message(receiver);
        }

        @Override
        public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
            replayed.message(sender);
        }

        @Override
        public void isendComplete(long time, long request) {
            replayed.request();
        }

        @Override
        public void irecvRequest(long time, long request) {
            replayed.request();
        }

        @Override
        public void collective(long time, org.igtrace.core.trace.CollectiveKind kind, int communicator, int root, long sent, long received) {
            replayed.collective(kind);
        }

        @Override
        public void end() {
            if (!stream.isSealed()) {
                close(last);
                key = -1;
                stream.seal();
                compute.seal();
                if (roots != null) {
                    roots.seal();
                }
            }
        }
    }
}
