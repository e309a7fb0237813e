package org.igtrace.core.graph;

/** Which edges an output shows (definitions section 7). */
public enum GraphView {
    /** Every edge, tree edges marked. */
    FULL,
    /** Only the spanning tree, with recalculated weights. */
    TREE
}
