package org.igtrace.core.output;

import static org.igtrace.core.output.AttributeNames.*;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.graph.AttributedGraph.Attributes;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.TrafficEdge;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.util.Labels;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;

/**
 * The information graph as outputs show it: the graph, vertex and edge attribute providers (names
 * from {@link AttributeNames}), the drawing labels ({@link Labels}) and which edges a drawing
 * emphasises (tree edges of a full graph). The model ({@link InformationGraph}) knows none of it.
 */
public final class InformationGraphAttributes implements AttributedGraph<ProcessProfile, TrafficEdge> {
    private final InformationGraph graph;
    private final GraphView view;
    private final String sourceName;
    private final List<TrafficEdge> shown;
    private final WaitReport waits;
    private Map<Long, long[]> unmatched;
    private Efficiency efficiency;
    /** definitions section 14's numbers, or null: per process compute on the critical path and delay caused, per pair seconds. */
    private double[] vertexCritical;
    private double[] vertexDelay;
    private EdgeWeight.PairSeconds edgeCritical;
    private EdgeWeight.PairSeconds edgeDelay;

    private InformationGraphAttributes(InformationGraph graph, GraphView view, String sourceName) {
        this.graph = graph;
        this.view = view;
        this.sourceName = sourceName;
        this.waits = graph.waits();
        this.shown = view == GraphView.FULL ? graph.edgesInOrder() : graph.edgesInOrder().stream().filter(graph::inTree).toList();
    }

    /**
     * @param view       every edge, or only the tree
     * @param sourceName the trace's path, written as graph data
     */
    public static InformationGraphAttributes of(InformationGraph graph, GraphView view, String sourceName) {
        return new InformationGraphAttributes(graph, view, sourceName);
    }

    /**
     * These attributes with {@code critical} and {@code delay} on every vertex (its compute on the critical path, the
     * delay cost it caused, seconds, by rank) and edge (its messages' time on the path, its waiting).
     */
    public InformationGraphAttributes withPath(double[] critical, double[] delay, EdgeWeight.PairSeconds criticalPairs,
                                               EdgeWeight.PairSeconds delayPairs) {
        this.vertexCritical = critical.clone();
        this.vertexDelay = delay.clone();
        this.edgeCritical = criticalPairs;
        this.edgeDelay = delayPairs;
        return this;
    }

    @Override
    public List<ProcessProfile> vertices() {
        return graph.vertices();
    }

    @Override
    public List<TrafficEdge> edges() {
        return shown;
    }

    @Override
    public ProcessProfile source(TrafficEdge edge) {
        return graph.vertices().get(edge.traffic().a());
    }

    @Override
    public ProcessProfile target(TrafficEdge edge) {
        return graph.vertices().get(edge.traffic().b());
    }

    /** {@code n} and the vertex's world rank ({@link TraceProfile#worldRank}). */
    @Override
    public String vertexId(ProcessProfile vertex) {
        return "n" + worldRank(vertex);
    }

    /** The vertex's world rank: what the one-edge-a-line formats write as an edge's end. */
    @Override
    public int vertexNumber(ProcessProfile vertex, int position) {
        return worldRank(vertex);
    }

    /** The process's world rank, the number every output names it by (its number, on every trace read whole). */
    private int worldRank(ProcessProfile p) {
        return graph.profile().worldRank(p.rank());
    }

    @Override
    public Map<String, Object> graphAttributes() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(SOURCE, sourceName);
        a.put(GRAPH, view.name().toLowerCase(Locale.ROOT));
        a.put(PROCESSES, graph.vertices().size());
        a.put(EDGES, shown.size());
        a.put(COMPONENTS, graph.components());
        a.put(MESSAGES, graph.profile().messages());
        a.put(EDGE_WEIGHT, graph.weight().label());
        a.put(RECALC, graph.recalculation().label());
        if (waits != null) {
            a.put(CLOCK_CORRECTION, waits.corrected() ? "offsets" : "none");
            a.put(CLOCK_DRIFT, !waits.settled());
            a.put(CLOCK_CONFLICTS, waits.conflictsBefore());
            a.put(CLOCK_CONFLICTS_AFTER, waits.conflictsAfter());
            a.put(MATCHED_MESSAGES, waits.matchedMessages());
            a.put(WAIT, waits.total());
            a.putAll(efficiency().graphAttributes());
        }
        return a;
    }

    /**
     * The first vertex of each kind, in order: a vertex's keys (and their values' types) follow from whether it has a
     * host, an efficiency row, OpenMP times in that row, the path's numbers, and its files being left out (no more than
     * its rank, label and host: {@link #vertexAttributes}), so a vertex
     * of a kind met before adds no key, and these give the keys all vertices give, in the same order.
     */
    @Override
    public List<ProcessProfile> verticesForKeys() {
        List<ProcessProfile> firsts = new java.util.ArrayList<>();
        boolean[] seen = new boolean[32];
        for (ProcessProfile p : graph.vertices()) {
            int row = waits == null ? -1 : efficiencyIndex(p);
            int kind = (p.host() != null ? 1 : 0) | (row >= 0 ? 2 : 0) | (row >= 0 && efficiency().processes().get(row).openMp() != null ? 4 : 0)
                    | (vertexCritical != null && p.rank() < vertexCritical.length ? 8 : 0) | (p.leftOut() ? 16 : 0);
            if (!seen[kind]) {
                seen[kind] = true;
                firsts.add(p);
            }
        }
        return firsts;
    }

    @Override
    public Map<String, Object> vertexAttributes(ProcessProfile p) {
        Map<String, Object> a = new LinkedHashMap<>(64); // up to 29 keys
        vertexAttributes(p, Attributes.into(a));
        return a;
    }

    @Override
    public void vertexAttributes(ProcessProfile p, Attributes a) {
        a.putInt(RANK, worldRank(p));
        a.putValue(LABEL, p.name());
        if (p.host() != null) {
            a.putValue(HOST, p.host());
        }
        if (p.leftOut()) {
            // its files were left out (--skip-missing): its times, waits and offset are unknown, not 0, and its w not
            // 1 (a process that computed all the time: the heaviest vertex for Gephi, load 1000 for Scotch); the
            // mapping formats give a vertex without a weight load 1 (definitions section 2)
            return;
        }
        a.putDouble(WEIGHT, p.computeFraction());
        a.putDouble(TIME, p.time());
        a.putDouble(COMM_TIME, p.commTime());
        if (waits != null) {
            a.putDouble(CLOCK_OFFSET, waits.offset(p.rank()));
            for (WaitPattern pattern : PATTERNS) {
                a.putDouble(pattern.attribute(), waits.seconds(pattern, p.rank()));
            }
            a.putDouble(WAIT, waits.total(p.rank()));
            int row = efficiencyIndex(p);
            if (row >= 0) {
                efficiency().vertexAttributes(row, a::putDouble); // none for a process a --ranks selection left out
            }
        }
        if (vertexCritical != null && p.rank() < vertexCritical.length) {
            a.putDouble(CRITICAL, vertexCritical[p.rank()]);
            a.putDouble(DELAY, vertexDelay[p.rank()]);
        }
    }

    /**
     * The first edge, and the first after it that differs from it in being in the tree or not: an edge's keys (and
     * their values' types) follow from that alone ({@link #edgeAttributes}; the waits and the path are the graph's), a
     * tree edge's keys being a non-tree edge's with the tree's three after them.
     */
    @Override
    public List<TrafficEdge> edgesForKeys() {
        if (shown.isEmpty()) {
            return shown;
        }
        boolean firstInTree = graph.inTree(shown.get(0));
        for (TrafficEdge e : shown) {
            if (graph.inTree(e) != firstInTree) {
                return List.of(shown.get(0), e);
            }
        }
        return List.of(shown.get(0));
    }

    /** Every key {@link #edgeAttributes} gives a tree edge of this graph, in its order. */
    @Override
    public List<String> edgeKeysWithoutEdges() {
        List<String> keys = new java.util.ArrayList<>(List.of(WEIGHT, BYTES, MESSAGES, AVG));
        if (waits != null) {
            keys.addAll(List.of(WAIT, UNMATCHED_SENDS, UNMATCHED_RECEIVES));
        }
        if (edgeCritical != null) {
            keys.addAll(List.of(CRITICAL, DELAY));
        }
        keys.addAll(List.of(TREE, TREE_WEIGHT, LOAD_BYTES, LOAD_MESSAGES));
        return keys;
    }

    @Override
    public Map<String, Object> edgeAttributes(TrafficEdge e) {
        Map<String, Object> a = new LinkedHashMap<>(32); // up to 15 keys: no resize at the default's 12
        edgeAttributes(e, Attributes.into(a));
        return a;
    }

    @Override
    public void edgeAttributes(TrafficEdge e, Attributes a) {
        boolean inTree = graph.inTree(e);
        a.putDouble(WEIGHT, shownWeight(e));
        a.putDouble(BYTES, e.traffic().bytes());
        a.putLong(MESSAGES, e.traffic().messages());
        a.putDouble(AVG, e.traffic().averageBytes());
        if (waits != null) {
            a.putDouble(WAIT, graph.waitOf(e));
            long[] u = unmatchedOf(e);
            a.putLong(UNMATCHED_SENDS, u[0]);
            a.putLong(UNMATCHED_RECEIVES, u[1]);
        }
        if (edgeCritical != null) {
            a.putDouble(CRITICAL, edgeCritical.of(e.traffic().a(), e.traffic().b()));
            a.putDouble(DELAY, edgeDelay.of(e.traffic().a(), e.traffic().b()));
        }
        a.putBoolean(TREE, inTree);
        if (inTree) {
            a.putDouble(TREE_WEIGHT, graph.treeWeightOf(e));
            a.putDouble(LOAD_BYTES, graph.loadBytesOf(e));
            a.putLong(LOAD_MESSAGES, Math.round(graph.loadMessagesOf(e)));
        }
    }

    /**
     * {@code 3\nw=0.812}: the (world) rank and its compute fraction to 3 decimals ({@code w=0.980}, not {@code w=0.98});
     * {@code 3\nnot read} for a process whose files were left out, {@code 3\nnot selected} for one {@code --ranks} left out
     * (its w is 1 by the definitions, T = 0, which drawn read as a process that computed all the time).
     */
    @Override
    public String vertexLabel(ProcessProfile p) {
        if (p.leftOut()) {
            return worldRank(p) + "\nnot read";
        }
        if (!graph.profile().selected(p.rank())) {
            return worldRank(p) + "\nnot selected";
        }
        return worldRank(p) + "\nw=" + Labels.fraction(p.computeFraction());
    }

    /** The shown weight with its unit: {@code 18.2 KB}, {@code 24 msg}, {@code 51.8 ms}. */
    @Override
    public String edgeLabel(TrafficEdge e) {
        double w = shownWeight(e);
        EdgeWeight kind = graph.weight();
        return kind.seconds() ? Labels.seconds(w) : kind == EdgeWeight.MESSAGES ? Labels.messages(w) : Labels.bytes(w);
    }

    @Override
    public boolean emphasised(TrafficEdge e) {
        return view == GraphView.FULL && graph.inTree(e);
    }

    private double shownWeight(TrafficEdge e) {
        return view == GraphView.TREE ? graph.treeWeightOf(e) : graph.weightOf(e);
    }

    /** definitions section 10's efficiency and lost time: they need the waits, so only outputs with waits carry them. */
    private Efficiency efficiency() {
        if (efficiency == null) {
            efficiency = Efficiency.of(graph.profile());
        }
        return efficiency;
    }

    /** The position of {@code p} among the efficiency's processes (its rank when every rank 0..n-1 is there), or -1. */
    private int efficiencyIndex(ProcessProfile p) {
        List<Efficiency.ProcessEfficiency> rows = efficiency().processes();
        if (p.rank() < rows.size() && rows.get(p.rank()).rank() == p.rank()) {
            return p.rank();
        }
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).rank() == p.rank()) {
                return i;
            }
        }
        return -1;
    }

    /** {unmatched sends, unmatched receives} between the edge's processes, both directions. */
    private long[] unmatchedOf(TrafficEdge e) {
        if (unmatched == null) {
            unmatched = waits.unmatchedIndex();
        }
        return unmatched.isEmpty() ? NONE_UNMATCHED : unmatched.getOrDefault(WaitReport.pairKey(e.traffic().a(), e.traffic().b()), NONE_UNMATCHED);
    }

    private static final WaitPattern[] PATTERNS = WaitPattern.values();

    /** No unmatched ends (read, never written). */
    private static final long[] NONE_UNMATCHED = new long[2];
}
