package org.igtrace.core.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.util.Numbers;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.jgrapht.Graph;
import org.jgrapht.graph.SimpleWeightedGraph;

/**
 * The information graph of a trace (paper, section 2): a vertex per process weighted by its
 * compute fraction, an edge per communicating pair weighted by the chosen {@link EdgeWeight}, with
 * its maximum-weight spanning forest and the recalculated tree weights.
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

    private InformationGraph(TraceProfile profile, EdgeWeight weight, Recalculation recalculation) {
        this.profile = profile;
        this.weight = weight;
        this.recalculation = recalculation;
        this.graph = new SimpleWeightedGraph<>(TrafficEdge.class);
        this.vertices = profile.processes();
        for (ProcessProfile p : vertices) {
            graph.addVertex(p);
        }
        this.waits = profile.waits();
        List<PairTraffic> pairs = pairsOf(profile, weight);
        this.edges = new ArrayList<>(pairs.size());
        for (PairTraffic pair : pairs) {
            TrafficEdge e = new TrafficEdge(pair);
            graph.addEdge(vertices.get(pair.a()), vertices.get(pair.b()), e);
            graph.setEdgeWeight(e, weight.of(pair, waitOf(e)));
            edges.add(e);
        }
        PrimMaximumSpanningForest<ProcessProfile, TrafficEdge> prim = new PrimMaximumSpanningForest<>(graph, vertices);
        this.tree = Set.copyOf(prim.getSpanningTree().getEdges());
        this.components = prim.componentCount();
        PathRecalculation<ProcessProfile, TrafficEdge> routing = new PathRecalculation<>(graph, tree, vertices);
        this.loadBytes = routing.route(e -> e.traffic().bytes());
        this.loadMessages = routing.route(e -> e.traffic().messages());
        this.treeWeights = switch (recalculation) {
            case PATH -> routing.route(graph::getEdgeWeight);
            case PAPER -> new PaperRecalculation<>(graph, tree).weights();
            case NONE -> tree.stream().collect(java.util.stream.Collectors.toMap(e -> e, graph::getEdgeWeight));
        };
    }

    /**
     * The pairs that become edges: those with traffic, and with {@link EdgeWeight#WAIT} also those
     * that only waited for each other (in collectives), with no bytes and no messages.
     */
    private static List<PairTraffic> pairsOf(TraceProfile profile, EdgeWeight weight) {
        if (weight != EdgeWeight.WAIT || profile.waits() == null) {
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

    /** Seconds the edge's processes waited for each other; 0 when waits were not analysed. */
    public double waitOf(TrafficEdge e) {
        return waits == null ? 0 : waits.pairWait(e.traffic().a(), e.traffic().b());
    }

    /** Builds the graph, its spanning forest and the recalculated weights. */
    public static InformationGraph build(TraceProfile profile, EdgeWeight weight, Recalculation recalculation) {
        return new InformationGraph(profile, weight, recalculation);
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

    /** The recalculated weight of a tree edge (SPEC section 6). */
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

    /**
     * The graph as an output shows it.
     *
     * @param view       every edge, or only the tree
     * @param sourceName the trace's path, written as graph data
     */
    public AttributedGraph<ProcessProfile, TrafficEdge> view(GraphView view, String sourceName) {
        return new View(view, sourceName);
    }

    private Map<Long, long[]> unmatched;

    /** {unmatched sends, unmatched receives} between the edge's processes, both directions. */
    private long[] unmatchedOf(TrafficEdge e) {
        if (unmatched == null) {
            unmatched = waits.unmatchedIndex();
        }
        return unmatched.getOrDefault(WaitReport.pairKey(e.traffic().a(), e.traffic().b()), new long[2]);
    }

    private final class View implements AttributedGraph<ProcessProfile, TrafficEdge> {
        private final GraphView view;
        private final String sourceName;
        private final List<TrafficEdge> shown;

        View(GraphView view, String sourceName) {
            this.view = view;
            this.sourceName = sourceName;
            this.shown = view == GraphView.FULL ? edges : edges.stream().filter(tree::contains).toList();
        }

        @Override
        public List<ProcessProfile> vertices() {
            return vertices;
        }

        @Override
        public List<TrafficEdge> edges() {
            return shown;
        }

        @Override
        public ProcessProfile source(TrafficEdge edge) {
            return vertices.get(edge.traffic().a());
        }

        @Override
        public ProcessProfile target(TrafficEdge edge) {
            return vertices.get(edge.traffic().b());
        }

        @Override
        public String vertexId(ProcessProfile vertex) {
            return "n" + vertex.rank();
        }

        @Override
        public Map<String, Object> graphAttributes() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("source", sourceName);
            a.put("graph", view.name().toLowerCase(java.util.Locale.ROOT));
            a.put("processes", vertices.size());
            a.put("edges", shown.size());
            a.put("components", components);
            a.put("messages", profile.messages());
            a.put("edge_weight", weight.label());
            a.put("recalc", recalculation.label());
            if (waits != null) {
                a.put("clock_correction", waits.corrected() ? "offsets" : "none");
                a.put("clock_drift", !waits.settled());
                a.put("clock_conflicts", waits.conflictsBefore());
                a.put("clock_conflicts_after", waits.conflictsAfter());
                a.put("matched_messages", waits.matchedMessages());
                a.put("wait", waits.total());
            }
            return a;
        }

        @Override
        public Map<String, Object> vertexAttributes(ProcessProfile p) {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("rank", p.rank());
            a.put("label", p.name());
            if (p.host() != null) {
                a.put("host", p.host());
            }
            a.put("weight", p.computeFraction());
            a.put("time", p.time());
            a.put("comm_time", p.commTime());
            if (waits != null) {
                a.put("clock_offset", waits.offset(p.rank()));
                for (WaitPattern pattern : WaitPattern.values()) {
                    a.put(pattern.attribute(), waits.seconds(pattern, p.rank()));
                }
                a.put("wait", waits.total(p.rank()));
            }
            return a;
        }

        @Override
        public Map<String, Object> edgeAttributes(TrafficEdge e) {
            Map<String, Object> a = new LinkedHashMap<>();
            boolean inTree = tree.contains(e);
            a.put("weight", view == GraphView.TREE ? treeWeightOf(e) : weightOf(e));
            a.put("bytes", e.traffic().bytes());
            a.put("messages", e.traffic().messages());
            a.put("avg", e.traffic().averageBytes());
            if (waits != null) {
                a.put("wait", waitOf(e));
                long[] unmatched = unmatchedOf(e);
                a.put("unmatched_sends", unmatched[0]);
                a.put("unmatched_receives", unmatched[1]);
            }
            a.put("tree", inTree);
            if (inTree) {
                a.put("tree_weight", treeWeightOf(e));
                a.put("load_bytes", loadBytesOf(e));
                a.put("load_messages", Math.round(loadMessagesOf(e)));
            }
            return a;
        }

        @Override
        public String vertexLabel(ProcessProfile p) {
            return p.rank() + "\nw=" + Numbers.format(Math.round(p.computeFraction() * 1000) / 1000.0);
        }

        @Override
        public String edgeLabel(TrafficEdge e) {
            double w = view == GraphView.TREE ? treeWeightOf(e) : weightOf(e);
            // seconds of waiting to the microsecond; byte and message weights as they are
            return Numbers.format(weight == EdgeWeight.WAIT ? Math.round(w * 1e6) / 1e6 : w);
        }

        @Override
        public boolean emphasised(TrafficEdge e) {
            return view == GraphView.FULL && tree.contains(e);
        }
    }
}
