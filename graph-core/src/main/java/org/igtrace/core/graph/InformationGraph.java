package org.igtrace.core.graph;

import java.util.List;
import java.util.Set;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitReport;
import org.jgrapht.Graph;
import org.jgrapht.graph.SimpleWeightedGraph;

/**
 * The information graph of a trace (paper, section 2): a vertex per process weighted by its
 * compute fraction, an edge per communicating pair weighted by the chosen {@link EdgeWeight}, with
 * its maximum-weight spanning forest and the recalculated tree weights. Plain data:
 * {@link InformationGraphBuilder} computes it; how outputs name and draw it lives in
 * {@code org.igtrace.core.output}.
 */
public final class InformationGraph {
    private final IndexedGraph<ProcessProfile, TrafficEdge> indexed;
    private Graph<ProcessProfile, TrafficEdge> graph;
    private final List<ProcessProfile> vertices;
    private final List<TrafficEdge> edges;
    private final EdgeWeight weight;
    private final Recalculation recalculation;
    /** Whether each edge (by its number, its position in {@link #edgesInOrder}) is a tree edge. */
    private final boolean[] inTree;
    private final Set<TrafficEdge> tree;
    private final int components;
    /** By edge number, read at tree edges only. */
    private final double[] treeWeights;
    private final double[] loadBytes;
    private final double[] loadMessages;
    private final TraceProfile profile;
    private final WaitReport waits;

    /** The parts, as {@link InformationGraphBuilder} computes them: the numbers of the edges by edge number. */
    InformationGraph(TraceProfile profile, EdgeWeight weight, Recalculation recalculation,
                     IndexedGraph<ProcessProfile, TrafficEdge> indexed, boolean[] inTree, int components,
                     double[] treeWeights, double[] loadBytes, double[] loadMessages) {
        this.profile = profile;
        this.weight = weight;
        this.recalculation = recalculation;
        this.indexed = indexed;
        this.vertices = profile.processes();
        this.waits = profile.waits();
        List<TrafficEdge> all = new java.util.ArrayList<>(indexed.edgeCount());
        for (int k = 0; k < indexed.edgeCount(); k++) {
            all.add(indexed.edge(k));
        }
        this.edges = java.util.Collections.unmodifiableList(all);
        this.inTree = inTree;
        int treeSize = 0;
        for (boolean t : inTree) {
            treeSize += t ? 1 : 0;
        }
        this.tree = new TreeEdges(treeSize);
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

    /** The graph as a JGraphT graph, made at the first call (the analyses and outputs use the numbers held here). */
    public synchronized Graph<ProcessProfile, TrafficEdge> graph() {
        if (graph == null) {
            Graph<ProcessProfile, TrafficEdge> g = new SimpleWeightedGraph<>(TrafficEdge.class);
            vertices.forEach(g::addVertex);
            for (int k = 0; k < edges.size(); k++) {
                g.addEdge(vertices.get(indexed.source(k)), vertices.get(indexed.target(k)), edges.get(k));
                g.setEdgeWeight(edges.get(k), indexed.weight(k));
            }
            graph = g;
        }
        return graph;
    }

    public TraceProfile profile() {
        return profile;
    }

    /** Every edge, in the order of the profile's pairs. */
    public List<TrafficEdge> edgesInOrder() {
        return edges;
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
        return indexed.weight(numberOf(e));
    }

    /** The recalculated weight of a tree edge (definitions section 6). */
    public double treeWeightOf(TrafficEdge e) {
        return treeWeights[treeNumberOf(e)];
    }

    /** Bytes routed over a tree edge: its own plus those of the removed edges whose path uses it. */
    public double loadBytesOf(TrafficEdge e) {
        return loadBytes[treeNumberOf(e)];
    }

    /** Messages routed over a tree edge, as {@link #loadBytesOf}. */
    public double loadMessagesOf(TrafficEdge e) {
        return loadMessages[treeNumberOf(e)];
    }

    /** Whether the edge is one of this graph's, in its spanning forest ({@link #tree()}'s {@code contains}). */
    public boolean inTree(TrafficEdge e) {
        int k = e.number();
        return k >= 0 && k < inTree.length && edges.get(k) == e && inTree[k];
    }

    /** The edge's number, refusing an edge of another graph as JGraphT did. */
    private int numberOf(TrafficEdge e) {
        int k = e.number();
        if (k < 0 || k >= edges.size() || edges.get(k) != e) {
            throw new IllegalArgumentException("no such edge in graph: " + e);
        }
        return k;
    }

    /** The number of a tree edge; any other edge is refused (it has no recalculated weight or load). */
    private int treeNumberOf(TrafficEdge e) {
        int k = numberOf(e);
        if (!inTree[k]) {
            throw new IllegalArgumentException("not a tree edge: " + e);
        }
        return k;
    }

    /** The tree's edges as a set, in the order of {@link #edgesInOrder}; membership is a look-up by number. */
    private final class TreeEdges extends java.util.AbstractSet<TrafficEdge> {
        private final int size;

        TreeEdges(int size) {
            this.size = size;
        }

        @Override
        public boolean contains(Object o) {
            return o instanceof TrafficEdge e && inTree(e);
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public java.util.Iterator<TrafficEdge> iterator() {
            return new java.util.Iterator<>() {
                private int next = advance(0);

                private int advance(int from) {
                    int k = from;
                    while (k < inTree.length && !inTree[k]) {
                        k++;
                    }
                    return k;
                }

                @Override
                public boolean hasNext() {
                    return next < inTree.length;
                }

                @Override
                public TrafficEdge next() {
                    if (!hasNext()) {
                        throw new java.util.NoSuchElementException();
                    }
                    TrafficEdge e = edges.get(next);
                    next = advance(next + 1);
                    return e;
                }
            };
        }
    }

    public List<ProcessProfile> vertices() {
        return vertices;
    }

    /** The wait analysis, or null when waits were not analysed. */
    public WaitReport waits() {
        return waits;
    }
}
