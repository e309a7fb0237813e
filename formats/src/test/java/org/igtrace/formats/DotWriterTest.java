package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.output.InformationGraphAttributes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The DOT as Graphviz's dot renders it. */
class DotWriterTest {

    private static String dot(GraphView view) throws Exception {
        StringWriter text = new StringWriter();
        new DotWriter().write(InformationGraphAttributes.of(GraphFixtures.small(), view, "t.otf2"), text);
        return text.toString();
    }

    @ParameterizedTest
    @EnumSource(GraphView.class)
    void rendersWithDotWithoutWarnings(GraphView view) throws Exception {
        Process p = new ProcessBuilder("dot", "-Tsvg").start();
        p.getOutputStream().write(dot(view).getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String svg = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String warnings = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        assertEquals("", warnings);
        assertTrue(svg.contains("<svg"));
    }

    @ParameterizedTest
    @EnumSource(GraphView.class)
    void treeEdgesAreBoldOnlyInTheFullGraph(GraphView view) throws Exception {
        String text = dot(view);
        assertTrue(text.startsWith("strict graph igtrace {"), text);
        long bold = text.lines().filter(l -> l.contains("style=\"bold\" penwidth=\"3\"")).count();
        assertEquals(view == GraphView.FULL ? 3 : 0, bold);
        assertEquals(view == GraphView.FULL ? 4 : 3, text.lines().filter(l -> l.contains(" -- ")).count());
        // w_0 = 0.75 in the node label, to 3 decimals; {0,1}'s avg 1000 B labelled "1 KB", in the tree view its recalculated 1500 B "1.5 KB".
        assertTrue(text.contains("n0 [ label=\"0\\nw=0.750\" rank=\"0\""), text);
        // data attributes follow the drawing ones; weight travels as w, the graph's own attributes quoted
        assertTrue(text.contains(" w=\"0.75\" "), text);
        // the process's name, GraphML's label, travels as process_name (pydot reads no attribute "name"; the DOT label is the drawing's): it was left out
        assertTrue(text.contains(" process_name=\"rank \\\"0\\\" <a&b>\" "), text);
        assertTrue(text.contains("\"graph\"=\"" + view.name().toLowerCase(java.util.Locale.ROOT) + "\";"), text);
        assertTrue(text.contains(view == GraphView.FULL ? "n0 -- n1 [ label=\"1 KB\"" : "n0 -- n1 [ label=\"1.5 KB\""), text);
    }
}
