package org.igtrace.core.timeline;

import java.util.Arrays;
import java.util.BitSet;

/**
 * One location's compute colours while it is read (issue 39, item 8): {@code COMPUTE_REGIONS - 1}
 * slots of its own for region names, the last slot shared by the rest. A name met when every own
 * slot is taken gets the slot of the name with the least compute time so far, whose time recorded
 * until then goes to the shared slot (as does all of its time from then on), so the names that take
 * the time keep a slot wherever in the run they come. Also the compute time per name, by which the
 * timeline gives its colours out.
 */
final class RegionSlots {
    /** The shared slot. */
    static final int SHARED = StateClass.COMPUTE_REGIONS - 1;

    /** What the location recorded in one slot goes to another (its bins, its exact states, its state now). */
    interface Move {
        void move(int fromClass, int toClass);
    }

    /** The region names met in user code, in the order met. */
    int[] met = new int[StateClass.COMPUTE_REGIONS];
    int metCount;
    private final BitSet seen = new BitSet();
    /** The name holding each own slot (-1: free). */
    private final int[] slotName = new int[SHARED];
    /**
     * Compute ticks per region name (an array by name, not a map: one addition per compute interval read, the
     * timeline's most frequent work on a large trace; grows when a name past its end comes).
     */
    double[] ticks;
    private int lastName = Integer.MIN_VALUE;
    private int lastSlot;

    /** @param names how many region names there are (the names are 0 to {@code names - 1}) */
    RegionSlots(int names) {
        Arrays.fill(slotName, -1);
        ticks = new double[Math.max(1, names)];
    }

    /** The slot of region name {@code name} (-1: no name, the shared slot), noting it as met; {@code move} hears of a slot given up. */
    int slot(int name, Move move) {
        if (name == lastName) {
            return lastSlot;
        }
        int slot = SHARED;
        if (name >= 0) {
            if (!seen.get(name)) {
                seen.set(name);
                if (metCount == met.length) {
                    met = Arrays.copyOf(met, metCount * 2);
                }
                met[metCount++] = name;
                int free = -1;
                for (int i = 0; i < SHARED && free < 0; i++) {
                    free = slotName[i] < 0 ? i : -1;
                }
                if (free < 0) {
                    free = 0;
                    for (int i = 1; i < SHARED; i++) {
                        if (ticksOf(slotName[i]) < ticksOf(slotName[free])) {
                            free = i;
                        }
                    }
                    slotName[free] = -1;
                    move.move(StateClass.computeIn(free), StateClass.computeIn(SHARED));
                }
                slotName[free] = name;
            }
            for (int i = 0; i < SHARED; i++) {
                if (slotName[i] == name) {
                    slot = i;
                    break;
                }
            }
        }
        lastName = name;
        lastSlot = slot;
        return slot;
    }

    /** Adds compute time of region name {@code name}. */
    void add(int name, long t) {
        if (name >= ticks.length) {
            ticks = Arrays.copyOf(ticks, Math.max(name + 1, 2 * ticks.length));
        }
        ticks[name] += t;
    }

    private double ticksOf(int name) {
        return name >= 0 && name < ticks.length ? ticks[name] : 0;
    }

    /** The class each recorded class stands for, from each name's slot in the timeline ({@code slotOfName}). */
    int[] classMap(int[] identity, int[] slotOfName) {
        int[] map = identity.clone();
        for (int i = 0; i < SHARED; i++) {
            if (slotName[i] >= 0) {
                map[StateClass.computeIn(i)] = StateClass.computeIn(slotOfName[slotName[i]]);
            }
        }
        return map;
    }
}
