package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Input that is accepted but almost surely not meant gets a one-line note (issue 39, item 4). */
class ImplausibleInputTest {
    private static final String TRACE = SubcommandsTest.trace("pi-4");

    @TempDir
    Path dir;

    @Test
    void anExtensionNoFormatClaimsIsNoted() throws Exception {
        Path png = dir.resolve("graph.png");
        SubcommandsTest.Run graph = SubcommandsTest.igtrace(TRACE, "-q", "-o", png.toString());
        assertEquals(0, graph.code(), graph.err());
        assertTrue(graph.err().contains("igtrace: warning: " + png + " will hold graphml: no format of this command writes .png"), graph.err());
        assertTrue(Files.readString(png).startsWith("<?xml"), "the file is still written, as GraphML");
        Path svg = dir.resolve("report.svg");
        SubcommandsTest.Run report = SubcommandsTest.igtrace("report", TRACE, "-q", "-o", svg.toString());
        assertTrue(report.err().contains(svg + " will hold the HTML report: no format of this command writes .svg (.htm, .html do)\n"),
                report.err()); // no --format to suggest: the report has none
        // why and map write text into a file of any name too; but a file named .rankfile gets map's rankfile (Open MPI's
        // "rank R=HOST slot=S" lines), as .json gets its JSON
        Path rankfile = dir.resolve("app.rankfile");
        SubcommandsTest.Run map = SubcommandsTest.igtrace("map", TRACE, "--topology", "ring", "-q", "-o", rankfile.toString());
        assertEquals(0, map.code(), map.err());
        assertTrue(!map.err().contains("warning"), map.err());
        assertTrue(Files.readString(rankfile).startsWith("rank 0="), Files.readString(rankfile));
        SubcommandsTest.Run mapText = SubcommandsTest.igtrace("map", TRACE, "--topology", "ring", "-q", "-o", dir.resolve("map.csv").toString());
        assertTrue(mapText.err().contains("will hold text: no format of this command writes .csv"), mapText.err());
        SubcommandsTest.Run why = SubcommandsTest.igtrace("why", TRACE, "-q", "-o", dir.resolve("why.csv").toString());
        assertTrue(why.err().contains("will hold text: no format of this command writes .csv"), why.err());
    }

    @Test
    void aClaimedExtensionOrAGivenFormatIsNotNoted() {
        for (String[] args : new String[][] {{TRACE, "-q", "-o", dir.resolve("g.dot").toString()},
                {TRACE, "-q", "--format", "dot", "-o", dir.resolve("g.txt").toString()},
                {"stats", TRACE, "-q", "-o", dir.resolve("s.json").toString()}}) {
            SubcommandsTest.Run run = SubcommandsTest.igtrace(args);
            assertEquals(0, run.code(), run.err());
            assertFalse(run.err().contains("note:"), run.err());
        }
    }

    @Test
    void aLatencyOrBandwidthWithoutUnitIsWarnedAbout() {
        // 5 alone is 5 s a message (the unit forgotten: 5us meant); 100 alone is 100 B/s
        SubcommandsTest.Run predict = SubcommandsTest.igtrace("predict", TRACE, "-q", "--latency", "5", "--bandwidth", "100");
        assertEquals(0, predict.code(), predict.err());
        assertTrue(predict.err().contains("igtrace predict: warning: --latency is 5.00 s per message, slower than any network "
                + "(a number without a unit is seconds: for microseconds give the unit, e.g. --latency 5us)"), predict.err());
        // with a unit the warning stands (10 ms a message is slower than any network), its hint no longer says one is missing
        SubcommandsTest.Run slow = SubcommandsTest.igtrace("predict", TRACE, "-q", "--latency", "10ms", "--bandwidth", "1B/s");
        assertEquals(0, slow.code(), slow.err());
        assertTrue(slow.err().contains("igtrace predict: warning: --latency is 10.0 ms per message, slower than any network\n"),
                slow.err());
        // 1 B/s is shown in bytes (it was 0.00100 kB/s)
        assertTrue(slow.err().contains("igtrace predict: warning: --bandwidth is 1.00 B/s, slower than any network\n"), slow.err());
        assertFalse(slow.err().contains("without a unit"), slow.err());
        assertTrue(predict.err().contains("igtrace predict: warning: --bandwidth is "), predict.err());
        SubcommandsTest.Run sane = SubcommandsTest.igtrace("predict", TRACE, "-q", "--latency", "5us", "--bandwidth", "10GB/s");
        assertFalse(sane.err().contains("warning"), sane.err());
    }
}
