package org.igtrace.formats.simgrid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * The SimGrid export keeps SMPI's ranks dense ({@code smpirun -np n}, rank-0.txt to rank-(n-1).txt) and, when
 * {@code --skip-missing} analysed processes apart from their world ranks, {@code smpirun.sh} names the world rank of
 * each (issue 41 item 6): three processes, world ranks 4, 5 and 999,999. Before, nothing said which they were.
 */
class SimGridWorldRanksTest {
    private static TraceDefinitions definitions(int[] worldRanks) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < 3; p++) {
            b.addProcess("p" + p, null);
        }
        if (worldRanks != null) {
            b.worldRanks(worldRanks);
        }
        return b.build();
    }

    @Test
    void smpirunNamesTheWorldRanks() {
        assertEquals("# SMPI ranks 0-2 (rank-N.txt) are the trace's processes in ascending world rank: world ranks 4-5, 999999"
                + " (--skip-missing left out the others)." + System.lineSeparator(), SimGridExport.worldRanks(definitions(new int[] {4, 5, 999_999}), 3));
        assertEquals("", SimGridExport.worldRanks(definitions(null), 3));
        assertEquals("", SimGridExport.worldRanks(null, 3));
    }
}
