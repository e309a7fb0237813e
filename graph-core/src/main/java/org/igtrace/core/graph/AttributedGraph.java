package org.igtrace.core.graph;

import java.util.List;
import java.util.Map;

/**
 * A graph as a writer sees it: vertices and edges in output order, each with named attributes
 * whose values are {@link Integer}, {@link Long}, {@link Double}, {@link Boolean} or
 * {@link String}. Writers format; they compute nothing.
 */
public interface AttributedGraph<V, E> {
    List<V> vertices();

    List<E> edges();

    V source(E edge);

    V target(E edge);

    /** A stable identifier for the vertex in the output (e.g. its rank). */
    String vertexId(V vertex);

    Map<String, Object> graphAttributes();

    Map<String, Object> vertexAttributes(V vertex);

    /** As {@link #edgesForKeys()}, for the vertices' keys: by default every vertex. */
    default List<V> verticesForKeys() {
        return vertices();
    }

    Map<String, Object> edgeAttributes(E edge);

    /**
     * Edges whose attributes hold, taken in this order, every key that {@link #edgeAttributes} gives any edge, each met
     * first in the same order as over {@link #edges()} and with a value of the same type: what a writer that declares
     * its keys before the edges (GraphML) looks at. By default every edge; a graph whose edges' keys follow from a
     * few facts gives one edge of each kind (10^5 processes: 293,500 edges' attributes made once, not twice).
     */
    default List<E> edgesForKeys() {
        return edges();
    }

    /** The text a drawing shows on the vertex. */
    String vertexLabel(V vertex);

    /** The text a drawing shows on the edge. */
    String edgeLabel(E edge);

    /** Whether a drawing emphasises the edge (tree edges in a full graph). */
    boolean emphasised(E edge);
}
