package org.igtrace.core.replay;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.MessageLengths;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.wait.CollectiveInstance;
import org.igtrace.core.wait.MatchListener;
import org.igtrace.core.wait.MatchTap;
import org.igtrace.core.wait.MatchedMessage;

/**
 * The transfer times {@link NetworkCalibration} fits, taken from the wait analysis' matched messages (its join at
 * the final clock offsets, with each end's size: {@code MatchRecords.withSizes}) by {@link TransferTimes}' rule
 * instead of from a pass over the recorded calls: a receive completed in a call that waits for it (a blocking
 * receive, MPI_Sendrecv, MPI_Wait*, MPI_Test*) is timed when that call started before its send call (or, from the eager
 * limit on, posts the receive itself), from the later enter to its leave; a rendezvous send in a blocking send
 * call whose receive an MPI_Irecv posted, from the later post to its leave. Times are converted to seconds as
 * the replay converts them (relative to the earliest replay start, plus each process's offset), so equal
 * messages give equal numbers.
 *
 * <p>The two pairings of ends can differ (the wait analysis pairs every location's ends and the innermost
 * MPI call around each; the replay the outermost calls of one location per process inside its window): the
 * fit made here is a guess that {@link TraceReplay#predictCalibrated} checks against the fit of its own pass
 * and replays again when they differ.
 */
public final class MatchedTransfers implements MatchTap {
    private final RecordedRun run;
    private final long eagerLimit;
    private final double[] offsets;
    private final long origin;
    private final double tick;
    private final List<TransferTimes> parts = new ArrayList<>();
    private TransferTimes all;

    /**
     * @param run         the recorded activities the replay will replay
     * @param offsetTicks the clock offsets of the join, ticks per process
     * @param eagerLimit  the eager limit of the calibration
     */
    public MatchedTransfers(RecordedRun run, long[] offsetTicks, long eagerLimit) {
        this.run = run;
        this.eagerLimit = eagerLimit;
        double ticksPerSecond = run.definitions.ticksPerSecond();
        this.tick = 1.0 / ticksPerSecond;
        int n = run.processCount();
        this.offsets = new double[n];
        for (int p = 0; p < n && p < offsetTicks.length; p++) {
            offsets[p] = offsetTicks[p] / ticksPerSecond; // as WaitReport.offsets() gives them to the replay
        }
        this.origin = ReplayMatching.origin(run);
    }

    @Override
    public synchronized MatchListener forThread() {
        TransferTimes t = new TransferTimes(run, eagerLimit);
        parts.add(t);
        return new Listener(t);
    }

    /** The join threads' times are added up by the first {@link #fit}, on its caller's thread, not the join's. */
    @Override
    public synchronized void joined() {
        joined = true;
    }

    private boolean joined;

    /** Whether the join fed this tap to its end. */
    public synchronized boolean ready() {
        return joined;
    }

    /** The fit to the times collected, with {@code latency} or {@code bandwidth} given (null: fitted); once {@link #ready}. */
    public synchronized NetworkCalibration.Fit fit(Double latency, Double bandwidth) {
        if (!joined) {
            throw new IllegalStateException("the matched messages are not all joined yet");
        }
        if (all == null) {
            TransferTimes sum = new TransferTimes(run, eagerLimit);
            for (TransferTimes t : parts) {
                sum.addAll(t);
            }
            parts.clear();
            all = sum;
        }
        return NetworkCalibration.fit(all, latency, bandwidth);
    }

    private double corrected(int p, long t) {
        return (t - origin) * tick + offsets[p];
    }

    /** One join thread's listener. */
    private final class Listener implements MatchListener {
        private final TransferTimes times;

        Listener(TransferTimes times) {
            this.times = times;
        }

        @Override
        public void message(MatchedMessage m) {
            int s = m.sender(), r = m.receiver();
            if (s < 0 || r < 0 || s >= offsets.length || r >= offsets.length) {
                return;
            }
            MpiCall receiveCall = m.receiveCall();
            // a length over 1 TiB is replayed as 0 bytes (MessageLengths), and fitted so; one of 2^63 bytes or more reads
            // negative here, as a size not recorded: not fitted
            long receiveSize = m.receiveSize() > MessageLengths.MOST ? 0 : m.receiveSize();
            long sendSize = m.sendSize() > MessageLengths.MOST ? 0 : m.sendSize();
            if (receiveCall.waitsForReceive() && receiveSize >= 0) {
                boolean posts = receiveCall == MpiCall.BLOCKING_RECEIVE || receiveCall == MpiCall.SENDRECV;
                times.measure(corrected(r, m.receiveEnter()), corrected(r, m.receiveLeave()), posts, receiveSize,
                        corrected(s, m.sendEnter()));
            }
            if (times.sendBounds(m.sendCall(), sendSize) && receiveCall != MpiCall.BLOCKING_RECEIVE
                    && receiveCall != MpiCall.SENDRECV) { // posted by an MPI_Irecv
                times.sendTimed(sendSize, corrected(s, m.sendEnter()), corrected(s, m.sendLeave()), corrected(r, m.receivePost()));
            }
        }

        @Override
        public void collective(CollectiveInstance instance) {
        }
    }
}
