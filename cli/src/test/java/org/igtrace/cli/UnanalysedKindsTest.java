package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OTF2 event kinds igtrace reads only to count them are named in notes, not dropped without a word:
 * testdata/unanalysed-kinds (make-unanalysed-kinds.py, whose docstring gives every number below) has 3
 * non-blocking collectives done, 3 one-sided transfers and 1 cancelled request. Before, the graph of an
 * MPI_Put program was empty with nothing saying why.
 */
class UnanalysedKindsTest {
    private static final Path TRACE = Path.of(System.getProperty("testdata.dir", "../testdata"), "unanalysed-kinds").toAbsolutePath();

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void eachKindIsCountedInANoteAndTheNumbersAreThoseOfTheCallsAndMessages() {
        Result graph = run("graph", "--format", "csv", "--collectives", TRACE.toString());
        assertEquals(0, graph.code, graph.err);
        // the pair 1-2: the cancelled MPI_Isend (2000 B) and the MPI_Send (64 B); nothing from the one-sided transfers.
        // With --collectives the MPI_Iallreduce on ranks 0-2 (each sends 8 B, all-to-all: 8 / 2 = 4 B to each other
        // member, definitions section 4): 2 messages and 8 B more on each pair of them
        List<String> edges = graph.out.lines().skip(1).toList();
        assertEquals(List.of("0,1,4,8,2,", "0,2,4,8,2,", "1,2,518,2072,4,"), edges.stream().map(e -> e.replaceAll("^((?:[^,]*,){5}).*", "$1")).toList(),
                graph.out);
        Result plain = run("graph", "--format", "csv", TRACE.toString());
        assertEquals(List.of("1,2,1032,2064,2,"), plain.out.lines().skip(1).map(e -> e.replaceAll("^((?:[^,]*,){5}).*", "$1")).toList(),
                plain.out);
        for (String note : new String[] {
                "igtrace:   3 non-blocking collective operations (MPI_Iallreduce, MPI_Ibcast and the like: OTF2"
                        + " NonBlockingCollectiveComplete events): their waiting is not analysed, nor are they replayed as collectives"
                        + " (the calls that start and complete them count as time in MPI); graph --collectives models their traffic as"
                        + " the blocking ones'\n",
                "igtrace:   3 one-sided transfers (OTF2 RmaPut, RmaGet or RmaAtomic events: MPI_Put, MPI_Get, SHMEM, copies to and"
                        + " from an accelerator and the like) not counted: the graph's edges are messages sent; the calls count as time in MPI when their regions are"
                        + " MPI's\n",
                "igtrace:   1 request cancelled (MPI_Cancel: OTF2 MpiRequestCancelled events): a cancelled MPI_Isend, if one is"
                        + " among them, still counts as a message sent, matched in its channel's order; a cancelled MPI_Irecv posts"
                        + " nothing\n"}) {
            assertTrue(graph.err.contains(note), graph.err);
        }
        Result stats = run("stats", "--format", "csv", TRACE.toString());
        assertEquals(0, stats.code, stats.err);
        String rows = stats.out;
        // T 1000 us each; time in MPI 277, 260 and 19 us (the docstring's sums), 0 on the ranks that only compute
        assertTrue(rows.lines().anyMatch(l -> l.startsWith("0,0.001,0.000277,")), rows);
        assertTrue(rows.lines().anyMatch(l -> l.startsWith("1,0.001,0.00026,")), rows);
        assertTrue(rows.lines().anyMatch(l -> l.startsWith("2,0.001,0.000019,") || l.startsWith("2,0.001,1.9e-05,")), rows);
        assertTrue(rows.lines().anyMatch(l -> l.startsWith("32,0.001,0,")), rows);
    }

    /**
     * A record of a type libotf2 does not know (a newer OTF2's, or a damaged byte) is skipped by libotf2 with no
     * word; igtrace names it. Rank 5's Enter of main (type byte 0x0c, region 0, then the timestamp record 0x05 of 1000
     * us) is given the type 0xc8, which no OTF2 3.0 record has: otf2-print then prints one UNKNOWN at time 0 and the
     * Leave of main at 1000 for location 5, and exits 0.
     */
    @Test
    void anEventOfATypeLibotf2DoesNotKnowIsNamedInANote(@TempDir Path dir) throws IOException {
        Path copy = dir.resolve("unknown");
        try (Stream<Path> files = Files.walk(TRACE)) {
            for (Path file : files.toList()) {
                Files.copy(file, copy.resolve(TRACE.relativize(file).toString()));
            }
        }
        Path events = copy.resolve("traces/5.evt");
        byte[] bytes = Files.readAllBytes(events);
        String hex = HexFormat.of().formatHex(bytes), enter = "0c0005e803000000000000";
        int at = hex.indexOf(enter);
        assertTrue(at >= 0 && at % 2 == 0 && hex.indexOf(enter, at + 1) < 0, hex);
        bytes[at / 2] = (byte) 0xc8;
        Files.write(events, bytes);
        Result stats = run("stats", copy.resolve("traces.otf2").toString());
        assertEquals(0, stats.code, stats.err);
        assertTrue(stats.out.contains("1 event of a type libotf2 does not know skipped (otf2-print shows it as UNKNOWN), first in"
                + " location 5 \"Master thread\": written by a newer OTF2 than this libotf2, or a damaged byte; what it recorded is"
                + " not counted\n"), stats.out);
        Result intact = run("stats", TRACE.toString());
        assertTrue(!intact.out.contains("UNKNOWN"), intact.out);
    }
}
