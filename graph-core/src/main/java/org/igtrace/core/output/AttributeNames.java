package org.igtrace.core.output;

/**
 * The names under which outputs carry the information graph's data (definitions section 7,
 * docs/graph.md): the one place they are spelled. Writers that
 * need one (the mapping formats read {@link #WEIGHT}; DOT renames it) use these constants.
 */
public final class AttributeNames {
    private AttributeNames() {
    }

    // graph
    public static final String SOURCE = "source";
    public static final String GRAPH = "graph";
    public static final String PROCESSES = "processes";
    public static final String EDGES = "edges";
    public static final String COMPONENTS = "components";
    public static final String MESSAGES = "messages";
    public static final String EDGE_WEIGHT = "edge_weight";
    public static final String RECALC = "recalc";
    public static final String CLOCK_CORRECTION = "clock_correction";
    public static final String CLOCK_DRIFT = "clock_drift";
    public static final String CLOCK_CONFLICTS = "clock_conflicts";
    public static final String CLOCK_CONFLICTS_AFTER = "clock_conflicts_after";
    public static final String MATCHED_MESSAGES = "matched_messages";
    public static final String WAIT = "wait";
    /** Vertices and edges, with --weight critical or delay (definitions section 14). */
    public static final String CRITICAL = "critical";
    public static final String DELAY = "delay";
    // vertices
    public static final String RANK = "rank";
    public static final String LABEL = "label";
    public static final String HOST = "host";
    public static final String WEIGHT = "weight";
    public static final String TIME = "time";
    public static final String COMM_TIME = "comm_time";
    public static final String CLOCK_OFFSET = "clock_offset";
    // edges (also WEIGHT, MESSAGES, WAIT)
    public static final String BYTES = "bytes";
    public static final String AVG = "avg";
    public static final String UNMATCHED_SENDS = "unmatched_sends";
    public static final String UNMATCHED_RECEIVES = "unmatched_receives";
    public static final String TREE = "tree";
    public static final String TREE_WEIGHT = "tree_weight";
    public static final String LOAD_BYTES = "load_bytes";
    public static final String LOAD_MESSAGES = "load_messages";
}
