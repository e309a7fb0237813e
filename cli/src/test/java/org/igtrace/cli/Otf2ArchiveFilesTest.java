package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged or misnamed files of a real OTF2 archive (Score-P's ping-pong), as a user meets them:
 * one line naming the file libotf2 was reading, what is wrong with it, libotf2's own words in
 * parentheses, exit code 1 and no graph on standard output.
 */
class Otf2ArchiveFilesTest {
    private static final Path PING_PONG = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath()
            .resolve("otf2").resolve("scorep-ping-pong");

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    private static Path copy(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(PING_PONG)) {
            for (Path p : walk.toList()) {
                Path target = dir.resolve(PING_PONG.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return dir;
    }

    private static void cut(Path file, int bytes) throws IOException {
        Files.write(file, Arrays.copyOf(Files.readAllBytes(file), bytes));
    }

    private static void assertOneLineError(Result r, String line) {
        assertEquals(1, r.code, r.err);
        assertEquals("", r.out);
        assertEquals(List.of("igtrace: " + line), r.err.lines().toList());
    }

    @Test
    void aDamagedGlobalDefinitionsFileIsNamedNotTheAnchor(@TempDir Path dir) throws Exception {
        copy(dir);
        cut(dir.resolve("traces.def"), 100);
        assertOneLineError(run(dir.toString()), dir.resolve("traces.def") + ": damaged or truncated (global definitions; no end-of-file record)");
        Files.write(dir.resolve("traces.def"), new byte[0]);
        assertOneLineError(run(dir.toString()), dir.resolve("traces.def") + ": empty (global definitions)"); // an empty file has no record to miss
        Files.delete(dir.resolve("traces.def"));
        assertOneLineError(run(dir.toString()), dir.resolve("traces.def") + ": missing (global definitions)");
    }

    @Tag("slow")
    @Test
    void libotf2sWordsComeInParentheses(@TempDir Path dir) throws Exception {
        copy(dir);
        byte[] defs = Files.readAllBytes(dir.resolve("traces.def"));
        defs[0] = 0x04; // not libotf2's chunk header
        Files.write(dir.resolve("traces.def"), defs);
        assertOneLineError(run(dir.toString()),
                dir.resolve("traces.def") + ": damaged or truncated (global definitions; libotf2: This is no chunk header!)");

        copy(dir.resolve("b"));
        byte[] anchor = Files.readAllBytes(dir.resolve("b/traces.otf2"));
        anchor[1] = '#'; // big-endian mark on little-endian content: an anchor libotf2 cannot parse
        Files.write(dir.resolve("b/traces.otf2"), anchor);
        // its 5 properties, 05 00 00 00, read big-endian: 0x05000000 = 83886080, refused before libotf2 makes room for them
        // (libotf2 itself: "Searching for string's terminating null byte failed!")
        assertOneLineError(run(dir.resolve("b").toString()), dir.resolve("b/traces.otf2")
                + ": damaged: it announces 83886080 properties, more than its bytes after them hold (anchor file; libotf2 would make"
                + " room for all of them first)");
    }

    @Test
    void aTruncatedOrEmptiedEventFileIsNamedWithItsLocation(@TempDir Path dir) throws Exception {
        copy(dir);
        Path events = dir.resolve("traces/0.evt");
        cut(events, 300);
        assertOneLineError(run(dir.toString()), events + ": damaged or truncated (events of location 0, \"Master thread\"; "
                + "no end-of-file record); use --skip-missing to read the other location");
        Result skipped = run(dir.toString(), "--skip-missing", "--no-waits");
        assertEquals(0, skipped.code, skipped.err);
        assertTrue(skipped.err.contains("1 location left out for a damaged, missing or unreadable file (traces/0.evt of location 0, \"Master thread\")"),
                skipped.err);
        Files.write(events, new byte[0]);
        assertOneLineError(run(dir.toString()), events + ": empty (events of location 0, \"Master thread\"); "
                + "use --skip-missing to read the other location");
    }

    @Test
    void aLostLocalDefinitionFileIsAnErrorOrWithSkipMissingANote(@TempDir Path dir) throws Exception {
        copy(dir);
        Path local = dir.resolve("traces/1.def");
        byte[] random = new byte[(int) Files.size(local)];
        new java.util.Random(3).nextBytes(random);
        Files.write(local, random);
        assertOneLineError(run(dir.toString()), local + ": damaged or truncated (local definitions of location 1, \"Master thread\"; "
                + "no end-of-file record); use --skip-missing to read the other location");
        Result skipped = run(dir.toString(), "--skip-missing");
        assertEquals(0, skipped.code, skipped.err);
        assertTrue(skipped.err.contains("1 location left out for a damaged, missing or unreadable file (traces/1.def of location 1, \"Master thread\")"),
                skipped.err);
    }

    @Test
    void dataFilesGivenAsTheTraceSuggestTheAnchor(@TempDir Path dir) throws Exception {
        copy(dir);
        Path anchor = dir.resolve("traces.otf2");
        for (String data : new String[] {"traces.def", "traces/0.evt"}) {
            assertOneLineError(run(dir.resolve(data).toString()), dir.resolve(data)
                    + ": an OTF2 definitions or events file, not the archive's anchor file; give the anchor file " + anchor);
        }
    }

    /**
     * Four zero bytes at offset 13 of the anchor give the event files a chunk size of 0 (otf2-print -A says so): libotf2
     * then fails at the first event file ("This is no valid chunk size!"), and the message named traces/0.evt, which is
     * whole, as the damaged file. It names the anchor now.
     */
    @Test
    void anAnchorWithAChunkSizeOfZeroIsTheDamagedFile(@TempDir Path dir) throws Exception {
        copy(dir);
        Path anchor = dir.resolve("traces.otf2");
        byte[] bytes = Files.readAllBytes(anchor);
        Arrays.fill(bytes, 13, 17, (byte) 0);
        Files.write(anchor, bytes);
        Process print = new ProcessBuilder("otf2-print", "-A", anchor.toString()).redirectErrorStream(true).start();
        String properties = new String(print.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        print.waitFor();
        assertTrue(properties.matches("(?s).*Chunk size events +0\\n.*"), properties);
        assertOneLineError(run("stats", dir.toString()), anchor + ": damaged: a chunk size of 0 for the event files (anchor file;"
                + " libotf2 reads no file of the archive with it)");
    }

    /**
     * A rank whose event file is missing, which --skip-missing leaves out, has a vertex without times or w (DOT: "not read"):
     * graph says so, as stats does ("has no row"). It said nothing, then that its vertex had time 0 and w = 1, as a rank
     * that recorded no event has (review).
     */
    @Test
    void graphNamesARankWithNoRegionEvent(@TempDir Path dir) throws Exception {
        copy(dir);
        Files.delete(dir.resolve("traces/1.evt"));
        Result r = run(dir.toString(), "--skip-missing", "--format", "dot");
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("igtrace:   rank 1: not read (its files left out): its vertex has no time and no w, which are unknown"),
                r.err);
        assertTrue(!r.err.contains("time 0 and w = 1"), r.err);
        assertTrue(r.out.contains("1\\nnot read"), r.out);
    }

    /** info's note on a location whose events could not be counted names its file, as the other commands' refusal does. */
    @Test
    void infoNamesTheEventFileItCouldNotCount(@TempDir Path dir) throws Exception {
        copy(dir);
        Path events = dir.resolve("traces/1.evt");
        byte[] bytes = Files.readAllBytes(events);
        bytes[0] ^= (byte) 0xff; // no chunk header
        Files.write(events, bytes);
        Result r = run("info", dir.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("1 location's events could not be counted (missing or unreadable file: " + events + ": "), r.out);
    }

    /**
     * scorep-ping-pong's anchor (533 global definitions, 2 locations) with scorep-late-sender-barrier's traces.def (481
     * records, 4 locations): info refused traces.def, the other commands named traces/2.evt as missing, a file the
     * archive never had. Every command names the definitions and their count, as otf2-print refuses them.
     */
    @Test
    void globalDefinitionsOfAnotherArchiveAreNamed(@TempDir Path dir) throws Exception {
        copy(dir);
        Files.copy(PING_PONG.resolveSibling("scorep-late-sender-barrier").resolve("traces.def"), dir.resolve("traces.def"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        for (String command : new String[] {"graph", "stats"}) {
            Result r = run(command, dir.toString(), "-q");
            assertEquals(1, r.code, r.err);
            assertEquals("igtrace: " + dir.resolve("traces.def") + ": damaged, or not of the run of traces.otf2: 481 global definition records"
                    + " where the anchor file announces"
                    + " 533 (global definitions; libotf2's otf2-print refuses it too)", r.err.strip());
        }
    }

    /**
     * traces/1.def made a directory: info's note named 1.evt (whole: otf2-print reads its 30 events) as a named pipe or
     * device; it names the local definitions, a directory, as the other commands' refusal does.
     */
    @Test
    void infoNamesTheLocalDefinitionsItCouldNotRead(@TempDir Path dir) throws Exception {
        copy(dir);
        Path definitions = dir.resolve("traces/1.def");
        Files.delete(definitions);
        Files.createDirectory(definitions);
        Result r = run("info", dir.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("1 location's events could not be counted (missing or unreadable file: " + definitions
                + ": not a regular file (a directory) (local definitions of location 1;"), r.out);
        Result stats = run("stats", dir.toString(), "-q");
        assertEquals(1, stats.code);
        assertTrue(stats.err.contains(definitions + ": not a regular file (a directory)"), stats.err);
    }

    /**
     * Byte 289 of traces/1.evt flipped (xor 0xff) makes one MPI_Send's Leave 64536937978293005 ticks; the 39 events after
     * it go back in time. otf2-print reads all 120 events. Read, rank 1's T_i came out 27271643 s (its calls added up to
     * more than it, and a load balance of -0.0897 once, then every efficiency kept in [0, 1] but T_i still 27 million
     * seconds, exit 0). The time lies far after the trace's end by its clock properties: a damaged timestamp, refused.
     */
    @Test
    void aTimestampThatJumpsFarAheadIsDamage(@TempDir Path dir) throws Exception {
        copy(dir);
        Path events = dir.resolve("traces/1.evt");
        byte[] bytes = Files.readAllBytes(events);
        bytes[289] ^= (byte) 0xff;
        Files.write(events, bytes);
        Result r = run("stats", dir.toString(), "--format", "json", "-q");
        assertEquals(1, r.code, r.err);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith("igtrace: " + events + ": damaged: an event at tick 64536937978293005 lies outside the"
                + " trace's time range"), r.err);
    }

    /**
     * Byte 304 of traces/0.evt set to 0x1d makes the same enter 7351287894713998 ticks, about 22,040 s before the trace's
     * start (the clock properties: offset 7397466976977800, length 418210708 ticks); otf2-print reads it without
     * complaint. Read, it gave rank 0 a T_i and a time in MPI of 2.2e4 s and negative lost time, with exit 0: it is a
     * damaged timestamp, refused in one line naming the events file and the range.
     */
    @Test
    void aTimestampFarOutsideTheTracesTimeRangeIsDamage(@TempDir Path dir) throws Exception {
        copy(dir);
        Path events = dir.resolve("traces/0.evt");
        byte[] bytes = Files.readAllBytes(events);
        bytes[304] = 0x1d;
        Files.write(events, bytes);
        for (String command : List.of("stats", "graph", "why")) {
            Result r = run(command, dir.toString());
            assertEquals(1, r.code, command + ": " + r.err);
            assertEquals("", r.out, command);
            List<String> lines = r.err.lines().toList();
            assertEquals(1, lines.size(), r.err);
            assertTrue(lines.get(0).startsWith("igtrace: " + events + ": damaged: an event at tick 7351287894713998 lies outside the"
                    + " trace's time range, [7397466976977800, 7397467395188508] ticks by its clock properties"), lines.get(0));
        }
    }

    /**
     * An EZTrace archive has no time range to check against (its clock properties' length is not its span): byte 108 of
     * delays-4's eztrace_log/0.evt flipped (xor 0xff) makes rank 0's first MPI_Sendrecv leave at tick 1095216787195 (otf2-print,
     * which reads the copy: 126715 in the intact trace), 1,095 s into a run of 0.48 s; the next event is at 126885. Read, every
     * event after it was taken at that time (it goes back): T_i 1,095 s, exit 0. A time more than a second and more than its
     * location's span so far before the one before it is a damaged timestamp, refused.
     */
    @Test
    void aTimestampFarAheadOfTheEventsAroundItIsDamage(@TempDir Path dir) throws Exception {
        Path events = delays4Flipped(dir, 108);
        for (String command : List.of("stats", "graph", "predict")) {
            Result r = run(command, dir.toString());
            assertEquals(1, r.code, command + ": " + r.err);
            assertEquals("", r.out, command);
            assertEquals(1, r.err.lines().count(), r.err);
            assertTrue(r.err.startsWith("igtrace: " + events + ": damaged: an event at tick 126885 lies 1.10e+03 s before the event"
                    + " before it (tick 1095216787195), more than a second and more than the location's span so far (events of location 0,"
                    + " \"P#0T#0\";"), r.err);
        }
    }

    /**
     * A time far ahead at a location's last event has no event after it to show it (a rank may run on quietly): byte 1010 of
     * delays-4's eztrace_log/0.evt flipped makes rank 0's last event, the Leave of "EZTrace finalize", tick 280375916676553
     * (otf2-print: 451593673 intact), 280375916676553 - 451593291 (the Enter before it) = 2.80e5 s after the event before it,
     * in a location whose events before spanned 0.45 s. Read with exit 0, it is named in a note; the intact trace has none.
     */
    @Test
    void aLastEventFarAfterTheOneBeforeItIsNoted(@TempDir Path dir) throws Exception {
        delays4Flipped(dir, 1010);
        Result r = run("stats", dir.toString(), "--format", "json");
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("the last event of location 0 \\\"P#0T#0\\\" lies 2.80e+05 s after the event before it, more than a hundred"
                + " times the location's time before that"), r.out);
        Result intact = run("stats", PING_PONG.resolveSibling("delays-4").toString(), "--format", "json");
        assertFalse(intact.out.contains("the last event of"), intact.out);
    }

    /** A copy of delays-4 (EZTrace) in {@code dir} with byte {@code at} of eztrace_log/0.evt flipped (xor 0xff); its events file. */
    private static Path delays4Flipped(Path dir, int at) throws IOException {
        Path intact = PING_PONG.resolveSibling("delays-4");
        try (Stream<Path> walk = Files.walk(intact)) {
            for (Path p : walk.toList()) {
                Path target = dir.resolve(intact.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        Path events = dir.resolve("eztrace_log/0.evt");
        byte[] bytes = Files.readAllBytes(events);
        bytes[at] ^= (byte) 0xff;
        Files.write(events, bytes);
        return events;
    }

    /**
     * An OTF (version 1) definitions or events file given as the trace (plain or compressed) names the master file beside
     * it; it was "not a trace: expected an OTF2 anchor file ... or an OTF master file".
     */
    @Test
    void otf1DataFilesGivenAsTheTraceSuggestTheMasterFile() throws Exception {
        Path testdata = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();
        for (String[] file : new String[][] {{"synth-plain", "synth.0.def", "definitions"}, {"synth-plain", "synth.1.events", "events"},
            {"synth-z", "synth.1.events.z", "events"}}) {
            Path data = testdata.resolve("otf1").resolve(file[0]).resolve(file[1]);
            assertOneLineError(run(data.toString()), data + ": an OTF (version 1) " + file[2] + " file, not the trace's master"
                    + " file; give the master file " + data.resolveSibling("synth.otf"));
        }
    }

    /**
     * Issue 34, item 1: an archive whose every file has a newline after its end-of-file record (as an MPI
     * simulator's published traces have) reads as libotf2 reads it (otf2-print prints such a copy of this archive
     * exactly as the original): the same output as the original's, in every command that reads events.
     */
    @Test
    void bytesAfterTheEndOfFileRecordsChangeNothing(@TempDir Path dir) throws Exception {
        copy(dir);
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                Files.write(file, new byte[] {'\n'}, java.nio.file.StandardOpenOption.APPEND);
            }
        }
        for (String[] command : new String[][] {{"stats", "--format", "json"}, {"graph", "--format", "csv"}, {"info"}}) {
            String[] original = Stream.concat(Stream.of(command), Stream.of(PING_PONG.toString())).toArray(String[]::new);
            String[] copied = Stream.concat(Stream.of(command), Stream.of(dir.toString())).toArray(String[]::new);
            Result expected = run(original), actual = run(copied);
            assertEquals(0, actual.code, actual.err);
            assertEquals(expected.err, actual.err.replace(dir.toString(), PING_PONG.toString()), String.join(" ", command));
            assertEquals(expected.out, actual.out.replace(dir.toString(), PING_PONG.toString()), String.join(" ", command));
        }
    }

    /** Issue 34, item 11: info names a lost or cut global definitions file as the other commands do, not in libotf2's words. */
    @Test
    void infoNamesTheGlobalDefinitionsFileAsTheOtherCommandsDo(@TempDir Path dir) throws Exception {
        copy(dir);
        Files.delete(dir.resolve("traces.def"));
        assertOneLineError(run("info", dir.toString()), dir.resolve("traces.def") + ": missing (global definitions)");
        assertOneLineError(run("stats", dir.toString()), dir.resolve("traces.def") + ": missing (global definitions)");
        copy(dir.resolve("b"));
        cut(dir.resolve("b/traces.def"), 100);
        assertOneLineError(run("info", dir.resolve("b").toString()),
                dir.resolve("b/traces.def") + ": damaged or truncated (global definitions; no end-of-file record)");
    }
}
