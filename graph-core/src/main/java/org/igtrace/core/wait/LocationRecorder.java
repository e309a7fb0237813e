package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.MeasurementGaps;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.RegionStack;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.core.util.RecordBlocks;
import org.igtrace.core.util.Rings;

/**
 * Turns one location's events into match records (definitions section 8), with no other location in
 * sight: each message end with the enter and leave of the MPI call around its event (the
 * innermost enclosing MPI region; for a non-blocking receive completed in {@code MPI_Wait*} or {@code MPI_Test*}, the
 * wait), each collective arrival likewise. An end is written once its call was left, in event
 * order, into the stream of its partner (or communicator), so that the k-th record on a key is the
 * location's k-th end on that key. Memory: a call stack, the ends whose call is still open, and
 * one partly filled block per stream.
 */
public final class LocationRecorder implements LocationEvents {
    private static final int SEND = 0;
    private static final int RECEIVE = 1;
    private static final int COLLECTIVE = 2;
    /** The call of an end a selection left out ({@link #outsideMessage}). */
    private static final int OUTSIDE = -1;
    /** Added to an end's call ordinal: the end lies inside an environment call ({@link #environmentFrame}). */
    private static final int IN_ENVIRONMENT = 1 << 8;
    private static final MpiCall[] CALLS = MpiCall.values();
    /** Posted receives (MPI_Irecv's request) kept at most, waiting for their completion; the oldest is given up beyond. */
    static final int MAX_POSTS = 4096;
    private static final CollectiveKind[] KINDS = CollectiveKind.values();

    private final MatchRecords records;
    private final TraceDefinitions definitions;
    private final RecordBlocks store;
    private final int process;
    private final long order;

    private final RegionStack stack = new RegionStack();
    /**
     * The stack frame of the outermost environment call open now (MPI_Init*, MPI_Finalize), or -1. An end inside one
     * ({@link #IN_ENVIRONMENT}) is written with all of its call's time as time off: T_i and Tcomm_i leave those calls out,
     * so nothing in them is waiting (definitions section 8), as nothing is while recording is off; its call's enter and
     * leave stay, for its partner's wait and the clocks' constraints.
     */
    private int environmentFrame = -1;
    private long lastTime;
    private boolean ended;

    // Ends whose call is still open (or that wait behind one), in event order: slots [head, pendingEnd).
    private int head;
    private int pendingEnd;
    private int[] side = new int[8];
    private int[] partner = new int[8];
    private int[] communicator = new int[8];
    private int[] tag = new int[8];
    private int[] call = new int[8];
    private int[] frame = new int[8];
    private long[] time = new long[8];
    private long[] enter = new long[8];
    private long[] leave = new long[8];
    /** Whether the end's call is still open (its leave not known): a flag, since any time, the smallest long included, may be a leave. */
    private boolean[] open = new boolean[8];
    /** A receive's post (its MPI_Irecv's enter), Long.MIN_VALUE when not known. */
    private long[] post = new long[8];
    /** A receive's call number when that call completed several receives, else -1. */
    private long[] shared = new long[8];
    /** The message's size in bytes when the records keep sizes ({@link MatchRecords#withSizes}), else -1. */
    private long[] size = new long[8];
    private final boolean sized;
    /** Per stack frame, while a call is resolved: receives completed in it by an MPI_Wait* or MPI_Test*, then its call number. */
    private long[] perFrame = new long[16];
    /** The next number of a call that completes several receives. */
    private long sharedCalls;

    /** Receives posted and not yet completed: request id and the enter of the MPI_Irecv, oldest first. */
    private long[] postRequest = new long[8];
    private long[] postEnter = new long[8];
    private int posts;

    /**
     * The common case, one end waiting for its call's leave and nothing else pending, is held in
     * these fields instead of the arrays above (which are then empty).
     */
    private boolean one;
    private int oneSide;
    private int onePartner;
    private int oneCommunicator;
    private int oneTag;
    private int oneFrame;
    private MpiCall oneCall;
    private long oneTime;
    private long oneEnter;
    private long onePost;
    private long oneSize;

    /** When recording was switched off on this location (made at its first MeasurementOnOff), else null. */
    private MeasurementGaps gaps;

    /** The last blocking probe left whose receive has not come ({@link ProbedReceive}). */
    private final ProbedReceive probed = new ProbedReceive();
    private final KeyedStreams sends;
    private final KeyedStreams receives;
    private final KeyedStreams collectives;
    private final LongIntMap membership = new LongIntMap();
    private long nonMembers;

    LocationRecorder(MatchRecords records, int process, long order) {
        this.records = records;
        this.definitions = records.definitions();
        this.store = records.store();
        this.process = process;
        this.order = order;
        this.sized = records.sizes();
        sends = new KeyedStreams(process, order, null);
        receives = new KeyedStreams(process, order, null);
        collectives = new KeyedStreams(process, order, records);
    }

    @Override
    public void enter(long t, int region) {
        if (environmentFrame < 0 && definitions.regionKind(region) == RegionKind.ENVIRONMENT) {
            environmentFrame = stack.depth();
        }
        stack.push(region, t);
        lastTime = t;
    }

    @Override
    public void leave(long t, int region) {
        lastTime = t;
        int top = stack.depth() - 1;
        if (definitions.isBlockingProbe(region) && top >= 0 && stack.region(top) == region && environmentFrame < 0) {
            probed.left(stack.enter(top), t);
        }
        if (!stack.pop()) {
            return;
        }
        int depth = stack.depth();
        if (depth <= environmentFrame) {
            environmentFrame = -1;
        }
        if (one) {
            if (oneFrame >= depth) {
                one = false;
                writeOne(t);
            }
            return;
        }
        if (pendingEnd == head + 1 && frame[head] >= depth) {
            // The common case: one end waits, in the call left now (an end at the head whose call
            // was left would have been written already): written at once.
            leave[head] = t;
            write(head);
            head = pendingEnd = 0;
        } else if (pendingEnd > head) {
            resolve(depth, t);
        }
    }

    @Override
    public void send(long t, int receiver, int comm, int messageTag, long bytes) {
        lastTime = t;
        if (receiver >= 0) {
            add(SEND, receiver, comm, messageTag, t, Long.MIN_VALUE, sized ? bytes : -1);
        }
    }

    @Override
    public void receive(long t, int sender, int comm, int messageTag, long bytes) {
        lastTime = t;
        if (sender >= 0) {
            add(RECEIVE, sender, comm, messageTag, t, Long.MIN_VALUE, sized ? bytes : -1);
        }
    }

    /** The completion of a non-blocking receive: its post is the enter of the MPI_Irecv of its request, when that was seen. */
    @Override
    public void irecv(long t, int sender, int comm, int messageTag, long bytes, long request) {
        lastTime = t;
        long posted = takePost(request);
        if (sender >= 0) {
            add(RECEIVE, sender, comm, messageTag, t, posted, sized ? bytes : -1);
        }
    }

    /** A non-blocking receive posted: the enter of the MPI call around it (MPI_Irecv) kept under its request. */
    @Override
    public void irecvRequest(long t, long request) {
        lastTime = t;
        int f = callFrame();
        for (int i = 0; i < posts; i++) {
            if (postRequest[i] == request) { // an id in use again: its old request ended unseen (cancelled, freed); its post goes
                forgetPost(i);             // (a cancelled MPI_Irecv's post at 0 was the reused id's, and a 40 ms wait read 0)
                break;
            }
        }
        if (posts == MAX_POSTS) {
            forgetPost(0);
        }
        if (posts == postRequest.length) {
            postRequest = Arrays.copyOf(postRequest, posts * 2);
            postEnter = Arrays.copyOf(postEnter, posts * 2);
        }
        postRequest[posts] = request;
        postEnter[posts++] = f >= 0 ? stack.enter(f) : t;
    }

    /** The post of {@code request}, forgotten now, or Long.MIN_VALUE when none was seen. */
    private long takePost(long request) {
        for (int i = 0; i < posts; i++) {
            if (postRequest[i] == request) {
                long e = postEnter[i];
                forgetPost(i);
                return e;
            }
        }
        return Long.MIN_VALUE;
    }

    private void forgetPost(int i) {
        System.arraycopy(postRequest, i + 1, postRequest, i, posts - i - 1);
        System.arraycopy(postEnter, i + 1, postEnter, i, posts - i - 1);
        posts--;
    }

    /** Recording switched off or on again: kept to leave the off time out of the calls' time in MPI. */
    @Override
    public void measurement(long time, boolean on) {
        lastTime = time;
        if (gaps == null) {
            gaps = new MeasurementGaps();
        }
        gaps.measurement(time, on);
    }

    /**
     * Ticks recording was off inside a point-to-point or collective call (definitions sections 3 and 8):
     * the wait rules leave them out of the call's wait, as Tcomm leaves them out of its time in MPI.
     */
    private long off(long enter, long leave) {
        return gaps == null ? 0 : gaps.between(enter, leave);
    }

    /**
     * A blocking send as one call: with nothing pending and the region an MPI call, the end is
     * written at once (what the three events would write); otherwise the three events.
     */
    @Override
    public void sendCall(long enter, int region, long t, int receiver, int comm, int messageTag, long bytes, long leave) {
        if (!writeCall(sends, enter, region, t, receiver, comm, messageTag, leave, bytes)) {
            LocationEvents.super.sendCall(enter, region, t, receiver, comm, messageTag, bytes, leave);
        }
    }

    /** As {@link #sendCall}, for a blocking receive. */
    @Override
    public void receiveCall(long enter, int region, long t, int sender, int comm, int messageTag, long bytes, long leave) {
        if (!writeCall(receives, enter, region, t, sender, comm, messageTag, leave, bytes)) {
            LocationEvents.super.receiveCall(enter, region, t, sender, comm, messageTag, bytes, leave);
        }
    }

    /** Writes the end of a blocking call into {@code streams} when nothing waits and the region is an MPI call; false when not written. */
    private boolean writeCall(KeyedStreams streams, long enter, int region, long t, int partner, int comm, int messageTag, long leave,
                              long bytes) {
        MpiCall c = definitions.mpiCall(region);
        if (one || pendingEnd != head || partner < 0 || !c.isMpi() || environmentFrame >= 0 || (streams == receives && probed.pending())) {
            return false;
        }
        lastTime = leave;
        streams.of(partner).message(store, t, enter, leave, comm, messageTag, c, false, -1, Long.MIN_VALUE, sized ? bytes : -1,
                off(enter, leave));
        return true;
    }

    @Override
    public void collective(long t, CollectiveKind kind, int comm, int root, long sent, long received) {
        lastTime = t;
        if (kind == CollectiveKind.OTHER) {
            return;
        }
        if (!member(comm)) {
            // counted unless the communicator is its caller's alone (OTF2's COMM_SELF), where it is no disagreement
            // (480 self collectives of sst-macro-10 were named in the note)
            nonMembers += definitions.selfCommunicator(comm) ? 0 : 1;
            return;
        }
        add(COLLECTIVE, root, comm, kind.ordinal(), t, Long.MIN_VALUE, sent); // sent 0: it contributed nothing (section 8)
    }

    /** A message end the selection left out: a record that keeps its place in its key's order ({@link RecordStream}). */
    @Override
    public void outsideMessage(long t, boolean send, int partner, int comm, int messageTag) {
        lastTime = t;
        if (partner >= 0) {
            addOutside(send ? SEND : RECEIVE, partner, comm, messageTag, t);
        }
    }

    /** A receive from a process the selection left out: a blocking probe before it probed its message ({@link ProbedReceive}). */
    @Override
    public void receiveFromUnselected(long time) {
        probed.forget();
    }

    @Override
    public void outsideCollective(long t, CollectiveKind kind, int comm, int root) {
        lastTime = t;
        if (kind != CollectiveKind.OTHER && member(comm)) {
            addOutside(COLLECTIVE, root, comm, kind.ordinal(), t);
        }
    }

    /** Ends the location: calls still open are left at its last event, every stream is sealed. */
    @Override
    public void end() {
        if (ended) {
            return;
        }
        ended = true;
        if (one) {
            one = false;
            writeOne(lastTime);
        }
        resolve(0, lastTime);
        stack.clear();
        for (RecordStream s : sends.all) {
            s.seal(store);
        }
        for (RecordStream s : receives.all) {
            s.seal(store);
        }
        for (RecordStream s : collectives.all) {
            s.seal(store);
        }
        records.add(sends.all, receives.all, collectives.all);
        records.ended(this, nonMembers);
    }

    private boolean member(int comm) {
        int known = membership.get(comm, -1);
        if (known < 0) {
            known = 0;
            for (int m : definitions.communicatorMembers(comm)) {
                if (m == process) {
                    known = 1;
                    break;
                }
            }
            membership.put(comm, known);
        }
        return known == 1;
    }

    /** The stack frame of the innermost MPI call open now, or -1. */
    private int callFrame() {
        for (int f = stack.depth() - 1; f >= 0; f--) {
            if (definitions.mpiCall(stack.region(f)).isMpi()) {
                return f;
            }
        }
        return -1;
    }

    /** One end (for collectives: {@code who} is the root, {@code what} the kind) at event time {@code t}, posted at {@code posted}. */
    private void add(int kind, int who, int comm, int what, long t, long posted, long bytes) {
        int f = callFrame();
        if (environmentFrame >= 0 && f >= 0) {
            if (one) {
                spillOne();
            }
            append(kind, who, comm, what, f, t, definitions.mpiCall(stack.region(f)).ordinal() | IN_ENVIRONMENT, stack.enter(f), t, true,
                    posted, bytes);
            return;
        }
        if (f >= 0 && !one && pendingEnd == head) {
            one = true;
            oneSide = kind;
            onePartner = who;
            oneCommunicator = comm;
            oneTag = what;
            oneFrame = f;
            oneCall = definitions.mpiCall(stack.region(f));
            oneTime = t;
            oneEnter = stack.enter(f);
            onePost = posted;
            oneSize = bytes;
            return;
        }
        if (one) {
            spillOne();
        }
        if (f < 0) {
            if (append(kind, who, comm, what, f, t, MpiCall.NONE.ordinal(), t, t, false, posted, bytes) == head) {
                flush();
            }
        } else {
            append(kind, who, comm, what, f, t, definitions.mpiCall(stack.region(f)).ordinal(), stack.enter(f), t, true, posted, bytes);
        }
    }

    /** An end left out by a selection: no call, written in its turn behind the ends before it. */
    private void addOutside(int kind, int who, int comm, int what, long t) {
        if (one) {
            spillOne();
        }
        if (append(kind, who, comm, what, -1, t, OUTSIDE, t, t, false, Long.MIN_VALUE, -1) == head) {
            flush();
        }
    }

    /**
     * Appends an end to the arrays and returns its slot: stack frame {@code f} (-1: none) of call {@code c} entered at
     * {@code e}, left at {@code l} unless {@code isOpen} (then {@code l} is a placeholder until the call's leave).
     */
    private int append(int kind, int who, int comm, int what, int f, long t, int c, long e, long l, boolean isOpen, long posted,
                       long bytes) {
        if (pendingEnd == side.length) {
            grow();
        }
        int i = pendingEnd++;
        side[i] = kind;
        partner[i] = who;
        communicator[i] = comm;
        tag[i] = what;
        frame[i] = f;
        time[i] = t;
        call[i] = c;
        enter[i] = e;
        leave[i] = l;
        open[i] = isOpen;
        post[i] = posted;
        shared[i] = -1;
        size[i] = bytes;
        return i;
    }

    /**
     * The call at stack frame {@code from} (and any inside it) was left at {@code t}. The receives
     * of a call that completed several of them get the call's number (definitions section 8: one call waits once): an
     * MPI_Wait* or MPI_Test*, or a blocking call a damaged trace gives two receives (an OTF1 MPI_Sendrecv whose send
     * record reads as a second receive was charged its length twice, more waiting than time in MPI).
     */
    private void resolve(int from, long t) {
        if (perFrame.length < stack.capacity()) {
            perFrame = new long[stack.capacity()];
        }
        boolean several = false;
        for (int i = head; i < pendingEnd; i++) {
            if (open[i] && frame[i] >= from && side[i] == RECEIVE) {
                several |= ++perFrame[frame[i]] > 1;
            }
        }
        for (int i = head; i < pendingEnd; i++) {
            if (open[i] && frame[i] >= from) {
                if (several && side[i] == RECEIVE) {
                    long c = perFrame[frame[i]];
                    if (c > 1) {
                        c = perFrame[frame[i]] = -(++sharedCalls); // the call is numbered at its first receive
                    }
                    shared[i] = c < 0 ? -c - 1 : -1;
                }
                leave[i] = t;
                open[i] = false;
            }
        }
        Arrays.fill(perFrame, from, perFrame.length, 0);
        flush();
    }

    /** Writes the ends at the head whose calls were left. */
    private void flush() {
        int i = head;
        while (i < pendingEnd && !open[i]) {
            write(i++);
        }
        if (i == pendingEnd) {
            head = pendingEnd = 0;
        } else {
            head = i;
        }
    }

    /** The end held in the fields, its call left at {@code leave}. */
    private void writeOne(long leave) {
        if (oneSide == COLLECTIVE) {
            collectives.of(oneCommunicator).collective(store, oneTime, oneEnter, leave, KINDS[oneTag], onePartner, false,
                    off(oneEnter, leave), oneSize == 0);
        } else if (oneSide == RECEIVE) {
            receiveEnd(onePartner, oneTime, oneEnter, leave, oneCommunicator, oneTag, oneCall, -1, onePost, oneSize, off(oneEnter, leave));
        } else {
            sends.of(onePartner).message(store, oneTime, oneEnter, leave, oneCommunicator, oneTag, oneCall, false, -1, onePost, oneSize,
                    off(oneEnter, leave));
        }
    }

    /** The end held in the fields moves into the arrays (another end joins it). */
    private void spillOne() {
        one = false;
        append(oneSide, onePartner, oneCommunicator, oneTag, oneFrame, oneTime, oneCall.ordinal(), oneEnter, oneTime, true, onePost, oneSize);
    }

    private void write(int i) {
        int s = side[i];
        int c = call[i];
        boolean outside = c == OUTSIDE;
        long off = outside ? 0 : (c & IN_ENVIRONMENT) != 0 ? leave[i] - enter[i] : off(enter[i], leave[i]);
        if (s == COLLECTIVE) {
            collectives.of(communicator[i]).collective(store, time[i], enter[i], leave[i], KINDS[tag[i]], partner[i], outside, off,
                    size[i] == 0);
        } else if (s == RECEIVE && !outside && (c & IN_ENVIRONMENT) == 0) {
            receiveEnd(partner[i], time[i], enter[i], leave[i], communicator[i], tag[i], CALLS[c], shared[i], post[i], size[i], off);
        } else {
            if (s == RECEIVE && outside) {
                probed.forget(); // the probe's message, from a process the selection left out
            }
            RecordStream stream = s == SEND ? sends.of(partner[i]) : receives.of(partner[i]);
            stream.message(store, time[i], enter[i], leave[i], communicator[i], tag[i], outside ? MpiCall.NONE : CALLS[c & ~IN_ENVIRONMENT],
                    outside, shared[i], post[i], size[i], off);
        }
    }

    /** A receive's end in a call of this location's own: one that takes a blocking probe's message waited in the probe. */
    private void receiveEnd(int from, long t, long e, long l, int comm, int messageTag, MpiCall c, long sharedCall, long posted,
                            long bytes, long off) {
        if (probed.pending() && probed.takenBy(c == MpiCall.BLOCKING_RECEIVE && posted == Long.MIN_VALUE, e)) {
            receives.of(from).message(store, t, probed.enter(), probed.leave(), comm, messageTag, c, false, sharedCall, e, bytes,
                    off(probed.enter(), probed.leave()));
        } else {
            receives.of(from).message(store, t, e, l, comm, messageTag, c, false, sharedCall, posted, bytes, off);
        }
    }

    /**
     * Room for more pending ends: the waiting ones moved to the front (in place, when ends were written from the
     * head), or into arrays twice as long.
     */
    private void grow() {
        int left = pendingEnd - head;
        int n = head > 0 ? side.length : side.length * 2;
        side = Rings.unrolled(side, head, left, n);
        partner = Rings.unrolled(partner, head, left, n);
        communicator = Rings.unrolled(communicator, head, left, n);
        tag = Rings.unrolled(tag, head, left, n);
        call = Rings.unrolled(call, head, left, n);
        frame = Rings.unrolled(frame, head, left, n);
        time = Rings.unrolled(time, head, left, n);
        enter = Rings.unrolled(enter, head, left, n);
        leave = Rings.unrolled(leave, head, left, n);
        open = Rings.unrolled(open, head, left, n);
        post = Rings.unrolled(post, head, left, n);
        shared = Rings.unrolled(shared, head, left, n);
        size = Rings.unrolled(size, head, left, n);
        head = 0;
        pendingEnd = left;
    }
}
