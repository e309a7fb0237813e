package org.igtrace.reader;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * definitions sections 3 and 4 applied, independently of igtrace's profile code, to the region and
 * message events an oracle parsed from a trace printer's text. Region times are kept per
 * location (a thread of a process); messages per sender -> receiver direction.
 */
public final class SpecOracle {
    private final int processes;
    private final Map<Long, long[]> span = new HashMap<>();          // location -> first, last
    private final Map<Long, long[]> depthAndStart = new HashMap<>(); // commDepth, commStart, envDepth, envStart
    private final Map<Long, Integer> rankOfLocation = new HashMap<>();
    private final Map<Long, long[]> commTicks = new HashMap<>();     // location -> ticks in MPI
    private final long[] envTicks;
    private final Map<List<Integer>, long[]> sends = new HashMap<>();    // {bytes, messages}
    private final Map<List<Integer>, long[]> receives = new HashMap<>();

    public SpecOracle(int processes) {
        this.processes = processes;
        this.envTicks = new long[processes];
    }

    /** An Enter or Leave of region {@code name} on {@code location} of process {@code rank}. */
    public void region(long location, int rank, long time, boolean enter, String name, boolean mpiMarked) {
        rankOfLocation.put(location, rank);
        long[] s = span.computeIfAbsent(location, k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
        s[0] = Math.min(s[0], time);
        s[1] = Math.max(s[1], time);
        boolean env = name.equals("MPI_Init") || name.equals("MPI_Init_thread") || name.equals("MPI_Finalize");
        boolean mpi = !env && (mpiMarked || name.startsWith("MPI_"));
        long[] d = depthAndStart.computeIfAbsent(location, k -> new long[4]);
        if (env) {
            if (enter && d[2]++ == 0) {
                d[3] = time;
            } else if (!enter && --d[2] == 0) {
                envTicks[rank] += time - d[3];
            }
        } else if (mpi && d[2] == 0) {
            if (enter && d[0]++ == 0) {
                d[1] = time;
            } else if (!enter && --d[0] == 0) {
                commTicks.computeIfAbsent(location, k -> new long[1])[0] += time - d[1];
            }
        }
    }

    /** A message from world rank {@code from} to {@code to}, seen on the send or the receive side. */
    public void message(boolean sendSide, int from, int to, long bytes) {
        if (from == to) {
            return;
        }
        long[] c = (sendSide ? sends : receives).computeIfAbsent(List.of(from, to), k -> new long[2]);
        c[0] += bytes;
        c[1]++;
    }

    public int processes() {
        return processes;
    }

    /**
     * T_i in seconds: the wall-clock span of the region events of the process's locations (those with a span: first to
     * last of them all), minus environment calls (definitions section 3, issue 40).
     */
    public double[] time(double ticksPerSecond) {
        long[] first = new long[processes], last = new long[processes];
        java.util.Arrays.fill(first, Long.MAX_VALUE);
        java.util.Arrays.fill(last, Long.MIN_VALUE);
        span.forEach((location, s) -> {
            int r = rankOfLocation.get(location);
            if (s[1] > s[0]) {
                first[r] = Math.min(first[r], s[0]);
                last[r] = Math.max(last[r], s[1]);
            }
        });
        double[] t = new double[processes];
        for (int r = 0; r < processes; r++) {
            t[r] = ((last[r] >= first[r] ? last[r] - first[r] : 0) - envTicks[r]) / ticksPerSecond;
        }
        return t;
    }

    /** Tcomm_i in seconds: the MPI time of the process's location with the most of it (definitions section 3). */
    public double[] commTime(double ticksPerSecond) {
        long[] most = new long[processes];
        commTicks.forEach((location, c) -> most[rankOfLocation.get(location)] = Math.max(most[rankOfLocation.get(location)], c[0]));
        double[] t = new double[processes];
        for (int r = 0; r < processes; r++) {
            t[r] = most[r] / ticksPerSecond;
        }
        return t;
    }

    /** Undirected pair traffic {bytes, messages}: the send side per direction, else the receive side. */
    public Map<List<Integer>, long[]> pairs() {
        Map<List<Integer>, long[]> directed = new HashMap<>(sends);
        receives.forEach(directed::putIfAbsent);
        Map<List<Integer>, long[]> result = new HashMap<>();
        directed.forEach((d, c) -> {
            long[] p = result.computeIfAbsent(List.of(Math.min(d.get(0), d.get(1)), Math.max(d.get(0), d.get(1))), k -> new long[2]);
            p[0] += c[0];
            p[1] += c[1];
        });
        return result;
    }
}
