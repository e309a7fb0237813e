package org.igtrace.core.timeline;

import java.util.Arrays;
import java.util.List;

/**
 * One location's states exactly as recorded (start, end, recorded class), while there are at most a bound of them: a
 * row drawn state by state (definitions section 12's level of detail). Past the bound it keeps nothing and says so.
 */
final class ExactStates {
    private final int bound;
    private long[] starts = new long[64];
    private long[] ends = new long[64];
    private byte[] classes = new byte[64];
    private int count;
    private boolean overflowed;

    /** @param bound the most states kept */
    ExactStates(int bound) {
        this.bound = bound;
    }

    /** Whether more states came than the bound (then none is kept). */
    boolean overflowed() {
        return overflowed;
    }

    /** Adds the state [start, end) of recorded class {@code c}; one that goes on the last of its class is joined to it. */
    void add(int c, long start, long end) {
        if (overflowed) {
            return;
        }
        if (count > 0 && classes[count - 1] == c && ends[count - 1] == start) {
            ends[count - 1] = end;
            return;
        }
        if (count == bound) {
            overflowed = true;
            starts = ends = null;
            classes = null;
            return;
        }
        if (count == starts.length) {
            int n = Math.min(bound, count * 2);
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            classes = Arrays.copyOf(classes, n);
        }
        starts[count] = start;
        ends[count] = end;
        classes[count++] = (byte) c;
    }

    /** What was recorded in class {@code from} is now of class {@code to}. */
    void move(int from, int to) {
        for (int k = 0; classes != null && k < count; k++) {
            if (classes[k] == from) {
                classes[k] = (byte) to;
            }
        }
    }

    /**
     * Adds the states kept to {@code into} as the timeline's: each recorded class as {@code map} gives it (a state of a
     * class mapped below 0 is not drawn), in seconds from {@code seconds} plus {@code shift}; a state that goes on the
     * last one added in the same class is joined to it.
     */
    void addTo(List<Timeline.State> into, int[] map, java.util.function.LongToDoubleFunction seconds, double shift) {
        long lastEnd = Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            int c = map[classes[i]];
            if (c < 0) {
                continue;
            }
            double from = seconds.applyAsDouble(starts[i]) + shift, to = seconds.applyAsDouble(ends[i]) + shift;
            Timeline.State previous = into.isEmpty() ? null : into.get(into.size() - 1);
            if (previous != null && previous.stateClass() == c && lastEnd == starts[i]) {
                into.set(into.size() - 1, new Timeline.State(previous.start(), to, c));
            } else {
                into.add(new Timeline.State(from, to, c));
            }
            lastEnd = ends[i];
        }
    }
}
