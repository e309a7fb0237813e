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
    /** Per region name met, its place in {@link #met}. */
    private int[] metAt;
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
        metAt = new int[Math.max(1, names)];
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
                if (name >= metAt.length) {
                    metAt = Arrays.copyOf(metAt, Math.max(name + 1, 2 * metAt.length));
                }
                metAt[name] = metCount;
                met[metCount++] = name;
                int free = -1;
                for (int i = 0; i < SHARED && free < 0; i++) {
                    free = slotName[i] < 0 ? i : -1;
                }
                if (free < 0) {
                    free = least(-1);
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

    /**
     * The slot of region name {@code name} after its time so far, or {@link #SHARED}: a name in the shared slot whose compute
     * time has grown to more than twice that of the own slot's name with the least takes that slot (whose time recorded
     * until then goes to the shared slot), so a name met late whose time comes late (a long phase after the slots were
     * given out) gets its colour from then on. Twice, not more: two names of about equal time do not trade the slot back
     * and forth (each trade moves a slot's bins), a name needs twice the other's time to take it back. The slot of name
     * {@code keep} is not taken: the state about to start is in it (its class was worked out before this stretch ended).
     */
    int promote(int name, int keep, Move move) {
        for (int i = 0; i < SHARED; i++) {
            if (slotName[i] == name) {
                return i;
            }
        }
        int least = least(keep);
        if (name < 0 || ticksOf(name) <= 2 * ticksOf(slotName[least])) {
            return SHARED;
        }
        move.move(StateClass.computeIn(least), StateClass.computeIn(SHARED));
        slotName[least] = name;
        lastName = Integer.MIN_VALUE;
        return least;
    }

    /**
     * The own slot whose name has the least compute time so far, not {@code keep}'s (-1: any); among equals the one met
     * last, as the legend ranks names of equal time below those met before them (so the slot goes from a name the legend
     * leaves uncoloured).
     */
    private int least(int keep) {
        int least = -1;
        for (int i = 0; i < SHARED; i++) {
            if (slotName[i] == keep && keep >= 0) {
                continue;
            }
            double a = ticksOf(slotName[i]), b = least < 0 ? 0 : ticksOf(slotName[least]);
            if (least < 0 || a < b || a == b && metAt(slotName[i]) > metAt(slotName[least])) {
                least = i;
            }
        }
        return least;
    }

    /** Where {@code name} is in {@link #met} (-1: a free slot's, not met). */
    private int metAt(int name) {
        return name >= 0 && name < metAt.length ? metAt[name] : -1;
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
