package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Three of diff's tables as a review read them: the thread level's efficiency of threads that recorded no OpenMP construct
 * is named as stats names it ("threads"), not "OpenMP parallel efficiency"; a region whose total stayed while a rank's
 * compute in it moved to another names the largest increase (it showed "-", where the change was); a selection that
 * keeps no compute says "none" under the table's heading, as the other tables do, where it printed the header alone.
 */
@Tag("slow")
class DiffTablesTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    private static String out(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    private static String trace(String name) {
        return TESTDATA.resolve(name).toString();
    }

    @Test
    void threadsWithoutOpenMpAreNamedAsStatsNamesThem() {
        String pthreads = out("diff", trace("otf1/pthreads-no-mpi"), trace("otf1/pthreads-no-mpi"), "-q");
        assertTrue(pthreads.contains("\nthreads' parallel efficiency "), pthreads);
        assertFalse(pthreads.contains("OpenMP parallel efficiency"), pthreads);
        assertTrue(out("stats", trace("otf1/pthreads-no-mpi"), "-q").contains(" x threads "));
        String hybrid = out("diff", trace("otf2/hybrid-2"), trace("otf2/hybrid-2"), "-q");
        assertTrue(hybrid.contains("\nOpenMP parallel efficiency "), hybrid);
    }

    /** make-diff.py: rank 1's solve 300 us in A, rank 2's in B, the others' 100 us, 10 iterations: rank 2 +2.00 ms. */
    @Test
    void aRegionWhoseSlowdownMovedNamesTheLargestIncrease() {
        String text = out("diff", trace("diff/slow-rank-1"), trace("diff/slow-rank-2"), "-q");
        List<String> lines = text.lines().toList();
        int at = lines.indexOf("Compute per region, summed over the processes");
        assertTrue(at > 0, text);
        assertEquals(List.of("solve", "10.0", "ms", "10.0", "ms", "0", "s", "2", "+2.00", "ms"), List.of(lines.get(at + 2).trim().split(" +")));
        assertEquals(List.of("pack", "1.60", "ms", "1.60", "ms", "0", "s", "-", "-"), List.of(lines.get(at + 3).trim().split(" +")));
    }

    @Test
    void aSelectionWithoutComputeSaysNone() {
        String text = out("diff", trace("otf2/delays-4"), trace("otf2/quiet-4"), "--region", "MPI_Barrier", "-q");
        assertTrue(text.contains("Compute per region, summed over the processes\nnone: no compute in a region in either run\n"), text);
    }
}
