package org.igtrace.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.igtrace.core.util.Labels;

/**
 * Warnings for model values that no machine has, which almost always mean a unit left out
 * ({@code --latency 5} is five seconds a message): one line each, naming the value as igtrace read
 * it and how to give the unit. The run goes on; the values may be meant (a thought experiment).
 */
final class Plausible {
    /** Slower than any network: a message latency of 10 ms or more. */
    static final double MAX_LATENCY = 0.01;
    /** A link of less than 1 MB/s, or more than 10 TB/s. */
    static final double MIN_BANDWIDTH = 1e6;
    static final double MAX_BANDWIDTH = 1e13;

    private Plausible() {
    }

    /**
     * The warnings for the given model values (null: not given).
     *
     * @param latencies  option name and value in seconds, alternating ({@code "--latency", 5.0, ...})
     * @param bandwidths option name and value in bytes per second, alternating
     * @param typed      an option's value as the user typed it (null: not known); the hint to give a unit is added only
     *                   when that text is a bare number
     * @return one line per implausible value, each starting {@code igtrace predict: warning: }
     */
    static List<String> warnings(Object[] latencies, Object[] bandwidths, Function<String, String> typed) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < latencies.length; i += 2) {
            if (latencies[i + 1] instanceof Double l && l >= MAX_LATENCY) {
                lines.add("igtrace predict: warning: " + latencies[i] + " is " + Labels.seconds3(l) + " per message, slower than any network"
                        + (bare(typed.apply((String) latencies[i])) ? " (a number without a unit is seconds: for microseconds give the unit, e.g. "
                                + latencies[i] + " 5us)" : ""));
            }
        }
        for (int i = 0; i < bandwidths.length; i += 2) {
            if (bandwidths[i + 1] instanceof Double b && !Double.isInfinite(b) && (b < MIN_BANDWIDTH || b > MAX_BANDWIDTH)) {
                lines.add("igtrace predict: warning: " + bandwidths[i] + " is " + Labels.bandwidth(b) + (b < MIN_BANDWIDTH
                        ? ", slower than any network" + (bare(typed.apply((String) bandwidths[i]))
                                ? " (a number without a unit is bytes per second: give the unit, e.g. " + bandwidths[i] + " 10GB/s)" : "")
                        : ", faster than any network link"));
            }
        }
        return lines;
    }

    /** Prints {@link #warnings} on {@code err}. */
    static void warn(PrintWriter err, Object[] latencies, Object[] bandwidths, Function<String, String> typed) {
        warnings(latencies, bandwidths, typed).forEach(err::println);
    }

    /** Whether an option's text is a number alone (or not known): the unit may have been forgotten. */
    private static boolean bare(String text) {
        return text == null || text.strip().matches("[0-9.eE+-]+");
    }
}
