package org.igtrace.core.graph;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitReport;
import org.jgrapht.Graph;

/**
 * The information graph of a trace (paper, section 2): a vertex per process weighted by its
 * compute fraction, an edge per communicating pair weighted by the chosen {@link EdgeWeight}, with
 * its maximum-weight spanning forest and the recalculated tree weights. Plain data:
 * {@link InformationGraphBuilder} computes it; how outputs name and draw it lives in
 * {@code org.igtrace.core.output}.
 */
public final class InformationGraph {
    private final Graph<ProcessProfile, TrafficEdge> graph;
    private final List<ProcessProfile> vertices;
    private final List<TrafficEdge> edges;
    private final EdgeWeight weight;
    private final Recalculation recalculation;
    private final Set<TrafficEdge> tree;
    private final int components;
    private final Map<TrafficEdge, Double> treeWeights;
    private final Map<TrafficEdge, Double> loadBytes;
    private final Map<TrafficEdge, Double> loadMessages;
    private final TraceProfile profile;
    private final WaitReport waits;

    /** The parts, as {@link InformationGraphBuilder} computes them. */
    InformationGraph(TraceProfile profile, EdgeWeight weight, Recalculation recalculation,
                     Graph<ProcessProfile, TrafficEdge> graph, List<TrafficEdge> edges, Set<TrafficEdge> tree, int components,
                     Map<TrafficEdge, Double> treeWeights, Map<TrafficEdge, Double> loadBytes, Map<TrafficEdge, Double> loadMessages) {
        this.profile = profile;
        this.weight = weight;
        this.recalculation = recalculation;
        this.graph = graph;
        this.vertices = profile.processes();
        this.waits = profile.waits();
        this.edges = edges;
        this.tree = tree;
        this.components = components;
        this.treeWeights = treeWeights;
        this.loadBytes = loadBytes;
        this.loadMessages = loadMessages;
    }

    /** Seconds the edge's processes waited for each other; 0 when waits were not analysed. */
    public double waitOf(TrafficEdge e) {
        return waits == null ? 0 : waits.pairWait(e.traffic().a(), e.traffic().b());
    }

    /** Builds the graph, its spanning forest and the recalculated weights ({@link InformationGraphBuilder}). */
    public static InformationGraph build(TraceProfile profile, EdgeWeight weight, Recalculation recalculation) {
        return InformationGraphBuilder.build(profile, weight, recalculation);
    }

    /** As above, with the pairs' seconds of {@link EdgeWeight#CRITICAL} and {@link EdgeWeight#DELAY}. */
    public static InformationGraph build(TraceProfile profile, EdgeWeight weight, Recalculation recalculation, EdgeWeight.PairSeconds seconds) {
        return InformationGraphBuilder.build(profile, weight, recalculation, seconds);
    }

    public Graph<ProcessProfile, TrafficEdge> graph() {
        return graph;
    }

    public TraceProfile profile() {
        return profile;
    }

    /** Every edge, in the order of the profile's pairs. */
    public List<TrafficEdge> edgesInOrder() {
        return java.util.Collections.unmodifiableList(edges);
    }

    public Set<TrafficEdge> tree() {
        return tree;
    }

    public int components() {
        return components;
    }

    public EdgeWeight weight() {
        return weight;
    }

    public Recalculation recalculation() {
        return recalculation;
    }

    public double weightOf(TrafficEdge e) {
        return graph.getEdgeWeight(e);
    }

    /** The recalculated weight of a tree edge (definitions section 6). */
    public double treeWeightOf(TrafficEdge e) {
        return treeWeights.get(e);
    }

    /** Bytes routed over a tree edge: its own plus those of the removed edges whose path uses it. */
    public double loadBytesOf(TrafficEdge e) {
        return loadBytes.get(e);
    }

    /** Messages routed over a tree edge, as {@link #loadBytesOf}. */
    public double loadMessagesOf(TrafficEdge e) {
        return loadMessages.get(e);
    }

    public List<ProcessProfile> vertices() {
        return vertices;
    }

    /** The wait analysis, or null when waits were not analysed. */
    public WaitReport waits() {
        return waits;
    }
}
