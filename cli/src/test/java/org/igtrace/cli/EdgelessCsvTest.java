package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The CSV's header names every edge column whether or not the graph has an edge: otf2/quiet-4 sends no point-to-point
 * message (otf2-print: no MPI_SEND or MPI_ISEND event), and its header was "source,target" alone, so a script reading the
 * weight column failed on it.
 */
class EdgelessCsvTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    private static String csv(String trace) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), TESTDATA.resolve(trace).toString(), "--format", "csv", "-q"),
                err.toString());
        return out.toString();
    }

    @Test
    void anEdgelessGraphHasTheHeaderOfAnyOther() {
        String edgeless = csv("otf2/quiet-4");
        String withEdges = csv("otf2/patterns-8");
        assertEquals(1, edgeless.lines().count(), edgeless);
        assertEquals(withEdges.lines().findFirst().orElseThrow(), edgeless.strip());
        assertEquals("source,target,weight,bytes,messages,avg,wait,unmatched_sends,unmatched_receives,tree,tree_weight,load_bytes,"
                + "load_messages", edgeless.strip());
    }
}
