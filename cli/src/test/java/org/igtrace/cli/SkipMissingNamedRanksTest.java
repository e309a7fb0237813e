package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --skip-missing} with {@code --ranks} naming a process after the last one read (issue 41): such a
 * process is analysed, as one a message names is (definitions section 2). The archive is
 * bench/make-otf2-trace's {@code declared} pattern with 1,000 processes and the event and local definition
 * files of the generator's 8-rank stencil (its ranks 0-7 name only each other): 992 processes after rank 7
 * would not be analysed, so {@code --ranks 0-1,500} was refused as "rank 500 is not in the trace, which
 * has 8 processes (ranks 0-7)" before; now ranks 0-7 and 500 are analysed (500 as process 8, named by its world rank)
 * and 991 = 1,000 - 9 are not.
 */
class SkipMissingNamedRanksTest {
    @TempDir
    static Path dir;
    private static Path trace;

    @BeforeAll
    static void archive() throws Exception {
        Path generator = dir.resolve("make-otf2-trace");
        Path source = TimelineCommandTest.TESTDATA.resolveSibling("bench").resolve("make-otf2-trace.c");
        TimelineCommandTest.command("gcc", "-O2", "-o", generator.toString(), source.toString(), "-lotf2");
        Path declared = dir.resolve("declared");
        TimelineCommandTest.command(generator.toString(), declared.toString(), "1000", "0", "declared");
        Path small = dir.resolve("small");
        TimelineCommandTest.command(generator.toString(), small.toString(), "8", "1", "stencil");
        Files.createDirectories(declared.resolve("traces"));
        for (int r = 0; r < 8; r++) {
            for (String ext : new String[] {".evt", ".def"}) {
                Files.copy(small.resolve("traces").resolve(r + ext), declared.resolve("traces").resolve(r + ext));
            }
        }
        trace = declared.resolve("traces.otf2");
    }

    @Test
    void aRankNamedAfterTheLastReadIsAnalysed() {
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace("stats", trace.toString(), "--skip-missing", "--ranks", "0-1,500", "-q");
        assertEquals(0, r.code(), r.err());
        // ranks 0-7 read and 500 named: 1,000 - 9 = 991 not analysed; world rank 500 is process 8, named by its rank
        assertTrue(r.out().contains("991 processes not analysed (of 1000 declared): no event of theirs was read and no "
                + "message read names them, nor does the selection"), r.out());
        assertTrue(r.out().contains("\nrank 500 has no row: no region event was read"), r.out());
        TimelineCommandTest.Run beyond = TimelineCommandTest.igtrace("stats", trace.toString(), "--skip-missing", "--ranks", "1000", "-q");
        assertEquals(2, beyond.code(), beyond.err());
        assertTrue(beyond.err().contains("--ranks: rank 1000 is not in the trace, which has 8 processes (ranks 0-7)"), beyond.err());
    }

    @Test
    void withoutRanksTheProcessesAfterTheLastReadAreLeftOut() {
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace("stats", trace.toString(), "--skip-missing", "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("992 processes after rank 7 not analysed (of 1000 declared): no event of theirs was read and no "
                + "message read names them"), r.err());
    }
}
