package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --skip-missing} on an OTF trace that declares 1,000 MPI processes (ids 1 to 3e8, rank r = id r + 1)
 * and lists a stream for each, but holds the events files of ranks 0, 300 and 999 only (issue 41 item 6):
 * only the processes read, those a message or rooted collective read names, and those the selection
 * names are analysed, numbered 0, 1, 2, ... in ascending world rank. Rank 0 sends 256 bytes to rank 42
 * (no file) and 512 to rank 300, and receives 128 from it; rank 300 (and its thread, id 10000, in its
 * stream) receives the 512 and sends the 128; rank 999's old-style MPI_Bcast has process 259 (rank 600,
 * no file) as its root. So ranks 0, 42, 300, 600 and 999 are analysed, 42 and 600 left out (nothing of
 * theirs read). Before, every one of the 1,000 was a process.
 */
class Otf1SparseProcessesTest {
    private static final int DECLARED = 1000;

    @TempDir
    Path dir;

    /** The definitions: 1,000 processes, a thread of rank 300, MPI_COMM_WORLD, and a communicator of ranks 0, 5 and 300. */
    private void writeDefinitions() throws IOException {
        StringBuilder d = new StringBuilder("DV1.d.0\"sparse\"\nDTR3e8\n");
        StringBuilder world = new StringBuilder();
        for (int r = 0; r < DECLARED; r++) {
            d.append("DP").append(Integer.toHexString(r + 1)).append("NM\"Process ").append(r).append("\"\n");
            world.append(Integer.toHexString(r + 1)).append(',');
        }
        d.append("DP10000NM\"Thread 1 of Process 300\"PT12d\n");
        d.append("DPG3b9aca05M").append(world).append("NM\"MPI_COMM_WORLD\"\n");
        d.append("DPG3b9aca06M1,6,12d,NM\"MPI_COMM_SUB\"\n");
        d.append("DFG1NM\"Application\"\nDFG2NM\"MPI\"\n");
        d.append("DF1G1NM\"main\"\nDF2G2NM\"MPI_Send\"\nDF3G2NM\"MPI_Recv\"\nDF4G2NM\"MPI_Bcast\"\n");
        d.append("DCO1NM\"MPI_Bcast\"Y2\n");
        Files.writeString(dir.resolve("t.0.def"), d, StandardCharsets.ISO_8859_1);
        StringBuilder master = new StringBuilder();
        for (int id = 1; id <= DECLARED; id++) {
            master.append(Integer.toHexString(id)).append(':').append(Integer.toHexString(id)).append(id == 0x12d ? ",10000" : "").append('\n');
        }
        Files.writeString(dir.resolve("t.otf"), master, StandardCharsets.ISO_8859_1);
    }

    private void events(int id, String... lines) throws IOException {
        Files.writeString(dir.resolve("t." + Integer.toHexString(id) + ".events"), String.join("\n", lines) + "\n",
                StandardCharsets.ISO_8859_1);
    }

    /** The trace described above; 1000 ticks per second, every process from 0 to 64 (0.1 s). */
    private Path sparse() throws IOException {
        writeDefinitions();
        events(1,
                "0", "*1", "E1",
                "a", "*1", "E2", "S2bL100T0C3b9aca05",
                "14", "*1", "L",
                "1e", "*1", "E2", "S12dL200T0C3b9aca05",
                "28", "*1", "L",
                "32", "*1", "E3",
                "3c", "*1", "R12dL80T0C3b9aca05", "L",
                "64", "*1", "L");
        events(0x12d,
                "0", "*12d", "E1",
                "5", "*10000", "E1",
                "14", "*12d", "E3",
                "28", "*12d", "R1L200T0C3b9aca05", "L",
                "2d", "*12d", "E2",
                "32", "*12d", "S1L80T0C3b9aca05", "L",
                "5a", "*10000", "L",
                "64", "*12d", "L");
        events(0x3e8,
                "0", "*3e8", "E1",
                "a", "*3e8", "E4", "COP1C3b9aca05RT259S0R40D5",
                "14", "*3e8", "L",
                "64", "*3e8", "L");
        return dir.resolve("t.otf");
    }

    private static List<String> notAnalysed(Otf1TraceReader reader) {
        return reader.notes().stream().filter(s -> s.contains("not analysed")).toList();
    }

    private static int[] worldRanks(TraceDefinitions d) {
        int[] ranks = new int[d.processCount()];
        for (int p = 0; p < ranks.length; p++) {
            ranks[p] = d.worldRank(p);
        }
        return ranks;
    }

    @Test
    void theProcessesReadAndNamedAreAnalysedInWorldRankOrder() throws Exception {
        Otf1TraceReader reader = Otf1TraceReader.open(sparse(), new ReadOptions(true, 2), ReadProgress.NONE);
        TraceDefinitions d = reader.definitions();
        assertEquals(5, d.processCount()); // 1,000 before
        assertArrayEquals(new int[] {0, 42, 300, 600, 999}, worldRanks(d));
        assertFalse(d.ranksAreWorldRanks());
        assertEquals(2, d.process(300));
        assertEquals(-1, d.process(5));
        assertEquals("Process 600", d.processes().get(3).name());
        for (int p = 0; p < 5; p++) { // 42 and 600: named by a message and a root, nothing of theirs read
            assertEquals(p == 1 || p == 3, d.leftOut(p), "process " + p);
        }
        int[] world = d.communicatorMembers(0);
        assertEquals(DECLARED, world.length); // MPI_COMM_WORLD's size stays; its members not analysed are -1
        for (int r = 0; r < DECLARED; r++) {
            int expected = r == 0 ? 0 : r == 42 ? 1 : r == 300 ? 2 : r == 600 ? 3 : r == 999 ? 4 : -1;
            assertEquals(expected, world[r], "MPI_COMM_WORLD member " + r);
        }
        assertArrayEquals(new int[] {0, -1, 2}, d.communicatorMembers(1)); // ranks 0, 5 and 300
        assertEquals(List.of("995 processes not analysed (of 1000 declared): no event of theirs was read and no message read names"
                + " them"), notAnalysed(reader));
        StringBuilder named = new StringBuilder();
        for (int id = 2; id <= 9; id++) { // the first 8 missing: streams 2-9
            named.append(id == 2 ? "" : "; ").append("t.").append(id).append(".events[.z]: stream ").append(id).append(", process ")
                    .append(id).append(" \"Process ").append(id - 1).append('"');
        }
        assertTrue(reader.notes().contains("997 streams left out, their events files missing (" + named + "; 989 others)"),
                reader.notes().toString());
    }

    /**
     * The events read as processes 0-4: T of 0, 300 and 999 is 0.1 s (0 to 64 ticks); the pairs are 0-1 (rank 0's
     * send of 256 bytes to rank 42, counted from its side) and 0-2 (the 512 and 128 bytes sent and received).
     */
    @Test
    void theEventsAreReadAsTheProcessesAnalysed() throws Exception {
        TraceProfile profile = TraceInput.read(sparse(), new ReadOptions(true, 2), AnalysisOptions.PROFILE);
        assertEquals(5, profile.processes().size());
        for (int p : new int[] {0, 2, 4}) {
            assertEquals(0.1, profile.processes().get(p).time(), 1e-12, "process " + p);
        }
        Map<String, String> pairs = new HashMap<>();
        for (PairTraffic pair : profile.pairs()) {
            pairs.put(Math.min(pair.a(), pair.b()) + "-" + Math.max(pair.a(), pair.b()), pair.bytes() + " bytes, " + pair.messages());
        }
        assertEquals(Map.of("0-1", "256.0 bytes, 1", "0-2", "640.0 bytes, 2"), pairs);
    }

    @Test
    void theRanksTheSelectionNamesAreAnalysedToo() throws Exception {
        BitSet selection = new BitSet();
        selection.set(0);
        selection.set(800);
        Otf1TraceReader reader = Otf1TraceReader.open(sparse(), new ReadOptions(true, 1).withNamedRanks(selection), ReadProgress.NONE);
        assertArrayEquals(new int[] {0, 42, 300, 600, 800, 999}, worldRanks(reader.definitions()));
        assertTrue(reader.definitions().leftOut(4));
        assertEquals(List.of("994 processes not analysed (of 1000 declared): no event of theirs was read and no message read names"
                + " them, nor does the selection"), notAnalysed(reader));
    }

    /** Ranks 0-2 read, naming no other: processes 0-2 are world ranks 0-2, and the note says where the others start. */
    @Test
    void theFirstRanksKeepTheirNumbers() throws Exception {
        writeDefinitions();
        for (int id = 1; id <= 3; id++) {
            String p = "*" + id;
            events(id, "0", p, "E1", "64", p, "L");
        }
        Otf1TraceReader reader = Otf1TraceReader.open(dir.resolve("t.otf"), new ReadOptions(true, 2), ReadProgress.NONE);
        assertEquals(3, reader.definitions().processCount());
        assertTrue(reader.definitions().ranksAreWorldRanks());
        assertArrayEquals(new int[] {0, 1, 2, -1}, java.util.Arrays.copyOf(reader.definitions().communicatorMembers(0), 4));
        assertEquals(List.of("997 processes after rank 2 not analysed (of 1000 declared): no event of theirs was read and no message"
                + " read names them"), notAnalysed(reader));
    }

    /** As many read as not: every process is analysed, as before. */
    @Test
    void fewLeftOutKeepEveryProcess() throws Exception {
        writeDefinitions();
        Files.writeString(dir.resolve("t.otf"), "1:1\n2:2\n3:3\n4:4\n"); // processes 5 to 3e8 are in no stream: they recorded nothing
        events(1, "0", "*1", "E1", "64", "*1", "L");
        events(2, "0", "*2", "E1", "64", "*2", "L");
        Otf1TraceReader reader = Otf1TraceReader.open(dir.resolve("t.otf"), new ReadOptions(true, 2), ReadProgress.NONE);
        assertEquals(DECLARED, reader.definitions().processCount());
        assertEquals(List.of(), notAnalysed(reader));
    }
}
