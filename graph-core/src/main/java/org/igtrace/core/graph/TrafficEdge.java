package org.igtrace.core.graph;

import org.igtrace.core.profile.PairTraffic;

/**
 * An edge of the information graph: the traffic of one pair of processes. Edges compare by
 * identity, as JGraphT requires of edge objects.
 */
public final class TrafficEdge {
    private final PairTraffic traffic;
    /** Its position in the graph's edges ({@link InformationGraph#edgesInOrder}), -1 when made outside a graph. */
    private final int number;

    public TrafficEdge(PairTraffic traffic) {
        this(traffic, -1);
    }

    TrafficEdge(PairTraffic traffic, int number) {
        this.traffic = traffic;
        this.number = number;
    }

    int number() {
        return number;
    }

    public PairTraffic traffic() {
        return traffic;
    }

    @Override
    public String toString() {
        return "{" + traffic.a() + "," + traffic.b() + "}";
    }
}
