package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.TraceReadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Copies of the bundled OTF traces (VampirTrace's and the libotf-written synthetic run) cut,
 * emptied or edited the way a failed copy or a full disk leaves them: none may read as a shorter
 * good trace. Each must fail with one message naming the damaged file, or with
 * {@code --skip-damaged} leave that events file out with a note naming it.
 */
class Otf1DamagedTraceTest {
    static {
        Remedy.nameWith(r -> "--" + r.key()); // the remedies named as the command line names them
    }

    static final ReadOptions DEFAULT = new ReadOptions(false, 2);
    static final AnalysisOptions WAITS = new AnalysisOptions(false, WaitMode.CORRECTED_CLOCKS);

    @TempDir
    Path dir;

    /** A copy of testdata/otf1/NAME in the temporary directory; returns the copied master file. */
    private Path copy(String trace, String master) throws IOException {
        return copy(dir, trace, master);
    }

    /** A copy of testdata/otf1/NAME in {@code dir}; returns the copied master file. */
    static Path copy(Path dir, String trace, String master) throws IOException {
        try (Stream<Path> files = Files.list(TestTraces.otf1(trace))) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        return dir.resolve(master);
    }

    private Path md() throws IOException {
        return copy("vt-md-mpi-cuda", "md_mpi_cuda.otf");
    }

    private void cut(String file, int length) throws IOException {
        Path f = dir.resolve(file);
        Files.write(f, Arrays.copyOf(Files.readAllBytes(f), length));
    }

    static String error(Path master, ReadOptions options) {
        return assertThrows(TraceReadException.class, () -> TraceInput.read(master, options, WAITS)).getMessage();
    }

    /** Inflates a whole .z file with a plain {@link Inflater} loop (independent of the reader's stream). */
    static byte[] inflate(byte[] compressed) throws DataFormatException {
        Inflater inflater = new Inflater();
        inflater.setInput(compressed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int n;
        while ((n = inflater.inflate(buf)) > 0) {
            out.write(buf, 0, n);
        }
        assertTrue(inflater.needsInput() && !inflater.finished(), "no final block, no trailer: the data simply stops");
        inflater.end();
        return out.toByteArray();
    }

    /** The fact the truncation check rests on (OTF1-FORMAT section 2), on every bundled .z file. */
    @Test
    void everyBundledZFileEndsOnTheFullFlushMarkerAndInflatesToWholeLines() throws Exception {
        List<Path> zFiles;
        try (Stream<Path> walk = Files.walk(TestTraces.dir().resolve("otf1"))) {
            zFiles = walk.filter(f -> f.getFileName().toString().endsWith(".z")).sorted().toList();
        }
        assertEquals(24, zFiles.size(), "7 synth-z files, 8 of vt-jacobi-cpu, 9 of vt-md-mpi-cuda");
        for (Path f : zFiles) {
            byte[] bytes = Files.readAllBytes(f);
            assertEquals("0000ffff", String.format("%02x%02x%02x%02x", bytes[bytes.length - 4], bytes[bytes.length - 3],
                    bytes[bytes.length - 2], bytes[bytes.length - 1]), f + " ends on a full flush");
            byte[] data = inflate(bytes);
            assertEquals('\n', data[data.length - 1], f + " inflates to whole lines");
        }
    }

    /** The case of issue 13: an events file cut to 100 bytes read as a shorter trace with other waits. */
    @Test
    void anEventsFileCutTo100BytesIsAnErrorNamingIt() throws Exception {
        Path master = md();
        cut("md_mpi_cuda.3.events.z", 100);
        assertEquals(dir.resolve("md_mpi_cuda.3.events.z") + ": truncated: the compressed data ends in the middle of a block,"
                + " not on the full-flush marker 00 00 ff ff that ends every .z file libotf writes; use --skip-damaged to read the"
                + " other 3 events files", error(master, DEFAULT));
    }

    @Test
    void definitionsCutAtAThirdAreAnErrorNamingThem() throws Exception {
        Path master = md();
        Path def = dir.resolve("md_mpi_cuda.0.def.z");
        cut("md_mpi_cuda.0.def.z", (int) Files.size(def) / 3);
        assertTrue(error(master, DEFAULT).startsWith(def + ": truncated: the compressed data ends in the middle of a block"));
        assertTrue(error(master, DEFAULT.withSkipDamaged(true)).startsWith(def + ": truncated"), "damaged definitions are never skipped");
    }

    @Test
    void emptyZFilesAreAnErrorNamingThem() throws Exception {
        Path master = md();
        cut("md_mpi_cuda.2.events.z", 0);
        assertTrue(error(master, DEFAULT).startsWith(dir.resolve("md_mpi_cuda.2.events.z") + ": empty: truncated"));
    }

    /**
     * A {@code .z} events file of a whole zlib stream that inflates to no byte (78 5e, a stored block of length 0 and its
     * complement, 00 00 00 ff ff): it was read as a process that recorded nothing, exit 0, where the plain file of no byte
     * is refused; refused alike.
     */
    @Test
    void aZEventsFileThatInflatesToNothingIsAnErrorNamingIt() throws Exception {
        Path master = copy("synth-z", "synth.otf");
        Files.write(dir.resolve("synth.2.events.z"), new byte[] {0x78, 0x5e, 0x00, 0x00, 0x00, (byte) 0xff, (byte) 0xff});
        assertTrue(error(master, DEFAULT).startsWith(dir.resolve("synth.2.events.z") + ": empty: truncated (its zlib data hold no byte"),
                error(master, DEFAULT));
    }

    /**
     * A plain events file emptied (a failed copy): it was read as a process that recorded nothing, a note and exit 0 with
     * rank 1's T 800 us of its thread alone, where its own file holds 940 us. libotf writes every events file with the
     * records of its processes: an empty one is damage, as an empty {@code .z} is.
     */
    @Test
    void anEmptiedPlainEventsFileIsAnErrorNamingIt() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        cut("synth.2.events", 0);
        assertTrue(error(master, DEFAULT).startsWith(dir.resolve("synth.2.events") + ": empty: truncated"), error(master, DEFAULT));
        TraceProfile profile = TraceInput.read(master, DEFAULT.withSkipDamaged(true), WAITS);
        assertTrue(profile.notes().stream().anyMatch(n -> n.startsWith("1 damaged or unreadable events file left out (synth.2.events: empty")),
                profile.notes().toString());
    }

    /**
     * Written like VampirTrace 5.4 writes (wrf): a full flush about every 10240 inflated bytes,
     * inside a record. Cut right after the first flush marker, the compressed data ends well, but
     * the inflated data ends in the middle of a record.
     */
    @Test
    void aCutOnAFlushMarkerInsideARecordIsAnErrorNamingTheFile() throws Exception {
        Path master = md();
        Path events = dir.resolve("md_mpi_cuda.3.events.z");
        byte[] data = inflate(Files.readAllBytes(events));
        int flushEvery = 10240;
        while (data[flushEvery - 1] == '\n') {
            flushEvery++; // the first flush inside a line
        }
        assertNotEquals('\n', data[flushEvery - 1]);
        byte[] compressed = Otf1HandWrittenTraceTest.otfCompress(data, flushEvery);
        int firstMarker = indexOf(compressed, new byte[] {0, 0, (byte) 0xff, (byte) 0xff}) + 4;
        assertTrue(firstMarker < compressed.length - 4, "precondition: more than one flush");
        Files.write(events, Arrays.copyOf(compressed, firstMarker));
        assertTrue(error(master, DEFAULT).startsWith(events + ": truncated: the file ends in the middle of a record ("),
                error(master, DEFAULT));
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** The md trace with {@code file} (a .z events or definitions file) decompressed and edited by {@code edit}. */
    private Path edited(String file, java.util.function.UnaryOperator<String> edit) throws Exception {
        Path master = md();
        Path compressed = dir.resolve(file + ".z");
        String text = new String(inflate(Files.readAllBytes(compressed)), StandardCharsets.ISO_8859_1);
        String changed = edit.apply(text);
        assertNotEquals(text, changed, "the edit changed " + file);
        Files.delete(compressed);
        Files.write(dir.resolve(file), changed.getBytes(StandardCharsets.ISO_8859_1));
        return master;
    }

    /**
     * An events file cut after its first two lines (a time line and process 2's process line: nothing recorded) read as
     * an idle rank 1 with T = 0, exit 0; cut after the first line it was "process 2 recorded no event". Both are cuts:
     * the writer writes a process line before the process's records (or after its last one, at the file's end) and a
     * time line before a record.
     */
    @Test
    void anEventsFileCutBeforeItsFirstRecordIsAnError() throws Exception {
        String[] lines = new String(inflate(Files.readAllBytes(TestTraces.otf1("vt-md-mpi-cuda").resolve("md_mpi_cuda.2.events.z"))),
                StandardCharsets.ISO_8859_1).split("\n");
        assertTrue(lines[1].equals("*2") && !lines[2].startsWith("*"), lines[0] + " / " + lines[1] + " / " + lines[2]);
        Path master = edited("md_mpi_cuda.2.events", t -> lines[0] + "\n" + lines[1] + "\n");
        assertEquals(dir.resolve("md_mpi_cuda.2.events") + ": truncated: the file names process 2 (a process line) but ends before"
                + " any record of it; use --skip-damaged to read the other 3 events files", error(master, DEFAULT));
        Files.writeString(dir.resolve("md_mpi_cuda.2.events"), lines[0] + "\n");
        assertEquals(dir.resolve("md_mpi_cuda.2.events") + ": truncated: the file ends after a time line, before the record it"
                + " belongs to; use --skip-damaged to read the other 3 events files", error(master, DEFAULT));
    }

    /**
     * A damaged byte after a number cut the number short and read the record as another valid one, exit 0: {@code E11}
     * as {@code E1g} entered function 1 (rank 1's Tcomm 0.41383 s against 0.41435 s), a time with an X in it moved
     * rank 1's end 3 s, a send's length {@code L1z0} was 1 byte. libotf refuses each as a parse error.
     */
    @Test
    void aDamagedByteInsideANumberIsAnError() throws Exception {
        Path master = edited("md_mpi_cuda.1.events", t -> t.replaceFirst("\nE11\n", "\nE1g\n"));
        assertTrue(error(master, DEFAULT).matches(java.util.regex.Pattern.quote(dir.resolve("md_mpi_cuda.1.events").toString())
                + ": line \\d+: a number is followed by 'g', which no record holds there.*"), error(master, DEFAULT));
        Files.writeString(dir.resolve("md_mpi_cuda.1.events"), "2d44d84d6\n*1\nPB\n2d44dX4d6\n*1\nPE\n");
        assertTrue(error(master, DEFAULT).contains("md_mpi_cuda.1.events: line 4: a time line holds more than one hexadecimal number"),
                error(master, DEFAULT));
        Files.writeString(dir.resolve("md_mpi_cuda.1.events"), "2d44d84d6\n*1\nPB\nS1L1z0T1C3b9aca05\nPE\n");
        assertTrue(error(master, DEFAULT).contains("md_mpi_cuda.1.events: line 4: a number is followed by 'z'"), error(master, DEFAULT));
    }

    /** A process or function id of more than 32 bits was cut to its low 32 bits ({@code E100000001} entered function 1). */
    @Test
    void anIdBeyond32BitsIsAnError() throws Exception {
        Path master = edited("md_mpi_cuda.1.events", t -> t.replaceFirst("\nE11\n", "\nE100000011\n"));
        assertTrue(error(master, DEFAULT).contains("md_mpi_cuda.1.events: the function id 100000011 does not fit in 32 bits"),
                error(master, DEFAULT));
    }

    /**
     * Records of process 3 in stream 2's file (one {@code *2} changed to {@code *3}) were merged into rank 2, exit 0,
     * waiting 918 ms against 852 ms, the difference blamed on the clocks.
     */
    @Test
    void recordsOfAProcessOfAnotherStreamAreAnError() throws Exception {
        Path master = edited("md_mpi_cuda.2.events", t -> {
            int at = t.indexOf("\n*2\n", t.length() / 2);
            return t.substring(0, at) + "\n*3\n" + t.substring(at + 4);
        });
        assertTrue(error(master, DEFAULT).startsWith(dir.resolve("md_mpi_cuda.2.events") + ": holds records of process 3, which"
                + " md_mpi_cuda.otf does not put in this stream"), error(master, DEFAULT));
    }

    /**
     * A process whose only record is an event comment (libotf 1.12.5's OTF_Writer_writeEventComment: {@code #"text"}
     * after its process line, then the closing time and process lines) is an idle process, not a cut file: read.
     */
    @Test
    void aProcessWhoseOnlyRecordIsACommentIsRead() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        Files.writeString(dir.resolve("synth.4.events"), "2bc\n*4\n#\"rank 3 did nothing\"\n2bc\n*4\n");
        TraceProfile profile = TraceInput.read(master, DEFAULT, WAITS);
        assertEquals(0, profile.processes().get(3).time());
    }

    /**
     * A second timer resolution replaced the first (T of rank 0 10.57 s against 5.03 s, no note); no timer resolution,
     * or 0, gave every time in ticks labelled as seconds. Now the first is kept (a note counts the repeat) and a trace
     * without a usable one is refused.
     */
    @Test
    void theTimerResolutionIsTheFirstAndMustBeUsable() throws Exception {
        Path master = edited("md_mpi_cuda.0.def", t -> t.replaceFirst("(\nDTR[0-9a-f]+\n)", "$1DTR3b9aca00\n"));
        TraceProfile profile = TraceInput.read(master, DEFAULT, WAITS);
        assertEquals(5.031207227, profile.processes().get(0).time(), 1e-9);
        assertTrue(profile.diagnostics().stream().anyMatch(d -> d.sentence().contains("1 definition repeats an id already defined: the first definition kept")), profile.diagnostics().toString());
        Files.writeString(dir.resolve("md_mpi_cuda.0.def"),
                Files.readString(dir.resolve("md_mpi_cuda.0.def"), StandardCharsets.ISO_8859_1).replaceAll("(?m)^DTR[0-9a-f]+\n", ""));
        assertEquals(dir.resolve("md_mpi_cuda.0.def") + ": no timer resolution (DTR record): no time can be given in seconds (the"
                + " definitions are damaged or cut)", error(master, DEFAULT));
        Files.writeString(dir.resolve("md_mpi_cuda.0.def"),
                Files.readString(dir.resolve("md_mpi_cuda.0.def"), StandardCharsets.ISO_8859_1).replaceFirst("\nDCR", "\nDTR0\nDCR"));
        assertTrue(error(master, DEFAULT).contains("timer resolution 0 ticks per second (DTR) is not usable"), error(master, DEFAULT));
    }

    /**
     * A timer resolution of 2^63 ticks per second (DTR8000000000000000) is that unsigned number, as OTF2's is, not a
     * refusal: rank 0's T, 5.031207227 s at the trace's own 0x7d2c7f6b = 2100068203 ticks per second, is
     * 5.031207227 x 2100068203 / 2^63 s.
     */
    @Test
    void aTimerResolutionOf2To63IsThatNumber() throws Exception {
        Path master = edited("md_mpi_cuda.0.def", t -> t.replaceFirst("\nDTR7d2c7f6b\n", "\nDTR8000000000000000\n"));
        TraceProfile profile = TraceInput.read(master, DEFAULT, WAITS);
        assertEquals(5.031207227 * 2100068203 / Math.pow(2, 63), profile.processes().get(0).time(), 1e-18);
    }

    /**
     * A plain (decompressed) VampirTrace 5.15 events file cut at a line end: no partial record, but
     * process 3 began (PB) and its end (PE) is gone.
     */
    @Test
    void aPlainEventsFileCutAtALineEndBeforeItsProcessEndIsAnError() throws Exception {
        Path master = md();
        Path compressed = dir.resolve("md_mpi_cuda.3.events.z");
        byte[] data = inflate(Files.readAllBytes(compressed));
        Files.delete(compressed);
        int half = data.length / 2;
        while (data[half - 1] != '\n') {
            half++;
        }
        Path plain = dir.resolve("md_mpi_cuda.3.events");
        Files.write(plain, Arrays.copyOf(data, half));
        assertEquals(plain + ": truncated: process 3 began (PB) but the file ends before its end record (PE); use --skip-damaged to"
                + " read the other 3 events files", error(master, DEFAULT));
    }

    /**
     * Files written without PB/PE (libotf 1.12 from the synthetic run, like VampirTrace 5.4) cut at
     * a line end cannot be told from whole ones by their ends; the regions the cut leaves open are
     * reported naming the file. synth.2.events: main (E10) is entered first and left last.
     */
    @Test
    void aPlainFileWithoutProcessEndsCutAtALineEndIsNamedInANote() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        List<String> lines = Files.readAllLines(dir.resolve("synth.2.events"), StandardCharsets.ISO_8859_1);
        assertEquals("E10", lines.get(2), "precondition: main is entered by the third line");
        assertFalse(lines.contains("PE"), "precondition: no process end records");
        Files.writeString(dir.resolve("synth.2.events"), String.join("\n", lines.subList(0, lines.size() / 2)) + "\n");
        TraceProfile profile = TraceInput.read(master, DEFAULT, WAITS);
        assertTrue(profile.notes().stream().anyMatch(n -> n.contains("regions still open") && n.contains("(synth.2.events)")),
                profile.notes().toString());
    }

    /**
     * A time of 2^63 ticks or more (OTF's times are unsigned 64-bit) read as a negative long, the "no time yet" sentinel:
     * every record after it was dropped, and the numbers were wrong with exit 0. Now refused, naming the line.
     */
    @Test
    void aTimeOf2To63TicksOrMoreIsRefused() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        Path events = dir.resolve("synth.2.events");
        List<String> lines = Files.readAllLines(events, StandardCharsets.ISO_8859_1);
        assertEquals("a", lines.get(3), "precondition: the second time line");
        lines.set(3, "8000000000000000");
        Files.writeString(events, String.join("\n", lines) + "\n", StandardCharsets.ISO_8859_1);
        String error = error(master, DEFAULT);
        assertTrue(error.contains("synth.2.events: line 4: a time of 2^63 ticks or more, which igtrace does not read"), error);
    }

    @Test
    void aMasterFileCutInsideALineIsAnError() throws Exception {
        Path master = md();
        cut("md_mpi_cuda.otf", 15); // "1:1\n2:2\n3:3\n4:"
        assertEquals(master + ": truncated: the master file ends in the middle of a line", error(master, DEFAULT));
        cut("md_mpi_cuda.otf", 9); // "1:1\n2:2\n3": a last line that is no master line yet (it was "not a trace")
        assertEquals(master + ": truncated: the master file ends in the middle of a line", error(master, DEFAULT));
    }

    /** The master file cut after its third line: MPI process 4 is defined but in no stream. */
    @Test
    void aMasterFileCutAtALineEndIsAnErrorNamingIt() throws Exception {
        Path master = md();
        cut("md_mpi_cuda.otf", 12); // "1:1\n2:2\n3:3\n"
        assertTrue(error(master, DEFAULT).startsWith(master + ": lists no stream for process"), error(master, DEFAULT));
        // info lists the trace and says so (it said nothing of the master file)
        assertTrue(Otf1Inventory.read(master).notes().stream().anyMatch(n -> n.startsWith(master + ": lists no stream for process 4 ")
                && n.endsWith("(the master file is damaged or truncated): the analyses refuse the trace")), Otf1Inventory.read(master).notes()
                .toString());
    }

    /**
     * One changed digit in the master file ({@code 3:3} read as {@code 2:3}, or stream 3's process
     * put in stream 2 and its line dropped) moved MPI process 3 to stream 2, whose events file holds
     * no record of it, while md_mpi_cuda.3.events.z, which holds its records, is still there: read on,
     * rank 2 would be a process that recorded nothing, with exit 0. It is the master file's damage,
     * named, with and without --skip-damaged.
     */
    @Test
    void aMasterFileThatMovesAProcessToAnotherStreamIsAnErrorNamingIt() throws Exception {
        Path master = md();
        String whole = Files.readString(master, StandardCharsets.ISO_8859_1);
        assertTrue(whole.startsWith("1:1\n2:2\n3:3\n"), "precondition: " + whole);
        for (String edited : new String[] {whole.replace("\n3:3\n", "\n2:3\n"), whole.replace("\n2:2\n3:3\n", "\n2:2,3\n")}) {
            Files.writeString(master, edited, StandardCharsets.ISO_8859_1);
            String expected = master + ": puts process 3 \"Process 2\" in the stream of md_mpi_cuda.2.events.z, which holds no record"
                    + " of it, and lists no stream for md_mpi_cuda.3.events.z, which does (the master file is damaged)";
            assertEquals(expected, error(master, DEFAULT), edited);
            assertEquals(expected, error(master, DEFAULT.withSkipDamaged(true)), edited);
        }
    }

    /**
     * The same damage where the stream's number is not the process's (libotf's own traces: synth-plain's thread 100002 is
     * in stream 5): "5:100002" read as "4:100002" put the thread in stream 4, and synth.5.events, which holds its records,
     * was left unread with exit 0 (rank 1's OpenMP part gone), once the check looked only for a stream numbered as the
     * process.
     */
    @Test
    void aMasterFileThatMovesAThreadToAStreamOfAnotherNumberIsAnError() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        String whole = Files.readString(master, StandardCharsets.ISO_8859_1);
        assertTrue(whole.contains("\n5:100002\n"), whole);
        Files.writeString(master, whole.replace("\n5:100002\n", "\n4:100002\n"), StandardCharsets.ISO_8859_1);
        assertEquals(master + ": puts process 100002 \"Process 1 thread 1\" in the stream of synth.4.events, which holds no record of it,"
                + " and lists no stream for synth.5.events, which does (the master file is damaged)", error(master, DEFAULT));
    }

    /**
     * An idle process put in a stream whose file holds no record of it (synth-idle's process 5, no stream of its own,
     * edited into stream 4: "4:4,5") is an idle process, also with a stray empty events file of an unlisted stream beside
     * it (synth.7.events): only the file of the stream numbered as the process, unlisted, tells a moved process (it was
     * refused as the master file's damage).
     */
    @Test
    void aStrayEventsFileDoesNotMakeAnIdleProcessDamage() throws Exception {
        Path master = copy("synth-idle", "synth.otf");
        String whole = Files.readString(master, StandardCharsets.ISO_8859_1);
        assertTrue(whole.contains("\n4:4\n"), whole);
        Files.write(dir.resolve("synth.7.events"), new byte[0]);
        // as synth-idle is (process 5 in no stream): the empty stray file refused the whole trace as a cut master file
        assertEquals(0, TraceInput.read(master, DEFAULT, WAITS).processes().get(4).time(), 0, "process 5 (rank 4) recorded nothing");
        Files.writeString(master, whole.replace("\n4:4\n", "\n4:4,5\n"), StandardCharsets.ISO_8859_1);
        org.igtrace.core.profile.TraceProfile profile = TraceInput.read(master, DEFAULT, WAITS);
        assertEquals(5, profile.processes().size());
        assertEquals(0, profile.processes().get(4).time(), 0, "process 5 (rank 4) recorded nothing");
    }

    /**
     * info on the master file that moved MPI process 3 to stream 2 (above): it counts md_mpi_cuda.2.events.z, which reads
     * whole (it left all of that file uncounted), and says the master file is damaged in a note.
     */
    @Test
    void infoCountsTheFilesOfAMasterThatMovedAProcessAndNotesIt() throws Exception {
        Path master = md();
        Files.writeString(master, Files.readString(master, StandardCharsets.ISO_8859_1).replace("\n3:3\n", "\n2:3\n"),
                StandardCharsets.ISO_8859_1);
        org.igtrace.core.trace.TraceInventory inventory = Otf1Inventory.read(master);
        assertTrue(inventory.notes().stream().anyMatch(n -> n.startsWith(master + ": puts process 3 ") && n.endsWith(
                "(the master file is damaged): the analyses refuse the trace")), inventory.notes().toString());
        assertTrue(inventory.notes().stream().noneMatch(n -> n.contains("not counted")), inventory.notes().toString());
        assertTrue(inventory.locations().stream().filter(l -> l.id().equals("2")).allMatch(l -> l.events() > 0),
                inventory.locations().toString());
    }

    /** Edited plain copies of the synthetic run's definitions: each removed line is named by an event that uses it. */
    @Test
    void eventsNamingWhatTheDefinitionsNeverDefineAreAnErrorNamingTheDefinitions() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        Path def = dir.resolve("synth.0.def");
        String whole = Files.readString(def, StandardCharsets.ISO_8859_1);
        String[][] cases = {
                {"DF13G3NM\"MPI_Send\"\n", "names function 13, which synth.0.def does not define"},
                {"DPG3b9aca05M1,2,3,4,NM\"MPI_COMM_WORLD\"\n", "names process group 3b9aca05, which synth.0.def does not define"},
                {"DCO7NM\"MPI_Bcast\"Y2\n", "names collective operation 7, which synth.0.def does not define"}};
        for (String[] c : cases) {
            assertTrue(whole.contains(c[0]), c[0]);
            Files.writeString(def, whole.replace(c[0], ""), StandardCharsets.ISO_8859_1);
            String message = error(master, DEFAULT);
            assertTrue(message.matches("\\Q" + dir + "/synth.\\E\\d\\.events: \\Q" + c[1]
                    + " (one of the two files is damaged or truncated)\\E"), message);
            assertTrue(error(master, DEFAULT.withSkipDamaged(true)).contains(c[1]), "never skipped: the definitions may be damaged");
        }
        Files.writeString(def, whole.replace("DP4NM\"Process 3\"\n", ""), StandardCharsets.ISO_8859_1);
        assertEquals(def + ": process group 3b9aca05 lists process 4, which no process record (DP) defines (the definitions"
                + " are damaged)", error(master, DEFAULT));
        Files.writeString(def, whole.replace("DP4NM\"Process 3\"\n", "").replace("M1,2,3,4,", "M1,2,3,"), StandardCharsets.ISO_8859_1);
        assertEquals(def + ": does not define process 4, which synth.otf lists (one of the two files is damaged or truncated)",
                error(master, DEFAULT));
    }

    /** A plain events file with a record of a process the definitions never define (written into stream 3's file). */
    @Test
    void anEventOfAnUndefinedProcessIsAnErrorNamingTheDefinitions() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        Path events = dir.resolve("synth.3.events");
        Files.writeString(events, Files.readString(events) + "3e8\n*9\nL\n");
        assertEquals(events + ": names process 9, which synth.0.def does not define (one of the two files is damaged or"
                + " truncated)", error(master, DEFAULT));
    }

    @Test
    void anEventsFileOverwrittenByAnotherStreamsIsAnErrorNamingIt() throws Exception {
        Path master = md();
        Files.copy(dir.resolve("md_mpi_cuda.2.events.z"), dir.resolve("md_mpi_cuda.4.events.z"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertEquals(dir.resolve("md_mpi_cuda.4.events.z") + ": holds no record of process 4 \"Process 3\", which"
                + " md_mpi_cuda.otf puts in it (the file holds records of processes of another stream: overwritten)",
                error(master, DEFAULT));
    }

    /**
     * --skip-damaged leaves the cut events file out and names it; the other ranks are read. Rank 2
     * (process 3) then has no events: run time 0.
     */
    @Test
    void skipDamagedLeavesTheDamagedEventsFileOutWithANoteNamingIt() throws Exception {
        Path master = md();
        cut("md_mpi_cuda.3.events.z", 100);
        TraceProfile profile = TraceInput.read(master, DEFAULT.withSkipDamaged(true), WAITS);
        assertEquals(4, profile.processes().size());
        assertEquals(0.0, profile.processes().get(2).time());
        for (int rank : new int[] {0, 1, 3}) {
            assertTrue(profile.processes().get(rank).time() > 0, "rank " + rank + " is read");
        }
        assertTrue(profile.notes().contains("1 damaged or unreadable events file left out (md_mpi_cuda.3.events.z: truncated: the"
                + " compressed data ends in the middle of a block, not on the full-flush marker 00 00 ff ff that ends every .z"
                + " file libotf writes)"), profile.notes().toString());
    }

    /**
     * One events file holding an MPI process and a GPU stream (the master file lists {@code 3:3,100003}, as otfmerge
     * writes streams of several processes), the GPU stream's last line (its PE) cut: the analyses leave GPU events out
     * and read the MPI process whole. --skip-damaged left the whole file out, rank 2 with it, once info's check that
     * every process ends was shared with it (review); info alone names such a file.
     */
    /** Two one-process streams merged by time into one (stable: the first's records first at a time both have). */
    private static String merged(String first, String second) {
        List<String[]> a = units(first), b = units(second);
        StringBuilder out = new StringBuilder();
        for (int i = 0, j = 0; i < a.size() || j < b.size(); ) {
            boolean fromFirst = j == b.size() || i < a.size() && Long.parseLong(a.get(i)[0], 16) <= Long.parseLong(b.get(j)[0], 16);
            String[] u = fromFirst ? a.get(i++) : b.get(j++);
            out.append(u[0]).append('\n').append(u[1]).append('\n').append(u[2]);
        }
        return out.toString();
    }

    /** A stream's records as {time line, process line, the record with the key-value lines before it}, in file order. */
    private static List<String[]> units(String stream) {
        List<String[]> units = new java.util.ArrayList<>();
        String time = null, process = null;
        StringBuilder record = new StringBuilder();
        for (String line : stream.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            char c = line.charAt(0);
            if (c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
                time = line;
            } else if (c == '*') {
                process = line;
            } else {
                record.append(line).append('\n');
                if (c != 'K') { // a key-value line belongs to the record after it
                    units.add(new String[] {time, process, record.toString()});
                    record.setLength(0);
                }
            }
        }
        return units;
    }

    @Test
    void skipDamagedKeepsAFileWhoseOnlyDamageIsInAGpuStreamTheAnalysesLeaveOut() throws Exception {
        Path master = md();
        byte[] mpi = inflate(Files.readAllBytes(dir.resolve("md_mpi_cuda.3.events.z")));
        String gpu = new String(inflate(Files.readAllBytes(dir.resolve("md_mpi_cuda.100003.events.z"))), StandardCharsets.US_ASCII);
        int end = gpu.lastIndexOf("\nPE\n") + 1; // its PE, then the time line and process line that close a file
        assertTrue(end > 0, "the GPU stream ends with its PE line");
        Files.delete(dir.resolve("md_mpi_cuda.3.events.z"));
        Files.delete(dir.resolve("md_mpi_cuda.100003.events.z"));
        Files.writeString(dir.resolve("md_mpi_cuda.3.events"), merged(new String(mpi, StandardCharsets.US_ASCII), gpu.substring(0, end)),
                StandardCharsets.US_ASCII);
        Files.writeString(master, Files.readString(master).replace("3:3\n", "3:3,100003\n").replace("100003:100003\n", ""));
        TraceProfile profile = TraceInput.read(master, DEFAULT.withSkipDamaged(true), WAITS);
        assertTrue(profile.processes().get(2).time() > 0, "rank 2 is read");
        assertTrue(profile.notes().stream().noneMatch(n -> n.contains("damaged or unreadable events file")), profile.notes().toString());
        assertEquals("counted in 6 of 7 event files", Otf1Inventory.read(master).eventCounts(), "info names it");
    }

    @Test
    void skipDamagedWithEveryEventsFileDamagedIsAnError() throws Exception {
        Path master = copy("synth-z", "synth.otf");
        for (int s = 1; s <= 6; s++) {
            cut("synth." + s + ".events.z", 0);
        }
        assertEquals(dir.resolve("synth.1.events.z") + ": empty: truncated (a .z file holds at least a zlib header and one"
                + " flushed block) (and every other events file is damaged too)", error(master, DEFAULT.withSkipDamaged(true)));
    }
    /**
     * synth-plain's rank 0 events file with one line edited as a damaged byte leaves it. libotf reads a record's fields
     * in a fixed order and refuses another keyword where one is due, or anything but a source location ({@code X}) after
     * the last ({@code otfprint}: "An error occurred while reading events ... damaged"); igtrace skipped the unknown
     * field and read the rest as 0, exit 0: a send's length {@code 3e8} made {@code 3Z8} read as 3 bytes (edge 0-1: 2003
     * bytes against 3000), a receive's {@code C} made {@code U} lost its communicator (an unmatched send and receive), a
     * newline made a letter ({@code E10Q5}) took the next time line for a field, and a time line made {@code K9a} was a
     * key-value line skipped unchecked (rank 0's Tcomm 87 us against 97 us). What libotf reads is still read: a source
     * location and what follows it.
     */
    @Test
    void aRecordWhoseFieldsAreNotLibotfsIsAnError() throws Exception {
        String[][] damaged = {
            {"S2L3e8T0C3b9aca05\n", "S2L3Z8T0C3b9aca05\n", "a send record has Z where libotf reads its tag (T) field"},
            {"R4Lfa0T0C3b9aca05\n", "R4Lfa0T0U3b9aca05\n", "a receive record has U where libotf reads its communicator (C) field"},
            {"\nE10\n", "\nE10Q5\n", "an Enter record is followed by Q, which libotf does not read there"},
            {"\n19a\n", "\nK9a\n", "a key-value record has no type (Y) field"},
            {"S2L3e8T2C3b9aca05\n", "S2L3e8T2C3b9aca05Q5\n", "a send record is followed by Q"},
            {"COPB3H1C3b9aca05RT0S8R8\n", "COPB3H1C3b9aca05S8RT0R8\n", "a collective begin record has S where libotf reads its root (RT) field"},
        };
        Path master = copy("synth-plain", "synth.otf");
        Path events = dir.resolve("synth.1.events");
        String text = Files.readString(events, StandardCharsets.ISO_8859_1);
        for (String[] d : damaged) {
            String changed = text.replaceFirst(d[0], d[1]);
            assertNotEquals(text, changed, d[0]);
            Files.writeString(events, changed, StandardCharsets.ISO_8859_1);
            String error = error(master, DEFAULT);
            assertTrue(error.startsWith(events + ": line ") && error.contains(d[2]), d[1] + ": " + error);
        }
        Files.writeString(events, text, StandardCharsets.ISO_8859_1);
        TraceProfile intact = TraceInput.read(master, DEFAULT, WAITS);
        Files.writeString(events, text.replaceFirst("S2L3e8T2C3b9aca05\n", "S2L3e8T2C3b9aca05X5Q1\n"), StandardCharsets.ISO_8859_1);
        assertEquals(intact.pairs(), TraceInput.read(master, DEFAULT, WAITS).pairs());
    }

    /**
     * A master file naming a stream on two lines (synth-plain's "3:3" twice): libotf reads the stream once (otfprint's
     * output the same as the intact trace's), igtrace read it twice: 18 messages in place of 15, a second thread made up
     * for rank 2, exit 0. Now the stream is read once, with the processes of both lines; the same profile.
     */
    @Test
    void aStreamListedTwiceIsReadOnce() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        TraceProfile intact = TraceInput.read(master, DEFAULT, WAITS);
        for (String twice : new String[] {"1:1\n2:2\n3:3\n3:3\n", "1:1\n3:3\n2:2\n3:3\n"}) {
            String rest = Files.readString(TestTraces.otf1("synth-plain").resolve("synth.otf")).replaceFirst("1:1\n2:2\n3:3\n", "");
            Files.writeString(master, twice + rest);
            TraceProfile read = TraceInput.read(master, DEFAULT, WAITS);
            assertEquals(intact.messages(), read.messages(), twice);
            assertEquals(intact.processes(), read.processes(), twice);
            assertEquals(intact.pairs(), read.pairs(), twice);
        }
    }

    /**
     * A process the master file lists under two streams (synth-plain's process 2 also under stream 1): otfprint reads the
     * trace as the intact one, and so did igtrace, but it noted that process 2 recorded no event ("no record in
     * synth.1.events") though synth.2.events holds its records. A process is silent only when none of its streams' files
     * holds a record of it.
     */
    @Test
    void aProcessListedUnderTwoStreamsIsNotSaidToBeSilent() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        TraceProfile intact = TraceInput.read(master, DEFAULT, WAITS);
        Files.writeString(master, Files.readString(master) + "1:2\n");
        TraceProfile read = TraceInput.read(master, DEFAULT, WAITS);
        assertEquals(intact.processes(), read.processes());
        assertEquals(intact.messages(), read.messages());
        assertFalse(read.notes().stream().anyMatch(n -> n.contains("recorded no event")), read.notes().toString());
    }

    /**
     * A master file with a line that is none of its kind among good ones (a colon lost: "3" for "3:3") was "not a trace:
     * expected an OTF2 anchor file ... or an OTF master file": the error now names the line and the master file as damaged.
     */
    @Test
    void aMasterFileWithADamagedLineNamesIt() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        Files.writeString(master, Files.readString(master).replaceFirst("\n", "\nzz\n"));
        TraceReadException e = assertThrows(TraceReadException.class, () -> org.igtrace.reader.TraceFormat.locate(master));
        assertEquals(master + ": line 2 is not 'stream:process-ids' (an OTF master file's lines): the master file is damaged",
                e.getMessage());
    }

    /** A master file with CRLF line ends (copied through Windows) was "not a trace"; libotf reads it as the intact one. */
    @Test
    void aMasterFileWithCrlfLineEndsIsRead() throws Exception {
        Path master = copy("synth-plain", "synth.otf");
        TraceProfile intact = TraceInput.read(master, DEFAULT, WAITS);
        Files.writeString(master, Files.readString(master).replace("\n", "\r\n"));
        assertEquals(org.igtrace.reader.TraceFormat.OTF1, org.igtrace.reader.TraceFormat.locate(master).format());
        TraceProfile read = TraceInput.read(master, DEFAULT, WAITS);
        assertEquals(intact.processes(), read.processes());
        assertEquals(intact.messages(), read.messages());
    }
}
