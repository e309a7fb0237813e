package org.igtrace.core.replay;

import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;

/**
 * What the reader feeds for one location's recording ({@link ActivityRecorder}): each event is put as it comes into a
 * small array of longs, and every {@value #LONGS} longs (and at the location's end) {@link #recordStaged} hands them,
 * in their order, to the location's {@link LocationActivities}. The recording is the same as if the events went to it
 * one by one; what the reader's decode inlines for the recording (beside the other analyses behind its tee) is a few
 * stores per event instead of the recording itself, and the recording runs in one loop compiled once (issue 38: the
 * recording inlined at every event kind of the decode made it 50 KB of code, over the JIT's inlining budget).
 */
final class ActivityStage implements LocationEvents {
    /** Longs staged before they are recorded (at most 7 an event). */
    static final int LONGS = 1024;
    private static final int ENTER = 0, LEAVE = 1, SEND = 2, RECEIVE = 3, SEND_CALL = 4, RECEIVE_CALL = 5, ISEND = 6, IRECV = 7,
            ISEND_COMPLETE = 8, IRECV_REQUEST = 9, COLLECTIVE = 10;
    private static final CollectiveKind[] KINDS = CollectiveKind.values();

    final LocationActivities target;
    /** Per event: its kind in bits 0-7 (a collective's kind in 8-15) and an int in bits 32-63, then its other fields. */
    private long[] staged;
    private int n;

    ActivityStage(LocationActivities target) {
        this.target = target;
    }

    /** Room for {@code longs} more; the staged events recorded when there is none. */
    private long[] room(int longs) {
        long[] s = staged;
        if (s == null) {
            s = staged = new long[LONGS];
        } else if (n + longs > LONGS) {
            recordStaged();
        }
        return s;
    }

    private static long head(int kind, int value) {
        return (long) value << 32 | kind;
    }

    private static long pair(int a, int b) {
        return (long) a << 32 | (b & 0xFFFFFFFFL);
    }

    @Override
    public void enter(long time, int region) {
        long[] s = room(2);
        int i = n;
        s[i] = head(ENTER, region);
        s[i + 1] = time;
        n = i + 2;
    }

    @Override
    public void leave(long time, int region) {
        long[] s = room(2);
        int i = n;
        s[i] = head(LEAVE, region);
        s[i + 1] = time;
        n = i + 2;
    }

    @Override
    public void send(long time, int receiver, int communicator, int tag, long bytes) {
        message(SEND, time, receiver, communicator, tag, bytes);
    }

    @Override
    public void receive(long time, int sender, int communicator, int tag, long bytes) {
        message(RECEIVE, time, sender, communicator, tag, bytes);
    }

    private void message(int kind, long time, int partner, int communicator, int tag, long bytes) {
        long[] s = room(4);
        int i = n;
        s[i] = head(kind, partner);
        s[i + 1] = pair(communicator, tag);
        s[i + 2] = time;
        s[i + 3] = bytes;
        n = i + 4;
    }

    @Override
    public void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long bytes, long leave) {
        call(SEND_CALL, enter, region, time, receiver, communicator, tag, bytes, leave);
    }

    @Override
    public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long bytes, long leave) {
        call(RECEIVE_CALL, enter, region, time, sender, communicator, tag, bytes, leave);
    }

    private void call(int kind, long enter, int region, long time, int partner, int communicator, int tag, long bytes, long leave) {
        long[] s = room(7);
        int i = n;
        s[i] = head(kind, partner);
        s[i + 1] = pair(communicator, tag);
        s[i + 2] = region;
        s[i + 3] = enter;
        s[i + 4] = time;
        s[i + 5] = bytes;
        s[i + 6] = leave;
        n = i + 7;
    }

    @Override
    public void isend(long time, int receiver, int communicator, int tag, long bytes, long request) {
        request(ISEND, time, receiver, communicator, tag, bytes, request);
    }

    @Override
    public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
        request(IRECV, time, sender, communicator, tag, bytes, request);
    }

    private void request(int kind, long time, int partner, int communicator, int tag, long bytes, long request) {
        long[] s = room(5);
        int i = n;
        s[i] = head(kind, partner);
        s[i + 1] = pair(communicator, tag);
        s[i + 2] = time;
        s[i + 3] = bytes;
        s[i + 4] = request;
        n = i + 5;
    }

    @Override
    public void isendComplete(long time, long request) {
        completion(ISEND_COMPLETE, time, request);
    }

    @Override
    public void irecvRequest(long time, long request) {
        completion(IRECV_REQUEST, time, request);
    }

    private void completion(int kind, long time, long request) {
        long[] s = room(3);
        int i = n;
        s[i] = kind;
        s[i + 1] = time;
        s[i + 2] = request;
        n = i + 3;
    }

    @Override
    public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        long[] s = room(5);
        int i = n;
        s[i] = head(COLLECTIVE | kind.ordinal() << 8, root);
        s[i + 1] = communicator;
        s[i + 2] = time;
        s[i + 3] = sent;
        s[i + 4] = received;
        n = i + 5;
    }

    @Override
    public void outsideMessage(long time, boolean send, int partner, int communicator, int tag) {
        recordStaged();
        target.outsideMessage(time, send, partner, communicator, tag);
    }

    @Override
    public void outsideCollective(long time, CollectiveKind kind, int communicator, int root) {
        recordStaged();
        target.outsideCollective(time, kind, communicator, root);
    }

    @Override
    public void measurement(long time, boolean on) {
        recordStaged();
        target.measurement(time, on);
    }

    @Override
    public void threadFork(long time, boolean fork) {
        recordStaged();
        target.threadFork(time, fork);
    }

    /** The location's events are over: the staged ones recorded, the recording ended. */
    @Override
    public void end() {
        recordStaged();
        staged = null;
        target.end();
    }

    /** Hands the staged events to the recording, in their order. */
    void recordStaged() {
        long[] s = staged;
        int end = n;
        n = 0;
        LocationActivities t = target;
        for (int i = 0; i < end; ) {
            long h = s[i];
            int v = (int) (h >> 32);
            switch ((int) h & 0xFF) {
                case ENTER -> {
                    t.enter(s[i + 1], v);
                    i += 2;
                }
                case LEAVE -> {
                    t.leave(s[i + 1], v);
                    i += 2;
                }
                case SEND -> {
                    t.send(s[i + 2], v, (int) (s[i + 1] >> 32), (int) s[i + 1], s[i + 3]);
                    i += 4;
                }
                case RECEIVE -> {
                    t.receive(s[i + 2], v, (int) (s[i + 1] >> 32), (int) s[i + 1], s[i + 3]);
                    i += 4;
                }
                case SEND_CALL -> {
                    t.sendCall(s[i + 3], (int) s[i + 2], s[i + 4], v, (int) (s[i + 1] >> 32), (int) s[i + 1], s[i + 5], s[i + 6]);
                    i += 7;
                }
                case RECEIVE_CALL -> {
                    t.receiveCall(s[i + 3], (int) s[i + 2], s[i + 4], v, (int) (s[i + 1] >> 32), (int) s[i + 1], s[i + 5], s[i + 6]);
                    i += 7;
                }
                case ISEND -> {
                    t.isend(s[i + 2], v, (int) (s[i + 1] >> 32), (int) s[i + 1], s[i + 3], s[i + 4]);
                    i += 5;
                }
                case IRECV -> {
                    t.irecv(s[i + 2], v, (int) (s[i + 1] >> 32), (int) s[i + 1], s[i + 3], s[i + 4]);
                    i += 5;
                }
                case ISEND_COMPLETE -> {
                    t.isendComplete(s[i + 1], s[i + 2]);
                    i += 3;
                }
                case IRECV_REQUEST -> {
                    t.irecvRequest(s[i + 1], s[i + 2]);
                    i += 3;
                }
                case COLLECTIVE -> {
                    t.collective(s[i + 2], KINDS[(int) (h >> 8) & 0xFF], (int) s[i + 1], v, s[i + 3], s[i + 4]);
                    i += 5;
                }
                default -> throw new IllegalStateException("unknown staged event " + h);
            }
        }
    }
}
