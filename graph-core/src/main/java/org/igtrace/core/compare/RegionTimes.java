package org.igtrace.core.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Each process's compute per user region, by region name (several region definitions may carry one name:
 * one row).
 *
 * @param names   the region names, by compute summed over processes, largest first (ties by name)
 * @param seconds per name (same order), per process (rank order)
 */
public record RegionTimes(List<String> names, double[][] seconds) {
    public RegionTimes {
        names = List.copyOf(names);
    }

    /**
     * The times of {@code ticks[process][region]} (region by its definition number), named by {@code name}, in
     * seconds at {@code ticksPerSecond}.
     */
    public static RegionTimes of(long[][] ticks, IntFunction<String> name, double ticksPerSecond) {
        int processes = ticks.length;
        List<String> names = new ArrayList<>();
        List<double[]> rows = new ArrayList<>();
        for (int p = 0; p < processes; p++) {
            for (int g = 0; g < ticks[p].length; g++) {
                if (ticks[p][g] == 0) {
                    continue;
                }
                int i = names.indexOf(name.apply(g));
                if (i < 0) {
                    names.add(name.apply(g));
                    rows.add(new double[processes]);
                    i = names.size() - 1;
                }
                rows.get(i)[p] += ticks[p][g] / ticksPerSecond;
            }
        }
        Integer[] order = new Integer[names.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.<Integer>comparingDouble(i -> -Arrays.stream(rows.get(i)).sum()).thenComparing(names::get));
        return new RegionTimes(Arrays.stream(order).map(names::get).toList(), Arrays.stream(order).map(rows::get).toArray(double[][]::new));
    }

    /** The compute of region {@code name} on process {@code rank}; 0 for a name or rank not here. */
    public double of(String name, int rank) {
        int i = names.indexOf(name);
        return i < 0 || rank < 0 || rank >= seconds[i].length ? 0 : seconds[i][rank];
    }

    /** The compute of region {@code name} summed over processes; 0 for a name not here. */
    public double total(String name) {
        return total(name, p -> true);
    }

    /**
     * @param name a region name
     * @param kept which processes count
     * @return the compute of region {@code name} summed over the processes {@code kept}; 0 for a name not here or no
     *         process kept
     */
    public double total(String name, java.util.function.IntPredicate kept) {
        int i = names.indexOf(name);
        // a stream's sum, as before there was a choice (compensated: the same total to the last bit)
        return i < 0 ? 0 : java.util.stream.IntStream.range(0, seconds[i].length).filter(kept).mapToDouble(p -> seconds[i][p]).sum();
    }
}
