package org.igtrace.core.replay;

import java.util.Arrays;

/**
 * The release spread of the run's last collective (definitions section 9, issue 34): a synchronising collective
 * instance (barrier, all-reduce family, all-to-all) that is the last call of every one of its members' replay windows
 * releases them, in the replay, each at its measured lag: member p leaves at the instance's modelled release plus
 * {@code lag(p) = max(0, d(p) - median over members q of d(q))}, where {@code d(q)} is q's measured leave minus the
 * instance's latest measured enter (corrected clocks). Elsewhere an instance releases every member at once, at the
 * median member's time (its fitted cost, {@link CollectiveCalibration}).
 *
 * <p>Why the last one: on cores shared by more processes than they are (an oversubscribed run), a member that leaves a
 * collective in the middle of the run goes on computing, and soon waits again, polling and giving up its core; what one
 * member loses to the others' turns they gain, so the measured compute bursts and the one release at the median
 * member's time keep the run's pace. Members that leave the run's last collective go into MPI_Finalize and the tracer's
 * finalisation, which keep their cores: the members still in the collective get one a scheduler time slice or more
 * later (jacobi-8, 8 ranks on 2 cores: 0.002, 0.004, 1.5, 1.9, 3.8, 3.8, 7.8 and 15.8 ms after the latest enter), and
 * nothing in the replay's window makes up for it. The trace shows that spread; the replay keeps it, as it keeps the
 * measured compute bursts: time the network does not change. Fitted with the network (none when L and B are given),
 * and never on the ideal network, so T_ideal and the efficiencies do not change.
 */
public final class FinalRelease {
    private final int[] communicator; // per process: the communicator of its last call's instance, -1: none
    private final long[] instance; // per process: that instance's number on it
    private final double[] lag; // per process: its lag, seconds
    private final int members;
    private final int rank;
    private final double largest;

    private FinalRelease(int[] communicator, long[] instance, double[] lag) {
        this.communicator = communicator;
        this.instance = instance;
        this.lag = lag;
        int n = 0, r = -1;
        double most = 0;
        for (int p = 0; p < lag.length; p++) {
            if (communicator[p] >= 0) {
                n++;
                if (lag[p] > most) {
                    most = lag[p];
                    r = p;
                }
            }
        }
        this.members = n;
        this.rank = r;
        this.largest = most;
    }

    /** The largest lag, seconds (0: every member of the last collectives leaves at the median member's time, or there is none). */
    public double largest() {
        return largest;
    }

    /** The process with the largest lag (-1: no lag above 0). */
    public int rank() {
        return rank;
    }

    /** How many processes end with such a collective (0: none does). */
    public int processes() {
        return members;
    }

    /** The lag of process p in instance k of communicator ch: its own when that is its last collective, else 0. */
    double lag(int p, int ch, long k) {
        return p < communicator.length && communicator[p] == ch && instance[p] == k ? lag[p] : 0;
    }

    /** The lags of the run of {@code m}, on clocks corrected by {@code offsets} (seconds per process): a pass of its own. */
    static FinalRelease fit(ReplayMatching m, double[] offsets) {
        Scan scan = new Scan(m, offsets);
        for (int p = 0; p < m.run.processCount(); p++) {
            if (m.run.process(p) != null) {
                ActivityCursor c = m.window(p);
                scan.start(p);
                while (c.next()) {
                    scan.call(p, c);
                }
            }
        }
        return scan.finish();
    }

    /**
     * The fit made beside another pass over the windows ({@link SendOverhead#fitWithFinalRelease}): per process
     * {@link #start}, then {@link #call} for each call of its window in order; {@link #finish} gives the lags.
     */
    static final class Scan {
        private final ReplayMatching m;
        private final double[] offsets;
        private final double tick;
        private final int[] communicator;
        private final long[] instance;
        private final double[] enter, leave;
        private final long[] collectives; // p's collectives per communicator so far (ReplayMatching#resolve's count)
        private int[] touched = new int[16]; // the communicators counted for the process before, to clear
        private int touchedCount;

        Scan(ReplayMatching m, double[] offsets) {
            this.m = m;
            this.offsets = offsets;
            this.tick = 1.0 / m.run.definitions.ticksPerSecond();
            int n = m.run.processCount();
            communicator = new int[n];
            instance = new long[n];
            enter = new double[n];
            leave = new double[n];
            Arrays.fill(communicator, -1);
            collectives = new long[m.communicatorSize.length];
        }

        /** Process p's window begins: its count of collectives starts at 0 (one array for all, cleared where used). */
        void start(int p) {
            for (int i = 0; i < touchedCount; i++) {
                collectives[touched[i]] = 0;
            }
            touchedCount = 0;
        }

        /** The next call of p's window, at {@code c}: only the window's last call counts. */
        void call(int p, ActivityCursor c) {
            communicator[p] = -1;
            boolean any = false;
            for (int i = 0; i < c.events; i++) {
                any |= c.type[i] == LocationActivities.COLLECTIVE;
            }
            if (!any) {
                return;
            }
            int first = c.key[0]; // the commonest call has one event: its communicator, if it was not counted yet
            boolean fresh = c.events == 1 && first >= 0 && first < collectives.length && collectives[first] == 0;
            m.resolve(p, c, collectives);
            for (int i = 0; i < c.events; i++) {
                int key = c.key[i];
                if ((fresh || c.events > 1) && c.type[i] == LocationActivities.COLLECTIVE && key >= 0 && key < collectives.length
                        && collectives[key] > 0 && !counted(key)) {
                    if (touchedCount == touched.length) {
                        touched = Arrays.copyOf(touched, 2 * touchedCount);
                    }
                    touched[touchedCount++] = key; // counted from here on: cleared when the next process starts
                }
            }
            CollectiveFamily f = c.events == 1 && c.match[0] >= 0 ? CollectiveFamily.of(c, 0) : null;
            if (f != null && f.synchronising() && m.communicatorSize[c.match[0]] > 1) {
                communicator[p] = c.match[0];
                instance[p] = c.at[0];
                enter[p] = (c.enter - m.origin) * tick + offsets[p];
                leave[p] = (c.leave - m.origin) * tick + offsets[p];
            }
        }

        /** Whether {@code key} is among the communicators to clear (a call of several events may repeat one). */
        private boolean counted(int key) {
            for (int i = touchedCount - 1; i >= 0; i--) {
                if (touched[i] == key) {
                    return true;
                }
            }
            return false;
        }

        /** The lags, once every process's window was scanned. */
        FinalRelease finish() {
            return lags(m, communicator, instance, enter, leave);
        }
    }

    /** Each member's lag in the instances that are the last call of every one of their members. */
    private static FinalRelease lags(ReplayMatching m, int[] communicator, long[] instance, double[] enter, double[] leave) {
        int n = communicator.length;
        // the processes by their last instance (communicator, number), each instance's members side by side
        Integer[] order = new Integer[n];
        int ending = 0;
        for (int p = 0; p < n; p++) {
            if (communicator[p] >= 0) {
                order[ending++] = p;
            }
        }
        Arrays.sort(order, 0, ending, (a, b) -> communicator[a] != communicator[b] ? Integer.compare(communicator[a], communicator[b])
                : instance[a] != instance[b] ? Long.compare(instance[a], instance[b]) : Integer.compare(a, b));
        double[] lag = new double[n];
        for (int from = 0, to; from < ending; from = to) {
            int first = order[from];
            for (to = from + 1; to < ending && communicator[order[to]] == communicator[first] && instance[order[to]] == instance[first]; to++) {
                // the instance's members
            }
            int count = to - from;
            if (count != m.communicatorSize[communicator[first]]) { // not every member's last call: not the run's end for them all
                for (int i = from; i < to; i++) {
                    communicator[order[i]] = -1;
                }
                continue;
            }
            double latest = Double.NEGATIVE_INFINITY;
            for (int i = from; i < to; i++) {
                latest = Math.max(latest, enter[order[i]]);
            }
            double[] d = new double[count];
            for (int i = 0; i < count; i++) {
                d[i] = leave[order[from + i]] - latest;
            }
            double median = median(d);
            for (int i = 0; i < count; i++) {
                lag[order[from + i]] = Math.max(0, d[i] - median);
            }
        }
        return new FinalRelease(communicator, instance, lag);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
