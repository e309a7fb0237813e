package org.igtrace.formats.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * {@code map} when {@code --skip-missing} analysed processes apart from their world ranks (issue 41 item 6): four
 * processes, world ranks 0, 1, 2 and 999,999, placed on nodes 1, 0, 1, 0. The placement file starts with a comment
 * naming the world ranks of its lines (what {@code --placement} reads back ignores it), the JSON gives each entry's world
 * rank, and the text names them and says why no launcher file is written. Before, nothing told which ranks the four
 * lines were of, and the text proposed {@code mpirun --rankfile FILE -np 4}.
 */
class MapWorldRanksTest {
    private static MapOutput out(int[] worldRanks) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < 4; p++) {
            b.addProcess("p" + p, null);
        }
        if (worldRanks != null) {
            b.worldRanks(worldRanks);
        }
        MapOutput.Scores order = new MapOutput.Scores(new int[] {0, 0, 1, 1}, 8, 4, 1.0);
        MapOutput.Scores proposed = new MapOutput.Scores(new int[] {1, 0, 1, 0}, 4, 2, 0.9);
        return new MapOutput("t.otf2", "ring:2", 2, 2, List.of("node0", "node1"), order, null, proposed, "bisection")
                .withDefinitions(b.build());
    }

    private static String write(MapOutput out, MapOutput.Format f) throws IOException {
        StringWriter w = new StringWriter();
        out.write(f, w);
        return w.toString();
    }

    @Test
    void namesTheWorldRanksPlaced() throws IOException {
        MapOutput out = out(new int[] {0, 1, 2, 999_999});
        assertEquals("# world ranks 0-2, 999999, a line each in this order (--skip-missing left out the others)\n1\n0\n1\n0\n",
                write(out, MapOutput.Format.PLACEMENT));
        assertTrue(write(out, MapOutput.Format.JSON).contains("\"ranks\": [\n    0,\n    1,\n    2,\n    999999\n  ]"),
                write(out, MapOutput.Format.JSON));
        String text = write(out, MapOutput.Format.TEXT);
        assertTrue(text.contains("The ranks placed are world ranks 0-2, 999999: --skip-missing left out the others"), text);
        assertFalse(text.contains("--rankfile"), text);
    }

    @Test
    void wholeTraceAsBefore() throws IOException {
        MapOutput out = out(null);
        assertEquals("1\n0\n1\n0\n", write(out, MapOutput.Format.PLACEMENT));
        assertFalse(write(out, MapOutput.Format.JSON).contains("\"ranks\""));
        assertTrue(write(out, MapOutput.Format.TEXT).contains("mpirun --rankfile FILE -np 4"));
    }
}
