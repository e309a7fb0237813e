package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OTF2 timestamps are unsigned 64-bit numbers; igtrace reads them as signed longs, so times at or after 2^63 ticks are
 * negative to it. Two ranks written by testdata/make-clock-halves.py at a 1 GHz clock, each: main [b, b + 1000], a send
 * [b + 100, b + 200] (rank 0) or a receive [b + 50, b + 210] (rank 1), so T_i = 1000 ticks = 1 us and w_0 = 1 - 100/1000 =
 * 0.9. Times all at or after 2^63 are read as they are (differences of negative longs are right); times crossing 2^63 on
 * one location ended in "no time to analyse" (graph, stats) and an internal error (timeline, report: an array index of
 * -950), and two locations on either side of it gave a run of 1 us where it spans 4 us, exit 0. Both are refused, in one
 * line.
 */
class ClockHalvesTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    private static final long TWO_TO_63_MINUS_500 = 9223372036854775308L;

    /** Writes the two ranks, rank 0's times from {@code rank0}, rank 1's from {@code rank1} (unsigned, in decimal). */
    static String trace(Path dir, String rank0, String rank1) throws Exception {
        Path target = dir.resolve("t" + rank0 + "-" + rank1);
        SubcommandsTest.command("/usr/bin/python3", TESTDATA.resolve("make-clock-halves.py").toString(), target.toString(), rank0, rank1);
        return target.resolve("traces.otf2").toString();
    }

    private static final String[][] COMMANDS = {{"graph"}, {"stats"}, {"timeline"}, {"report"}, {"why"}, {"predict"},
        {"map", "--topology", "mesh:2x1"}, {"diff"}};

    private static void refusedAlike(String anchor, String line) {
        for (String[] command : COMMANDS) {
            String[] args = new String[command.length + (command[0].equals("diff") ? 2 : 1)];
            System.arraycopy(command, 0, args, 0, command.length);
            args[command.length] = anchor;
            if (command[0].equals("diff")) {
                args[command.length + 1] = anchor;
            }
            SubcommandsTest.Run run = SubcommandsTest.igtrace(args);
            assertEquals(1, run.code(), command[0] + ": " + run.err());
            assertEquals("", run.out(), command[0]);
            assertTrue(run.err().contains(line), command[0] + ": " + run.err());
            assertEquals(1, run.err().strip().lines().count(), command[0] + ": " + run.err());
        }
    }

    /** Rank 0's main from 2^63 - 500 ticks to 2^63 + 500: its first four times before 2^63, its last at or after it. */
    @Test
    void timesCrossing2To63OnALocationAreRefusedNamingItsFile(@TempDir Path dir) throws Exception {
        String anchor = trace(dir, Long.toUnsignedString(TWO_TO_63_MINUS_500), Long.toUnsignedString(TWO_TO_63_MINUS_500 + 2000));
        refusedAlike(anchor, "/traces/0.evt: its times cross 2^63 ticks (4 events before, 1 at or after), which igtrace does"
                + " not read (events of location 0, \"Master thread\"; times from a clock that starts near 0 do not reach it)");
    }

    /** Rank 0 ends 1500 ticks before 2^63 (b = 2^63 - 2500), rank 1 starts 500 after it: neither crosses, the run does. */
    @Test
    void locationsOnEitherSideOf2To63AreRefusedNamingBoth(@TempDir Path dir) throws Exception {
        String anchor = trace(dir, Long.toUnsignedString(TWO_TO_63_MINUS_500 - 2000), Long.toUnsignedString(TWO_TO_63_MINUS_500 + 1000));
        refusedAlike(anchor, anchor + ": the times of location 0 \"Master thread\" lie before 2^63 ticks and those of location 1"
                + " \"Master thread\" at or after it, which igtrace does not read (times from a clock that starts near 0 do not reach it)");
    }

    /** Both ranks from 2^63 + 10: T = 1000 ticks = 1.00 us each, w_0 = 0.9, as from tick 0. */
    @Test
    void timesAllAfter2To63AreReadAsThey(@TempDir Path dir) throws Exception {
        String b = Long.toUnsignedString(TWO_TO_63_MINUS_500 + 510);
        String anchor = trace(dir, b, b);
        SubcommandsTest.Run run = SubcommandsTest.igtrace("stats", anchor, "--format", "json");
        assertEquals(0, run.code(), run.err());
        String t = SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1]); print(d['processes'][0]['time'],"
                + " d['processes'][0]['w'], d['processes'][1]['time'])", run.out());
        String[] v = t.split(" ");
        assertEquals(1e-6, Double.parseDouble(v[0]), 1e-15, t);
        assertEquals(0.9, Double.parseDouble(v[1]), 1e-12, t);
        assertEquals(1e-6, Double.parseDouble(v[2]), 1e-15, t);
        for (String command : new String[] {"timeline", "report", "why"}) {
            SubcommandsTest.Run other = SubcommandsTest.igtrace(command, anchor);
            assertEquals(0, other.code(), command + ": " + other.err());
        }
    }
}
