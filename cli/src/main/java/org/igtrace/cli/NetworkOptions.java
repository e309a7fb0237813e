package org.igtrace.cli;

import picocli.CommandLine.Option;

/**
 * The model network's options, shared by {@code predict} and {@code map}: latency, bandwidth,
 * eager limit, and with a topology the latency per hop and the latency and bandwidth between ranks
 * on one node. Values are parsed by {@link Units}; a value it cannot read is a usage error naming
 * the option and the forms it takes.
 */
public final class NetworkOptions {
    @Option(names = "--latency", paramLabel = "TIME", description = "Latency L per message: seconds, or 5us, 2ms, 100ns (default: fitted).")
    String latency;

    @Option(names = "--bandwidth", paramLabel = "RATE", description = "Bandwidth B: bytes/s, or 10GB/s, 800MB/s, 1GiB/s, inf (default: fitted).")
    String bandwidth;

    @Option(names = "--eager-limit", paramLabel = "SIZE", defaultValue = "64KiB",
            description = "Messages of fewer bytes are sent eagerly, others by rendezvous: bytes, or 64KiB, 1MiB (default: ${DEFAULT-VALUE}).")
    String eagerLimit;

    @Option(names = "--hop-latency", paramLabel = "TIME", defaultValue = "0",
            description = "With --topology: latency per hop H, a time as --latency takes (default: 0).")
    String hopLatency;

    @Option(names = "--local-latency", paramLabel = "TIME",
            description = "With --topology: latency between ranks placed on one node, a time as --latency takes (default: --latency).")
    String localLatency;

    @Option(names = "--local-bandwidth", paramLabel = "RATE",
            description = "With --topology: bandwidth between ranks placed on one node, a rate as --bandwidth takes (default: --bandwidth).")
    String localBandwidth;

    /**
     * The options' values, read.
     *
     * @param latency L in seconds, or null when it is to be fitted
     * @param bandwidth B in bytes per second, or null when it is to be fitted
     * @param eagerLimit the eager limit in bytes
     * @param hopLatency H in seconds
     * @param localLatency the latency between ranks on one node, or null for L
     * @param localBandwidth the bandwidth between ranks on one node, or null for B
     */
    record Network(Double latency, Double bandwidth, long eagerLimit, double hopLatency, Double localLatency, Double localBandwidth) {
    }

    /**
     * @return the options' values
     * @throws UsageError when a value is not a time, rate or size as the option takes it
     */
    Network network() throws UsageError {
        return new Network(latency == null ? null : time("--latency", latency), bandwidth == null ? null : rate("--bandwidth", bandwidth),
                size("--eager-limit", eagerLimit), time("--hop-latency", hopLatency),
                localLatency == null ? null : time("--local-latency", localLatency),
                localBandwidth == null ? null : rate("--local-bandwidth", localBandwidth));
    }

    /** @return whether --hop-latency, --local-latency or --local-bandwidth was given (they need a topology) */
    boolean topologyOnlyGiven() throws UsageError {
        return time("--hop-latency", hopLatency) != 0 || localLatency != null || localBandwidth != null;
    }

    static double time(String option, String text) throws UsageError {
        try {
            return Units.time(text);
        } catch (IllegalArgumentException e) {
            throw new UsageError(option + " '" + text + "': expected " + Units.TIME_FORMS);
        }
    }

    static double rate(String option, String text) throws UsageError {
        try {
            return Units.bandwidth(text);
        } catch (IllegalArgumentException e) {
            throw new UsageError(option + " '" + text + "': expected " + Units.BANDWIDTH_FORMS);
        }
    }

    static long size(String option, String text) throws UsageError {
        try {
            return Units.size(text);
        } catch (IllegalArgumentException e) {
            throw new UsageError(option + " '" + text + "': expected " + Units.SIZE_FORMS);
        }
    }
}
