package org.igtrace.core.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * Each process's compute time per user region, as the events are read: the time outside MPI calls
 * (communication and MPI_Init/MPI_Finalize, as {@code Tcomm} and {@code T} count them, definitions
 * section 3) while recording was on, named by the outermost user region below the root (the
 * timeline's colours: {@code solve} in {@code main > solve}, {@code main} itself when nothing is
 * open below it). So a process's regions add up to its useful time {@code U_i = T_i - Tcomm_i}.
 * Threads of one process add up, as in {@code T_i}. A sink per location, each fed by one thread.
 */
public final class RegionCompute implements LocationSink {
    /** The name of compute outside any region (between a leave of the root and the next enter). */
    public static final String NO_REGION = "(no region)";

    private final TraceDefinitions definitions;
    private final List<Recorder> recorders = Collections.synchronizedList(new ArrayList<>());

    public RegionCompute(TraceDefinitions definitions) {
        this.definitions = definitions;
    }

    @Override
    public LocationEvents location(int process, long order) {
        Recorder r = new Recorder(process);
        recorders.add(r);
        return r;
    }

    /**
     * The compute per region name and process.
     *
     * @param names   the region names, by compute summed over processes, largest first (ties by name)
     * @param seconds per name (same order), per process (rank order)
     */
    public record Times(List<String> names, double[][] seconds) {
        /** The compute of region {@code name} on process {@code rank}; 0 for a name or rank not here. */
        public double of(String name, int rank) {
            int i = names.indexOf(name);
            return i < 0 || rank < 0 || rank >= seconds[i].length ? 0 : seconds[i][rank];
        }

        /** The compute of region {@code name} summed over processes; 0 for a name not here. */
        public double total(String name) {
            int i = names.indexOf(name);
            return i < 0 ? 0 : Arrays.stream(seconds[i]).sum();
        }
    }

    /** What was read, once every location has ended. */
    public Times times() {
        int processes = definitions.processCount();
        int regions = definitions.regionCount();
        long[][] ticks = new long[regions + 1][processes];
        synchronized (recorders) {
            for (Recorder r : recorders) {
                for (int g = 0; g <= regions; g++) {
                    ticks[g][r.process] += r.ticks[g];
                }
            }
        }
        // several region ids may carry one name (OTF1 function groups, Score-P's per-paradigm copies): one row
        List<String> names = new ArrayList<>();
        List<double[]> rows = new ArrayList<>();
        for (int g = 0; g <= regions; g++) {
            if (Arrays.stream(ticks[g]).allMatch(t -> t == 0)) {
                continue;
            }
            String name = g == regions ? NO_REGION : definitions.regionName(g);
            int i = names.indexOf(name);
            if (i < 0) {
                names.add(name);
                rows.add(new double[processes]);
                i = names.size() - 1;
            }
            for (int p = 0; p < processes; p++) {
                rows.get(i)[p] += ticks[g][p] / definitions.ticksPerSecond();
            }
        }
        Integer[] order = new Integer[names.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.<Integer>comparingDouble(i -> -Arrays.stream(rows.get(i)).sum()).thenComparing(names::get));
        return new Times(Arrays.stream(order).map(names::get).toList(), Arrays.stream(order).map(rows::get).toArray(double[][]::new));
    }

    /** One location: its region stack, and compute ticks per region id (the last entry: outside any region). */
    private final class Recorder implements LocationEvents {
        final int process;
        final long[] ticks = new long[definitions.regionCount() + 1];
        private int[] stack = new int[16];
        private int depth;
        private int mpiDepth;
        private int environmentDepth;
        private boolean off;
        private long since = Long.MIN_VALUE;

        Recorder(int process) {
            this.process = process;
        }

        /** Time up to {@code time} goes to the state before it. */
        private void until(long time) {
            if (since != Long.MIN_VALUE && time > since && !off && mpiDepth == 0 && environmentDepth == 0) {
                int region = depth >= 2 ? stack[1] : depth == 1 ? stack[0] : -1;
                ticks[region >= 0 && region < ticks.length - 1 ? region : ticks.length - 1] += time - since;
            }
            if (since == Long.MIN_VALUE || time > since) {
                since = time;
            }
        }

        @Override
        public void enter(long time, int region) {
            until(time);
            RegionKind kind = definitions.regionKind(region);
            if (kind == RegionKind.ENVIRONMENT) {
                environmentDepth++;
            } else if (kind.isCommunication() && environmentDepth == 0) {
                mpiDepth++;
            }
            if (depth == stack.length) {
                stack = Arrays.copyOf(stack, depth * 2);
            }
            stack[depth++] = region;
        }

        @Override
        public void leave(long time, int region) {
            until(time);
            if (depth == 0) {
                return; // a leave without its enter (counted by the profile's notes)
            }
            RegionKind kind = definitions.regionKind(region);
            if (kind == RegionKind.ENVIRONMENT) {
                environmentDepth = Math.max(0, environmentDepth - 1);
            } else if (kind.isCommunication() && environmentDepth == 0) {
                mpiDepth = Math.max(0, mpiDepth - 1);
            }
            depth--;
        }

        @Override
        public void measurement(long time, boolean on) {
            until(time);
            off = !on;
        }
    }
}
