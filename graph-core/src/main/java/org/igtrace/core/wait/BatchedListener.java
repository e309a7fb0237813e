package org.igtrace.core.wait;

import org.igtrace.core.trace.MpiCall;

/**
 * One join thread's side of a listener the join's threads share: each message is copied into a
 * batch, and a batch at a time is handed on under the shared listener's lock (one lock per batch:
 * two join threads taking a lock per message spend more on the lock than on the join). A
 * collective instance first hands on the batch before it, so each thread's order is kept; with
 * one thread the listener sees exactly the join's order. {@link MatchTap#shared} makes them.
 */
final class BatchedListener implements MatchListener {
    static final int BATCH = 4096;

    private final MatchListener target;
    private final int[] senders = new int[BATCH];
    private final int[] receivers = new int[BATCH];
    private final long[] sendTimes = new long[BATCH];
    private final long[] sendEnters = new long[BATCH];
    private final long[] sendLeaves = new long[BATCH];
    private final MpiCall[] sendCalls = new MpiCall[BATCH];
    private final long[] receiveTimes = new long[BATCH];
    private final long[] receiveEnters = new long[BATCH];
    private final long[] receiveLeaves = new long[BATCH];
    private final MpiCall[] receiveCalls = new MpiCall[BATCH];
    private final MatchedMessage handed = new MatchedMessage();
    private int count;

    /** @param target the shared listener; its lock is taken around each batch */
    BatchedListener(MatchListener target) {
        this.target = target;
        handed.sendSeen = true;
        handed.receiveSeen = true;
    }

    @Override
    public void message(MatchedMessage m) {
        int i = count;
        senders[i] = m.sender;
        receivers[i] = m.receiver;
        sendTimes[i] = m.sendTime;
        sendEnters[i] = m.sendEnter;
        sendLeaves[i] = m.sendLeave;
        sendCalls[i] = m.sendCall;
        receiveTimes[i] = m.receiveTime;
        receiveEnters[i] = m.receiveEnter;
        receiveLeaves[i] = m.receiveLeave;
        receiveCalls[i] = m.receiveCall;
        if (++count == BATCH) {
            flush();
        }
    }

    @Override
    public void collective(CollectiveInstance instance) {
        synchronized (target) {
            handOn();
            target.collective(instance);
        }
    }

    /** Hands on the messages still in the batch (at the end of the join). */
    void flush() {
        if (count > 0) {
            synchronized (target) {
                handOn();
            }
        }
    }

    private void handOn() {
        MatchedMessage m = handed;
        for (int i = 0; i < count; i++) {
            m.sender = senders[i];
            m.receiver = receivers[i];
            m.sendTime = sendTimes[i];
            m.sendEnter = sendEnters[i];
            m.sendLeave = sendLeaves[i];
            m.sendCall = sendCalls[i];
            m.receiveTime = receiveTimes[i];
            m.receiveEnter = receiveEnters[i];
            m.receiveLeave = receiveLeaves[i];
            m.receiveCall = receiveCalls[i];
            target.message(m);
        }
        count = 0;
    }
}
