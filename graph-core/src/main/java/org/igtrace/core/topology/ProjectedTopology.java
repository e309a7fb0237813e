package org.igtrace.core.topology;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.util.Numbers;

/**
 * The information graph routed over a topology: per link the bytes, messages and weight that
 * cross it and how many process pairs' routes use it; totals of hop-bytes and of traffic that
 * stays on one node, goes between neighbouring nodes, or has no route. As an {@link AttributedGraph}
 * it is the topology itself: a vertex per node, an edge per link.
 */
public final class ProjectedTopology implements AttributedGraph<Integer, Integer> {
    private final Topology topology;
    private final Placement placement;
    private final EdgeWeight weight;
    private final double[] bytes;
    private final long[] messages;
    private final double[] weights;
    private final int[] flows;
    private final double hopBytes;
    private final double totalBytes;
    private final double localBytes;
    private final double neighbourBytes;
    private final double unroutableBytes;
    private final List<Integer> nodes;
    private final List<Integer> links;
    private final List<List<Integer>> ranksOnNode = new ArrayList<>();

    ProjectedTopology(Topology topology, Placement placement, EdgeWeight weight, double[] bytes, long[] messages,
                      double[] weights, int[] flows, double hopBytes, double totalBytes, double localBytes,
                      double neighbourBytes, double unroutableBytes, java.util.function.IntUnaryOperator worldRank) {
        this.topology = topology;
        this.placement = placement;
        this.weight = weight;
        this.bytes = bytes;
        this.messages = messages;
        this.weights = weights;
        this.flows = flows;
        this.hopBytes = hopBytes;
        this.totalBytes = totalBytes;
        this.localBytes = localBytes;
        this.neighbourBytes = neighbourBytes;
        this.unroutableBytes = unroutableBytes;
        this.nodes = IntStream.range(0, topology.nodeCount()).boxed().toList();
        this.links = IntStream.range(0, topology.linkCount()).boxed().toList();
        for (int i = 0; i < topology.nodeCount(); i++) {
            ranksOnNode.add(new ArrayList<>());
        }
        for (int r = 0; r < placement.processes(); r++) {
            ranksOnNode.get(placement.nodeOf(r)).add(worldRank.applyAsInt(r)); // named by world rank (definitions section 2)
        }
    }

    public Topology topology() {
        return topology;
    }

    public double loadBytes(int link) {
        return bytes[link];
    }

    public long loadMessages(int link) {
        return messages[link];
    }

    public double loadWeight(int link) {
        return weights[link];
    }

    public int flows(int link) {
        return flows[link];
    }

    /** Sum over process pairs of bytes x hops between their nodes. */
    public double hopBytes() {
        return hopBytes;
    }

    public double totalBytes() {
        return totalBytes;
    }

    /** Bytes between processes placed on the same node. */
    public double localBytes() {
        return localBytes;
    }

    /** Bytes between processes on neighbouring nodes (one hop). */
    public double neighbourBytes() {
        return neighbourBytes;
    }

    /** Bytes between nodes with no route (different trees of a spanning forest). */
    public double unroutableBytes() {
        return unroutableBytes;
    }

    public double maxLinkLoadBytes() {
        double max = 0;
        for (double b : bytes) {
            max = Math.max(max, b);
        }
        return max;
    }

    public double meanLinkLoadBytes() {
        double sum = 0;
        for (double b : bytes) {
            sum += b;
        }
        return bytes.length == 0 ? 0 : sum / bytes.length;
    }

    /** The {@code k} links with the most bytes, most first (ties: lower link number first); links with none left out. */
    public List<Integer> mostLoadedLinks(int k) {
        return links.stream().filter(l -> bytes[l] > 0)
                .sorted(Comparator.comparingDouble((Integer l) -> -bytes[l]).thenComparingInt(l -> l))
                .limit(k).toList();
    }

    /** A link as {@code a-b} with its nodes' labels. */
    public String linkName(int link) {
        return topology.nodeLabel(topology.linkSource(link)) + "-" + topology.nodeLabel(topology.linkTarget(link));
    }

    @Override
    public List<Integer> vertices() {
        return nodes;
    }

    @Override
    public List<Integer> edges() {
        return links;
    }

    @Override
    public Integer source(Integer link) {
        return topology.linkSource(link);
    }

    @Override
    public Integer target(Integer link) {
        return topology.linkTarget(link);
    }

    @Override
    public String vertexId(Integer node) {
        return "n" + node;
    }

    @Override
    public Map<String, Object> graphAttributes() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("topology", topology.name());
        a.put("placement", placement.description());
        a.put("nodes", topology.nodeCount());
        a.put("links", topology.linkCount());
        a.put("processes", placement.processes());
        a.put("edge_weight", weight.label());
        a.put("hop_bytes", hopBytes);
        a.put("max_link_load_bytes", maxLinkLoadBytes());
        a.put("mean_link_load_bytes", meanLinkLoadBytes());
        a.put("total_bytes", totalBytes);
        a.put("local_bytes", localBytes);
        a.put("neighbour_bytes", neighbourBytes);
        if (unroutableBytes > 0) {
            a.put("unroutable_bytes", unroutableBytes);
        }
        return a;
    }

    @Override
    public Map<String, Object> vertexAttributes(Integer node) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("node", topology.nodeLabel(node));
        a.put("ranks", ranks(node));
        return a;
    }

    private String ranks(int node) {
        StringBuilder s = new StringBuilder();
        for (int r : ranksOnNode.get(node)) {
            s.append(s.length() == 0 ? "" : " ").append(r);
        }
        return s.toString();
    }

    @Override
    public Map<String, Object> edgeAttributes(Integer link) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("load_bytes", bytes[link]);
        a.put("load_messages", messages[link]);
        a.put("load_weight", weights[link]);
        a.put("flows", flows[link]);
        return a;
    }

    @Override
    public String vertexLabel(Integer node) {
        String ranks = ranks(node);
        return topology.nodeLabel(node) + (ranks.isEmpty() ? "" : "\nranks " + ranks);
    }

    @Override
    public String edgeLabel(Integer link) {
        return Numbers.format(bytes[link]);
    }

    /** The most loaded links (all with the maximum load) are drawn bold. */
    @Override
    public boolean emphasised(Integer link) {
        return bytes[link] > 0 && bytes[link] == maxLinkLoadBytes();
    }
}
