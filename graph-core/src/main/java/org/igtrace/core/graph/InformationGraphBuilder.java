package org.igtrace.core.graph;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitReport;

/**
 * Builds an {@link InformationGraph} from a profile: the weighted graph, Prim's maximum spanning
 * forest ({@link PrimMaximumSpanningForest}) and the recalculated tree weights and routed loads
 * ({@link PathRecalculation}, {@link PaperRecalculation}).
 */
public final class InformationGraphBuilder {
    private InformationGraphBuilder() {
    }

    public static InformationGraph build(TraceProfile profile, EdgeWeight weight, Recalculation recalculation) {
        return build(profile, weight, recalculation, null);
    }

    /**
     * As above; {@code seconds} gives the pairs' seconds of {@link EdgeWeight#CRITICAL} and {@link EdgeWeight#DELAY} (null: 0).
     * The graph is held as numbers ({@link IndexedGraph}: vertex i is process i, edge k the k-th pair), each edge's
     * numbers in arrays by its number: no JGraphT graph is built (10^5 processes: its vertex and edge maps were most
     * of the build).
     */
    public static InformationGraph build(TraceProfile profile, EdgeWeight weight, Recalculation recalculation, EdgeWeight.PairSeconds seconds) {
        List<ProcessProfile> vertices = profile.processes();
        WaitReport waits = profile.waits();
        List<PairTraffic> pairs = pairsOf(profile, weight, seconds);
        int n = vertices.size();
        int m = pairs.size();
        List<TrafficEdge> edges = new ArrayList<>(m);
        int[] source = new int[m];
        int[] target = new int[m];
        double[] weights = new double[m];
        for (int k = 0; k < m; k++) {
            PairTraffic pair = pairs.get(k);
            source[k] = Objects.checkIndex(pair.a(), n);
            target[k] = Objects.checkIndex(pair.b(), n);
            double s = weight == EdgeWeight.WAIT ? (waits == null ? 0 : waits.pairWait(pair.a(), pair.b()))
                    : seconds == null ? 0 : seconds.of(pair.a(), pair.b());
            weights[k] = weight.of(pair, s);
            edges.add(new TrafficEdge(pair, k));
        }
        refuseRepeatedPairs(source, target, n);
        IndexedGraph<ProcessProfile, TrafficEdge> indexed = new IndexedGraph<>(List.copyOf(vertices), edges, source, target, weights);
        PrimMaximumSpanningForest<ProcessProfile, TrafficEdge> prim = new PrimMaximumSpanningForest<>(indexed);
        boolean[] inTree = prim.inTree();
        PathRecalculation<ProcessProfile, TrafficEdge> routing = new PathRecalculation<>(indexed, inTree);
        // bytes, messages and (path recalculation) the weights routed in one walk of each path; null is the graph's weight
        List<java.util.function.ToDoubleFunction<TrafficEdge>> values = new ArrayList<>();
        values.add(e -> e.traffic().bytes());
        values.add(e -> e.traffic().messages());
        if (recalculation == Recalculation.PATH) {
            values.add(null);
        }
        double[][] routed = routing.routeNumbered(values);
        double[] treeWeights = switch (recalculation) {
            case PATH -> routed[2];
            case PAPER -> PaperRecalculation.weights(indexed, inTree);
            case NONE -> treeOnly(weights, inTree);
        };
        return new InformationGraph(profile, weight, recalculation, indexed, inTree, prim.componentCount(), treeWeights,
                routed[0], routed[1]);
    }

    /** The weights of the tree edges, 0 elsewhere. */
    private static double[] treeOnly(double[] weights, boolean[] inTree) {
        double[] result = new double[weights.length];
        for (int k = 0; k < weights.length; k++) {
            result[k] = inTree[k] ? weights[k] : 0;
        }
        return result;
    }

    /**
     * A pair given twice is refused, as the simple graph refused a second edge between two vertices: the profile's
     * pairs come in increasing order, so that is one comparison each; others are checked through a set.
     */
    private static void refuseRepeatedPairs(int[] source, int[] target, int n) {
        boolean increasing = true;
        for (int k = 1; k < source.length && increasing; k++) {
            increasing = source[k - 1] < source[k] || source[k - 1] == source[k] && target[k - 1] < target[k];
        }
        if (!increasing) {
            Set<Long> seen = new HashSet<>();
            for (int k = 0; k < source.length; k++) {
                if (!seen.add(WaitReport.pairKey(source[k], target[k]))) {
                    throw new IllegalArgumentException("pair given twice: " + source[k] + ", " + target[k]);
                }
            }
        }
    }

    /**
     * The pairs that become edges: those with traffic, and with a weight in seconds also those
     * that only waited for each other (in collectives), with no bytes and no messages.
     */
    static List<PairTraffic> pairsOf(TraceProfile profile, EdgeWeight weight) {
        return pairsOf(profile, weight, null);
    }

    /** The pairs of traffic; for a weight of seconds, with those that waited and those {@code seconds} adds, of 0 bytes. */
    static List<PairTraffic> pairsOf(TraceProfile profile, EdgeWeight weight, EdgeWeight.PairSeconds seconds) {
        List<int[]> more = seconds == null || !weight.seconds() ? List.of() : seconds.morePairs();
        if (!weight.seconds() || profile.waits() == null && more.isEmpty()) {
            return profile.pairs();
        }
        java.util.TreeMap<Long, PairTraffic> all = new java.util.TreeMap<>();
        for (PairTraffic p : profile.pairs()) {
            all.put(WaitReport.pairKey(p.a(), p.b()), p);
        }
        if (profile.waits() != null) {
            for (WaitReport.PairWait w : profile.waits().pairs()) {
                all.putIfAbsent(WaitReport.pairKey(w.a(), w.b()), new PairTraffic(w.a(), w.b(), 0, 0));
            }
        }
        int n = profile.processes().size();
        for (int[] p : more) {
            int a = Math.min(p[0], p[1]), b = Math.max(p[0], p[1]);
            if (a != b && a >= 0 && b < n) {
                all.putIfAbsent(WaitReport.pairKey(a, b), new PairTraffic(a, b, 0, 0));
            }
        }
        return new ArrayList<>(all.values());
    }

}
