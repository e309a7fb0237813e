package org.igtrace.core.replay;

import java.util.Arrays;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * The send overhead {@code o} (LogGP's, definitions section 9): the CPU time a send call takes on its own process,
 * fitted as the median duration (leave - enter) of the run's eager blocking sends: MPI_Send, MPI_Bsend and MPI_Rsend
 * calls of one send of fewer than E bytes. Such a call completes at its post whatever its receiver does (the model's
 * rule for eager sends), so its whole duration is the call's own cost: copying the message out and handing it to the
 * network. The median, not the mean: a call's duration also holds whatever kept the process off its core (another
 * process's turn on an oversubscribed core, an interrupt), a long tail that is no per-call cost (jacobi-8: median
 * 24 us, mean 74 us). No such send: 0. Only sends within each process's replay window count.
 */
public final class SendOverhead {
    /**
     * @param seconds the fitted o, seconds (0: no eager blocking send)
     * @param sends   the eager blocking sends it is the median of
     */
    public record Fit(double seconds, long sends) {
    }

    private SendOverhead() {
    }

    /**
     * The send overhead and the release spread of the run's last collective ({@link FinalRelease}), fitted in one pass
     * over the windows (the reading of the calls is most of either's cost).
     *
     * @param sendOverhead o
     * @param finalRelease the lags of the last collectives' members
     */
    public record Fits(Fit sendOverhead, FinalRelease finalRelease) {
    }

    static Fit fit(ReplayMatching m, long eagerLimit) {
        return fit(m, eagerLimit, null);
    }

    /** o and the lags of the last collectives on clocks corrected by {@code offsets} (seconds per process), in one pass. */
    static Fits fitWithFinalRelease(ReplayMatching m, long eagerLimit, double[] offsets) {
        FinalRelease.Scan scan = new FinalRelease.Scan(m, offsets);
        Fit o = fit(m, eagerLimit, scan);
        return new Fits(o, scan.finish());
    }

    private static Fit fit(ReplayMatching m, long eagerLimit, FinalRelease.Scan scan) {
        TraceDefinitions d = m.run.definitions;
        boolean[] eagerCall = new boolean[d.regionCount()];
        for (int r = 0; r < eagerCall.length; r++) {
            eagerCall[r] = d.mpiCall(r) == MpiCall.BLOCKING_SEND && !d.regionName(r).equalsIgnoreCase("MPI_Ssend");
        }
        long[] ticks = new long[64];
        int n = 0;
        for (int p = 0; p < m.run.processCount(); p++) {
            if (m.run.process(p) == null) {
                continue;
            }
            ActivityCursor c = m.window(p);
            if (scan != null) {
                scan.start(p);
            }
            while (c.next()) {
                if (scan != null) {
                    scan.call(p, c);
                }
                if (c.region >= 0 && eagerCall[c.region] && c.events == 1 && c.type[0] == LocationActivities.SEND && c.bytes[0] < eagerLimit) {
                    if (n == ticks.length) {
                        ticks = Arrays.copyOf(ticks, 2 * n);
                    }
                    ticks[n++] = c.leave - c.enter;
                }
            }
        }
        if (n == 0) {
            return new Fit(0, 0);
        }
        Arrays.sort(ticks, 0, n);
        double median = n % 2 == 1 ? ticks[n / 2] : (ticks[n / 2 - 1] + ticks[n / 2]) / 2.0;
        return new Fit(Math.max(0, median) / d.ticksPerSecond(), n);
    }
}
