package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.igtrace.reader.ExternalCommand;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --skip-missing} on an archive that declares many locations and holds the event file of one
 * (issue 41 item 6): the note names at most {@link Otf2TraceReader#NAMED_MISSING} of the locations
 * left out and counts the others (it named every one: 99,999 names, about 4 MB, here; 10^7 would be
 * gigabytes), and the folder is listed once rather than one look-up per declared location. The
 * archive is bench/make-otf2-trace's {@code declared} pattern with N = 100,000 (the stencil's global
 * definitions, no file), and location 1's event file taken from the generator's 8-rank stencil (the
 * same region and communicator ids; only the archive is opened here, no event is read).
 */
class SkipMissingManyDeclaredTest {
    @TempDir
    Path dir;

    @Test
    void noteNamesAFewAndCountsTheRest() throws Exception {
        int n = 100_000;
        Path generator = dir.resolve("make-otf2-trace");
        Path source = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().resolveSibling("bench")
                .resolve("make-otf2-trace.c");
        ExternalCommand.lines("gcc", "-O2", "-o", generator.toString(), source.toString(), "-lotf2");
        Path trace = dir.resolve("declared");
        ExternalCommand.lines(generator.toString(), trace.toString(), Integer.toString(n), "0", "declared");
        Path small = dir.resolve("small");
        ExternalCommand.lines(generator.toString(), small.toString(), "8", "1", "stencil");
        Files.createDirectories(trace.resolve("traces"));
        Files.copy(small.resolve("traces").resolve("1.evt"), trace.resolve("traces").resolve("1.evt"));

        Otf2TraceReader reader = Otf2TraceReader.open(trace.resolve("traces.otf2"), new ReadOptions(true, 1), ReadProgress.NONE);
        assertEquals(1, reader.parts());
        List<String> left = reader.notes().stream().filter(s -> s.contains("left out")).toList();
        assertEquals(1, left.size(), reader.notes().toString());
        StringBuilder named = new StringBuilder();
        for (int l : new int[] {0, 2, 3, 4, 5, 6, 7, 8}) { // the first 8 missing, in the definitions' order
            named.append(named.length() == 0 ? "" : "; ").append("traces/").append(l).append(".evt of location ").append(l)
                    .append(", \"MPI Rank ").append(l).append('"');
        }
        // 99,999 missing: 8 named, 99,991 counted
        assertEquals("99999 locations left out, their event files missing (" + named + "; 99991 others)", left.get(0));
    }
}
