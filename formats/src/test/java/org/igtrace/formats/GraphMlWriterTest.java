package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.output.InformationGraphAttributes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The GraphML as networkx (Debian's python3-networkx) reads it. */
class GraphMlWriterTest {
    private static final String NETWORKX_DUMP = String.join("\n",
            "import sys, networkx as nx",
            "g = nx.read_graphml(sys.argv[1])",
            "def show(d): return ' '.join(f'{k}={type(v).__name__}:{v}' for k, v in sorted(d.items()))",
            "print('graph', show({k: v for k, v in g.graph.items() if k not in ('node_default', 'edge_default')}))",
            "for n, d in sorted(g.nodes(data=True)): print('node', n, show(d))",
            "for a, b, d in sorted(g.edges(data=True)): print('edge', *sorted((a, b)), show(d))");

    private static String networkx(Path file) throws Exception {
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", NETWORKX_DUMP, file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    private static Path write(GraphView view, Path dir) throws Exception {
        StringWriter text = new StringWriter();
        new GraphMlWriter().write(InformationGraphAttributes.of(GraphFixtures.small(), view, "t.otf2"), text);
        Path file = dir.resolve(view + ".graphml");
        Files.writeString(file, text.toString());
        return file;
    }

    @Test
    void fullGraphLoadsInNetworkxWithTypedAttributes(@TempDir Path dir) throws Exception {
        String out = networkx(write(GraphView.FULL, dir));
        // w_0 = 1 - 0.5/2 = 0.75; w_3 = 1 (T = 0). networkx shows each GraphML edge id as "id". {0,2} is not in the tree; {0,1} carries {0,2}'s 500 bytes.
        String expected = String.join("\n",
                "graph components=int:1 edge_weight=str:avg edges=int:4 graph=str:full messages=int:10 processes=int:4 recalc=str:path source=str:t.otf2",
                "node n0 comm_time=float:0.5 host=str:node-a label=str:rank \"0\" <a&b> rank=int:0 time=float:2.0 weight=float:0.75",
                "node n1 comm_time=float:1.0 host=str:node-a label=str:MPI Rank 1 rank=int:1 time=float:2.0 weight=float:0.5",
                "node n2 comm_time=float:1.0 label=str:MPI Rank 2 rank=int:2 time=float:4.0 weight=float:0.75",
                "node n3 comm_time=float:0.0 label=str:MPI Rank 3 rank=int:3 time=float:0.0 weight=float:1.0",
                "edge n0 n1 avg=float:1000.0 bytes=float:3000.0 id=str:e0 load_bytes=float:3500.0 load_messages=int:4 messages=int:3 tree=bool:True tree_weight=float:1500.0 weight=float:1000.0",
                "edge n0 n2 avg=float:500.0 bytes=float:500.0 id=str:e1 messages=int:1 tree=bool:False weight=float:500.0",
                "edge n1 n2 avg=float:4000.0 bytes=float:8000.0 id=str:e2 load_bytes=float:8500.0 load_messages=int:3 messages=int:2 tree=bool:True tree_weight=float:4500.0 weight=float:4000.0",
                "edge n2 n3 avg=float:25.0 bytes=float:100.0 id=str:e3 load_bytes=float:100.0 load_messages=int:4 messages=int:4 tree=bool:True tree_weight=float:25.0 weight=float:25.0",
                "");
        org.junit.jupiter.api.Assertions.assertLinesMatch(expected.lines().toList(), out.lines().toList());
    }

    @Test
    void treeGraphCarriesRecalculatedWeights(@TempDir Path dir) throws Exception {
        String out = networkx(write(GraphView.TREE, dir));
        assertEquals(3, out.lines().filter(l -> l.startsWith("edge")).count());
        // In the tree view "weight" is the recalculated weight.
        org.junit.jupiter.api.Assertions.assertTrue(out.contains("edge n0 n1 avg=float:1000.0") && out.contains("tree_weight=float:1500.0 weight=float:1500.0"), out);
    }
}
