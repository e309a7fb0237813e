package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.igtrace.core.topology.Placement;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.formats.map.MapOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code map} and {@code --placement} when {@code --skip-missing} analysed processes apart from their world ranks
 * (issue 41 item 6): three processes, world ranks 0, 1 and 999,999. A launcher file (rankfile, mpich, slurm) is refused
 * before any event, naming the formats that can be written: it would leave out 999,997 ranks of the run and not
 * launch (before, map wrote "rank 2=..." for world rank 999,999); placement, json and text are written. A placement
 * file read back has a line per process analysed, in ascending world rank, and a wrong count names those world ranks;
 * {@code --centre} is a world rank (999,999 is process 2; 5 was not analysed).
 */
class MapWorldRanksCheckTest {
    @TempDir
    Path dir;

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
    void launcherFilesAreRefusedWhenRanksWereLeftOutBetween() {
        TraceDefinitions sparse = definitions(new int[] {0, 1, 999_999});
        UsageError e = assertThrows(UsageError.class, () -> MapCommand.launchable(MapOutput.Format.RANKFILE, sparse));
        // world rank 999,999: 10^6 processes declared at least
        assertEquals("--format rankfile: --skip-missing analysed 3 processes of the 1000000 declared (world ranks 0-1, 999999),"
                + " and a launcher file must place every rank of the run: read every process's files for one that"
                + " launches, or write --format placement, json or text for the ranks analysed", e.getMessage());
        assertThrows(UsageError.class, () -> MapCommand.launchable(MapOutput.Format.MPICH, sparse));
        assertThrows(UsageError.class, () -> MapCommand.launchable(MapOutput.Format.SLURM, sparse));
        MapCommand.launchable(MapOutput.Format.PLACEMENT, sparse);
        MapCommand.launchable(MapOutput.Format.JSON, sparse);
        MapCommand.launchable(MapOutput.Format.RANKFILE, definitions(null));
    }

    @Test
    void centreIsAWorldRank() {
        TraceDefinitions sparse = definitions(new int[] {0, 1, 999_999});
        TopologyOptions t = new TopologyOptions();
        t.spec = org.igtrace.core.topology.TopologySpec.parse("star");
        t.centre = 999_999;
        assertEquals(2, t.centre(sparse));
        t.checkBefore(sparse);
        t.centre = 5;
        UsageError e = assertThrows(UsageError.class, () -> t.centre(sparse));
        assertEquals("--centre 5: no process of that world rank was analysed (world ranks 0-1, 999999; --skip-missing left out"
                + " the others)", e.getMessage());
        t.centre = 2;
        assertEquals(2, t.centre(definitions(null)));
    }

    @Test
    void placementFileHasALinePerProcessAnalysed() throws Exception {
        TraceDefinitions sparse = definitions(new int[] {0, 1, 999_999});
        Path file = Files.writeString(dir.resolve("p.txt"), "# world ranks 0-1, 999999\n2\n0\n1\n");
        Placement p = PlacementFile.read(file, sparse);
        assertEquals(1, p.nodeOf(2));
        Path two = Files.writeString(dir.resolve("two.txt"), "2\n0\n");
        Failure f = assertThrows(Failure.class, () -> PlacementFile.read(two, sparse));
        assertEquals(two + ": places 2 ranks, the trace has 3 processes (world ranks 0-1, 999999, a line each in this order:"
                + " --skip-missing left out the others)", f.getMessage());
        Path word = Files.writeString(dir.resolve("word.txt"), "2\n0\n1 2\n");
        f = assertThrows(Failure.class, () -> PlacementFile.read(word, sparse));
        assertEquals(word + ": line for rank 999999 should hold one node number, found '1 2'", f.getMessage());
        f = assertThrows(Failure.class, () -> PlacementFile.read(two, definitions(null)));
        assertEquals(two + ": places 2 ranks, the trace has 3 processes", f.getMessage());
    }
}
