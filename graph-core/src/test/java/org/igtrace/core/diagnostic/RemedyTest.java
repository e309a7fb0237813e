package org.igtrace.core.diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.igtrace.core.topology.Placement;
import org.igtrace.core.topology.Ring;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Core says which remedy, the front end how its user asks for it (issue 35): its messages name no
 * option of the command line. With the remedies named otherwise than the command line names them,
 * the advice names them so, and no "--" option is left in the words.
 */
class RemedyTest {
    @AfterEach
    void restore() {
        Remedy.nameWith(r -> "--" + r.key()); // as the other tests of this module name them
    }

    @Test
    void theAdviceOfCoreNamesTheRemedyAsTheFrontEndDoes() {
        Remedy.nameWith(r -> "<" + r.key() + ">");
        assertEquals("the topology ring:2 has 2 nodes, fewer than the 3 processes; give a larger topology or a <placement> file",
                Placement.rankOrder(3).problemWith(new Ring(2)));
        assertEquals("all traffic is in collective operations (4 calls, no point-to-point message): <collectives> draws it as"
                + " pairwise traffic", Diagnostic.of(DiagnosticKind.COLLECTIVES_ONLY, 4).sentence());
        assertEquals("no point-to-point message, and the 2 collective calls carry no data (barriers and the like): the graph has"
                + " no edges, with or without <collectives>", Diagnostic.of(DiagnosticKind.COLLECTIVES_WITHOUT_DATA_ONLY, 2).sentence());
        assertEquals("no point-to-point message, and the 1 collective call carries no data (barriers and the like): the graph has"
                + " no edges, with or without <collectives>", Diagnostic.of(DiagnosticKind.COLLECTIVES_WITHOUT_DATA_ONLY, 1).sentence());
    }

    @Test
    void withoutAFrontEndARemedyIsNamedByItsKey() {
        assertEquals("skip-missing", Remedy.SKIP_MISSING.key());
        assertEquals("temp-dir", Remedy.TEMP_DIR.key());
    }
}
