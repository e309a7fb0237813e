package org.igtrace.core.replay;

import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.MessageLengths;
import org.igtrace.core.trace.MeasurementGaps;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.core.util.RecordBlocks;

/**
 * One location's activities for the replay (definitions section 9), recorded as its events are read:
 * its outermost MPI calls (enter, leave, region) with the message and collective events inside
 * each, encoded compactly into a {@link BlockStream} (kept in memory or spilled to a file by the
 * {@link RecordBlocks} store; nothing per event stays on the heap). Compute bursts are the gaps
 * between calls. Also the replay's start (the leave of {@code MPI_Init*}, else the first region
 * event) and end (the enter of {@code MPI_Finalize}, else the last region event). Calls and
 * events inside {@code MPI_Init}/{@code MPI_Finalize} are not recorded; an event outside any MPI
 * call becomes a call of no duration at its time (region -1).
 *
 * <p>Encoding ({@link ActivityCursor} reads it): the events of a call come first, then the call.
 * Each record starts with a head byte whose low 3 bits are its type. A send or receive: the
 * number of its (partner, communicator, tag) key ({@link MessageKeys}), then its size when it
 * differs from the key's previous message (head bit 3). A collective: its {@link CollectiveKind}
 * in head bits 3-5, communicator, root + 1, bytes sent. The post of a non-blocking receive
 * (MPI_Irecv's request): a fixed 9-byte field naming the receive that completes it (key + 1 in 4
 * bytes, 0 for none; the receive's sequence number on its key in 5), filled in when that receive
 * is read. The completion of a non-blocking send (head bits 3-4: its send's {@link org.igtrace.core.trace.SendMode} ordinal, by the name of
 * the call that posted it): the key, how many sends on the key came after its send, its size; its send's head gets bit
 * 4 when the completion is read. A call: region + 1,
 * enter minus the previous call's leave (zigzag), leave minus enter. Bytes that may still be
 * filled in are held back from the store; a request still open {@value #HOLD_LIMIT} bytes of
 * stream after its post is given up (its receive then counts as posted at its completing call,
 * a non-blocking send as completed at its post) and counted.
 */
public final class LocationActivities implements LocationEvents {
    /** Record types (head bits 0-2). RECEIVE_POST is the post of a non-blocking receive, SEND_COMPLETE the completion of a non-blocking send. */
    static final int SEND = 0, RECEIVE = 1, COLLECTIVE = 2, RECEIVE_POST = 3, SEND_COMPLETE = 4, CALL = 5;
    static final int TYPE = 7;
    /** Send or receive: its size follows. */
    static final int SIZE_FOLLOWS = 8;
    /** Send: a non-blocking send whose completion was recorded later. */
    static final int COMPLETED_LATER = 16;
    /** How far a request's post may lie behind the stream's end before it is given up, bytes. */
    static final long HOLD_LIMIT = 1 << 20;

    private final TraceDefinitions definitions;
    private final Membership membership;
    final int process;
    final long order;
    private final BlockStream stream;
    /** The counts the matching needs, made when the events end. */
    LocationCensus census;
    final MessageKeys keys = new MessageKeys();

    long calls;
    long ops;
    /** What a census of the whole stream needs: the first call's enter, the latest leave, events inside calls, collectives as a member. */
    private long firstEnter;
    private long lastLeave = Long.MIN_VALUE;
    private long opsInCalls;
    private long largestSize;
    private final LongIntMap memberCollectives = new LongIntMap();
    /** Whether it sent 0 bytes in an all-to-all collective, or as no root in an all-to-one, it is a member of ({@link SilentMembers}). */
    boolean sentNothingToAll;
    /** Per communicator: arrivals as a member a selection left out before the first one recorded. */
    final LongIntMap outsideCollectives = new LongIntMap();
    /** Ends and arrivals a selection left out between recorded ones of their key or communicator (--region's gaps). */
    long gaps;
    /** Per communicator: arrivals left out after a recorded one, not yet followed by another. */
    private final LongIntMap pendingCollectives = new LongIntMap();
    private long previousLeave;
    /** The head byte of the last send or receive written. */
    private int lastHead;

    /** Requests in flight, oldest first: non-blocking sends and posted receives. */
    private OpenRequests open = new OpenRequests(8);
    long givenUp;

    long initLeave = Long.MIN_VALUE;
    long finalizeEnter = Long.MIN_VALUE;
    long firstRegion = Long.MAX_VALUE;
    long lastRegion = Long.MIN_VALUE;

    /** Where recording was off (definitions section 3): left out of the compute bursts. */
    private final MeasurementGaps recordingOff = new MeasurementGaps();
    private int mpiDepth;
    /** Per region: the measured ticks of its recorded calls (what a self-prediction's warning compares with the replay). */
    private final java.util.HashMap<Integer, long[]> callTicks = new java.util.HashMap<>();
    /**
     * The same for the regions below {@value #DENSE_REGIONS} - 1 (and -1, an event outside any call), at region + 1,
     * with whether a call was recorded: a call costs no boxing and no hash look-up (it was 1 % of {@code predict}'s time).
     */
    private static final int DENSE_REGIONS = 1 << 16;
    private long[] denseTicks = new long[16];
    private boolean[] denseSeen = new boolean[16];
    private int environmentDepth;
    private long openEnter;
    private int openRegion;
    /** Per region, the {@link SendMode} of its non-blocking sends. */
    private final RegionSendModes sendModes;
    long untranslated;
    /** Message and collective lengths no run sends ({@link MessageLengths}), replayed as 0 bytes. */
    long impossibleLengths;

    LocationActivities(TraceDefinitions definitions, Membership membership, int process, long order, RecordBlocks store) {
        this(definitions, membership, process, order, store, null, -1);
    }

    /**
     * As above, keeping beside the stream what the fits before predict's replay need ({@link RecordedFitCalls}): the
     * calls with a collective, and the durations of the eager blocking sends ({@code eagerRegions}: per region, whether
     * its call is one) below {@code eagerLimit}; none when {@code eagerRegions} is null.
     */
    LocationActivities(TraceDefinitions definitions, Membership membership, int process, long order, RecordBlocks store,
                       boolean[] eagerRegions, long eagerLimit) {
        this.definitions = definitions;
        this.sendModes = new RegionSendModes(definitions);
        this.membership = membership;
        this.process = process;
        this.order = order;
        this.stream = new BlockStream(store);
        this.eagerRegions = eagerRegions;
        this.fitCalls = eagerRegions == null ? null : new RecordedFitCalls(store, eagerLimit);
    }

    /** Per region, whether its call is an eager blocking send's ({@link SendOverhead}), or null: {@link #fitCalls} not kept. */
    private final boolean[] eagerRegions;
    /** What the fits before the replay read instead of every call, or null. */
    final RecordedFitCalls fitCalls;
    /** Records written since the last call's, and the type and size of the last (what a cursor shows as the call's events). */
    private int eventsSinceCall;
    private int lastEventType;
    private long lastEventSize;

    @Override
    public void enter(long time, int region) {
        region(time);
        RegionKind kind = definitions.regionKind(region);
        if (kind == RegionKind.ENVIRONMENT) {
            if (environmentDepth++ == 0 && finalizeEnter == Long.MIN_VALUE
                    && definitions.regionName(region).strip().equals("MPI_Finalize")) {
                finalizeEnter = time;
            }
        } else if (environmentDepth == 0 && definitions.isMpiCall(region) && mpiDepth++ == 0) {
            openEnter = time;
            openRegion = region;
        }
    }

    @Override
    public void leave(long time, int region) {
        region(time);
        RegionKind kind = definitions.regionKind(region);
        if (kind == RegionKind.ENVIRONMENT) {
            if (environmentDepth > 0 && --environmentDepth == 0 && initLeave == Long.MIN_VALUE
                    && definitions.regionName(region).strip().startsWith("MPI_Init")) {
                initLeave = time;
            }
        } else if (environmentDepth == 0 && definitions.isMpiCall(region) && mpiDepth > 0 && --mpiDepth == 0) {
            addCall(openEnter, Math.max(openEnter, time), openRegion);
        }
    }

    private void region(long time) {
        firstRegion = Math.min(firstRegion, time);
        lastRegion = Math.max(lastRegion, time);
    }

    @Override
    public void send(long time, int receiver, int communicator, int tag, long bytes) {
        if (recordable(receiver)) {
            writeMessage(SEND, receiver, communicator, tag, bytes);
            op(time);
        }
    }

    @Override
    public void receive(long time, int sender, int communicator, int tag, long bytes) {
        if (recordable(sender)) {
            writeMessage(RECEIVE, sender, communicator, tag, bytes);
            op(time);
        }
    }

    /**
     * A blocking send as one call: outside any other MPI call (and MPI_Init/MPI_Finalize), its
     * message and the call are written at once, what its three events write; otherwise the three events.
     */
    @Override
    public void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long bytes, long leave) {
        if (!wholeCall(SEND, enter, region, receiver, communicator, tag, bytes, leave)) {
            LocationEvents.super.sendCall(enter, region, time, receiver, communicator, tag, bytes, leave);
        }
    }

    /** As {@link #sendCall}, for a blocking receive. */
    @Override
    public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long bytes, long leave) {
        if (!wholeCall(RECEIVE, enter, region, sender, communicator, tag, bytes, leave)) {
            LocationEvents.super.receiveCall(enter, region, time, sender, communicator, tag, bytes, leave);
        }
    }

    /** Writes a blocking send's or receive's call at once when it is an outermost call with a partner; false: it is not. */
    private boolean wholeCall(int type, long enter, int region, int partner, int communicator, int tag, long bytes, long leave) {
        if (outermostCall(region) && partner >= 0) {
            writeCall(type, enter, region, partner, communicator, tag, bytes, leave);
            return true;
        }
        return false;
    }

    /** A blocking call's message ({@code type}: SEND or RECEIVE) and the call, as its three events would write them. */
    private void writeCall(int type, long enter, int region, int partner, int communicator, int tag, long bytes, long leave) {
        region(enter);
        writeMessage(type, partner, communicator, tag, bytes);
        ops++;
        limitHold();
        region(leave);
        addCall(enter, Math.max(enter, leave), region);
    }

    /** Whether {@code region} entered now is an outermost MPI call that is recorded (not inside another, nor in MPI_Init/MPI_Finalize). */
    private boolean outermostCall(int region) {
        return environmentDepth == 0 && mpiDepth == 0 && definitions.isMpiCall(region);
    }

    @Override
    public void isend(long time, int receiver, int communicator, int tag, long bytes, long request) {
        if (recordable(receiver)) {
            int key = keys.id(receiver, communicator, tag);
            pend(request, SEND, stream.position(), key, keys.sends[key], MessageLengths.impossible(bytes) ? 0 : bytes);
            writeMessage(SEND, receiver, communicator, tag, bytes);
            open.type[open.newest()] |= lastHead << 8 | (mpiDepth == 0 ? 0 : sendModes.of(openRegion)) << 16;
            op(time);
        }
    }

    @Override
    public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
        if (recordable(sender)) {
            int key = writeMessage(RECEIVE, sender, communicator, tag, bytes);
            int post = take(request, RECEIVE_POST);
            if (post >= 0) {
                stream.patch(open.offset[post], key + 1L, 4);
                stream.patch(open.offset[post] + 4, keys.receives[key] - 1, 5);
                forget(post);
            }
            op(time);
        }
    }

    @Override
    public void isendComplete(long time, long request) {
        int send = environmentDepth > 0 ? -1 : take(request, SEND);
        if (send >= 0) {
            stream.patch(open.offset[send], open.type[send] >> 8 & 0xFF | COMPLETED_LATER, 1);
            int mode = open.type[send] >>> 16;
            int key = open.key[send];
            long after = keys.sends[key] - 1 - open.sequence[send];
            long bytes = open.bytes[send];
            forget(send);
            eventsSinceCall++;
            lastEventType = SEND_COMPLETE;
            stream.putByte(SEND_COMPLETE | mode << 3);
            stream.putUnsigned(key);
            stream.putUnsigned(after);
            stream.putUnsigned(bytes);
            op(time);
        }
    }

    @Override
    public void irecvRequest(long time, long request) {
        if (environmentDepth == 0) {
            pend(request, RECEIVE_POST, stream.position() + 1, -1, 0, 0);
            eventsSinceCall++;
            lastEventType = RECEIVE_POST;
            stream.putByte(RECEIVE_POST);
            stream.putFixed(0, 4);
            stream.putFixed(0, 5);
            op(time);
        }
    }

    /** Whether a message event is recorded: not inside MPI_Init/MPI_Finalize, and its partner is a known process. */
    private boolean recordable(int partner) {
        if (environmentDepth > 0) {
            return false;
        }
        if (partner < 0) {
            untranslated++;
            return false;
        }
        return true;
    }

    /** Writes a send or receive (the size only when it differs from the key's last); returns its key. */
    private int writeMessage(int type, int partner, int communicator, int tag, long bytes) {
        long size = MessageLengths.impossible(bytes) ? 0 : bytes;
        impossibleLengths += size != bytes ? 1 : 0;
        int key = keys.id(partner, communicator, tag);
        if (type == SEND) {
            keys.sends[key]++;
            gaps += keys.pendingSends[key];
            keys.pendingSends[key] = 0;
        } else {
            keys.receives[key]++;
            gaps += keys.pendingReceives[key];
            keys.pendingReceives[key] = 0;
        }
        boolean sizeFollows = size != keys.lastBytes[key];
        keys.lastBytes[key] = size;
        if (sizeFollows && size > largestSize) {
            largestSize = size;
        }
        lastHead = type | (sizeFollows ? SIZE_FOLLOWS : 0);
        eventsSinceCall++;
        lastEventType = type;
        lastEventSize = size;
        stream.putByte(lastHead);
        stream.putUnsigned(key);
        if (sizeFollows) {
            stream.putUnsigned(size);
        }
        return key;
    }

    /**
     * A message end the selection left out: counted per key when no end of its kind was recorded
     * on the key yet (the window's start cut it), so that the replay numbers the recorded ones as
     * the trace does; one after a recorded end (between two kept parts, --region) is counted as a gap.
     */
    @Override
    public void outsideMessage(long time, boolean send, int partner, int communicator, int tag) {
        if (environmentDepth > 0 || partner < 0) {
            return;
        }
        int key = keys.id(partner, communicator, tag);
        if (send ? keys.sends[key] > 0 : keys.receives[key] > 0) {
            (send ? keys.pendingSends : keys.pendingReceives)[key]++; // a gap once a later end of the key is recorded
        } else if (send) {
            keys.outsideSends[key]++;
        } else {
            keys.outsideReceives[key]++;
        }
    }

    /** A collective arrival the selection left out: counted per communicator as {@link #outsideMessage} counts ends. */
    @Override
    public void outsideCollective(long time, CollectiveKind kind, int communicator, int root) {
        if (environmentDepth > 0 || kind == CollectiveKind.OTHER || !membership.member(communicator, process)) {
            return;
        }
        if (memberCollectives.get(communicator, 0) > 0) {
            pendingCollectives.put(communicator, pendingCollectives.get(communicator, 0) + 1);
        } else {
            outsideCollectives.put(communicator, outsideCollectives.get(communicator, 0) + 1);
        }
    }

    @Override
    public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        if (environmentDepth > 0 || kind == CollectiveKind.OTHER) {
            return;
        }
        if (MessageLengths.impossible(sent)) {
            impossibleLengths++;
            sent = 0;
        }
        if (membership.member(communicator, process)) {
            sentNothingToAll |= sent == 0
                    && (kind.shape() == CollectiveKind.ALL_TO_ALL || kind == CollectiveKind.ALL_TO_ONE && root != process);
            memberCollectives.put(communicator, memberCollectives.get(communicator, 0) + 1);
            int pending = pendingCollectives.get(communicator, 0);
            if (pending > 0) {
                gaps += pending;
                pendingCollectives.put(communicator, 0);
            }
        }
        eventsSinceCall++;
        lastEventType = COLLECTIVE;
        if (fitCalls != null) {
            fitCalls.collective(kind.ordinal(), communicator, root, sent);
        }
        stream.putByte(COLLECTIVE | kind.ordinal() << 3);
        stream.putSigned(communicator);
        stream.putSigned(root + 1L);
        stream.putUnsigned(sent);
        largestSize = Math.max(largestSize, sent);
        op(time);
    }

    /** One more event written: outside any MPI call it is a call of its own, of no duration. */
    private void op(long time) {
        ops++;
        if (mpiDepth == 0) {
            addCall(time, time, -1);
        }
        limitHold();
    }

    private void addCall(long enter, long leave, int region) {
        if (calls == 0) {
            firstEnter = enter;
        }
        lastLeave = Math.max(lastLeave, leave);
        opsInCalls = ops;
        if (fitCalls != null) {
            if (region >= eagerRegions.length) {
                fitCalls.overflow = true; // a region defined after the recording began: the fits read every call
            } else if (eventsSinceCall == 1 && lastEventType == SEND && region >= 0 && eagerRegions[region]) {
                fitCalls.eagerSend(lastEventSize, leave - enter);
            }
            fitCalls.call(calls, region, enter, leave, eventsSinceCall);
        }
        eventsSinceCall = 0;
        stream.putByte(CALL);
        stream.putUnsigned(region + 1L);
        stream.putSigned(enter - previousLeave);
        stream.putUnsigned(leave - enter);
        int slot = region + 1;
        if (slot >= 0 && slot < DENSE_REGIONS) {
            if (slot >= denseTicks.length) {
                int n = Math.min(DENSE_REGIONS, Math.max(2 * denseTicks.length, slot + 1));
                denseTicks = java.util.Arrays.copyOf(denseTicks, n);
                denseSeen = java.util.Arrays.copyOf(denseSeen, n);
            }
            denseTicks[slot] += leave - enter;
            denseSeen[slot] = true;
        } else {
            callTicks.computeIfAbsent(region, r -> new long[1])[0] += leave - enter;
        }
        previousLeave = leave;
        calls++;
        limitHold();
    }

    private void pend(long request, int type, long offset, int key, long sequence, long bytes) {
        if (open.add(request, type, offset, key, sequence, bytes)) {
            stream.hold(offset);
        }
    }

    /** The latest pending request of {@code type} with this id; -1 if none. */
    private int take(long request, int type) {
        return open.latest(request, type);
    }

    /** Removes pending request {@code i} (its place, {@link OpenRequests}), keeping the others in order; the hold moves to the oldest left. */
    private void forget(int i) {
        if (open.remove(i)) {
            stream.hold(open.oldestOffset());
        }
    }

    /** Gives up the oldest requests while they hold more than {@link #HOLD_LIMIT} bytes back. */
    private void limitHold() {
        while (open.count > 0 && stream.heldBytes() > HOLD_LIMIT) {
            givenUp++;
            forget(open.oldest());
        }
    }

    /**
     * The location's events are over: the rest of its stream goes to the store, and it is counted
     * for the matching (from the counts kept while recording when the whole stream is the replay
     * window: the first call entered at or after the start, no call left after the end, no event
     * after the last call; else by reading the stream once).
     */
    @Override
    public void measurement(long time, boolean on) {
        recordingOff.measurement(time, on);
    }

    @Override
    public void end() {
        if (!stream.isSealed()) {
            recordingOff.end(lastRegion);
            stream.seal();
            if (fitCalls != null) {
                fitCalls.seal();
            }
            boolean wholeStream = ops == opsInCalls && (calls == 0 || firstEnter >= start() && lastLeave <= endTicks());
            census = wholeStream ? LocationCensus.whole(this, memberCollectives) : LocationCensus.of(this, membership);
            keys.seal();
            open = OpenRequests.CLOSED;
        }
    }

    /** A reader of the sealed stream from its start. */
    ActivityCursor cursor() {
        end();
        return new ActivityCursor(this, stream.reader());
    }

    /** Where the replay starts on this location: the leave of MPI_Init*, else the first region event (ticks). */
    /** Whether the location recorded any region event (none: a rank without events in a --window). */
    boolean hasRegionEvents() {
        return firstRegion != Long.MAX_VALUE || initLeave != Long.MIN_VALUE;
    }

    long start() {
        return initLeave != Long.MIN_VALUE ? initLeave : firstRegion == Long.MAX_VALUE ? 0 : firstRegion;
    }

    /** Where the replay ends: the enter of MPI_Finalize, else the last region event (ticks). */
    long endTicks() {
        long end = finalizeEnter != Long.MIN_VALUE ? finalizeEnter : lastRegion == Long.MIN_VALUE ? start() : lastRegion;
        return Math.max(end, start());
    }

    /** The length of the replayed window, {@link #endTicks()} minus {@link #start()}, less the time recording was off (ticks). */
    long windowTicks() {
        return endTicks() - start() - offTicks(start(), endTicks());
    }

    /**
     * Ticks between {@code from} and {@code to} during which recording was off (definitions section 3): unknown
     * time, left out of a compute burst.
     */
    long offTicks(long from, long to) {
        return recordingOff.between(from, to);
    }

    /** Whether recording was switched off at some time on this location ({@link #offTicks} is 0 everywhere otherwise). */
    boolean recordingWasOff() {
        return !recordingOff.isEmpty();
    }

    /**
     * The ticks recording was off inside the replayed window (definitions section 3): time in the measured run time
     * that the replay cannot show.
     *
     * @return the ticks, 0 when recording was never off there
     */
    public long offTicksInWindow() {
        return offTicks(start(), endTicks());
    }

    /**
     * The intervals recording was off inside the replayed window, as {@code start, end} pairs in ticks, disjoint and in
     * order.
     *
     * @return the pairs (empty when recording was never off there)
     */
    public long[] offIntervalsInWindow() {
        return recordingOff.intervalsBetween(start(), endTicks());
    }

    TraceDefinitions definitions() {
        return definitions;
    }

    public int process() {
        return process;
    }

    /** Per region: the measured ticks its recorded calls lasted in all. */
    public java.util.Map<Integer, Long> callTicksByRegion() {
        java.util.Map<Integer, Long> m = new java.util.TreeMap<>();
        callTicks.forEach((r, t) -> m.put(r, t[0]));
        for (int slot = 0; slot < denseSeen.length; slot++) {
            if (denseSeen[slot]) {
                m.put(slot - 1, denseTicks[slot]);
            }
        }
        return m;
    }

    public long callCount() {
        return calls;
    }

    public long eventCount() {
        return ops;
    }

    /** The largest message or collective contribution (bytes sent) recorded. */
    public long largestSize() {
        return largestSize;
    }

    /** Bytes of the encoded stream (in memory or spilled). */
    public long bytes() {
        return stream.position();
    }
}
