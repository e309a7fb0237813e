package org.igtrace.core.why;

import java.util.Arrays;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.BlockStream;

/**
 * One location's recorder of {@link RegionSlices}: its slices, the slices outside MPI again, its root instances, its span and
 * its time with recording off, as its events arrive.
 */
final class SliceRecorder implements org.igtrace.core.replay.OtherThreadCalls {
    private final RegionSlices owner;
    private final TraceDefinitions definitions;
    final int process;
    final long order;
    final BlockStream stream;
    /** The slices outside MPI again ({@link RegionSlices#computeCursor}), and where the last of them ended. */
    final BlockStream compute;
    private long computeWritten;
    long slices;
    long computeSlices;
    /** What decides whether the replay takes this location ({@link RegionSlices#kept}). */
    final org.igtrace.core.replay.ReplayedLocation replayed;
    private int[] stack = new int[16];
    private int depth;
    /** Index in the stack of the outermost MPI (or environment) region, -1 none. */
    private int mpiAt = -1;
    /** Whether recording is switched off now (MeasurementOnOff), since when, and its time off before (ticks). */
    private boolean recordingOff;
    private long offSince;
    long offTicks;
    long last = Long.MIN_VALUE;
    long first = Long.MIN_VALUE;
    private long initLeave = Long.MIN_VALUE;
    /** The enter of the outermost MPI_Init* call (Long.MIN_VALUE: none yet). */
    long initEnter = Long.MIN_VALUE;
    private long finalizeEnter = Long.MIN_VALUE;
    /** The open slice: key (-1 none), its outermost region ({@link SliceCursor#top}), start, and the end of the previous slice written. */
    private long key = -1;
    private int top = -1;
    /** The root instances entered so far (user regions at depth 0), the first's enter and region, and from a second on all of them. */
    private long rootCount;
    private long firstRootAt;
    private int firstRoot;
    BlockStream roots;
    private long lastRootAt;
    /** Whether a root instance is open, since when, and the longest one's length (ticks). */
    private boolean rootOpen;
    private long rootEnter;
    private long longestRoot;
    private long sliceFrom;
    private long written;
    /** The region of another thread's MPI call in progress ({@link #otherThreadCall}), -1 none: the process is in it. */
    private int otherCall = -1;

    SliceRecorder(RegionSlices owner, int process, long order) {
        this.owner = owner;
        this.definitions = owner.definitions();
        this.replayed = new org.igtrace.core.replay.ReplayedLocation(definitions);
        this.process = process;
        this.order = order;
        this.stream = new BlockStream(owner.store());
        this.compute = new BlockStream(owner.store());
    }

    /** The leave of the outermost MPI_Init* call, Long.MIN_VALUE when there was none (or it was not left). */
    long initLeave() {
        return initEnter == Long.MIN_VALUE ? Long.MIN_VALUE : initLeave;
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
        if (otherCall >= 0) {
            return (long) (owner.slice(otherCall) + 1) << 2 | 1;
        }
        if (recordingOff) {
            return (long) (owner.offRegion() + 1) << 2;
        }
        if (depth == 0) {
            return 0;
        }
        if (mpiAt >= 0) {
            return (long) (owner.slice(stack[mpiAt]) + 1) << 2 | 1;
        }
        int d = depth - 1;
        if (owner.hasFolded()) {
            while (d >= 0 && folded(stack[d])) {
                d--;
            }
            if (d < 0) {
                return 0;
            }
        }
        int region = owner.slice(stack[d]);
        return (long) (region + 1) << 2 | (top != region ? 2 : 0);
    }

    /**
     * Computing, the outermost user region below the root: the region one level below the process's root region, else
     * (nothing open below it, or an OpenMP barrier's or runtime call's there) the root; -1 outside every region. The
     * timeline colours computing by the same region (definitions section 12).
     */
    private int currentTop() {
        if (otherCall >= 0 || recordingOff || mpiAt >= 0 || depth == 0) {
            return -1;
        }
        int d = depth >= 2 && !folded(stack[1]) ? 1 : 0;
        return folded(stack[d]) ? -1 : owner.slice(stack[d]);
    }

    /** A root instance of {@code region} begins at {@code time}: kept from the second on (with the first), as enter delta and region + 1. */
    private void root(long time, int region) {
        if (++rootCount == 1) {
            firstRootAt = time;
            firstRoot = region;
            return;
        }
        if (roots == null) {
            roots = new BlockStream(owner.store());
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
        return owner.folded(region);
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
            if (kind == RegionKind.ENVIRONMENT && initEnter == Long.MIN_VALUE && definitions.regionName(region).strip().startsWith("MPI_Init")) {
                initEnter = time;
            }
        }
        replayed.enter(region);
        if (depth == 0 && kind == RegionKind.OTHER && !folded(region)) {
            root(time, owner.slice(region));
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
        if (key < 0 || mpiAt >= 0 || recordingOff || otherCall >= 0 || !definitions.regionKind(region).isCommunication()) {
            return false;
        }
        advance(enter);
        last = Math.max(last, leave);
        replayed.wholeCall(region, partner);
        long before = key;
        int beforeTop = top;
        close(enter);
        sliceFrom = enter;
        key = (long) (owner.slice(region) + 1) << 2 | 1; // as currentKey inside an outermost MPI call, whose top is -1
        top = -1;
        close(leave);
        key = before;
        top = beforeTop;
        sliceFrom = leave;
        return true;
    }

    /** Another thread's outermost MPI call: while it lasts the process is in that call, whatever this thread does. */
    @Override
    public void otherThreadCall(long time, int region, boolean enter) {
        advance(time);
        otherCall = enter ? region : -1;
        change(time);
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
