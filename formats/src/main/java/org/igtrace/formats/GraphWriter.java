package org.igtrace.formats;

import java.io.IOException;
import java.io.Writer;
import org.igtrace.core.graph.AttributedGraph;

/** Turns an attributed graph into text in one format. */
public interface GraphWriter {
    <V, E> void write(AttributedGraph<V, E> graph, Writer out) throws IOException;
}
