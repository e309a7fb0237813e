package org.igtrace.core.trace;

/** Which of a process's threads is its master (definitions sections 10a and 12): one rule for the statistics and the timeline. */
public final class MasterThread {
    private MasterThread() {
    }

    /**
     * The master of a process's threads: the longest span from first to last region event ({@code wall}: MPI_Init and time
     * off included), among the threads in some parallel region when there are any ({@code inTeam}: the master enters every
     * region it forks; a helper pthread in no team that lived longer was taken, its forking thread then a worker idle in
     * its serial code), else among all; the first in location order among equals. The timeline's rows take the same.
     *
     * @param wall   each thread's first-to-last span, in location order
     * @param inTeam each thread's being in a parallel region (null: none known)
     * @return the master's place in location order
     */
    public static int of(long[] wall, boolean[] inTeam) {
        boolean anyTeam = false;
        for (int t = 0; inTeam != null && t < inTeam.length; t++) {
            anyTeam |= inTeam[t];
        }
        int master = -1;
        for (int t = 0; t < wall.length; t++) {
            if ((!anyTeam || inTeam[t]) && (master < 0 || wall[t] > wall[master])) {
                master = t;
            }
        }
        return Math.max(0, master);
    }
}
