package org.igtrace.core.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/** The timeline's compute colours, given out by share of time over the locations drawn (issue 39, item 8). */
final class SlotOrder {
    private SlotOrder() {
    }

    /**
     * Gives the compute colours out by share of time (issue 39, item 8): the region names in the order of their compute
     * time, summed over the locations drawn (equal times in the order the names are first met when the locations are taken
     * in definition order, each in its own event order: the same whatever the reading threads did); the first {@code
     * COMPUTE_REGIONS - 1} get colours of their own, the rest share the last ("other regions"). Returns the recorders in
     * that location order.
     *
     * @param locations the locations read
     * @param names     the distinct region names, by index
     * @param slotNames filled with the names with a colour, by slot
     * @return the recorders in location order
     */
    static List<TimelineBuilder.Recorder> order(java.util.Collection<TimelineBuilder.Recorder> locations, List<String> names,
                                                List<String> slotNames) {
        List<TimelineBuilder.Recorder> ordered = new ArrayList<>(locations);
        ordered.sort(java.util.Comparator.comparingLong(r -> r.order));
        List<Integer> met = new ArrayList<>();
        BitSet seen = new BitSet();
        double[] time = new double[names.size()];
        for (TimelineBuilder.Recorder r : ordered) {
            for (int i = 0; i < r.slots.metCount; i++) {
                int name = r.slots.met[i];
                if (!seen.get(name)) {
                    seen.set(name);
                    met.add(name);
                }
            }
            double[] ticks = r.slots.ticks;
            for (int name = 0; name < ticks.length && name < time.length; name++) {
                time[name] += ticks[name]; // a name never added holds 0: its sum unchanged
            }
            if (r.idleWorker && r.outsideName >= 0 && r.outsideName < time.length) {
                time[r.outsideName] -= r.outsideTicks; // an idle worker's time is not drawn: it earns its region no colour
            }
        }
        List<Integer> bySize = new ArrayList<>(met); // stable: equal times keep the order met
        bySize.sort((a, b) -> Double.compare(time[b], time[a]));
        int[] slotOfName = new int[names.size()];
        Arrays.fill(slotOfName, StateClass.COMPUTE_REGIONS - 1);
        slotNames.clear();
        for (int name : bySize) {
            slotOfName[name] = Math.min(slotNames.size(), StateClass.COMPUTE_REGIONS - 1);
            slotNames.add(names.get(name)); // beyond the last colour: "other regions" in the legend
        }
        for (TimelineBuilder.Recorder r : ordered) {
            r.mapClasses(slotOfName);
        }
        return ordered;
    }
}
