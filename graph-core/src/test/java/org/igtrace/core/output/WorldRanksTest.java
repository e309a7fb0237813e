package org.igtrace.core.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.select.SelectionException;
import org.igtrace.core.select.SelectionFilter;
import org.igtrace.core.topology.Placement;
import org.igtrace.core.topology.ProjectedTopology;
import org.igtrace.core.topology.Ring;
import org.igtrace.core.topology.TopologyProjection;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * Processes numbered apart from their world ranks (issue 41 item 6, definitions section 2): --skip-missing on an
 * archive of which only ranks 0, 1, 7 and 999999 are analysed numbers them 0..3; everything a user sees names the world
 * rank, every rank a user gives is one. The world ranks here are the builder's, the numbers 0..3 their places.
 */
class WorldRanksTest {
    private static final int[] WORLD = {0, 1, 7, 999_999};

    // 1000 ticks per second. Regions: 0 main, 1 MPI_Send, 2 MPI_Recv.
    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1000);
        for (int rank : WORLD) {
            b.addProcess("MPI Rank " + rank, null);
        }
        b.addRegion("main", false);
        b.addRegion("MPI_Send", false);
        b.addRegion("MPI_Recv", false);
        b.addCommunicator(new int[] {0, 1, 2, 3});
        return b.worldRanks(WORLD).build();
    }

    /**
     * Process 2 (world rank 7) sends 100 bytes to process 3 (world rank 999999) at tick 50; process 3 has recording
     * switched off from tick 100 to 300 (200 ticks: 200 ms).
     */
    private static TraceProfile profile(Selection selection) {
        TraceDefinitions d = definitions();
        TraceAccumulator acc = new TraceAccumulator(d, false);
        SelectionFilter filter = selection.resolve(d);
        var sink = filter.perLocation(acc);
        for (int p = 0; p < 4; p++) {
            LocationEvents l = sink.location(p, p);
            l.enter(0, 0);
            if (p == 2) {
                l.enter(40, 1);
                l.send(50, 3, 0, 0, 100);
                l.leave(60, 1);
            }
            if (p == 3) {
                l.enter(40, 2);
                l.receive(70, 2, 0, 0, 100);
                l.leave(80, 2);
                l.measurement(100, false);
                l.measurement(300, true);
            }
            l.leave(1000, 0);
            l.end();
        }
        return acc.profile();
    }

    @Test
    void theProfileKnowsEachProcesssWorldRankFromTheDefinitions() {
        TraceProfile p = profile(Selection.ALL);
        assertFalse(p.ranksAreWorldRanks());
        assertEquals(999_999, p.worldRank(3));
        assertEquals(7, p.worldRank(2));
        assertEquals(3, p.processes().get(3).rank(), "a process's rank stays its number in the analyses");
    }

    @Test
    void theNoteOnRecordingSwitchedOffNamesTheWorldRank() {
        String note = profile(Selection.ALL).notes().stream().filter(n -> n.startsWith(TraceAccumulator.RECORDING_OFF)).findFirst()
                .orElseThrow();
        assertTrue(note.contains("on rank 999999 for 200 ms"), note);
    }

    @Test
    void theGraphNamesVerticesByWorldRank() {
        InformationGraph graph = InformationGraph.build(profile(Selection.ALL), EdgeWeight.BYTES, Recalculation.PATH);
        InformationGraphAttributes a = InformationGraphAttributes.of(graph, GraphView.FULL, "t");
        ProcessProfile last = graph.vertices().get(3);
        assertEquals("n999999", a.vertexId(last));
        assertEquals(999_999, a.vertexAttributes(last).get(AttributeNames.RANK));
        assertTrue(a.vertexLabel(last).startsWith("999999\n"), a.vertexLabel(last));
        assertEquals(999_999, a.vertexNumber(last, 3));
        assertEquals("n7", a.vertexId(a.source(a.edges().get(0))));
    }

    @Test
    void theProjectedTopologyListsTheWorldRanksOnANode() {
        TraceProfile p = profile(Selection.ALL);
        ProjectedTopology t = TopologyProjection.project(p, EdgeWeight.BYTES, new Ring(2), Placement.of(new int[] {0, 0, 1, 1}, "test"));
        Map<String, Object> node1 = t.vertexAttributes(1);
        assertEquals("7 999999", node1.get("ranks"));
        assertTrue(t.vertexLabel(1).endsWith("ranks 7 999999"), t.vertexLabel(1));
    }

    @Test
    void aSelectionGivesWorldRanks() {
        TraceDefinitions d = definitions();
        Selection s = Selection.parse(null, "7,999999", null);
        BitSet processes = new BitSet();
        processes.set(2, 4);
        assertEquals(processes, s.processes(d));
        SelectionFilter f = s.resolve(d);
        assertTrue(f.selects(2) && f.selects(3));
        assertFalse(f.selects(0) || f.selects(1));
        // the filter keeps the world ranks' events: the message 7 -> 999999 is kept, so is its traffic
        TraceProfile p = profile(s);
        assertEquals(1, p.pairs().size());
        assertEquals(processes, p.processesOf(s.ranks()));
    }

    @Test
    void aSelectionOfWorldRanksKeepsTheirMessage() {
        // --ranks 7,999999: processes 2 and 3 and the message between them (before: "rank 999999 is not in the trace")
        TraceProfile p = profile(Selection.parse(null, "7,999999", null));
        assertEquals(1, p.pairs().size());
        assertEquals(100, p.pairs().get(0).bytes());
    }

    @Test
    void aWorldRankNotAnalysedIsNotInTheTrace() {
        SelectionException e = assertThrows(SelectionException.class, () -> Selection.parse(null, "0,5", null).resolve(definitions()));
        assertEquals("--ranks: rank 5 is not in the trace, which has 4 processes analysed (ranks 0-1, 7, 999999)", e.messageNaming("--ranks"));
        // world rank 3 is process 3's number, but not a world rank analysed
        assertThrows(SelectionException.class, () -> Selection.parse(null, "3", null).resolve(definitions()));
    }

    @Test
    void everythingIsAsBeforeWhenTheNumbersAreTheWorldRanks() {
        TraceProfile p = new TraceProfile(List.of(), List.of(), 0, List.of(), null, null, new int[] {0, 1, 2});
        assertTrue(p.ranksAreWorldRanks());
        assertEquals(5, p.worldRank(5));
    }
}
