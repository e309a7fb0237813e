package org.igtrace.core.replay;

import org.igtrace.core.util.LongIntMap;

/**
 * What one sequential read of a location's recorded activities counts for the matching
 * (definitions section 9's replay window; {@link ReplayMatching}): the window (its first and
 * one-past-last call: calls from the first entered at or after the replay's start, up to the
 * first that leaves after its end), per message key the sends and receives before the window
 * (sequence numbers inside it start after them) and inside it, and per communicator the
 * collectives the location's process recorded inside it as a member. Made when the location's
 * events end, on the thread that read them.
 */
final class LocationCensus {
    final long firstCall;
    final long endCall;
    final long[] sendsBefore;
    final long[] receivesBefore;
    final long[] sends;
    final long[] receives;
    /** Communicator -> collectives inside the window. */
    final LongIntMap collectives;

    private LocationCensus(long firstCall, long endCall, long[] sendsBefore, long[] receivesBefore, long[] sends, long[] receives,
                           LongIntMap collectives) {
        this.firstCall = firstCall;
        this.endCall = endCall;
        this.sendsBefore = sendsBefore;
        this.receivesBefore = receivesBefore;
        this.sends = sends;
        this.receives = receives;
        this.collectives = collectives;
    }

    /** The census when the window is the whole stream: the counts kept while recording. */
    static LocationCensus whole(LocationActivities l, LongIntMap memberCollectives) {
        int keys = l.keys.count;
        return new LocationCensus(0, l.calls, new long[keys], new long[keys], java.util.Arrays.copyOf(l.keys.sends, keys),
                java.util.Arrays.copyOf(l.keys.receives, keys), memberCollectives);
    }

    /** The census by one read of the stream. */
    static LocationCensus of(LocationActivities l, Membership membership) {
        int keys = l.keys.count;
        long[] sendsBefore = new long[keys], receivesBefore = new long[keys], sends = new long[keys], receives = new long[keys];
        LongIntMap collectives = new LongIntMap();
        long start = l.start(), end = l.endTicks();
        long index = 0, first = -1;
        ActivityCursor c = l.cursor();
        while (c.next()) {
            boolean before = first < 0 && c.enter < start;
            if (!before && first < 0) {
                first = index;
            }
            if (!before && c.leave > end) {
                break;
            }
            for (int i = 0; i < c.events; i++) {
                int k = c.key[i];
                switch (c.type[i]) {
                    case LocationActivities.SEND -> (before ? sendsBefore : sends)[k]++;
                    case LocationActivities.RECEIVE -> (before ? receivesBefore : receives)[k]++;
                    case LocationActivities.COLLECTIVE -> {
                        if (!before && membership.member(k, l.process)) {
                            collectives.put(k, collectives.get(k, 0) + 1);
                        }
                    }
                    default -> {
                    }
                }
            }
            index++;
        }
        return new LocationCensus(first < 0 ? index : first, index, sendsBefore, receivesBefore, sends, receives, collectives);
    }
}
