package org.igtrace.core.wait;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.core.util.PairLongs;

/**
 * The merged-replay matcher igtrace used before issue 15, kept as the reference the one-pass
 * join is checked against. Matches sends with receives and collective members with each other (definitions section 8), as the
 * events of all locations arrive merged in time order, and hands each complete match to a
 * {@link MatchListener}.
 *
 * <ul>
 *   <li>A send and a receive match when sender, receiver, communicator and tag agree, first in
 *       first out per that key (MPI's non-overtaking rule). A partner is never guessed: what is
 *       left unmatched at the end is counted per pair.</li>
 *   <li>Each end's operation is the MPI call around its event (the innermost enclosing MPI
 *       region): its enter time is where the operation starts (for a non-blocking receive
 *       completed in {@code MPI_Wait*}, the wait call). A message is handed on once both calls
 *       have been left.</li>
 *   <li>The k-th collective a member records on a communicator, in time order over its process's threads, is
 *       instance k of that communicator; an instance is handed on once every member has left its call.</li>
 * </ul>
 * Memory holds the messages and collective instances in flight (one end seen, or a call not yet
 * left) and a call stack per location; nothing per event.
 */
final class ReferenceEventMatcher implements LocationSink {
    private static final int SEND_SIDE = -1;
    private static final int RECEIVE_SIDE = -2;

    private final TraceDefinitions definitions;
    private final MatchListener listener;
    private final Map<MessageKey, ArrayDeque<MatchedMessage>> waiting = new HashMap<>();
    private final Map<Long, CollectiveInstance> instances = new HashMap<>();
    /** Per process, the collectives its threads recorded so far on each communicator (the events come in time order). */
    private final Map<Integer, LongIntMap> collectivesSeen = new HashMap<>();
    private final LongIntMap[] memberIndex;
    private final List<Location> locations = new ArrayList<>();

    /** Numbers the calls that completed several receives, over all locations. */
    private long sharedCalls;
    private long inFlight;
    private long peakInFlight;
    private long matched;
    private long collectivesMatched;
    private long collectivesIncomplete;
    private long collectivesOfNonMembers;
    private long collectivesDisagreeing;
    private final PairLongs unmatchedSends = new PairLongs();
    private final PairLongs unmatchedReceives = new PairLongs();
    private boolean finished;

    private record MessageKey(int sender, int receiver, int communicator, int tag) {
    }

    ReferenceEventMatcher(TraceDefinitions definitions, MatchListener listener) {
        this.definitions = definitions;
        this.listener = listener;
        this.memberIndex = new LongIntMap[definitions.communicatorCount()];
    }

    @Override
    public LocationEvents location(int process, long order) {
        Location l = new Location(process);
        locations.add(l);
        return l;
    }

    /** Ends the replay: closes calls still open, counts what stayed unmatched. Call once. */
    public void finish() {
        if (finished) {
            return;
        }
        finished = true;
        for (Location l : locations) {
            l.finish();
        }
        // Queues stay in the map once made (one per key that carried messages), emptied or not.
        for (Map.Entry<MessageKey, ArrayDeque<MatchedMessage>> e : waiting.entrySet()) {
            MessageKey k = e.getKey();
            for (MatchedMessage m : e.getValue()) {
                if (m.sendSeen) {
                    unmatchedSends.add(k.sender(), k.receiver(), 1);
                } else {
                    unmatchedReceives.add(k.sender(), k.receiver(), 1);
                }
            }
        }
        waiting.clear();
        collectivesIncomplete = instances.size();
        instances.clear();
    }

    /** Messages with both ends matched. */
    public long matchedMessages() {
        return matched;
    }

    /** The most messages that were in flight at once (one end seen, or a call not yet left). */
    public long peakMessagesInFlight() {
        return peakInFlight;
    }

    /** Sends left without a receive, per (sender, receiver). */
    public PairLongs unmatchedSends() {
        return unmatchedSends;
    }

    /** Receives left without a send, per (sender, receiver). */
    public PairLongs unmatchedReceives() {
        return unmatchedReceives;
    }

    public long collectivesMatched() {
        return collectivesMatched;
    }

    /** Collective instances some member never recorded (or never left). */
    public long collectivesIncomplete() {
        return collectivesIncomplete;
    }

    /** Collective events on a communicator their process is not a member of (ignored). */
    public long collectivesOfNonMembers() {
        return collectivesOfNonMembers;
    }

    /** Collective instances whose members recorded different operations (the first one counts). */
    public long collectivesDisagreeing() {
        return collectivesDisagreeing;
    }

    private int memberIndex(int communicator, int process) {
        if (communicator < 0 || communicator >= memberIndex.length) {
            return -1;
        }
        LongIntMap index = memberIndex[communicator];
        if (index == null) {
            index = new LongIntMap();
            int[] members = definitions.communicatorMembers(communicator);
            for (int i = 0; i < members.length; i++) {
                if (index.get(members[i], -1) < 0) {
                    index.put(members[i], i);
                }
            }
            memberIndex[communicator] = index;
        }
        return index.get(process, -1);
    }

    private MatchedMessage sendEnd(int sender, int receiver, int communicator, int tag) {
        MessageKey key = new MessageKey(sender, receiver, communicator, tag);
        ArrayDeque<MatchedMessage> queue = waiting.get(key);
        if (queue != null && !queue.isEmpty() && !queue.peekFirst().sendSeen) {
            MatchedMessage m = queue.pollFirst();
            matched++;
            return m;
        }
        MatchedMessage m = opened();
        waiting.computeIfAbsent(key, k -> new ArrayDeque<>()).addLast(m);
        return m;
    }

    private MatchedMessage receiveEnd(int sender, int receiver, int communicator, int tag) {
        MessageKey key = new MessageKey(sender, receiver, communicator, tag);
        ArrayDeque<MatchedMessage> queue = waiting.get(key);
        if (queue != null && !queue.isEmpty() && !queue.peekFirst().receiveSeen) {
            MatchedMessage m = queue.pollFirst();
            matched++;
            return m;
        }
        MatchedMessage m = opened();
        waiting.computeIfAbsent(key, k -> new ArrayDeque<>()).addLast(m);
        return m;
    }

    private MatchedMessage opened() {
        inFlight++;
        if (inFlight > peakInFlight) {
            peakInFlight = inFlight;
        }
        return new MatchedMessage();
    }

    private void messageProgress(MatchedMessage m) {
        if (m.complete()) {
            inFlight--;
            listener.message(m);
        }
    }

    private void collectiveProgress(long key, CollectiveInstance instance) {
        if (instance.complete()) {
            instances.remove(key);
            collectivesMatched++;
            listener.collective(instance);
        }
    }

    /** One location's call stack, collective counters and ends waiting for their call to be left. */
    private final class Location implements LocationEvents {
        private final int process;
        private int[] regions = new int[16];
        private long[] enters = new long[16];
        private int depth;
        private long lastTime;
        // Ends waiting for the leave of the call (stack frame) they happened in.
        private Object[] pending = new Object[4];
        private long[] pendingKeys = new long[4];
        private int[] pendingSides = new int[4];
        private int[] pendingFrames = new int[4];
        private int pendingCount;
        /** Posted receives not yet completed: request id to the enter of the MPI_Irecv (definitions section 8, late receiver). */
        private final Map<Long, Long> posts = new HashMap<>();
        /** The post of the receive being handed in by {@link #irecv}, or null. */
        private Long post;
        /** A blocking probe left whose receive has not come: its enter and leave (definitions section 8), or null. */
        private long[] probe;
        /** The receives that waited in a probe, with the probe's leave (their call's leave for the waits). */
        private final Map<MatchedMessage, Long> probedLeaves = new java.util.IdentityHashMap<>();

        Location(int process) {
            this.process = process;
        }

        @Override
        public void enter(long time, int region) {
            if (depth == regions.length) {
                regions = Arrays.copyOf(regions, depth * 2);
                enters = Arrays.copyOf(enters, depth * 2);
            }
            regions[depth] = region;
            enters[depth++] = time;
            lastTime = time;
        }

        @Override
        public void leave(long time, int region) {
            lastTime = time;
            if (depth == 0) {
                return;
            }
            depth--;
            if (definitions.isBlockingProbe(regions[depth]) && regions[depth] == region && probe == null) {
                probe = new long[] {enters[depth], time}; // the first of several: the one that waited
            }
            resolve(depth, time);
        }

        /** The stack frame of the innermost MPI call open now, or -1. */
        private int callFrame() {
            for (int f = depth - 1; f >= 0; f--) {
                if (definitions.mpiCall(regions[f]).isMpi()) {
                    return f;
                }
            }
            return -1;
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            lastTime = time;
            if (receiver < 0) {
                return;
            }
            MatchedMessage m = sendEnd(process, receiver, communicator, tag);
            int f = callFrame();
            m.sender = process;
            m.receiver = receiver;
            m.sendSeen = true;
            m.sendTime = time;
            m.sendEnter = f < 0 ? time : enters[f];
            m.sendCall = f < 0 ? MpiCall.NONE : definitions.mpiCall(regions[f]);
            if (f < 0) {
                m.sendLeave = time;
                messageProgress(m);
            } else {
                await(m, 0, SEND_SIDE, f);
            }
        }

        @Override
        public void irecvRequest(long time, long request) {
            lastTime = time;
            int f = callFrame();
            posts.put(request, f < 0 ? time : enters[f]);
        }

        @Override
        public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
            post = posts.remove(request);
            receive(time, sender, communicator, tag, bytes);
            post = null;
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            lastTime = time;
            if (sender < 0) {
                return;
            }
            MatchedMessage m = receiveEnd(sender, process, communicator, tag);
            int f = callFrame();
            m.sender = sender;
            m.receiver = process;
            m.receiveSeen = true;
            m.receiveTime = time;
            m.receiveEnter = f < 0 ? time : enters[f];
            m.receiveCall = f < 0 ? MpiCall.NONE : definitions.mpiCall(regions[f]);
            m.receivePost = post != null ? post : m.receiveEnter;
            if (probe != null && post == null && m.receiveCall == MpiCall.BLOCKING_RECEIVE && m.receiveEnter >= probe[1]) {
                m.receiveEnter = probe[0]; // the receive waited in the probe; it is posted at its own enter
                probedLeaves.put(m, probe[1]); // and left it at the probe's leave
            }
            probe = null;
            if (f < 0) {
                m.receiveLeave = time;
                messageProgress(m);
            } else {
                await(m, 0, RECEIVE_SIDE, f);
            }
        }

        @Override
        public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
            lastTime = time;
            if (kind == CollectiveKind.OTHER) {
                return;
            }
            int me = memberIndex(communicator, process);
            if (me < 0) {
                collectivesOfNonMembers++;
                return;
            }
            LongIntMap seen = collectivesSeen.computeIfAbsent(process, p -> new LongIntMap());
            int k = seen.get(communicator, 0);
            seen.put(communicator, k + 1);
            long key = ((long) communicator << 32) | (k & 0xffffffffL);
            CollectiveInstance instance = instances.get(key);
            if (instance == null) {
                instance = new CollectiveInstance(kind, definitions.communicatorMembers(communicator));
                instance.root = root < 0 ? -1 : memberIndex(communicator, root);
                instances.put(key, instance);
            } else if (instance.kind != kind) {
                collectivesDisagreeing++;
            }
            if (instance.arrived[me]) {
                return; // the communicator lists this process twice; its first place counts
            }
            int f = callFrame();
            instance.arrived[me] = true;
            instance.arrivals++;
            instance.enter[me] = f < 0 ? time : enters[f];
            if (f < 0) {
                instance.leave[me] = time;
                instance.departures++;
                collectiveProgress(key, instance);
            } else {
                await(instance, key, me, f);
            }
        }

        private void await(Object end, long key, int side, int frame) {
            if (pendingCount == pending.length) {
                int n = pendingCount * 2;
                pending = Arrays.copyOf(pending, n);
                pendingKeys = Arrays.copyOf(pendingKeys, n);
                pendingSides = Arrays.copyOf(pendingSides, n);
                pendingFrames = Arrays.copyOf(pendingFrames, n);
            }
            pending[pendingCount] = end;
            pendingKeys[pendingCount] = key;
            pendingSides[pendingCount] = side;
            pendingFrames[pendingCount++] = frame;
        }

        /** The call at stack frame {@code frame} (and any inside it) was left at {@code time}. */
        private void resolve(int frame, long time) {
            // The receives of each MPI_Wait* left now: those of a call that completed several share its number.
            Map<Integer, List<MatchedMessage>> waitReceives = new HashMap<>();
            for (int i = 0; i < pendingCount; i++) {
                if (pendingFrames[i] >= frame && pendingSides[i] == RECEIVE_SIDE && pending[i] instanceof MatchedMessage m
                        && m.receiveCall == MpiCall.WAIT) {
                    waitReceives.computeIfAbsent(pendingFrames[i], k -> new ArrayList<>()).add(m);
                }
            }
            for (List<MatchedMessage> call : waitReceives.values()) {
                if (call.size() > 1) {
                    long number = sharedCalls++;
                    for (MatchedMessage m : call) {
                        m.receiveSharedCall = number;
                    }
                }
            }
            int kept = 0;
            for (int i = 0; i < pendingCount; i++) {
                if (pendingFrames[i] < frame) {
                    pending[kept] = pending[i];
                    pendingKeys[kept] = pendingKeys[i];
                    pendingSides[kept] = pendingSides[i];
                    pendingFrames[kept++] = pendingFrames[i];
                    continue;
                }
                Object end = pending[i];
                if (end instanceof MatchedMessage m) {
                    if (pendingSides[i] == SEND_SIDE) {
                        m.sendLeave = time;
                    } else {
                        Long probed = probedLeaves.remove(m);
                        m.receiveLeave = probed != null ? probed : time;
                    }
                    messageProgress(m);
                } else {
                    CollectiveInstance c = (CollectiveInstance) end;
                    c.leave[pendingSides[i]] = time;
                    c.departures++;
                    collectiveProgress(pendingKeys[i], c);
                }
            }
            Arrays.fill(pending, kept, pendingCount, null);
            pendingCount = kept;
        }

        /** Calls still open when the location's events end are left at its last event. */
        void finish() {
            resolve(0, lastTime);
            depth = 0;
        }
    }
}
