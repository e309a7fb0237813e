package org.igtrace.cli;

import picocli.CommandLine.Option;

/**
 * The model network's options, shared by {@code predict} and {@code map}: latency, bandwidth,
 * eager limit, and with a topology the latency per hop and the latency and bandwidth between ranks
 * on one node. Values are read by {@link Units}' converters; a value they cannot read is a usage error naming
 * the option and the forms it takes.
 */
public final class NetworkOptions {
    @Option(names = "--latency", paramLabel = "TIME", converter = Units.Time.class,
            description = "Latency L per message: seconds, or 5us, 2ms, 100ns (default: fitted).")
    Double latency;

    @Option(names = "--bandwidth", paramLabel = "RATE", converter = Units.Rate.class,
            description = "Bandwidth B: bytes/s, or 10GB/s, 800MB/s, 1GiB/s, inf (default: fitted).")
    Double bandwidth;

    @Option(names = "--eager-limit", paramLabel = "SIZE", defaultValue = "64KiB", converter = Units.Size.class,
            description = "Messages of fewer bytes are sent eagerly, others by rendezvous: bytes, or 64KiB, 1MiB (default: ${DEFAULT-VALUE}).")
    long eagerLimit;

    @Option(names = "--hop-latency", paramLabel = "TIME", defaultValue = "0", converter = Units.Time.class,
            description = "With --topology: latency per hop H, a time as --latency takes (default: 0).")
    double hopLatency;

    @Option(names = "--local-latency", paramLabel = "TIME", converter = Units.Time.class,
            description = "With --topology: latency between ranks placed on one node, a time as --latency takes (default: --latency).")
    Double localLatency;

    @Option(names = "--local-bandwidth", paramLabel = "RATE", converter = Units.Rate.class,
            description = "With --topology: bandwidth between ranks placed on one node, a rate as --bandwidth takes (default: --bandwidth).")
    Double localBandwidth;

    /** @return whether --hop-latency, --local-latency or --local-bandwidth was given (they need a topology) */
    boolean topologyOnlyGiven() {
        return hopLatency != 0 || localLatency != null || localBandwidth != null;
    }

    /**
     * The model machine these options and {@code cpuRatio}, {@code contention} and a sweep ask for, without a network
     * (see {@link org.igtrace.core.predict.ModelRequest#withNetwork}).
     */
    org.igtrace.core.predict.ModelRequest request(double cpuRatio, boolean contention, org.igtrace.formats.predict.Sweep sweep) {
        return new org.igtrace.core.predict.ModelRequest(latency, bandwidth, eagerLimit, cpuRatio, hopLatency, localLatency, localBandwidth,
                null, contention, sweep == null ? null : sweep.parameter(), sweep == null ? null : sweep.values());
    }
}
