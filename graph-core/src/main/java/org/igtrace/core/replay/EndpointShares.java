package org.igtrace.core.replay;

import org.igtrace.core.trace.MpiCall;

/**
 * Endpoint contention's shares (definitions section 9, issue 19): how many transfers share the bandwidth of a
 * message's sending process (injection) or receiving process (ejection). Transfers in flight from one process
 * share its injection bandwidth B fairly, those into one process its ejection bandwidth: n transfers that start
 * together each go at B / n and all end after {@code n S / B}. Which transfers are in flight together is read from
 * the calls that post them: a run of consecutive non-blocking send calls (MPI_Isend, ...) of a process posts its
 * messages together, as does a run of consecutive MPI_Irecv calls linked to their receives; a message's share is the
 * larger of its send's run and its receive's run (1 for a blocking call), so it costs {@code L + share * S / B}.
 * (A run's transfers are taken to overlap whole, as they do when their partners are ready together; a process's
 * clock does not say when a transfer it did not post ends, so no finer fair share is computed.)
 */
final class EndpointShares {
    /** The largest share kept (a run of more posts counts as this many). */
    static final int MOST = 127;

    private EndpointShares() {
    }

    /** Per channel and matched message number, its share (at least 1). */
    static byte[][] of(ReplayMatching m) {
        int channels = m.channels;
        byte[][] share = new byte[channels][];
        for (int ch = 0; ch < channels; ch++) {
            share[ch] = new byte[(int) Math.min(Integer.MAX_VALUE - 8, m.matched[ch])];
            java.util.Arrays.fill(share[ch], (byte) 1);
        }
        int comms = m.communicatorSize.length;
        int regions = m.run.definitions.regionCount();
        boolean[] blocking = new boolean[regions];
        for (int r = 0; r < regions; r++) {
            MpiCall call = m.run.definitions.mpiCall(r);
            blocking[r] = call == MpiCall.BLOCKING_SEND || call == MpiCall.SENDRECV;
        }
        int[] runChannel = new int[16];
        long[] runMessage = new long[16];
        for (int p = 0; p < m.run.processCount(); p++) {
            if (m.run.process(p) == null) {
                continue;
            }
            ActivityCursor c = m.window(p);
            long[] collectives = new long[comms];
            int run = 0;
            byte runType = -1;
            for (long left = m.endCall[p] - m.firstCall[p]; ; left--) {
                boolean more = left > 0 && c.next();
                byte type = -1;
                if (more) {
                    m.resolve(p, c, collectives);
                    if (c.events == 1 && c.match[0] >= 0 && (c.type[0] == LocationActivities.SEND && (c.region < 0 || !blocking[c.region])
                            || c.type[0] == LocationActivities.RECEIVE_POST)) {
                        type = c.type[0];
                    }
                }
                if (type != runType || type < 0) { // the run ends: its messages share their endpoint
                    for (int i = 0; i < run; i++) {
                        byte[] s = share[runChannel[i]];
                        long k = runMessage[i];
                        if (k < s.length) {
                            s[(int) k] = (byte) Math.max(s[(int) k], Math.min(MOST, run));
                        }
                    }
                    run = 0;
                    runType = type;
                }
                if (!more) {
                    break;
                }
                if (type >= 0) {
                    if (run == runChannel.length) {
                        runChannel = java.util.Arrays.copyOf(runChannel, run * 2);
                        runMessage = java.util.Arrays.copyOf(runMessage, run * 2);
                    }
                    runChannel[run] = c.match[0];
                    runMessage[run] = c.at[0];
                    run++;
                }
            }
        }
        return share;
    }
}
