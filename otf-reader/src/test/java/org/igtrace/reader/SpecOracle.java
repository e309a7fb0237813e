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
    private final long[] envTicks;
    private final Map<List<Integer>, long[]> sends = new HashMap<>();    // {bytes, messages}
    private final Map<List<Integer>, long[]> receives = new HashMap<>();
    /** Per location: its intervals with recording off ({start, end}), the start of one still open, its MPI calls and environment calls. */
    private final Map<Long, List<long[]>> off = new HashMap<>();
    private final Map<Long, Long> offSince = new HashMap<>();
    private final Map<Long, List<long[]>> mpiCalls = new HashMap<>();
    private final Map<Long, List<long[]>> envCalls = new HashMap<>();

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
                envCalls.computeIfAbsent(location, k -> new java.util.ArrayList<>()).add(new long[] {d[3], time});
            }
        } else if (mpi && d[2] == 0) {
            if (enter && d[0]++ == 0) {
                d[1] = time;
            } else if (!enter && --d[0] == 0) {
                mpiCalls.computeIfAbsent(location, k -> new java.util.ArrayList<>()).add(new long[] {d[1], time});
            }
        }
    }

    /** A MeasurementOnOff event of {@code location}: recording off from an OFF to the next ON (definitions section 3). */
    public void measurement(long location, long time, boolean on) {
        if (!on && !offSince.containsKey(location)) {
            offSince.put(location, time);
        } else if (on && offSince.containsKey(location)) {
            off.computeIfAbsent(location, k -> new java.util.ArrayList<>()).add(new long[] {offSince.remove(location), time});
        }
    }

    /** The location's last event of any kind: recording still off then is off until it. */
    public void lastEvent(long location, long time) {
        Long since = offSince.remove(location);
        if (since != null) {
            off.computeIfAbsent(location, k -> new java.util.ArrayList<>()).add(new long[] {since, time});
        }
    }

    /** How long {@code intervals} overlap {@code from..to}. */
    private static long overlap(List<long[]> intervals, long from, long to) {
        long sum = 0;
        for (long[] i : intervals) {
            sum += Math.max(0, Math.min(to, i[1]) - Math.max(from, i[0]));
        }
        return sum;
    }

    /**
     * Ticks of process {@code r}'s span {@code first..last} in which some location had recording off and none of its
     * locations with a span had it on (a location is on between its first and last region events outside its own
     * intervals off), counted tick by tick over the interval ends.
     */
    private long processOff(int r, long first, long last) {
        java.util.TreeSet<Long> cuts = new java.util.TreeSet<>();
        List<Long> locations = new java.util.ArrayList<>();
        span.forEach((location, sp) -> {
            if (rankOfLocation.get(location) == r && sp[1] > sp[0]) {
                locations.add(location);
                cuts.add(sp[0]);
                cuts.add(sp[1]);
                for (long[] i : off.getOrDefault(location, List.of())) {
                    cuts.add(i[0]);
                    cuts.add(i[1]);
                }
            }
        });
        long sum = 0;
        Long previous = null;
        for (long c : cuts) {
            if (previous != null && previous >= first && c <= last) {
                long mid = previous; // the stretch previous..c: one state throughout
                boolean anyOff = false, anyOn = false;
                for (long location : locations) {
                    long[] sp = span.get(location);
                    boolean offHere = false;
                    for (long[] i : off.getOrDefault(location, List.of())) {
                        offHere |= i[0] <= mid && mid < i[1];
                    }
                    boolean inside = sp[0] <= mid && mid < sp[1];
                    anyOff |= offHere && inside;
                    anyOn |= inside && !offHere;
                }
                if (anyOff && !anyOn) {
                    sum += c - previous;
                }
            }
            previous = c;
        }
        return sum;
    }

    /** A message from world rank {@code from} to {@code to}, seen on the send or the receive side. */
    public void message(boolean sendSide, int from, int to, long bytes) {
        if (from == to || bytes < 0 || bytes > 1L << 40) {
            return; // a self message is no edge; a length negative or over 1 TiB is ignored (definitions section 4)
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
        long[] env = envTicks.clone();
        envCalls.forEach((location, calls) -> {
            for (long[] c : calls) { // time off inside an environment call is off, not the call's
                env[rankOfLocation.get(location)] -= overlap(off.getOrDefault(location, List.of()), c[0], c[1]);
            }
        });
        double[] t = new double[processes];
        for (int r = 0; r < processes; r++) {
            long wall = last[r] >= first[r] ? last[r] - first[r] - processOff(r, first[r], last[r]) : 0;
            t[r] = (wall - env[r]) / ticksPerSecond;
        }
        return t;
    }

    /**
     * Tcomm_i in seconds: the time in which any location of the process was in an outermost MPI call and had recording
     * on (definitions section 3): each location's calls cut by its own intervals off, then all of them sorted by start and
     * joined where they overlap.
     */
    public double[] commTime(double ticksPerSecond) {
        Map<Integer, List<long[]>> pieces = new HashMap<>();
        mpiCalls.forEach((location, calls) -> {
            List<long[]> offHere = off.getOrDefault(location, List.of());
            for (long[] call : calls) {
                List<long[]> left = new java.util.ArrayList<>(List.of(new long[] {call[0], Math.max(call[0], call[1])}));
                for (long[] o : offHere) {
                    List<long[]> cut = new java.util.ArrayList<>();
                    for (long[] piece : left) {
                        if (o[1] <= piece[0] || o[0] >= piece[1]) {
                            cut.add(piece);
                            continue;
                        }
                        if (o[0] > piece[0]) {
                            cut.add(new long[] {piece[0], o[0]});
                        }
                        if (o[1] < piece[1]) {
                            cut.add(new long[] {o[1], piece[1]});
                        }
                    }
                    left = cut;
                }
                pieces.computeIfAbsent(rankOfLocation.get(location), k -> new java.util.ArrayList<>()).addAll(left);
            }
        });
        double[] t = new double[processes];
        pieces.forEach((r, list) -> {
            list.sort((a, b) -> Long.compare(a[0], b[0]));
            long sum = 0, from = 0, to = Long.MIN_VALUE;
            for (long[] piece : list) {
                if (piece[0] > to) {
                    sum += Math.max(0, to - from);
                    from = piece[0];
                    to = piece[1];
                } else {
                    to = Math.max(to, piece[1]);
                }
            }
            sum += Math.max(0, to - from);
            t[r] = sum / ticksPerSecond;
        });
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
