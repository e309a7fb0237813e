package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rank both runs read with no region event in either (OTF's {@code synth-idle}: synth.otf declares a fifth process and
 * lists no stream for it) is in neither run's numbers, as {@code stats} leaves it out: {@code diff} compared no critical
 * paths ("ranks left out of the comparison: a path can cross them") and said its totals were not over either whole run,
 * where they are. A rank whose files are missing in both runs is still left out, with both sayings.
 */
class DiffEmptyRankTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void aRankEmptyInBothRunsLeavesNothingOut() {
        String idle = TESTDATA.resolve("otf1/synth-idle").toString();
        Run r = igtrace("diff", idle, idle);
        assertEquals(0, r.code(), r.err());
        assertFalse(r.out().contains("left out"), r.out());
        assertTrue(r.out().contains("\nnone: the critical paths spend the same time in each kind and region\n"), r.out());
        assertTrue(r.out().contains("\nRun time and efficiency\n"), r.out()); // not "over the 4 ranks both runs read"
    }

    @Test
    void aRankWhoseFilesAreMissingInBothRunsIsStillLeftOut() throws Exception {
        Path copy = dir.resolve("pi-4");
        Path from = TESTDATA.resolve("otf2/pi-4");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        Files.delete(copy.resolve("eztrace_log/1073741822.evt")); // rank 2's events (info: location 1073741822, rank 2)
        Run r = igtrace("diff", copy.toString(), copy.toString(), "--skip-missing");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Rank 2 of A or B was not read"), r.out());
        assertTrue(r.out().contains("\nnone: the critical paths are not compared with ranks left out of the comparison"), r.out());
    }

    /**
     * B is A (jacobi-4) with rank 1's event file lost, read with --skip-missing: the other ranks ran exactly as in A, but A
     * measured their waits for rank 1 where B could not, and diff read "rank 2's transfer +15.2 ms, rank 2's waiting -15.2
     * ms" between one run and itself. Both runs are read again without rank 1: nothing differs, as diff A A --ranks 0,2,3
     * says, and rank 1 is named left out.
     */
    @Test
    void aRankOneRunLacksIsLeftOutOfBothReads() throws Exception {
        Path copy = dir.resolve("jacobi-4");
        Path from = TESTDATA.resolve("otf2/jacobi-4");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        Files.delete(copy.resolve("eztrace_log/536870911.evt")); // rank 1's events (info: location 536870911, rank 1)
        Run r = igtrace("diff", from.toString(), copy.toString(), "--skip-missing");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\nRank 1 of A or B was not read (its files left out)"), r.out());
        assertTrue(r.out().contains("\nA and B take the same time (29.2 ms).\n"), r.out());
        assertTrue(r.out().contains("\nnone: every process computes, transfers and waits as long in A as in B\n"), r.out());
        Run same = igtrace("diff", from.toString(), from.toString(), "--ranks", "0,2,3");
        assertTrue(same.out().contains("\nnone: every process computes, transfers and waits as long in A as in B\n"), same.out());
    }

    /** A copy of jacobi-4 in {@code name} without the event files of locations {@code lost} (info: 0, 536870911, ... are ranks 0-3). */
    private Path jacobiWithout(String name, String... lost) throws Exception {
        Path copy = dir.resolve(name), from = TESTDATA.resolve("otf2/jacobi-4");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        for (String location : lost) {
            Files.delete(copy.resolve("eztrace_log/" + location + ".evt"));
        }
        return copy;
    }

    /**
     * No rank read by both runs (A lacks ranks 0-1, B ranks 2-3; or, under --ranks 1,2, A lacks rank 1 and B rank 2): no
     * process to compare, naming the ranks (the runs were read again with no rank and it said "the selection () keeps no
     * event of the trace", or "--ranks 1,2" keeps none, which is false: A's rank 2 has a row).
     */
    @Test
    void noRankReadByBothIsNoProcessToCompare() throws Exception {
        Path a = jacobiWithout("a", "0", "536870911"), b = jacobiWithout("b", "1073741822", "1610612733");
        Run r = igtrace("diff", a.toString(), b.toString(), "--skip-missing");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains(": no process to compare: ranks 0-3 of one run or both were not read"), r.err());
        Path c = jacobiWithout("c", "536870911"), d = jacobiWithout("d", "1073741822");
        Run s = igtrace("diff", c.toString(), d.toString(), "--skip-missing", "--ranks", "1,2");
        assertEquals(1, s.code(), s.err());
        assertTrue(s.err().contains(": no process to compare: ranks 1-2 of one run or both were not read"), s.err());
    }
}
