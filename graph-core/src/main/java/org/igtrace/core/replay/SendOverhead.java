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
        Scan s = new Scan(m, eagerLimit, scan);
        for (int p = 0; p < m.run.processCount(); p++) {
            if (m.run.process(p) == null) {
                continue;
            }
            ActivityCursor c = m.window(p);
            s.start(p);
            while (c.next()) {
                s.call(p, c);
            }
        }
        return s.fit();
    }

    /** Per region of {@code d}, whether its call is an eager blocking send's when its one send is below the eager limit. */
    static boolean[] eagerCalls(TraceDefinitions d) {
        boolean[] eager = new boolean[d.regionCount()];
        for (int r = 0; r < eager.length; r++) {
            eager[r] = d.mpiCall(r) == MpiCall.BLOCKING_SEND && !d.regionName(r).strip().equalsIgnoreCase("MPI_Ssend");
        }
        return eager;
    }

    /**
     * o and the lags of the last collectives fitted beside another pass over the windows ({@link WindowScan}: the
     * collectives' calibration, {@link TraceReplay#fitCallsAndCollectives}); {@link #fits} once it ended.
     */
    static final class Scan implements WindowScan {
        private final boolean[] eagerCall;
        private final long eagerLimit;
        private final double ticksPerSecond;
        private final FinalRelease.Scan lags;
        /**
         * The durations, ticks: counted per value below {@value #COUNTED} (most sends: a memory that does not grow with
         * the run), the others kept; the median is taken from both, the one a sort of all of them gives.
         */
        private final int[] counted = new int[COUNTED];
        private long[] others = new long[64];
        private int kept;
        private long n;
        static final int COUNTED = 1 << 16;

        Scan(ReplayMatching m, long eagerLimit, FinalRelease.Scan lags) {
            TraceDefinitions d = m.run.definitions;
            eagerCall = eagerCalls(d);
            this.eagerLimit = eagerLimit;
            this.ticksPerSecond = d.ticksPerSecond();
            this.lags = lags;
        }

        @Override
        public void start(int p) {
            if (lags != null) {
                lags.start(p);
            }
        }

        @Override
        public void call(int p, ActivityCursor c) {
            if (lags != null) {
                lags.call(p, c);
            }
            if (c.region >= 0 && eagerCall[c.region] && c.events == 1 && c.type[0] == LocationActivities.SEND && c.bytes[0] < eagerLimit) {
                long t = c.leave - c.enter;
                n++;
                if (t >= 0 && t < COUNTED) {
                    counted[(int) t]++;
                    return;
                }
                if (kept == others.length) {
                    others = Arrays.copyOf(others, 2 * kept);
                }
                others[kept++] = t;
            }
        }

        /** {@code times} more eager blocking sends of {@code ticks} (counted while the calls were recorded, {@link RecordedFitCalls}). */
        void add(long ticks, int times) {
            n += times;
            if (ticks >= 0 && ticks < COUNTED) {
                counted[(int) ticks] += times;
                return;
            }
            for (int i = 0; i < times; i++) {
                if (kept == others.length) {
                    others = Arrays.copyOf(others, 2 * kept);
                }
                others[kept++] = ticks;
            }
        }

        /** o, once every window was scanned. */
        Fit fit() {
            if (n == 0) {
                return new Fit(0, 0);
            }
            Arrays.sort(others, 0, kept);
            double median = n % 2 == 1 ? nth(n / 2) : (nth(n / 2 - 1) + nth(n / 2)) / 2.0;
            return new Fit(Math.max(0, median) / ticksPerSecond, n);
        }

        /** The duration of rank k (from 0) among all in increasing order: the kept ones below 0, the counted, the kept above. */
        private long nth(long k) {
            int below = 0;
            while (below < kept && others[below] < 0) {
                below++;
            }
            if (k < below) {
                return others[(int) k];
            }
            k -= below;
            for (int t = 0; t < COUNTED; t++) {
                if (k < counted[t]) {
                    return t;
                }
                k -= counted[t];
            }
            return others[(int) (below + k)];
        }

        /** o and the lags, once every window was scanned (made with a {@link FinalRelease.Scan}). */
        Fits fits() {
            return new Fits(fit(), lags.finish());
        }
    }
}
