package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code map -o NAME} writes when the name has no extension: a file named {@code MPICH_RANK_ORDER}, the name the
 * text's own launcher line tells Cray MPICH users to give it, holds the mpich rank order (it held the text table, exit 0
 * without a word, where {@code -o x.mpich} is warned); another name without an extension gets the text with a warning.
 */
@Tag("slow")
class MapOutputNameTest {
    private static final String TRACE = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath()
            .resolve("otf2/patterns-8").toString();

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
    void aFileNamedMpichRankOrderHoldsTheRankOrder() throws Exception {
        Path file = dir.resolve("MPICH_RANK_ORDER");
        Run r = igtrace("map", TRACE, "--topology", "mesh:2x4", "-o", file.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertFalse(r.err().contains("warning"), r.err());
        String order = Files.readString(file).strip();
        // 8 ranks, one a node: every rank once, comma-separated
        int[] ranks = Arrays.stream(order.split(",")).mapToInt(Integer::parseInt).sorted().toArray();
        assertTrue(Arrays.equals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, ranks), order);
        Run mpich = igtrace("map", TRACE, "--topology", "mesh:2x4", "--format", "mpich", "-q");
        assertEquals(mpich.out().strip(), order);

        Run json = igtrace("map", TRACE, "--topology", "mesh:2x4", "-o", file.toString(), "--format", "json", "-q");
        assertEquals(2, json.code());
        assertTrue(json.err().contains("(a file named MPICH_RANK_ORDER is mpich)"), json.err());
    }

    @Test
    void anotherNameWithoutExtensionIsWarned() throws Exception {
        Path file = dir.resolve("hostfile");
        Run r = igtrace("map", TRACE, "--topology", "mesh:2x4", "-o", file.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("warning: " + file + " will hold text: its name has no extension"), r.err());
        assertTrue(Files.readString(file).startsWith("8 ranks on mesh:2x4"));
        Run given = igtrace("map", TRACE, "--topology", "mesh:2x4", "-o", file.toString(), "--format", "slurm", "-q");
        assertEquals(0, given.code(), given.err());
        assertEquals("", given.err());
    }
}
