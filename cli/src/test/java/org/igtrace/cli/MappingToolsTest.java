package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every mapping-tool format and the topology output, read back by the real consumer: Scotch's
 * gtst and gmap, METIS's gpmetis, NumPy, SciPy's mmread, networkx. The trace is patterns-8, whose
 * traffic is known by design (testdata/programs/patterns.c): ring pairs {r, r+1} with r even carry
 * 3000 + 2 x 4000 = 11000 bytes in 7 messages (average 11000/7, 1571 as an integer), the other ring
 * pairs 3000 bytes in 3 (1000), pairs {r, r+2} one message of 4000: 16 edges, 88000 bytes.
 */
class MappingToolsTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final String TRACE = TESTDATA.resolve("otf2/patterns-8").toString();
    /** Integer edge loads by design: 4 x 1571 + 4 x 1000 + 8 x 4000, each edge in both arc directions. */
    private static final long ARC_LOAD_SUM = 2 * (4 * 1571 + 4 * 1000 + 8 * 4000);

    @TempDir
    static Path dir;

    @BeforeAll
    static void writeAllFormats() {
        for (String format : new String[] {"scotch", "metis", "matrix", "mtx", "csv"}) {
            assertEquals(0, igtrace(TRACE, "--format", format, "-q", "-o", dir.resolve("p8." + format).toString()).code);
        }
    }

    private record Run(int code, String out) {
    }

    private static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out + err.toString());
    }

    private static Run command(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Run(p.exitValue(), out);
    }

    private static Run python(String script, String... args) throws IOException, InterruptedException {
        List<String> c = new ArrayList<>(List.of("/usr/bin/python3", "-c", script));
        c.addAll(List.of(args));
        return command(c.toArray(new String[0]));
    }

    /** gtst exits 0 even on a file it cannot read, so its counts and the absence of ERROR are what is checked. */
    @Test
    void scotchGtstLoadsTheGraph() throws Exception {
        Run r = command("gtst", dir.resolve("p8.scotch").toString());
        assertFalse(r.out.contains("ERROR"), r.out);
        assertTrue(r.out.contains("Vertex\tnbr=8"), r.out);
        assertTrue(r.out.contains("Edge\tnbr=16"), r.out);
        assertTrue(r.out.contains("sum=" + ARC_LOAD_SUM), r.out);
        assertTrue(r.out.matches("(?s).*Vertex load\tmin=\\d+\tmax=\\d+.*"), r.out);
    }

    /** trace -> scotch -> gmap onto a 2x2 mesh -> --placement: docs/graph.md's example, end to end. */
    @Test
    void gmapMappingComesBackAsPlacement() throws Exception {
        Path target = Files.writeString(dir.resolve("mesh22.tgt"), "mesh2D\n2 2\n");
        Path map = dir.resolve("p8.map");
        Run gmap = command("scotch_gmap", dir.resolve("p8.scotch").toString(), target.toString(), map.toString());
        assertEquals(0, gmap.code, gmap.out);
        List<String> lines = Files.readAllLines(map);
        assertEquals("8", lines.get(0).strip());
        assertEquals(9, lines.size());
        Run placed = igtrace(TRACE, "--topology", "mesh:2x2", "--placement", map.toString(), "-o", dir.resolve("t.graphml").toString());
        assertEquals(0, placed.code, placed.out);
        assertTrue(placed.out.contains("igtrace: topology mesh:2x2 (4 nodes, 4 links): hop-bytes "), placed.out);
    }

    @Test
    void metisPartitionsTheGraph() throws Exception {
        Run r = command("gpmetis", dir.resolve("p8.metis").toString(), "2");
        assertEquals(0, r.code, r.out);
        assertTrue(r.out.contains("#Vertices: 8, #Edges: 16, #Parts: 2"), r.out);
        assertFalse(r.out.contains("Error"), r.out);
        assertEquals(8, Files.readAllLines(dir.resolve("p8.metis.part.2")).size());
    }

    /**
     * testdata/collectives (make-collectives.py: 4 ranks, collectives only, no point-to-point message) gives a METIS file of
     * no edge, valid METIS, which gpmetis refuses ("must be positive", exit 254): a note says so, and that --collectives
     * adds the collectives' traffic, after which gpmetis partitions it.
     */
    @Test
    void aMetisFileOfNoEdgeIsNotedAndCollectivesGiveItEdges() throws Exception {
        Path none = dir.resolve("c.metis");
        Run r = igtrace(TESTDATA.resolve("collectives").toString(), "-o", none.toString());
        assertEquals(0, r.code, r.out);
        assertTrue(r.out.contains("igtrace: note: the graph has no edge (no point-to-point message; --collectives adds the collectives'"
                + " modelled traffic): gpmetis refuses a METIS file of no edge, and every partition costs the same"), r.out);
        Run refused = command("gpmetis", none.toString(), "2");
        assertTrue(refused.code != 0 && refused.out.contains("must be positive"), refused.out);
        Path with = dir.resolve("cc.metis");
        Run c = igtrace(TESTDATA.resolve("collectives").toString(), "--collectives", "-o", with.toString());
        assertEquals(0, c.code, c.out);
        assertFalse(c.out.contains("no edge"), c.out);
        assertEquals(0, command("gpmetis", with.toString(), "2").code);
        // where no collective carries data (make-barriers.py: barriers only) --collectives adds nothing, and is not named
        Run barriers = igtrace(TESTDATA.resolve("barriers").toString(), "-o", dir.resolve("b.metis").toString());
        assertEquals(0, barriers.code, barriers.out);
        assertTrue(barriers.out.contains("igtrace: note: the graph has no edge (no point-to-point message): gpmetis refuses"), barriers.out);
    }

    @Tag("slow")
    @Test
    void numpyReadsTheMatrix() throws Exception {
        Run r = python("import numpy, sys; m = numpy.loadtxt(sys.argv[1], dtype=int); "
                + "print(m.shape, (m == m.T).all(), (m != 0).sum(), m.sum(), m[0][1], m[0][2], m[1][2], m.diagonal().sum())",
                dir.resolve("p8.matrix").toString());
        assertEquals("(8, 8) True 32 " + ARC_LOAD_SUM + " 1571 4000 1000 0", r.out.strip());
    }

    @Tag("slow")
    @Test
    void scipyReadsTheMatrixMarketFile() throws Exception {
        Run r = python("import scipy.io, sys; a = scipy.io.mmread(sys.argv[1]).toarray(); "
                + "print(a.shape, (a != 0).sum(), round(a[0][1] * 7, 6), a[1][0] == a[0][1], a[1][2], a[0][2])",
                dir.resolve("p8.mtx").toString());
        assertEquals("(8, 8) 32 11000.0 True 1000.0 4000.0", r.out.strip());
    }

    @Tag("slow")
    @Test
    void networkxReadsTheCsvEdgeList() throws Exception {
        Run r = python("import csv, sys, networkx as nx\n"
                + "rows = list(csv.DictReader(open(sys.argv[1])))\n"
                + "g = nx.Graph()\n"
                + "for e in rows: g.add_edge(int(e['source']), int(e['target']), bytes=float(e['bytes']), tree=e['tree'])\n"
                + "print(g.number_of_nodes(), g.number_of_edges(), sum(d['bytes'] for _, _, d in g.edges(data=True)), "
                + "sum(1 for _, _, d in g.edges(data=True) if d['tree'] == 'true'), g[0][1]['bytes'], sorted(rows[0].keys())[:3])",
                dir.resolve("p8.csv").toString());
        assertEquals("8 16 88000.0 7 11000.0 ['avg', 'bytes', 'load_bytes']", r.out.strip());
    }

    /**
     * patterns-8 on a 2x2x2 torus: a dimension of 2 is one hop, so hops = differing bits of the two
     * node numbers. Ring pairs 0-1, 2-3, 4-5, 6-7: 1 hop x 11000; 1-2, 5-6: 2 hops, 3-4, 7-0: 3 hops,
     * x 3000; {r, r+2}: 0-2, 1-3, 4-6, 5-7 1 hop, 2-4, 3-5, 6-0, 7-1 2 hops, x 4000.
     * Hop-bytes 44000 + 30000 + 48000 = 122000; neighbouring nodes 44000 + 16000 of 88000.
     */
    @Tag("slow")
    @Test
    void torusProjectionAsNetworkxReadsIt() throws Exception {
        Path graphml = dir.resolve("torus.graphml");
        Run run = igtrace(TRACE, "--topology", "torus:2x2x2", "-o", graphml.toString());
        assertEquals(0, run.code, run.out);
        assertTrue(run.out.contains("hop-bytes 122000,"), run.out);
        assertTrue(run.out.contains("of 88000 bytes 68.2% between neighbouring nodes, 0.0% within a node"), run.out);
        Run r = python("import sys, networkx as nx\n"
                + "g = nx.read_graphml(sys.argv[1])\n"
                + "print(g.number_of_nodes(), g.number_of_edges(), g.graph['hop_bytes'], g.graph['total_bytes'], "
                + "sum(d['load_bytes'] for _, _, d in g.edges(data=True)), g.nodes['n5']['ranks'])",
                graphml.toString());
        assertEquals("8 12 122000.0 88000.0 122000.0 5", r.out.strip());
    }

    @Tag("slow")
    @Test
    void topologyMistakesAreUsageErrors() throws Exception {
        Run r = igtrace(TRACE, "--topology", "hypercube");
        assertEquals(2, r.code);
        assertTrue(r.out.contains("'hypercube' is not a topology"), r.out);
        assertEquals(2, igtrace(TRACE, "--placement", "x").code);
        r = igtrace(TRACE, "--topology", "mesh:2x3");
        assertEquals(2, r.code);
        assertTrue(r.out.startsWith("igtrace: the topology mesh:2x3 has 6 nodes, fewer than the 8 processes"), r.out);
        assertEquals(2, igtrace(TRACE, "--topology", "ring", "--format", "metis").code);
        Path shortFile = Files.writeString(dir.resolve("short.txt"), "0\n1\n");
        r = igtrace(TRACE, "--topology", "ring", "--placement", shortFile.toString());
        assertEquals(1, r.code);
        assertEquals("igtrace: " + shortFile + ": places 2 ranks, the trace has 8 processes", r.out.strip());
        assertFalse(Files.exists(dir.resolve("never.graphml")));
    }
}
