package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.output.InformationGraphAttributes;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.timeline.CallSink;
import org.igtrace.core.timeline.Timeline;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.formats.stats.StatsOutput;
import org.igtrace.formats.stats.Summary;
import org.igtrace.formats.timeline.ChromeJsonWriter;
import org.igtrace.formats.timeline.PerfettoTraceWriter;
import org.igtrace.formats.timeline.SvgTimelineWriter;
import org.igtrace.formats.timeline.TraceEventWriter;
import org.junit.jupiter.api.Test;

/**
 * The outputs of graph, stats, timeline and report name processes by their world ranks (issue 41 item 6, definitions
 * section 2) when --skip-missing analyses only some: here world ranks 0, 1, 7 and 999999, processes 0..3. Process 2
 * (rank 7) sent process 3 (rank 999999) 100 bytes, and process 3 waited 0.5 s for it (late sender); its offset is only
 * bounded. The mapping formats keep the numbers 0..3.
 */
class WorldRankOutputsTest {
    private static final int[] WORLD = {0, 1, 7, 999_999};

    private static TraceProfile profile() {
        int n = WORLD.length;
        long[][] waits = new long[WaitPattern.values().length][n];
        waits[WaitPattern.LATE_SENDER.ordinal()][3] = 500_000_000L; // 0.5 s at 1e9 ticks per second
        boolean[] bounded = new boolean[n];
        bounded[3] = true;
        WaitReport w = new WaitReport(true, true, new long[] {0, 0, 0, 1_000_000}, bounded, 0, 0, 1, 1, waits, 1e9,
                List.of(new WaitReport.PairWait(2, 3, 0.5)), List.of(), 0, 0, List.of());
        List<ProcessProfile> processes = List.of(new ProcessProfile(0, "MPI Rank 0", null, 2.0, 0.5, 1),
                new ProcessProfile(1, "MPI Rank 1", null, 2.0, 0.5, 1), new ProcessProfile(2, "MPI Rank 7", null, 2.0, 0.5, 1),
                new ProcessProfile(3, "MPI Rank 999999", null, 2.0, 1.0, 1));
        return new TraceProfile(processes, List.of(new PairTraffic(0, 1, 50, 1), new PairTraffic(2, 3, 100, 1)), 2, List.of(), w)
                .withWorldRanks(WORLD);
    }

    private static InformationGraph graph() {
        return InformationGraph.build(profile(), EdgeWeight.BYTES, Recalculation.PATH);
    }

    private static String write(OutputFormat format) throws IOException {
        StringWriter out = new StringWriter();
        format.writer().write(InformationGraphAttributes.of(graph(), GraphView.FULL, "t"), out);
        return out.toString();
    }

    @Test
    void graphFormatsNameVerticesByWorldRank() throws IOException {
        String graphml = write(OutputFormat.GRAPHML);
        assertTrue(graphml.contains("<node id=\"n999999\">\n      <data key=\"n_rank\">999999</data>"), graphml);
        assertTrue(graphml.contains("source=\"n7\" target=\"n999999\""), graphml);
        String dot = write(OutputFormat.DOT);
        assertTrue(dot.contains("n999999 [ label=\"999999\\nw=0.500\" rank=\"999999\" "), dot);
        assertTrue(dot.contains("n7 -- n999999"), dot);
        assertTrue(write(OutputFormat.CSV).contains("\n7,999999,"), write(OutputFormat.CSV));
    }

    @Test
    void mappingFormatsKeepDenseNumbers() throws IOException {
        // METIS: 4 vertices numbered 1..4 in ascending world rank; vertex 3 (rank 7) and 4 (rank 999999) are neighbours
        String[] metis = write(OutputFormat.METIS).split("\n");
        assertEquals("4 2 011", metis[2]);
        assertTrue(metis[5].matches("\\d+ 4 \\d+"), metis[5]);
        assertTrue(write(OutputFormat.MTX).contains("\n4 3 100\n"));
    }

    @Test
    void statsNamesRowsAndTheMostWaitingByWorldRank() {
        String text = StatsOutput.text(graph(), null);
        assertTrue(Pattern.compile("(?m)^late sender\\s+500 ms\\s+\\S+\\s+999999\\s+500 ms$").matcher(text).find(), text);
        assertTrue(Pattern.compile("(?m)^\\s*999999 ").matcher(text).find(), text);
        assertTrue(Pattern.compile("(?m)^\\s*7 ").matcher(text).find(), text);
        assertTrue(text.contains("offset of rank 999999 only bounded"), text);
        String json = StatsOutput.json(graph(), "t", null);
        assertTrue(Pattern.compile("\"rank\":\\s*999999").matcher(json).find(), json);
        assertTrue(Pattern.compile("\"most_rank\":\\s*999999").matcher(json).find(), json);
        assertTrue(StatsOutput.csv(graph()).contains("\n999999,"), StatsOutput.csv(graph()));
    }

    @Test
    void theStatsOptionsTablesNameTheWorldRank() {
        TraceProfile p = profile();
        assertTrue(Summary.waitTable(p).stream().anyMatch(l -> l.startsWith("late sender") && l.endsWith("500 ms (999999)")),
                Summary.waitTable(p).toString());
        assertTrue(Summary.efficiencyTable(Efficiency.of(p), p::worldRank).stream().anyMatch(l -> l.startsWith("999999 ")),
                Summary.efficiencyTable(Efficiency.of(p), p::worldRank).toString());
    }

    @Test
    void timelineRowsAreNamedByWorldRank() throws IOException {
        List<Timeline.Row> rows = List.of(new Timeline.Row(2, "", List.of(new Timeline.State(0, 1, 0)), null),
                new Timeline.Row(3, "", List.of(new Timeline.State(0, 1, 0)), null));
        Timeline t = new Timeline(400, 0, 1, rows, List.of(), 0, List.of(), 0, List.of(), false);
        StringWriter svg = new StringWriter();
        SvgTimelineWriter.write(t, "t", List.of(), null, profile()::worldRank, svg);
        assertTrue(svg.toString().contains("data-rank=\"999999\""), svg.toString());
        assertTrue(svg.toString().contains(">rank 999999</text>"), svg.toString());
        assertTrue(svg.toString().contains(">rank 7</text>"), svg.toString());
    }

    /**
     * The trace events name each process by its world rank, and give it the pid world rank + 1 (pid and tid 0 are the
     * idle task's to Perfetto, whose UI reads the JSON too), in the JSON as in the protobuf trace.
     */
    @Test
    void traceEventsUseTheWorldRankAsPidAndName() throws IOException {
        List<TraceEventWriter.Process> processes = List.of(new TraceEventWriter.Process(2, "MPI Rank 7", 7),
                new TraceEventWriter.Process(3, "MPI Rank 999999", 999_999));
        StringWriter json = new StringWriter();
        ChromeJsonWriter chrome = new ChromeJsonWriter(json, processes, 0, 1e9, r -> "main", r -> false);
        chrome.threads(List.of(new CallSink.Thread(3, 0, 0)), 0);
        chrome.location(new CallSink.Thread(3, 0, 0));
        chrome.leave(0, 0, 1000);
        chrome.finish();
        String j = json.toString();
        assertTrue(j.contains("\"pid\":1000000,\"tid\":0,\"args\":{\"name\":\"rank 999999 (MPI Rank 999999)\"}"), j);
        assertTrue(j.contains("\"ph\":\"X\",\"pid\":1000000,\"tid\":1,"), j);
        assertTrue(!j.contains("\"pid\":0,") && !j.contains("\"pid\":999999,"), j);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new PerfettoTraceWriter(bytes, processes, 1e9, r -> "main", r -> false).finish();
        assertTrue(bytes.toString(StandardCharsets.ISO_8859_1).contains("rank 999999 (MPI Rank 999999)"));
    }

    @Test
    void reportSectionsNameTheWorldRank() {
        TraceProfile p = profile();
        StringBuilder h = new StringBuilder();
        ReportSections.topPairs(h, p);
        assertTrue(h.toString().contains("<td>7 - 999999</td>"), h.toString());
        h.setLength(0);
        ReportSections.heatMap(h, p);
        assertTrue(h.toString().contains("data-row=\"999999\" data-column=\"7\""), h.toString());
        assertTrue(h.toString().contains(">999999</text>"), h.toString());
        h.setLength(0);
        ReportSections.processes(h, p.processes(), p.waits(), null, p::worldRank);
        assertTrue(h.toString().contains("<tr><td>999999</td>"), h.toString());
        h.setLength(0);
        ReportSections.efficiency(h, Efficiency.of(p), "pop", p::worldRank);
        assertTrue(h.toString().contains("data-rank=\"999999\""), h.toString());
    }
}
