package org.igtrace.core.trace;

import java.util.Arrays;

/**
 * The regions a location is in, outermost first, each with the time it was entered: what an analysis keeps
 * that needs the call around an event or the enter of the region it leaves. Grows by doubling and then
 * allocates nothing more, so it can be fed every event.
 */
public final class RegionStack {
    private int[] regions = new int[16];
    private long[] enters = new long[16];
    private int depth;

    /** {@code region} entered at {@code time}. */
    public void push(int region, long time) {
        if (depth == regions.length) {
            regions = Arrays.copyOf(regions, depth * 2);
            enters = Arrays.copyOf(enters, depth * 2);
        }
        regions[depth] = region;
        enters[depth++] = time;
    }

    /**
     * Leaves the innermost region; false, changing nothing, when none is open (a leave without its enter).
     * The frame left stays readable at {@link #depth()} until the next push.
     */
    public boolean pop() {
        if (depth == 0) {
            return false;
        }
        depth--;
        return true;
    }

    /** How many regions are open. */
    public int depth() {
        return depth;
    }

    /** The region of frame {@code f} (0: the outermost). */
    public int region(int f) {
        return regions[f];
    }

    /** When frame {@code f} was entered. */
    public long enter(int f) {
        return enters[f];
    }

    /** How deep the stack can be before it grows. */
    public int capacity() {
        return regions.length;
    }

    /** No region open. */
    public void clear() {
        depth = 0;
    }
}
