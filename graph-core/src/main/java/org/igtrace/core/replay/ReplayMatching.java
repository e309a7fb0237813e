package org.igtrace.core.replay;

import java.util.HashMap;
import java.util.Map;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * Which recorded events belong together, fixed before any replay (definitions sections 8 and 9):
 * the k-th send from p
 * to q on (communicator, tag) matches the k-th receive at q from p on the same key (a
 * <em>channel</em>), so send k and receive k of a channel are matched exactly when k is below
 * both sides' counts; the k-th collective a member records on a communicator is instance k of
 * that communicator, complete when every member recorded it, so when k is below every member's
 * count. Only calls inside each process's replay window (start to end) take part. The counts come
 * from each location's {@link LocationCensus}; nothing here grows with the number of events:
 * counts are kept per key, channel and communicator.
 */
final class ReplayMatching {
    /**
     * Whether a replay pass met a posting call (MPI_Isend, MPI_Irecv) of measured duration above 0: then a model that
     * costs as the ideal network still differs from it (it keeps those durations); set by the pass's workers.
     */
    volatile boolean postingTime;

    final RecordedRun run;
    /** Per process: its first and one-past-last call inside the replay window. */
    final long[] firstCall;
    final long[] endCall;
    /** Per process and key: sends and receives recorded before the window (sequence numbers start after them). */
    final long[][] skippedSends;
    final long[][] skippedReceives;
    /** Per process and key: the channel of its sends and of its receives inside the window, -1 none. */
    final int[][] sendChannel;
    final int[][] receiveChannel;
    /** Per channel: sender, receiver, and how many of its messages are matched. */
    int[] channelSender = new int[16];
    int[] channelReceiver = new int[16];
    long[] matched = new long[16];
    private long[] channelSends = new long[16];
    private long[] channelReceives = new long[16];
    /**
     * Per channel: the number of the first send and of the first receive inside the replay window,
     * counting the ends a selection left out before them, and of the first message both sides
     * hold there; matched messages are numbered from that one.
     */
    private long[] channelFirstSend = new long[16];
    private long[] channelFirstReceive = new long[16];
    private long[] channelStart = new long[16];
    /** Per process and communicator: its arrivals' place relative to instance 0 (the first every member holds), at most 0. */
    final long[][] collectiveShift;
    /** Per process and communicator: its collectives inside its window as a member (null: no activities). */
    private final long[][] collectivesInWindow;
    /** Ends and arrivals a selection left out between kept ones (--region): matched by the kept ones' order. */
    long gaps;
    int channels;
    /** Per communicator: its members, and how many instances every member recorded (instances 0 .. n-1 are complete). */
    final int[] communicatorSize;
    final long[] completeInstances;
    /** The all-to-all instances' members that sent nothing while others sent data; null when no one did. */
    final SilentMembers silentMembers;
    /** The earliest replay start of any process (ticks): times are converted relative to it, exactly. */
    final long origin;
    long matchedMessages;
    long unmatchedSends;
    long unmatchedReceives;
    long incompleteInstances;
    long givenUpRequests;

    private final Map<ChannelKey, Integer> channelIds = new HashMap<>();

    private record ChannelKey(int sender, int receiver, int communicator, int tag) {
    }

    ReplayMatching(RecordedRun run) {
        this.run = run;
        int n = run.processCount();
        TraceDefinitions d = run.definitions;
        firstCall = new long[n];
        endCall = new long[n];
        skippedSends = new long[n][];
        skippedReceives = new long[n][];
        sendChannel = new int[n][];
        receiveChannel = new int[n][];
        int comms = d.communicatorCount();
        communicatorSize = new int[comms];
        completeInstances = new long[comms];
        long[][] collectives = new long[n][];
        collectivesInWindow = collectives;
        long[][] collectivesFirst = new long[n][];
        collectiveShift = new long[n][];
        long earliest = Long.MAX_VALUE;
        for (int p = 0; p < n; p++) {
            LocationActivities l = run.process(p);
            if (l != null) {
                collectives[p] = count(p, l, comms);
                collectivesFirst[p] = firstCollectives(l, comms);
                earliest = Math.min(earliest, l.start());
                givenUpRequests += l.givenUp;
                gaps += l.gaps;
            }
        }
        origin = earliest == Long.MAX_VALUE ? 0 : earliest;
        assert origin == origin(run);
        for (int i = 0; i < channels; i++) {
            // a message is matched when both sides hold it inside their windows: the trace's numbers
            // [first send, + sends) and [first receive, + receives) overlap there
            channelStart[i] = Math.max(channelFirstSend[i], channelFirstReceive[i]);
            long end = Math.min(channelFirstSend[i] + channelSends[i], channelFirstReceive[i] + channelReceives[i]);
            matched[i] = Math.max(0, end - channelStart[i]);
            matchedMessages += matched[i];
            unmatchedSends += channelSends[i] - matched[i];
            unmatchedReceives += channelReceives[i] - matched[i];
        }
        for (int p = 0; p < n; p++) {
            LocationActivities l = run.process(p);
            if (l != null) {
                skips(p, l);
            }
        }
        channelIds.clear();
        instances(collectives, collectivesFirst);
        silentMembers = SilentMembers.of(this);
    }

    /**
     * Process p's skips per key: a recorded end's sequence number (from the stream's first) less
     * its skip is the message's number among its channel's matched ones (negative or beyond them:
     * unmatched). Ends recorded before the replay window take no part (as if the trace had not
     * them); ends a selection left out before the recorded ones do: a message belongs to its
     * send's part of the run (definitions section 11).
     */
    private void skips(int p, LocationActivities l) {
        int keys = l.keys.count;
        long[] sends = new long[keys], receives = new long[keys];
        for (int k = 0; k < keys; k++) {
            int s = sendChannel[p][k], r = receiveChannel[p][k];
            sends[k] = l.census.sendsBefore[k] + (s < 0 ? 0 : channelStart[s] - l.keys.outsideSends[k]);
            receives[k] = l.census.receivesBefore[k] + (r < 0 ? 0 : channelStart[r] - l.keys.outsideReceives[k]);
        }
        skippedSends[p] = sends;
        skippedReceives[p] = receives;
    }

    /** Per communicator: the number of process p's first arrival inside its window, counting those a selection left out. */
    private static long[] firstCollectives(LocationActivities l, int comms) {
        long[] first = new long[comms];
        for (int c = 0; c < comms; c++) {
            first[c] = l.outsideCollectives.get(c, 0);
        }
        return first;
    }

    /** Takes process p's census: its window, which sequence numbers come before it, which channels it uses. */
    private long[] count(int p, LocationActivities l, int comms) {
        LocationCensus census = l.census;
        firstCall[p] = census.firstCall;
        endCall[p] = census.endCall;
        int keys = l.keys.count;
        sendChannel[p] = new int[keys];
        receiveChannel[p] = new int[keys];
        MessageKeys m = l.keys;
        for (int k = 0; k < keys; k++) {
            long sends = census.sends[k], receives = census.receives[k];
            sendChannel[p][k] = sends == 0 ? -1
                    : channel(p, m.peer[k], m.communicator[k], m.tag[k], sends, 0, m.outsideSends[k], true);
            receiveChannel[p][k] = receives == 0 ? -1
                    : channel(m.peer[k], p, m.communicator[k], m.tag[k], 0, receives, m.outsideReceives[k], false);
        }
        long[] collectives = new long[comms];
        for (int c = 0; c < comms; c++) {
            collectives[c] = census.collectives.get(c, 0);
        }
        return collectives;
    }

    private int channel(int sender, int receiver, int communicator, int tag, long sends, long receives, long first, boolean sendSide) {
        Integer id = channelIds.get(new ChannelKey(sender, receiver, communicator, tag));
        int c;
        if (id != null) {
            c = id;
        } else {
            if (channels == channelSender.length) {
                int n = channels * 2;
                channelSender = java.util.Arrays.copyOf(channelSender, n);
                channelReceiver = java.util.Arrays.copyOf(channelReceiver, n);
                matched = java.util.Arrays.copyOf(matched, n);
                channelSends = java.util.Arrays.copyOf(channelSends, n);
                channelReceives = java.util.Arrays.copyOf(channelReceives, n);
                channelFirstSend = java.util.Arrays.copyOf(channelFirstSend, n);
                channelFirstReceive = java.util.Arrays.copyOf(channelFirstReceive, n);
                channelStart = java.util.Arrays.copyOf(channelStart, n);
            }
            c = channels++;
            channelSender[c] = sender;
            channelReceiver[c] = receiver;
            channelIds.put(new ChannelKey(sender, receiver, communicator, tag), c);
        }
        channelSends[c] += sends;
        channelReceives[c] += receives;
        if (sendSide) {
            channelFirstSend[c] = first;
        } else {
            channelFirstReceive[c] = first;
        }
        return c;
    }

    /**
     * Per communicator: complete instances, those every member holds inside its window (numbered
     * from the first all hold: member m's arrivals, from the trace's number {@code first[m]} on, are
     * shifted by {@code first[m]} less the latest first), and incomplete ones (those some member
     * holds, from the lowest first to the highest last, less the complete ones).
     */
    private void instances(long[][] collectives, long[][] first) {
        TraceDefinitions d = run.definitions;
        int n = collectives.length;
        for (int p = 0; p < n; p++) {
            collectiveShift[p] = new long[communicatorSize.length];
        }
        for (int c = 0; c < communicatorSize.length; c++) {
            int[] members = d.communicatorMembers(c);
            communicatorSize[c] = members.length;
            long start = 0, end = Long.MAX_VALUE, lowest = Long.MAX_VALUE, highest = Long.MIN_VALUE;
            for (int p = 0; p < n; p++) { // the instances any process holds: from the lowest first to the highest last
                if (collectives[p] != null && collectives[p][c] > 0) {
                    lowest = Math.min(lowest, first[p][c]);
                    highest = Math.max(highest, first[p][c] + collectives[p][c]);
                }
            }
            long holding = lowest <= highest ? highest - lowest : 0;
            for (int m : members) {
                boolean held = m >= 0 && m < n && collectives[m] != null;
                long from = held ? first[m][c] : 0;
                start = Math.max(start, from);
                end = Math.min(end, from + (held ? collectives[m][c] : 0));
            }
            completeInstances[c] = members.length == 0 ? 0 : Math.max(0, end - start);
            for (int m : members) {
                if (m >= 0 && m < n && collectives[m] != null) {
                    collectiveShift[m][c] = first[m][c] - start;
                }
            }
            incompleteInstances += Math.max(0, holding - completeInstances[c]);
        }
    }

    /**
     * Resolves the events of process p's current call (read by {@code c} inside the window): per
     * event, {@code c.match} is its channel (sends, receives, posts, completions) or communicator
     * (collectives) when it is matched, else -1, and {@code c.at} its message number on the
     * channel or its instance number. {@code collectives} counts p's collectives per
     * communicator so far (the caller's, one per process and pass).
     */
    void resolve(int p, ActivityCursor c, long[] collectives) {
        if (c.events == 1 && c.type[0] <= LocationActivities.RECEIVE) { // most calls: one send or one receive
            resolveMessage(p, c, 0, c.type[0] == LocationActivities.SEND);
            return;
        }
        for (int i = 0; i < c.events; i++) {
            switch (c.type[i]) {
                case LocationActivities.SEND, LocationActivities.SEND_COMPLETE -> resolveMessage(p, c, i, true);
                case LocationActivities.RECEIVE -> resolveMessage(p, c, i, false);
                case LocationActivities.RECEIVE_POST -> {
                    if (c.key[i] >= 0) {
                        resolveMessage(p, c, i, false);
                    } else {
                        c.match[i] = -1;
                        c.at[i] = -1;
                    }
                }
                default -> resolveCollective(p, c, i, collectives);
            }
        }
    }

    /** Event i of p's call is a send-side (its send or its completion) or receive-side event of a message. */
    private void resolveMessage(int p, ActivityCursor c, int i, boolean sendSide) {
        int key = c.key[i];
        int ch = sendSide ? sendChannel[p][key] : receiveChannel[p][key];
        long k = c.sequence[i] - (sendSide ? skippedSends : skippedReceives)[p][key];
        c.match[i] = ch >= 0 && (k < 0 || k >= matched[ch]) ? -1 : ch;
        c.at[i] = k;
    }

    /** Event i of p's call is a collective on communicator {@code c.key[i]}. */
    private void resolveCollective(int p, ActivityCursor c, int i, long[] collectives) {
        int key = c.key[i];
        int ch = -1;
        long k = -1;
        long[] held = collectivesInWindow[p];
        if (key >= 0 && key < held.length && held[key] > 0) { // a member with collectives on it in the window
            k = collectives[key]++ + collectiveShift[p][key];
            ch = k >= 0 && k < completeInstances[key] ? key : -1;
        }
        c.match[i] = ch;
        c.at[i] = k;
    }

    /** The earliest replay start of any process of {@code run} (ticks; 0: none): {@link #origin}. */
    static long origin(RecordedRun run) {
        long earliest = Long.MAX_VALUE;
        for (int p = 0; p < run.processCount(); p++) {
            LocationActivities l = run.process(p);
            if (l != null) {
                earliest = Math.min(earliest, l.start());
            }
        }
        return earliest == Long.MAX_VALUE ? 0 : earliest;
    }

    /**
     * Whether the fits before the replay can read what the recording kept beside the calls ({@link RecordedFitCalls})
     * instead of every call: it kept them for {@code eagerLimit} on every replayed process, no duration's count
     * overflowed, and every window is its process's whole stream (the eager sends were counted over all its calls).
     */
    boolean fitCallsKept(long eagerLimit) {
        for (int p = 0; p < run.processCount(); p++) {
            LocationActivities l = run.process(p);
            if (l == null) {
                continue;
            }
            RecordedFitCalls kept = l.fitCalls;
            if (kept == null || kept.eagerLimit() != eagerLimit || kept.overflow || firstCall[p] != 0 || endCall[p] != l.calls) {
                return false;
            }
        }
        return true;
    }

    /** A cursor over process p's calls inside its window. */
    ActivityCursor window(int p) {
        windowsRead.incrementAndGet();
        return run.process(p).cursor().window(firstCall[p], endCall[p]);
    }

    /** Cursors made over the windows so far (a pass over every process's calls makes one per process), for tests. */
    final java.util.concurrent.atomic.AtomicLong windowsRead = new java.util.concurrent.atomic.AtomicLong();

    private byte[][] endpointShares;

    /** Endpoint contention's share of each matched message ({@link EndpointShares}), made on first use. */
    synchronized byte[][] endpointShares() {
        if (endpointShares == null) {
            endpointShares = EndpointShares.of(this);
        }
        return endpointShares;
    }
}
