package org.igtrace.core.topology;

import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.TraceProfile;

/**
 * Routes every edge of the information graph over a topology (the paper's reduction to other
 * networks): each pair's bytes, messages and weight are added to every link of the route between
 * the nodes its two processes are placed on, from the lower rank's node to the higher's. Pairs
 * placed on one node use no link. Also sums hop-bytes (bytes x hops over all pairs).
 */
public final class TopologyProjection {
    private TopologyProjection() {
    }

    public static ProjectedTopology project(TraceProfile profile, EdgeWeight weight, Topology topology, Placement placement) {
        int links = topology.linkCount();
        double[] bytes = new double[links];
        long[] messages = new long[links];
        double[] weights = new double[links];
        int[] flows = new int[links];
        double hopBytes = 0, total = 0, local = 0, neighbours = 0, unroutable = 0;
        for (PairTraffic pair : profile.pairs()) {
            int from = placement.nodeOf(pair.a()), to = placement.nodeOf(pair.b());
            total += pair.bytes();
            if (from == to) {
                local += pair.bytes();
                continue;
            }
            double w = weight.of(pair, profile.waits() == null ? 0 : profile.waits().pairWait(pair.a(), pair.b()));
            int routed = topology.route(from, to, link -> {
                bytes[link] += pair.bytes();
                messages[link] += pair.messages();
                weights[link] += w;
                flows[link]++;
            });
            if (routed == 0) {
                unroutable += pair.bytes();
                continue;
            }
            int hops = topology.hops(from, to);
            hopBytes += pair.bytes() * hops;
            if (hops == 1) {
                neighbours += pair.bytes();
            }
        }
        return new ProjectedTopology(topology, placement, weight, bytes, messages, weights, flows, hopBytes, total, local,
                neighbours, unroutable, profile::worldRank);
    }
}
