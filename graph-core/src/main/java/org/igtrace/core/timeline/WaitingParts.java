package org.igtrace.core.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/**
 * The waiting parts of MPI calls (definitions section 8) one join thread sees, per process: in
 * {@link TickBins}, and exactly (with the task they came from) while a process has at most
 * {@link WaitsFrame#exactStates()} of them. {@link #merge} adds up all threads' bins and puts the
 * exact parts in the order of one thread taking the tasks in order.
 */
final class WaitingParts {
    private final WaitsFrame frame;
    private final TickBins[] bins;
    /** Per process: task, start, end of each exact part, or null (none yet, or too many). */
    private final long[][] exact;
    private final int[] count;
    private final BitSet overflowed = new BitSet();
    private int task;

    WaitingParts(WaitsFrame frame) {
        this.frame = frame;
        this.bins = new TickBins[frame.processes()];
        this.exact = new long[frame.processes()][];
        this.count = new int[frame.processes()];
    }

    void task(int index) {
        task = index;
    }

    /** {@code process} waits {@code ticks} from {@code enter} (its own clock). */
    void add(int process, long enter, long ticks) {
        if (ticks <= 0 || process >= bins.length) {
            return; // nothing, or not a process of the definitions: no row
        }
        if (bins[process] == null) {
            bins[process] = new TickBins(frame.origin(), frame.columns(), frame.initialBinWidth());
        }
        bins[process].add(enter, enter + ticks);
        if (overflowed.get(process)) {
            return;
        }
        int n = count[process];
        if (n >= frame.exactStates()) {
            overflowed.set(process);
            exact[process] = null;
            return;
        }
        long[] parts = exact[process];
        if (parts == null || 3 * n == parts.length) {
            exact[process] = parts = Arrays.copyOf(parts == null ? new long[0] : parts, Math.max(24, 6 * n));
        }
        parts[3 * n] = task;
        parts[3 * n + 1] = enter;
        parts[3 * n + 2] = enter + ticks;
        count[process] = n + 1;
    }

    /** All threads' waiting parts: bins per process (null: none), and exact parts (start, end) per process while few. */
    record Merged(TickBins[] bins, List<List<long[]>> exact, BitSet overflowed) {
    }

    static Merged merge(List<WaitingParts> threads, int processes, int exactStates) {
        TickBins[] bins = new TickBins[processes];
        List<List<long[]>> exact = new ArrayList<>();
        BitSet overflowed = new BitSet();
        for (int p = 0; p < processes; p++) {
            List<long[]> parts = new ArrayList<>();
            for (WaitingParts t : threads) {
                if (t.bins[p] != null) {
                    if (bins[p] == null) {
                        bins[p] = t.bins[p];
                    } else {
                        bins[p].add(t.bins[p]);
                    }
                }
                if (t.overflowed.get(p)) {
                    overflowed.set(p);
                }
                for (int i = 0; i < t.count[p] && !overflowed.get(p); i++) {
                    parts.add(Arrays.copyOfRange(t.exact[p], 3 * i, 3 * i + 3));
                }
            }
            if (parts.size() > exactStates) {
                overflowed.set(p);
            }
            parts.sort(Comparator.comparingLong(a -> a[0])); // stable: a task's parts stay in their order
            exact.add(overflowed.get(p) || parts.isEmpty() ? null : parts.stream().map(a -> new long[] {a[1], a[2]}).toList());
        }
        return new Merged(bins, exact, overflowed);
    }
}
