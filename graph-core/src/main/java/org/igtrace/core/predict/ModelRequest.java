package org.igtrace.core.predict;

import java.util.List;
import org.igtrace.core.replay.CollectiveCalibration;
import org.igtrace.core.replay.NetworkCalibration;
import org.igtrace.core.replay.ReplayParameters;

/**
 * The model machine asked for (definitions section 9): what is given and what the calibration is to fit, and the
 * parameter a sweep varies.
 *
 * @param latency        L in seconds, or null: fitted to the trace
 * @param bandwidth      B in bytes per second, or null: fitted
 * @param eagerLimit     E in bytes
 * @param cpuRatio       r
 * @param hopLatency     H in seconds (with a network)
 * @param localLatency   the latency between ranks of one node, or null: L
 * @param localBandwidth the bandwidth between ranks of one node, or null: B
 * @param network        the topology with the ranks' placement, or null: none
 * @param contention     whether endpoint contention is modelled
 * @param swept          the parameter a sweep varies ({@link #LATENCY}, {@link #BANDWIDTH}, {@link #CPU_RATIO}), or null: no sweep
 * @param sweptValues    its values, in their order (null without a sweep)
 */
public record ModelRequest(Double latency, Double bandwidth, long eagerLimit, double cpuRatio, double hopLatency, Double localLatency,
                           Double localBandwidth, ReplayParameters.Network network, boolean contention, String swept,
                           double[] sweptValues) {
    /** The names of the parameters a sweep varies. */
    public static final String LATENCY = "latency", BANDWIDTH = "bandwidth", CPU_RATIO = "cpu-ratio";

    /** This request on {@code n}'s topology and placement. */
    public ModelRequest withNetwork(ReplayParameters.Network n) {
        return new ModelRequest(latency, bandwidth, eagerLimit, cpuRatio, hopLatency, localLatency, localBandwidth, n, contention, swept,
                sweptValues);
    }

    /** Whether L or B is neither given nor swept, so that the network is fitted to the trace. */
    public boolean needsCalibration() {
        String s = swept == null ? "" : swept;
        return latency == null && !s.equals(LATENCY) || bandwidth == null && !s.equals(BANDWIDTH);
    }

    /** The latency or bandwidth of the model before a sweep varies it: given, fitted, or the sweep's first value. */
    private double base(Double given, double fitted, String parameter) {
        return given != null ? given : swept != null && swept.equals(parameter) ? sweptValues[0] : fitted;
    }

    /** The model: the network given or fitted ({@code fit}, null: none), each collective family's fit, contention if asked. */
    public ReplayParameters model(NetworkCalibration.Fit fit, List<CollectiveCalibration.FamilyFit> collectiveFits) {
        double l = base(latency, fit == null ? 0 : fit.latency(), LATENCY);
        double b = base(bandwidth, fit == null ? 0 : fit.bandwidth(), BANDWIDTH);
        ReplayParameters p = new ReplayParameters(l, b, eagerLimit, cpuRatio, hopLatency, network,
                localLatency != null ? localLatency : l, localBandwidth != null ? localBandwidth : b);
        if (!collectiveFits.isEmpty()) {
            p = p.withCollectives(CollectiveCalibration.network(collectiveFits));
        }
        return contention ? p.withContention(true) : p;
    }

    /** The models of the sweep made from {@code base}, in the order of its values; {@code base} alone without a sweep. */
    public List<ReplayParameters> models(ReplayParameters base) {
        if (swept == null) {
            return List.of(base);
        }
        ReplayParameters[] out = new ReplayParameters[sweptValues.length];
        for (int i = 0; i < out.length; i++) {
            double v = sweptValues[i];
            out[i] = switch (swept) {
                case LATENCY -> base.withLatency(v);
                case BANDWIDTH -> base.withBandwidth(v);
                default -> base.withCpuRatio(v);
            };
        }
        return List.of(out);
    }

    /**
     * Whether the model is the trace's own fitted network: no option changes the machine (docs/predict.md, "Self-prediction"),
     * the eager limit included (--eager-limit 4MiB sent scorep-ping-pong's 2 MiB messages eagerly, and the warning that the
     * replay missed the run by 34 % blamed time inside MPI the trace cannot show).
     */
    boolean selfReplay(NetworkCalibration.Fit fit) {
        return fit != null && latency == null && bandwidth == null && swept == null && cpuRatio == 1 && hopLatency == 0 && network == null
                && !contention && eagerLimit == org.igtrace.core.replay.ReplayParameters.DEFAULT_EAGER_LIMIT;
    }
}
