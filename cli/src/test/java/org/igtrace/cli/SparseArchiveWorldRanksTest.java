package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command on a sparse archive read with {@code --skip-missing} (issue 41 item 6): bench/make-otf2-trace's
 * {@code declared} pattern with 1,000 processes and the event and local definition files of its 8-rank stencil's
 * ranks 0-6, and rank 7's as rank 999's. The stencil's 2 x 2 x 2 grid gives rank r the partners r ^ 1, r ^ 2 and
 * r ^ 4, so ranks 3, 5 and 6 name rank 7 (files missing) and the file of rank 999 names 3, 5 and 6: the processes
 * analysed are world ranks 0-7 and 999, nine of them (numbered 0-8 inside), and 1,000 - 9 = 991 are not. Before,
 * 1,000 processes were analysed (ranks 8-998 as vertices without numbers); every output must still name world
 * ranks: 999, never the process number 8.
 */
class SparseArchiveWorldRanksTest {
    @TempDir
    static Path dir;
    private static String trace;
    /** The files of ranks 0-7 of 1,000 declared: the processes analysed are 0-7, numbered by world rank, but not all. */
    private static String first;
    /** A 16-rank stencil read whole. */
    private static String sixteen;

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
                Files.copy(small.resolve("traces").resolve(r + ext), declared.resolve("traces").resolve((r == 7 ? 999 : r) + ext));
            }
        }
        trace = declared.resolve("traces.otf2").toString();
        Path firstEight = dir.resolve("first");
        TimelineCommandTest.command(generator.toString(), firstEight.toString(), "1000", "0", "declared");
        Files.createDirectories(firstEight.resolve("traces"));
        for (int r = 0; r < 8; r++) {
            for (String ext : new String[] {".evt", ".def"}) {
                Files.copy(small.resolve("traces").resolve(r + ext), firstEight.resolve("traces").resolve(r + ext));
            }
        }
        first = firstEight.resolve("traces.otf2").toString();
        Path s16 = dir.resolve("s16");
        TimelineCommandTest.command(generator.toString(), s16.toString(), "16", "1", "stencil");
        sixteen = s16.resolve("traces.otf2").toString();
    }

    private static TimelineCommandTest.Run run(String... args) {
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace(args);
        assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
        return r;
    }

    /** The numbers that follow {@code prefix} in {@code text}. */
    private static Set<Integer> numbers(String text, String prefix) {
        Set<Integer> found = new TreeSet<>();
        Matcher m = Pattern.compile(Pattern.quote(prefix) + "(\\d+)").matcher(text);
        while (m.find()) {
            found.add(Integer.parseInt(m.group(1)));
        }
        return found;
    }

    private static final Set<Integer> ANALYSED = Set.of(0, 1, 2, 3, 4, 5, 6, 7, 999);

    @Test
    void theGraphHasTheNineProcessesByWorldRank() {
        TimelineCommandTest.Run dot = run(trace, "--skip-missing", "--format", "dot");
        assertTrue(dot.out().contains("\"processes\"=\"9\""), dot.out());
        assertEquals(ANALYSED, numbers(dot.out(), "rank=\""));
        assertTrue(dot.out().contains("n999 [ label=\"999\\nw="), dot.out());
        assertTrue(dot.out().contains("n7 [ label=\"7\\nnot read\" rank=\"7\""), dot.out()); // named by 3, 5 and 6, not read
        assertTrue(dot.err().contains("991 processes not analysed (of 1000 declared): no event of theirs was read and no message "
                + "read names them"), dot.err());
        TimelineCommandTest.Run graphml = run(trace, "--skip-missing", "--format", "graphml");
        assertEquals(ANALYSED, numbers(graphml.out(), "<node id=\"n"));
        // METIS numbers its vertices 1..n: the nine processes in ascending world rank
        TimelineCommandTest.Run metis = run(trace, "--skip-missing", "--format", "metis");
        String header = metis.out().lines().filter(l -> !l.startsWith("%")).findFirst().orElseThrow();
        assertTrue(header.startsWith("9 "), header);
    }

    @Test
    void tablesAndSelectionsUseWorldRanks() {
        TimelineCommandTest.Run stats = run("stats", trace, "--skip-missing", "-q");
        assertTrue(stats.out().contains("\n 999  "), stats.out()); // rank 999's row
        assertFalse(stats.out().contains("\n   8  "), stats.out());
        assertTrue(stats.out().contains("rank 7 has no row"), stats.out());
        TimelineCommandTest.Run one = run("stats", trace, "--skip-missing", "--ranks", "999", "--format", "json", "-q");
        assertEquals(Set.of(999), numbers(one.out().replace(" ", ""), "\"rank\":"));
        TimelineCommandTest.Run star = run(trace, "--skip-missing", "--topology", "star:9", "--centre", "999", "--format", "dot", "-q");
        assertTrue(star.out().contains("n8 [ label=\"8\\nranks 999\" \"node\"=\"8\" ranks=\"999\" ]"), star.out());
        TimelineCommandTest.Run beyond = TimelineCommandTest.igtrace(trace, "--skip-missing", "--topology", "star:9", "--centre", "998", "-q");
        assertEquals(2, beyond.code(), beyond.err());
    }

    @Test
    void placementProblemsNameWorldRanks(@TempDir Path here) throws Exception {
        // nine lines, the last (world rank 999's) on node 9 of a ring of 8 nodes (0..7)
        Path placement = Files.writeString(here.resolve("placement.txt"), "0\n1\n2\n3\n4\n5\n6\n7\n9\n");
        TimelineCommandTest.Run ring = TimelineCommandTest.igtrace(trace, "--skip-missing", "--topology", "ring:8", "--placement",
                placement.toString(), "-q");
        assertEquals(1, ring.code(), ring.err()); // the file's content is wrong, as a short file or a word in it: exit 1
        assertTrue(ring.err().contains("rank 999 is placed on node 9, but ring:8 has nodes 0..7"), ring.err());
        TimelineCommandTest.Run star = TimelineCommandTest.igtrace(trace, "--skip-missing", "--topology", "star:8", "--centre", "999",
                "--placement", placement.toString(), "-q");
        assertEquals(2, star.code(), star.err()); // --centre names a rank the file places outside the star: the command line's
        assertTrue(star.err().contains("the centre rank 999 is placed on node 9, outside the star of 8 nodes"), star.err());
    }

    @Test
    void aRunOfItsFirstRanksIsStillPartOfTheRun() {
        // ranks 0-7 of 1,000: no launcher file (it would launch 8 of 1,000 ranks) ...
        TimelineCommandTest.Run rankfile = TimelineCommandTest.igtrace("map", first, "--skip-missing", "--topology", "ring:8",
                "--format", "rankfile", "-q");
        assertEquals(2, rankfile.code(), rankfile.err());
        assertTrue(rankfile.err().contains("analysed 8 processes of the 1000 declared (world ranks 0-7)"), rankfile.err());
        // ... and diff compares it with a run of 16 ranks by world rank, where it refused runs of 8 and 16 processes
        TimelineCommandTest.Run diff = TimelineCommandTest.igtrace("diff", first, sixteen, "--skip-missing", "-q");
        assertEquals(0, diff.code(), diff.err());
    }

    @Test
    void whyPredictAndDiffNameWorldRanks() {
        TimelineCommandTest.Run why = run("why", trace, "--skip-missing", "--format", "json", "-q");
        Set<Integer> ranks = numbers(why.out().replace(" ", ""), "\"rank\":");
        assertTrue(ANALYSED.containsAll(ranks) && ranks.contains(999), ranks.toString());
        TimelineCommandTest.Run predict = run("predict", trace, "--skip-missing", "--format", "json", "-q");
        ranks = numbers(predict.out().replace(" ", ""), "\"rank\":");
        assertTrue(ANALYSED.containsAll(ranks) && ranks.contains(999), ranks.toString());
        TimelineCommandTest.Run diff = run("diff", trace, trace, "--skip-missing", "--format", "json", "-q");
        assertFalse(numbers(diff.out().replace(" ", ""), "\"rank\":").contains(8), diff.out());
    }

    @Test
    void mapWritesNoLauncherFileForPartOfTheRanks() {
        TimelineCommandTest.Run rankfile = TimelineCommandTest.igtrace("map", trace, "--skip-missing", "--topology", "ring:9",
                "--format", "rankfile", "-q");
        assertEquals(2, rankfile.code(), rankfile.err());
        assertTrue(rankfile.err().contains("world ranks 0-7, 999"), rankfile.err());
        TimelineCommandTest.Run placement = run("map", trace, "--skip-missing", "--topology", "ring:9", "--format", "placement", "-q");
        assertTrue(placement.out().startsWith("# world ranks 0-7, 999, a line each in this order"), placement.out());
        assertEquals(10, placement.out().lines().count());
    }
}
