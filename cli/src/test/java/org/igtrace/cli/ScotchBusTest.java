package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * map's Scotch column on a bus: the target igtrace built for Scotch kept only links between nodes that hold ranks, and a
 * bus's links all go to its medium, so Scotch mapped onto nodes with no link between them (patterns-8 on bus:2, 4 slots a
 * node: hop-bytes 66000, three times rank order's). The target is now Scotch's weighted complete graph. On a bus every
 * byte between two nodes crosses one step, so the least hop-bytes of 8 ranks on 2 nodes of 4 slots is the least cut of
 * the graph's bytes into two halves of 4 ranks, found here over all 35 halvings from the graph's CSV. Needs Scotch.
 */
@Tag("slow")
class ScotchBusTest {
    private static final String TRACE = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath()
            .resolve("otf2/patterns-8").toString();

    private static String out(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    @Test
    void scotchOnABusFindsTheLeastCut() {
        long[][] bytes = new long[8][8];
        List<String> csv = out(TRACE, "--format", "csv", "-q").lines().toList();
        assertEquals("source,target,weight,bytes", csv.get(0).substring(0, "source,target,weight,bytes".length()));
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",");
            int a = Integer.parseInt(f[0]), b = Integer.parseInt(f[1]);
            bytes[a][b] += Long.parseLong(f[3]);
        }
        long least = Long.MAX_VALUE;
        for (int set = 0; set < 256; set++) {
            if (Integer.bitCount(set) != 4 || (set & 1) == 0) { // halves with rank 0 in the first: each halving once
                continue;
            }
            long cut = 0;
            for (int a = 0; a < 8; a++) {
                for (int b = 0; b < 8; b++) {
                    cut += ((set >> a & 1) != (set >> b & 1)) ? bytes[a][b] : 0;
                }
            }
            least = Math.min(least, cut);
        }
        String json = out("map", TRACE, "--topology", "bus:2", "--slots", "4", "--format", "json", "-q");
        Matcher m = Pattern.compile("\"scotch\": \\{\\s*\"hop_bytes\": (\\d+)").matcher(json);
        assertTrue(m.find(), json);
        assertEquals(least, Long.parseLong(m.group(1)), json);
    }
}
