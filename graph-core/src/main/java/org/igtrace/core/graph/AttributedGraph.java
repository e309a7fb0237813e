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

    /**
     * The number a one-edge-a-line output (CSV) writes for the vertex at {@code position} in {@link #vertices()}: by
     * default the position; an information graph gives the process's world rank.
     */
    default int vertexNumber(V vertex, int position) {
        return position;
    }

    Map<String, Object> graphAttributes();

    Map<String, Object> vertexAttributes(V vertex);

    /**
     * The vertex's attributes handed to {@code into} one by one, typed, in the order of {@link #vertexAttributes(Object)}:
     * what a writer that formats each value once takes instead of a map (10^5 processes: a map and a boxed value per
     * attribute made 2.9 million entries). By default read from the map.
     */
    default void vertexAttributes(V vertex, Attributes into) {
        Attributes.putAll(vertexAttributes(vertex), into);
    }

    /** As {@link #vertexAttributes(Object, Attributes)}, for an edge. */
    default void edgeAttributes(E edge, Attributes into) {
        Attributes.putAll(edgeAttributes(edge), into);
    }

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

    /**
     * The keys an edge of this graph would have, for a writer whose header names them when the graph has no edge (a
     * CSV's columns: an edgeless run's header was {@code source,target} alone). By default none.
     *
     * @return the keys in {@link #edgeAttributes}' order
     */
    default List<String> edgeKeysWithoutEdges() {
        return List.of();
    }

    /** The text a drawing shows on the vertex. */
    String vertexLabel(V vertex);

    /** The text a drawing shows on the edge. */
    String edgeLabel(E edge);

    /** Whether a drawing emphasises the edge (tree edges in a full graph). */
    boolean emphasised(E edge);

    /**
     * Takes an element's attributes one by one, each with the type its map value would have: {@code putInt} for an
     * {@link Integer}, {@code putLong} a {@link Long}, {@code putDouble} a {@link Double}, {@code putBoolean} a
     * {@link Boolean}, {@code putValue} anything else (a {@link String}).
     */
    interface Attributes {
        void putInt(String key, int value);

        void putLong(String key, long value);

        void putDouble(String key, double value);

        void putBoolean(String key, boolean value);

        void putValue(String key, Object value);

        /** Each entry of {@code values}, in its order, by its value's type. */
        static void putAll(Map<String, ?> values, Attributes into) {
            for (Map.Entry<String, ?> a : values.entrySet()) {
                Object v = a.getValue();
                if (v instanceof Integer i) {
                    into.putInt(a.getKey(), i);
                } else if (v instanceof Long l) {
                    into.putLong(a.getKey(), l);
                } else if (v instanceof Double d) {
                    into.putDouble(a.getKey(), d);
                } else if (v instanceof Boolean b) {
                    into.putBoolean(a.getKey(), b);
                } else {
                    into.putValue(a.getKey(), v);
                }
            }
        }

        /** The attributes put into a map, boxed, in their order: a writer's map of an element. */
        static Attributes into(Map<String, Object> map) {
            return new Attributes() {
                @Override
                public void putInt(String key, int value) {
                    map.put(key, value);
                }

                @Override
                public void putLong(String key, long value) {
                    map.put(key, value);
                }

                @Override
                public void putDouble(String key, double value) {
                    map.put(key, value);
                }

                @Override
                public void putBoolean(String key, boolean value) {
                    map.put(key, value);
                }

                @Override
                public void putValue(String key, Object value) {
                    map.put(key, value);
                }
            };
        }
    }
}
