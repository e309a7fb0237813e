package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ExternalCommand;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.TraceReadException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The per-location definition files {@code NAME/<location>.def} (mapping tables from local to
 * global ids, clock offsets) of real archives deleted, emptied, cut or overwritten: libotf2 reads
 * on without them (otf2-print exits 0), so a lost one would change ids or times without a word.
 * igtrace must refuse it naming the file, or with --skip-missing leave the location out and say so.
 */
class LocalDefinitionFilesTest {
    static {
        Remedy.nameWith(r -> "--" + r.key()); // the remedies named as the command line names them
    }


    static Stream<Path> allTraces() throws Exception {
        return TestTraces.allOtf2().stream();
    }

    /** A copy of the archive folder {@code source} in {@code dir}: its anchor. */
    static Path copy(Path source, Path dir) throws IOException, TraceReadException {
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path p : walk.toList()) {
                Path target = dir.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return TraceFormat.locate(dir).file();
    }

    private static void damage(Path file, String how) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        switch (how) {
            case "deleted" -> Files.delete(file);
            case "emptied" -> Files.write(file, new byte[0]);
            case "cut" -> Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));
            case "random" -> {
                new Random(13).nextBytes(bytes);
                Files.write(file, bytes);
            }
            case "header" -> {
                bytes[0] ^= (byte) 0xff;
                Files.write(file, bytes);
            }
            default -> throw new IllegalArgumentException(how);
        }
    }

    /** The same on Score-P's 3.9 MB archive with OpenMP threads and CUDA streams (tag slow: -Pfull). */
    @Tag("slow")
    @ParameterizedTest
    @CsvSource("scorep-jacobi-2nodes, traces/4294967296.def, 4294967296, OMP thread 1, 7 locations")
    void aLostLocalDefinitionFileOfAThreadIsAnErrorNamingIt(String trace, String victim, long location, String name, String others,
                                                           @TempDir Path work) throws Exception {
        aLostLocalDefinitionFileIsAnErrorNamingIt(trace, victim, location, name, others, work);
    }

    @ParameterizedTest
    @CsvSource({
        "scorep-ping-pong, traces/1.def, 1, Master thread, location",
        "pi-4, eztrace_log/536870911.def, 536870911, P#1T#0, 3 locations",
    })
    @Tag("slow")
    void aLostLocalDefinitionFileIsAnErrorNamingIt(String trace, String victim, long location, String name, String others,
                                                  @TempDir Path work) throws Exception {
        for (String how : new String[] {"deleted", "emptied", "cut", "random", "header"}) {
            Path dir = work.resolve(how);
            Path anchor = copy(TestTraces.otf2(trace), dir);
            Path file = dir.resolve(victim);
            damage(file, how);
            if (!how.equals("cut")) {
                assertEquals(0, otf2PrintExit(anchor), "libotf2 itself reads on (" + how + ")");
            }
            TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(anchor, false), how);
            String detail = switch (how) {
                case "deleted" -> "missing (local definitions of location " + location + ", \"" + name + "\")";
                case "emptied" -> "empty (local definitions of location " + location + ", \"" + name + "\")"; // an empty file has no record to miss
                case "header" -> "damaged or truncated (local definitions of location " + location + ", \"" + name
                        + "\"; libotf2: This is no chunk header!)";
                default -> "damaged or truncated (local definitions of location " + location + ", \"" + name + "\"; no end-of-file record)";
            };
            assertEquals(file + ": " + detail + "; use --skip-missing to read the other " + others, e.getMessage(), how);

            TraceProfile skipped = TraceInput.read(anchor, new ReadOptions(true, 0), AnalysisOptions.PROFILE);
            assertTrue(skipped.notes().contains("1 location left out for a damaged, missing or unreadable file (" + file.getParent().getFileName() + "/" + file.getFileName()
                    + " of location " + location + ", \"" + name + "\")"), how + ": " + skipped.notes());
        }
    }

    @Test
    void skippingTheLocationOfALostFileLeavesOutItsEvents(@TempDir Path work) throws Exception {
        // pi-4: every rank r > 0 sends one double to rank 0. Without rank 1's location, its message
        // is seen on rank 0's receive side only; rank 1 keeps its vertex but has no time.
        Path anchor = copy(TestTraces.otf2("pi-4"), work);
        TraceProfile whole = TraceInput.read(anchor, false);
        damage(work.resolve("eztrace_log/536870911.def"), "emptied");
        TraceProfile skipped = TraceInput.read(anchor, new ReadOptions(true, 0), AnalysisOptions.PROFILE);
        assertEquals(4, skipped.processes().size());
        assertEquals(0.0, skipped.processes().get(1).time());
        assertTrue(whole.processes().get(1).time() > 0);
        for (int r : new int[] {0, 2, 3}) {
            assertEquals(whole.processes().get(r), skipped.processes().get(r), "rank " + r + " is unchanged");
        }
    }

    @Test
    void anArchiveWithNoLocalDefinitionFileAtAllIsReadWithANote(@TempDir Path work) throws Exception {
        Path anchor = copy(TestTraces.otf2("scorep-ping-pong"), work);
        Files.delete(work.resolve("traces/0.def"));
        Files.delete(work.resolve("traces/1.def"));
        TraceProfile without = TraceInput.read(anchor, false);
        assertTrue(without.notes().contains("no local definition files (traces/*.def): events read without mapping tables and clock offsets"),
                without.notes().toString());
        assertEquals(2, without.processes().size());
    }

    @Test
    void theLocalDefinitionsAreApplied(@TempDir Path work) throws Exception {
        // scorep-late-sender-barrier's local definitions hold mapping tables and clock offsets of
        // up to 123 ticks (otf2-print -M -C); read without them, the numbers differ.
        Path anchor = copy(TestTraces.otf2("scorep-late-sender-barrier"), work);
        TraceProfile whole = TraceInput.read(anchor, false);
        assertTrue(ExternalCommand.lines("otf2-print", "-C", anchor.toString()).stream()
                .anyMatch(l -> l.startsWith("CLOCK_OFFSET") && l.contains("Offset: +107,")));
        try (Stream<Path> defs = Files.list(work.resolve("traces"))) {
            for (Path def : defs.filter(f -> f.getFileName().toString().endsWith(".def")).toList()) {
                Files.delete(def);
            }
        }
        assertNotEquals(whole.processes(), TraceInput.read(anchor, false).processes());
    }

    @Tag("slow")
    @ParameterizedTest
    @MethodSource("allTraces")
    void bundledTracesHaveEveryLocalDefinitionFile(Path dir) throws Exception {
        TraceProfile profile = TraceInput.read(TraceFormat.locate(dir).file(), false);
        // CASITA's rewrite of a Score-P run writes none (testdata/SOURCES.md): read without them, with the note that says so
        boolean none = dir.getFileName().toString().equals("casita-mpi-tags-10");
        assertEquals(none, profile.notes().stream().anyMatch(n -> n.contains("no local definition files (casita/*.def)")), profile.notes().toString());
        assertEquals(none, profile.notes().stream().anyMatch(n -> n.contains("local definition")), profile.notes().toString());
    }

    private static int otf2PrintExit(Path anchor) throws Exception {
        return new ProcessBuilder("otf2-print", anchor.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }

    /**
     * --skip-missing with one event file deleted (left out first, with its note) and the other emptied: nothing is left to
     * read, and the line counts the locations whose event file is there ("any of the 1 locations" read as if the trace had
     * one).
     */
    @Test
    void nothingLeftToReadCountsTheLocationsWhoseEventFileIsThere(@TempDir Path work) throws Exception {
        Path anchor = copy(TestTraces.otf2("scorep-ping-pong"), work);
        Files.delete(work.resolve("traces/1.evt"));
        Files.write(work.resolve("traces/0.evt"), new byte[0]);
        TraceReadException e = assertThrows(TraceReadException.class,
                () -> TraceInput.read(anchor, new ReadOptions(true, 1, null), AnalysisOptions.PROFILE));
        assertEquals(work.resolve("traces") + ": no complete and readable files of any of the 1 location whose event file is there",
                e.getMessage());
    }
}
