package org.igtrace.core.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitReport;
import org.jgrapht.Graph;
import org.jgrapht.graph.SimpleWeightedGraph;

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

    /** As above; {@code seconds} gives the pairs' seconds of {@link EdgeWeight#CRITICAL} and {@link EdgeWeight#DELAY} (null: 0). */
    public static InformationGraph build(TraceProfile profile, EdgeWeight weight, Recalculation recalculation, EdgeWeight.PairSeconds seconds) {
        Graph<ProcessProfile, TrafficEdge> graph = new SimpleWeightedGraph<>(TrafficEdge.class);
        List<ProcessProfile> vertices = profile.processes();
        for (ProcessProfile p : vertices) {
            graph.addVertex(p);
        }
        WaitReport waits = profile.waits();
        List<PairTraffic> pairs = pairsOf(profile, weight);
        List<TrafficEdge> edges = new ArrayList<>(pairs.size());
        for (PairTraffic pair : pairs) {
            TrafficEdge e = new TrafficEdge(pair);
            graph.addEdge(vertices.get(pair.a()), vertices.get(pair.b()), e);
            double s = weight == EdgeWeight.WAIT ? (waits == null ? 0 : waits.pairWait(pair.a(), pair.b()))
                    : seconds == null ? 0 : seconds.of(pair.a(), pair.b());
            graph.setEdgeWeight(e, weight.of(pair, s));
            edges.add(e);
        }
        IndexedGraph<ProcessProfile, TrafficEdge> indexed = new IndexedGraph<>(graph, vertices);
        PrimMaximumSpanningForest<ProcessProfile, TrafficEdge> prim = new PrimMaximumSpanningForest<>(indexed);
        Set<TrafficEdge> tree = Set.copyOf(prim.getSpanningTree().getEdges());
        PathRecalculation<ProcessProfile, TrafficEdge> routing = new PathRecalculation<>(indexed, tree);
        // bytes, messages and (path recalculation) the weights routed in one walk of each path; null is the graph's weight
        List<java.util.function.ToDoubleFunction<TrafficEdge>> values = new ArrayList<>();
        values.add(e -> e.traffic().bytes());
        values.add(e -> e.traffic().messages());
        if (recalculation == Recalculation.PATH) {
            values.add(null);
        }
        List<Map<TrafficEdge, Double>> routed = routing.routeAll(values);
        Map<TrafficEdge, Double> treeWeights = switch (recalculation) {
            case PATH -> routed.get(2);
            case PAPER -> new PaperRecalculation<>(graph, tree).weights();
            case NONE -> tree.stream().collect(Collectors.toMap(e -> e, graph::getEdgeWeight));
        };
        return new InformationGraph(profile, weight, recalculation, graph, edges, tree, prim.componentCount(), treeWeights,
                routed.get(0), routed.get(1));
    }

    /**
     * The pairs that become edges: those with traffic, and with a weight in seconds also those
     * that only waited for each other (in collectives), with no bytes and no messages.
     */
    static List<PairTraffic> pairsOf(TraceProfile profile, EdgeWeight weight) {
        if (!weight.seconds() || profile.waits() == null) {
            return profile.pairs();
        }
        java.util.TreeMap<Long, PairTraffic> all = new java.util.TreeMap<>();
        for (PairTraffic p : profile.pairs()) {
            all.put(WaitReport.pairKey(p.a(), p.b()), p);
        }
        for (WaitReport.PairWait w : profile.waits().pairs()) {
            all.putIfAbsent(WaitReport.pairKey(w.a(), w.b()), new PairTraffic(w.a(), w.b(), 0, 0));
        }
        return new ArrayList<>(all.values());
    }

}
