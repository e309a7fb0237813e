package org.igtrace.core.timeline;

import java.util.Arrays;
import java.util.List;
import java.util.function.LongToDoubleFunction;

/**
 * One location's states as they were read (start, end, class), while there are at most a given number of them
 * (then none: the row is drawn from its bins). A state of the class of the one before that starts where it ended
 * extends it.
 */
final class ExactStates {
    private final int most;
    private long[] starts = new long[64];
    private long[] ends = new long[64];
    private byte[] classes = new byte[64];
    private int count;
    private boolean overflowed;

    /** @param most the most states kept */
    ExactStates(int most) {
        this.most = most;
    }

    /** Adds [start, end) of class {@code c}, unless there were too many. */
    void add(int c, long start, long end) {
        if (overflowed) {
            return;
        }
        if (count > 0 && classes[count - 1] == c && ends[count - 1] == start) {
            ends[count - 1] = end;
            return;
        }
        if (count == most) {
            overflowed = true;
            starts = ends = null;
            classes = null;
            return;
        }
        if (count == starts.length) {
            int n = Math.min(most, count * 2);
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
        for (int k = 0; !overflowed && k < count; k++) {
            if (classes[k] == from) {
                classes[k] = (byte) to;
            }
        }
    }

    /**
     * Adds the states to {@code states} as the timeline's (in seconds, shifted by {@code shift}), each in the class
     * {@code classMap} gives its class; one that continues the state before it in the same class extends it.
     */
    void drawInto(List<Timeline.State> states, int[] classMap, LongToDoubleFunction seconds, double shift) {
        for (int i = 0; i < count; i++) {
            int c = classMap[classes[i]];
            double from = seconds.applyAsDouble(starts[i]) + shift, to = seconds.applyAsDouble(ends[i]) + shift;
            Timeline.State previous = states.isEmpty() ? null : states.get(states.size() - 1);
            if (i > 0 && previous != null && previous.stateClass() == c && ends[i - 1] == starts[i]) {
                states.set(states.size() - 1, new Timeline.State(previous.start(), to, c));
            } else {
                states.add(new Timeline.State(from, to, c));
            }
        }
    }

    /** Whether there were too many (none kept). */
    boolean overflowed() {
        return overflowed;
    }
}
