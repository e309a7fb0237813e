package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.ExternalCommand;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --skip-missing} on an archive that declares 100,000 processes and holds the event files of a
 * few (issue 41 item 6): the processes after the last one read are not analysed, except up to the
 * highest rank a message read names, so the definitions the analyses get (and every per-process array,
 * vertex and row after them) follow the processes read and their partners, not those declared. The
 * archive is bench/make-otf2-trace's {@code declared} pattern with N = 100,000 and the event and local
 * definition files of some ranks of the generator's 8-rank stencil (the same string, region and
 * communicator ids): its 2 x 2 x 2 grid (x = r % 2, y = r / 2 % 2, z = r / 4, not periodic) gives rank r
 * the partners r ^ 1, r ^ 2 and r ^ 4, so ranks 0-3 name 4-7 (3 sends to 7, 3 ^ 4) and rank 1 names
 * 0, 3 and 5. Before, the definitions held all 100,000 processes.
 */
class SkipMissingProcessesKeptTest {
    @TempDir
    static Path dir;
    private static Path declared;
    private static Path small;

    @BeforeEach
    void archives() throws Exception {
        if (declared != null) {
            return;
        }
        Path generator = dir.resolve("make-otf2-trace");
        Path source = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().resolveSibling("bench")
                .resolve("make-otf2-trace.c");
        ExternalCommand.lines("gcc", "-O2", "-o", generator.toString(), source.toString(), "-lotf2");
        declared = dir.resolve("declared");
        ExternalCommand.lines(generator.toString(), declared.toString(), "100000", "0", "declared");
        small = dir.resolve("small");
        ExternalCommand.lines(generator.toString(), small.toString(), "8", "1", "stencil");
    }

    /** A copy of the declared archive (links to its anchor and global definitions) with the files of {@code ranks}. */
    private Path with(String name, int... ranks) throws Exception {
        Path trace = dir.resolve(name);
        Files.createDirectories(trace.resolve("traces"));
        Files.createSymbolicLink(trace.resolve("traces.otf2"), declared.resolve("traces.otf2"));
        Files.createSymbolicLink(trace.resolve("traces.def"), declared.resolve("traces.def"));
        for (int r : ranks) {
            for (String ext : new String[] {".evt", ".def"}) {
                Files.copy(small.resolve("traces").resolve(r + ext), trace.resolve("traces").resolve(r + ext));
            }
        }
        return trace.resolve("traces.otf2");
    }

    private static java.util.BitSet ranks(int... ranks) {
        java.util.BitSet b = new java.util.BitSet();
        for (int r : ranks) {
            b.set(r);
        }
        return b;
    }

    private static List<String> kept(Otf2TraceReader reader) {
        return reader.notes().stream().filter(s -> s.contains("not analysed")).toList();
    }

    @Test
    void theEightReadAreTheProcesses() throws Exception {
        Otf2TraceReader reader = Otf2TraceReader.open(with("eight", 0, 1, 2, 3, 4, 5, 6, 7), new ReadOptions(true, 1), ReadProgress.NONE);
        assertEquals(8, reader.parts());
        assertEquals(8, reader.definitions().processCount()); // 100,000 before
        assertEquals(List.of("99992 processes after rank 7 not analysed (of 100000 declared): no event of theirs was read and no "
                + "message read names them"), kept(reader));
        assertEquals(100_000, reader.definitions().communicatorMembers(0).length); // MPI_COMM_WORLD's size stays
        assertEquals(-1, reader.definitions().communicatorMembers(0)[8]); // a member not analysed: no world rank
    }

    @Test
    void thePartnersTheirMessagesNameStay() throws Exception {
        Otf2TraceReader reader = Otf2TraceReader.open(with("four", 0, 1, 2, 3), new ReadOptions(true, 1), ReadProgress.NONE);
        assertEquals(4, reader.parts());
        assertEquals(8, reader.definitions().processCount()); // 3 sends to 7; 4 without the pass over the events
        assertEquals(List.of("99992 processes after rank 7 not analysed (of 100000 declared): no event of theirs was read and no "
                + "message read names them"), kept(reader));
        for (int r = 0; r < 8; r++) { // nothing of 4-7 read: their numbers are unknowns, not 0 (definitions section 2)
            assertEquals(r >= 4, reader.definitions().leftOut(r), "rank " + r);
        }
        // 1 names 0, 3 and 5: those four are analysed, numbered 0-3 apart from their world ranks (6 before: ranks 0-5)
        Otf2TraceReader one = Otf2TraceReader.open(with("one", 1), new ReadOptions(true, 1), ReadProgress.NONE);
        TraceDefinitions d = one.definitions();
        assertEquals(4, d.processCount());
        assertEquals(List.of(0, 1, 3, 5), java.util.stream.IntStream.range(0, 4).map(d::worldRank).boxed().toList());
        assertEquals(List.of(true, false, true, true), java.util.stream.IntStream.range(0, 4).mapToObj(d::leftOut).toList());
        assertEquals(List.of("99996 processes not analysed (of 100000 declared): no event of theirs was read and no "
                + "message read names them"), kept(one));
        int[] world = d.communicatorMembers(0);
        assertEquals(List.of(0, 1, -1, 2, -1, 3, -1), java.util.Arrays.stream(world, 0, 7).boxed().toList());
    }

    @Test
    void theRanksTheSelectionNamesStay() throws Exception {
        // --ranks 0,500: a process no file or message names, named by the user, is analysed (a vertex, left out:
        // nothing of it read); 501 processes before (all up to the highest named)
        Otf2TraceReader reader = Otf2TraceReader.open(with("named", 0, 1, 2, 3, 4, 5, 6, 7),
                new ReadOptions(true, 1).withNamedRanks(ranks(0, 500)), ReadProgress.NONE);
        TraceDefinitions d = reader.definitions();
        assertEquals(9, d.processCount());
        assertEquals(500, d.worldRank(8));
        assertEquals(8, d.process(500));
        assertEquals(-1, d.process(499));
        assertEquals(true, d.leftOut(8));
        assertEquals(List.of("99991 processes not analysed (of 100000 declared): no event of theirs was read and no "
                + "message read names them, nor does the selection"), kept(reader));
        // ranks 0 and 1 name 2-5; the selection names 99,999 (every process before: 100,000)
        Otf2TraceReader last = Otf2TraceReader.open(with("namedLast", 0, 1), new ReadOptions(true, 1).withNamedRanks(ranks(99_999)),
                ReadProgress.NONE);
        assertEquals(7, last.definitions().processCount());
        assertEquals(99_999, last.definitions().worldRank(6));
        assertEquals(List.of("99993 processes not analysed (of 100000 declared): no event of theirs was read and no "
                + "message read names them, nor does the selection"), kept(last));
    }

    @Test
    void theProcessesReadWhereverTheyAre() throws Exception {
        // the files of ranks 0-6 and 99,999 (rank 7's, naming 3, 5 and 6): 0-6 name 7, so ranks 0-7 and 99,999 are the
        // processes, 9 of them (100,000 before: the processes up to the last one read were all analysed)
        Path trace = with("last", 0, 1, 2, 3, 4, 5, 6, 7);
        Files.move(trace.resolveSibling("traces").resolve("7.evt"), trace.resolveSibling("traces").resolve("99999.evt"));
        Files.move(trace.resolveSibling("traces").resolve("7.def"), trace.resolveSibling("traces").resolve("99999.def"));
        Otf2TraceReader reader = Otf2TraceReader.open(trace, new ReadOptions(true, 1), ReadProgress.NONE);
        TraceDefinitions d = reader.definitions();
        assertEquals(9, d.processCount());
        assertEquals(8, reader.parts());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 99_999), java.util.stream.IntStream.range(0, 9).map(d::worldRank).boxed().toList());
        assertEquals(List.of("99991 processes not analysed (of 100000 declared): no event of theirs was read and no "
                + "message read names them"), kept(reader));
        assertEquals(true, d.leftOut(7));
        assertEquals(false, d.leftOut(6));
        assertEquals(false, d.leftOut(8));
        assertEquals(100_000, d.communicatorMembers(0).length);
        assertEquals(8, d.communicatorMembers(0)[99_999]);
        assertEquals(-1, d.communicatorMembers(0)[50_000]);
        assertEquals(false, d.ranksAreWorldRanks());
    }

    @Test
    void fewMissingAreKept() throws Exception {
        // 7 of 8 declared read (rank 3's files missing): the one missing is a vertex, numbers are world ranks
        Path trace = dir.resolve("fewMissing");
        Files.createDirectories(trace.resolve("traces"));
        Files.copy(small.resolve("traces.otf2"), trace.resolve("traces.otf2"));
        Files.copy(small.resolve("traces.def"), trace.resolve("traces.def"));
        for (int r : new int[] {0, 1, 2, 4, 5, 6, 7}) {
            for (String ext : new String[] {".evt", ".def"}) {
                Files.copy(small.resolve("traces").resolve(r + ext), trace.resolve("traces").resolve(r + ext));
            }
        }
        Otf2TraceReader reader = Otf2TraceReader.open(trace.resolve("traces.otf2"), new ReadOptions(true, 1), ReadProgress.NONE);
        assertEquals(8, reader.definitions().processCount());
        assertEquals(true, reader.definitions().ranksAreWorldRanks());
        assertEquals(true, reader.definitions().leftOut(3));
        assertEquals(List.of(), kept(reader));
    }
}
