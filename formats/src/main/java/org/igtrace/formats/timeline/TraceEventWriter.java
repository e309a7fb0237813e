package org.igtrace.formats.timeline;

import java.util.List;

import java.io.IOException;
import org.igtrace.core.timeline.CallSink;

/**
 * Where a trace-event export writes the run: its processes first, then (once the clock offsets are
 * known, as a {@link CallSink}) its threads, the messages as flows, and each thread's region calls in time order, enters
 * and leaves as they came. Times are raw ticks plus the process's clock offset. Implementations:
 * {@link PerfettoTraceWriter} (Perfetto's protobuf trace), {@link ChromeJsonWriter} (Chrome's
 * trace-event JSON).
 */
public interface TraceEventWriter extends CallSink {
    /**
     * A process of the run: its number in the analyses ({@code rank}), its name (null: none) and its world rank, which
     * the output names it by (its number on every trace read whole; definitions section 2).
     */
    record Process(int rank, String name, int worldRank) {
        /** A process whose number is its world rank. */
        public Process(int rank, String name) {
            this(rank, name, rank);
        }

        /** Each process's world rank by its number (a number not among {@code processes}: itself). */
        static int[] worldRanks(List<Process> processes) {
            int n = 0;
            for (Process p : processes) {
                n = Math.max(n, p.rank() + 1);
            }
            int[] ranks = new int[n];
            for (int i = 0; i < n; i++) {
                ranks[i] = i;
            }
            for (Process p : processes) {
                if (p.rank() >= 0) {
                    ranks[p.rank()] = p.worldRank();
                }
            }
            return ranks;
        }

        /** {@code ranks[process]}, or {@code process} itself when it is not among them. */
        static int worldRank(int[] ranks, int process) {
            return process >= 0 && process < ranks.length ? ranks[process] : process;
        }
    }

    /** Closes the output; returns the number of calls written. */
    long finish() throws IOException;
}
