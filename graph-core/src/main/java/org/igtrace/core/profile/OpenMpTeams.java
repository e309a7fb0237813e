package org.igtrace.core.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Joins the threads of one process into its OpenMP teams and measures their waiting (definitions section 10a, after
 * Scalasca's patterns). Each outermost parallel region of the master is one team instance, with the other threads'
 * regions that overlap it most (the threads of a process share one clock, and every member is inside the region at
 * its end barrier); within an
 * instance, the k-th barrier of each member is one barrier instance. A member waits from its own arrival (enter) to
 * the last member's, at most until it left; the rest of its time in the barrier is the runtime's. A worker (every
 * thread but the master, {@link org.igtrace.core.trace.MasterThread}) of a process with parallel regions is idle for the
 * process's span outside its parallel regions, less its own MPI and runtime calls there; a thread of a process without parallel regions (pthreads) counts its
 * own span, at most the process's {@code T_i}. A thread's time with recording off is left out of its useful time and of
 * what it is split into: of its idle time where it lies outside parallel regions, of its barrier waiting (then of the
 * barriers' runtime) where it lies inside barriers.
 */
final class OpenMpTeams {
    private OpenMpTeams() {
    }

    /**
     * One process's threads as its profile gives them (definitions sections 3 and 10a).
     *
     * @param spans      each thread's own span in ticks (MPI environment calls and its time with recording off left out)
     * @param wall       each thread's first to last region event in ticks (the master: the longest)
     * @param off        each thread's intervals with recording off, as {@code start, end} pairs
     * @param processOff the process's intervals in which no thread was recorded ({@link ProcessOff}), which {@code T_i}
     *                   leaves out
     */
    record Threads(long[] spans, long[] wall, long[][] off, long[] processOff) {
    }

    /**
     * The times of one process's threads.
     *
     * @param threads        its threads' OpenMP records, in location order
     * @param spans          each thread's spans and times off ({@link Threads})
     * @param mpiTicks       each thread's ticks in MPI communication calls (its time off inside them left out)
     * @param processTicks   the process's {@code T_i} in ticks
     * @param ticksPerSecond the timer resolution
     */
    static OpenMpTimes of(List<OpenMpThread> threads, Threads spans, long[] mpiTicks, long processTicks, double ticksPerSecond) {
        int n = threads.size();
        long[] waitImplicit = new long[n];
        long[] waitExplicit = new long[n];
        long[] barrierTicks = new long[n];
        boolean parallel = false, constructs = false;
        boolean[] inTeam = new boolean[n];
        for (int t = 0; t < n; t++) {
            OpenMpThread th = threads.get(t);
            parallel |= th.parallelCount > 0;
            constructs |= th.parallelCount > 0 || th.barrierCount > 0 || th.runtimeTicks > 0;
            inTeam[t] = th.parallelCount > 0;
            for (int b = 0; b < th.barrierCount; b++) {
                barrierTicks[t] += th.barriers[b * OpenMpThread.STRIDE + 1] - th.barriers[b * OpenMpThread.STRIDE];
            }
        }
        int master = org.igtrace.core.trace.MasterThread.of(spans.wall(), inTeam);
        for (List<int[]> team : teams(threads, master)) {
            barrierWaits(threads, team, waitImplicit, waitExplicit);
        }
        List<OpenMpTimes.ThreadTimes> out = new ArrayList<>(n);
        for (int t = 0; t < n; t++) {
            OpenMpThread th = threads.get(t);
            // time off inside barriers is neither waiting nor runtime: out of the waiting first, then of the runtime
            long offInBarriers = parallel ? th.offInBarriers : 0;
            long cutImplicit = Math.min(offInBarriers, waitImplicit[t]);
            long cutExplicit = Math.min(offInBarriers - cutImplicit, waitExplicit[t]);
            waitImplicit[t] -= cutImplicit;
            waitExplicit[t] -= cutExplicit;
            // tasks run inside barriers (out of each barrier's waiting already, the rest here out of their runtime)
            long tasks = parallel ? th.tasksInBarriers : 0;
            long runtime = Math.max(0, th.runtimeTicks + barrierTicks[t] - offInBarriers - tasks - waitImplicit[t] - waitExplicit[t]);
            // its own time off where another thread was recorded (the rest is the process's time off, out of T_i), and
            // its parallel regions' time and its own time off in them, within the process's recorded time
            long parallelOn = th.parallelTicks, ownOff = 0, ownOffInParallels = th.offInParallels;
            if (spans.off()[t].length > 0) {
                long[] ownOffOn = ProcessOff.subtract(spans.off()[t], spans.processOff());
                ownOff = ProcessOff.measure(ownOffOn);
                if (spans.processOff().length > 0) {
                    long[] parallels = Arrays.copyOf(th.parallels, th.parallelCount * 2);
                    parallelOn -= ProcessOff.overlap(parallels, spans.processOff());
                    ownOffInParallels = ProcessOff.overlap(ownOffOn, parallels);
                }
            }
            // a team's thread: the master, or a worker (a thread in a parallel region); another thread of the process
            // (a pthread that communicates while the teams compute) is no worker, and not idle outside the teams
            boolean team = parallel && (t == master || th.parallelCount > 0);
            // a worker's idle time: the process's recorded time outside its parallel regions, less its own time off there
            // and what it did there itself (its MPI calls and the runtime's calls: their time is its MPI and runtime time)
            long idle = team && t != master
                    ? Math.max(0, processTicks - parallelOn - Math.max(0, ownOff - ownOffInParallels) - th.mpiOutsideParallels
                            - th.runtimeOutsideParallels) : 0;
            // outside a team each thread its own span (which leaves out its own time with recording off), at most T_i: a
            // thread that computed during the master's MPI_Init is not more useful than the process is long
            // (the master: at most its own span too: a team forked by a pthread that lived 200 us of a 1000 us process was
            // credited with 950 us of useful time, a hybrid hunt)
            long base = team && t != master ? Math.max(0, processTicks - ownOff)
                    : team ? Math.min(Math.max(0, processTicks - ownOff), spans.spans()[t]) : Math.min(spans.spans()[t], processTicks);
            long useful = Math.max(0, base - mpiTicks[t] - waitImplicit[t] - waitExplicit[t] - runtime - idle);
            out.add(new OpenMpTimes.ThreadTimes(waitImplicit[t] / ticksPerSecond, waitExplicit[t] / ticksPerSecond,
                    idle / ticksPerSecond, runtime / ticksPerSecond, mpiTicks[t] / ticksPerSecond, useful / ticksPerSecond));
        }
        return new OpenMpTimes(out, constructs);
    }

    /**
     * The team instances as groups of (thread, parallel region index): one per parallel region of the master (which
     * forks the team), each other thread's region in the master's region it overlaps most (a worker that leaves a
     * region a few ticks after the master entered the next one stays in the first); regions that overlap none of the
     * master's are grouped where their intervals overlap each other.
     */
    private static List<List<int[]>> teams(List<OpenMpThread> threads, int master) {
        OpenMpThread m = threads.get(master);
        List<List<int[]>> teams = new ArrayList<>();
        for (int k = 0; k < m.parallelCount; k++) {
            List<int[]> team = new ArrayList<>();
            team.add(new int[] {master, k});
            teams.add(team);
        }
        List<long[]> rest = new ArrayList<>(); // enter, leave, thread, index
        for (int t = 0; t < threads.size(); t++) {
            if (t == master) {
                continue;
            }
            OpenMpThread th = threads.get(t);
            int first = 0; // the master's first region that may overlap this thread's next (both in time order)
            for (int j = 0; j < th.parallelCount; j++) {
                long a = th.parallels[j * 2], b = th.parallels[j * 2 + 1];
                while (first < m.parallelCount && m.parallels[first * 2 + 1] <= a) {
                    first++;
                }
                int best = -1;
                long most = 0;
                for (int k = first; k < m.parallelCount && m.parallels[k * 2] < b; k++) {
                    long overlap = Math.min(b, m.parallels[k * 2 + 1]) - Math.max(a, m.parallels[k * 2]);
                    if (overlap > most) {
                        most = overlap;
                        best = k;
                    }
                }
                if (best >= 0) {
                    teams.get(best).add(new int[] {t, j});
                } else {
                    rest.add(new long[] {a, b, t, j});
                }
            }
        }
        teams.addAll(overlapping(rest));
        return teams;
    }

    /** Groups of (thread, parallel region index) whose intervals overlap, in time order. */
    private static List<List<int[]>> overlapping(List<long[]> all) {
        all.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[2], b[2]));
        List<List<int[]>> teams = new ArrayList<>();
        List<int[]> current = null;
        long end = Long.MIN_VALUE;
        for (long[] p : all) {
            if (current == null || p[0] >= end) {
                current = new ArrayList<>();
                teams.add(current);
            }
            current.add(new int[] {(int) p[2], (int) p[3]});
            end = Math.max(end, p[1]);
        }
        return teams;
    }

    /** The barrier waits of one team instance, added to each member's implicit or explicit total. */
    private static void barrierWaits(List<OpenMpThread> threads, List<int[]> team, long[] waitImplicit, long[] waitExplicit) {
        if (team.size() < 2) {
            return;
        }
        int members = team.size();
        int[][] own = new int[members][]; // each member's barriers in this instance, as indices into its records
        int most = 0;
        for (int m = 0; m < members; m++) {
            OpenMpThread th = threads.get(team.get(m)[0]);
            int index = team.get(m)[1];
            int[] found = new int[th.barrierCount];
            int c = 0;
            for (int b = 0; b < th.barrierCount; b++) {
                if (th.barriers[b * OpenMpThread.STRIDE + 3] == index) {
                    found[c++] = b;
                }
            }
            own[m] = Arrays.copyOf(found, c);
            most = Math.max(most, c);
        }
        for (int k = 0; k < most; k++) {
            long last = Long.MIN_VALUE;
            int arrived = 0;
            for (int m = 0; m < members; m++) {
                if (k < own[m].length) {
                    last = Math.max(last, threads.get(team.get(m)[0]).barriers[own[m][k] * OpenMpThread.STRIDE]);
                    arrived++;
                }
            }
            if (arrived < 2) {
                continue;
            }
            for (int m = 0; m < members; m++) {
                if (k < own[m].length) {
                    int t = team.get(m)[0];
                    long[] r = threads.get(t).barriers;
                    int i = own[m][k] * OpenMpThread.STRIDE;
                    // the tasks it ran there are work: out of this barrier's waiting first (the rest out of its runtime)
                    long wait = Math.max(0, Math.min(r[i + 1], last) - r[i] - r[i + 4]);
                    if (r[i + 2] == 1) {
                        waitExplicit[t] += wait;
                    } else {
                        waitImplicit[t] += wait;
                    }
                }
            }
        }
    }
}
