package org.igtrace.reader.otf1;

import static org.igtrace.reader.otf1.Otf1DamagedTraceTest.DEFAULT;
import static org.igtrace.reader.otf1.Otf1DamagedTraceTest.WAITS;
import static org.igtrace.reader.otf1.Otf1DamagedTraceTest.copy;
import static org.igtrace.reader.otf1.Otf1DamagedTraceTest.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Edits of the synthetic run's plain files that keep every line well formed but make the files disagree with what an
 * OTF writer writes (OTF1-FORMAT 3.3) or with each other: a damaged digit. Read as they were, each gave other numbers
 * with exit 0.
 */
class Otf1DisagreeingRecordsTest {
    static {
        Remedy.nameWith(r -> "--" + r.key());
    }

    @TempDir
    Path dir;

    /** synth.4.events (rank 3): time lines 2bc and 3e8 follow 1b8; a damaged digit made one earlier (OTF1-FORMAT 3.3). */
    @Test
    void aTimeBeforeThePreviousTimeLineIsAnErrorNamingTheLine() throws Exception {
        Path master = copy(dir, "synth-plain", "synth.otf");
        Path events = dir.resolve("synth.4.events");
        List<String> lines = Files.readAllLines(events, StandardCharsets.ISO_8859_1);
        int at = lines.indexOf("2bc");
        assertEquals("1b8", lines.get(at - 4), "precondition: the time line before");
        lines.set(at, "2b");
        Files.writeString(events, String.join("\n", lines) + "\n", StandardCharsets.ISO_8859_1);
        assertEquals(events + ": line " + (at + 1) + ": time 2b is before the previous time line's 1b8 (an OTF writer never"
                + " writes a stream's times out of order)", error(master, DEFAULT).replaceFirst("; use --skip-damaged.*", ""));
    }

    /**
     * synth.4.events (rank 3) with its time line 2bc cut to 0, and the whole file doubled (its copy begins again at time
     * 0): libotf's writer writes a time of 0 whatever came before, but the records after it were read at time 0, rank 3's
     * regions going back in time, with exit 0 and one note on clamped durations. A time of 0 with no record at it stays
     * read ({@link #whatLibotfsWriterWritesIsRead}).
     */
    @Test
    void aRecordAtTimeZeroAfterLaterTimesIsAnErrorNamingTheLine() throws Exception {
        Path master = copy(dir, "synth-plain", "synth.otf");
        Path events = dir.resolve("synth.4.events");
        List<String> intact = Files.readAllLines(events, StandardCharsets.ISO_8859_1);
        List<String> lines = new java.util.ArrayList<>(intact);
        int at = lines.indexOf("2bc");
        assertEquals("*4", lines.get(at + 1), "precondition: a process line, then a record");
        lines.set(at, "0");
        Files.writeString(events, String.join("\n", lines) + "\n", StandardCharsets.ISO_8859_1);
        assertEquals(events + ": line " + (at + 3) + ": a record at time 0 after the time line 1b8 (an OTF writer never"
                + " writes a stream's times out of order)", error(master, DEFAULT).replaceFirst("; use --skip-damaged.*", ""));
        lines = new java.util.ArrayList<>(intact);
        lines.addAll(intact);
        assertEquals("0", intact.get(0), "precondition: the copy begins at time 0");
        Files.writeString(events, String.join("\n", lines) + "\n", StandardCharsets.ISO_8859_1);
        assertEquals(events + ": line " + (intact.size() + 3) + ": a record at time 0 after the time line 3e8 (an OTF writer"
                + " never writes a stream's times out of order)", error(master, DEFAULT).replaceFirst("; use --skip-damaged.*", ""));
    }

    /**
     * synth.1.events (rank 0) begins {@code 0 *1 E10}: with its first line damaged (0 made Q) or gone, or its process line
     * damaged ({@code *1} made {@code  1}, read as a time line), rank 0's Enter of main came before any time or process line, which libotf
     * reads at time 2^64-1 or of process 2^32-1; igtrace dropped it with exit 0 (rank 0's T 880 us instead of 940 us).
     */
    @Test
    void aRecordBeforeTheFirstTimeOrProcessLineIsAnError() throws Exception {
        Path master = copy(dir, "synth-plain", "synth.otf");
        Path events = dir.resolve("synth.1.events");
        List<String> intact = Files.readAllLines(events, StandardCharsets.ISO_8859_1);
        assertEquals(List.of("0", "*1", "E10"), intact.subList(0, 3), "precondition");
        String[][] damages = {{"Q", "*1"}, {"0", " 1"}};
        String[] expected = {": line 1: a record before the file's first time line", ": line 3: a record before the file's first process line"};
        for (int i = 0; i < damages.length; i++) {
            List<String> lines = new java.util.ArrayList<>(intact);
            lines.set(0, damages[i][0]);
            lines.set(1, damages[i][1]);
            Files.writeString(events, String.join("\n", lines) + "\n", StandardCharsets.ISO_8859_1);
            assertEquals(events + expected[i] + " (OTF's writer begins every stream with both)",
                    error(master, DEFAULT).replaceFirst("; use --skip-damaged.*", ""));
        }
        Files.writeString(events, String.join("\n", intact.subList(1, intact.size())) + "\n", StandardCharsets.ISO_8859_1);
        assertEquals(events + ": line 2: a record before the file's first time line (OTF's writer begins every stream with both)",
                error(master, DEFAULT).replaceFirst("; use --skip-damaged.*", ""));
    }

    /** A DefTimeRange of [0, 3e8] (the run's first and last time) added: its last time line made 3e9 lies after it. */
    @Test
    void aTimeOutsideTheDefinedTimeRangeIsAnErrorNamingTheLine() throws Exception {
        Path master = copy(dir, "synth-plain", "synth.otf");
        Path def = dir.resolve("synth.0.def");
        Files.writeString(def, Files.readString(def).replace("DTRf4240\n", "DTRf4240\nDTRG0T3e8\n"));
        TraceInput.read(master, DEFAULT, WAITS); // every time within the range, the bounds included
        Path events = dir.resolve("synth.4.events");
        List<String> lines = Files.readAllLines(events, StandardCharsets.ISO_8859_1);
        assertEquals("3e8", lines.get(lines.size() - 2), "precondition: the last time line");
        lines.set(lines.size() - 2, "3e9");
        Files.writeString(events, String.join("\n", lines) + "\n", StandardCharsets.ISO_8859_1);
        assertEquals(events + ": line " + (lines.size() - 1) + ": time 3e9 lies outside the trace's time range [0, 3e8]"
                + " (DTRG in synth.0.def)", error(master, DEFAULT).replaceFirst("; use --skip-damaged.*", ""));
    }

    /**
     * MPI_COMM_WORLD's member list with one digit changed (process 5 is not defined) is an error; with process 4 (rank 3)
     * left out, rank 3's two collectives on it (synth.4.events: an MPI_Allreduce and an MPI_Bcast) are named in a note.
     */
    @Test
    void aProcessGroupThatDisagreesWithTheProcessesIsAnErrorOrANote() throws Exception {
        Path master = copy(dir, "synth-plain", "synth.otf");
        Path def = dir.resolve("synth.0.def");
        String whole = Files.readString(def);
        Files.writeString(def, whole.replace("DPG3b9aca05M1,2,3,4,", "DPG3b9aca05M1,2,3,5,"));
        assertEquals(def + ": process group 3b9aca05 lists process 5, which no process record (DP) defines (the definitions"
                + " are damaged)", error(master, DEFAULT));
        Files.writeString(def, whole.replace("DPG3b9aca05M1,2,3,4,", "DPG3b9aca05M1,2,3,"));
        TraceProfile profile = TraceInput.read(master, DEFAULT, WAITS);
        assertTrue(profile.notes().contains("2 collective events on a communicator whose definition does not list their"
                + " processes (the definitions and the events disagree): left out of the waits"), profile.notes().toString());
    }

    /**
     * otfshrink's output keeping ranks 0-2 of the synthetic run: process 4 (rank 3) gone from the definitions, its groups
     * and the master file, its events file left out, the others' files as they were: their messages to and from process
     * 4 (each S4 and R4 record, counted in the files) name a process no longer defined. libotf reads it; it was refused.
     */
    @Test
    void otfshrinksOutputIsReadWithItsMessagesToTheProcessesItDroppedNamedInANote() throws Exception {
        Path master = copy(dir, "synth-plain", "synth.otf");
        Path def = dir.resolve("synth.0.def");
        Files.writeString(def, Files.readString(def).replace("DP4NM\"Process 3\"\n", "").replace("M1,2,3,4,", "M1,2,3,"));
        Files.writeString(master, Files.readString(master).replace("4:4\n", ""));
        Files.delete(dir.resolve("synth.4.events"));
        long named = 0;
        for (String events : List.of("synth.1.events", "synth.2.events", "synth.3.events")) {
            named += Files.readAllLines(dir.resolve(events)).stream().filter(l -> l.matches("[SR]4L.*")).count();
        }
        assertTrue(named > 0, "precondition: the others exchange messages with process 4");
        TraceProfile profile = TraceInput.read(master, DEFAULT, WAITS);
        assertEquals(3, profile.processes().size());
        assertTrue(profile.notes().contains(named + " message events name a partner outside the known processes: ignored"),
                profile.notes().toString());
    }

    /**
     * libotf writes a time of 0 whatever came before, and closes a stream with its last time line again and a process
     * line (synth.4.events ends {@code 3e8 *4 L 3e8 *4}). CASITA's OTF writer begins each process (PB) and never ends
     * it: with the closing lines the file is whole (it was refused as truncated); cut before them, truncated still. A
     * stream's own DefTimeRange (a local NAME.1.def, VampirTrace before unification) bounds no other stream.
     */
    @Test
    void whatLibotfsWriterWritesIsRead() throws Exception {
        Path master = copy(dir, "synth-plain", "synth.otf");
        Path events = dir.resolve("synth.4.events");
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(events, StandardCharsets.ISO_8859_1));
        assertEquals(List.of("3e8", "*4", "L", "3e8", "*4"), lines.subList(lines.size() - 5, lines.size()), "precondition");
        lines.add(2, "PB"); // after the first time and process lines
        lines.addAll(lines.indexOf("64"), List.of("0", "*4", "#\"a time of 0 after 14\"")); // before the time line 64
        Files.writeString(events, String.join("\n", lines) + "\n", StandardCharsets.ISO_8859_1);
        Files.writeString(dir.resolve("synth.1.def"), "DTRG0T64\n"); // stream 1's range, [0, 100] ticks
        TraceProfile profile = TraceInput.read(master, DEFAULT, WAITS);
        assertEquals(4, profile.processes().size());
        Files.writeString(events, String.join("\n", lines.subList(0, lines.size() - 2)) + "\n", StandardCharsets.ISO_8859_1);
        assertEquals(events + ": truncated: process 4 began (PB) but the file ends before its end record (PE)",
                error(master, DEFAULT).replaceFirst("; use --skip-damaged.*", ""));
    }

    /**
     * A collective's root the definitions do not define (otfshrink leaves them too, as message partners; or a damaged
     * digit) is named in a note: read as no root, a broadcast's late-root wait was lost without a word. And a
     * communicator listing no member at all (OTF's {@code MNM}) holds no process: the 8 collective records on it (COPB
     * lines, 2 per rank) are named in the other note.
     */
    @Test
    void anUndefinedRootIsNamedAndAGroupOfNoMemberHoldsNone() throws Exception {
        Path master = copy(dir, "synth-plain", "synth.otf");
        Path events = dir.resolve("synth.1.events");
        String whole = Files.readString(events);
        assertTrue(whole.contains("COPB7H2C3b9aca05RT2S0R100"), "precondition: the broadcast of root process 2");
        Files.writeString(events, whole.replace("COPB7H2C3b9aca05RT2S0R100", "COPB7H2C3b9aca05RT9S0R100"));
        TraceProfile rooted = TraceInput.read(master, DEFAULT, WAITS);
        assertTrue(rooted.notes().contains("1 collective record names a root no process record defines (a process otfshrink"
                + " dropped, or damage): no root's wait measured for it"), rooted.notes().toString());
        Files.writeString(events, whole);
        Path def = dir.resolve("synth.0.def");
        Files.writeString(def, Files.readString(def).replace("DPG3b9aca05M1,2,3,4,NM", "DPG3b9aca05MNM"));
        TraceProfile profile = TraceInput.read(master, DEFAULT, WAITS);
        assertTrue(profile.notes().contains("8 collective events on a communicator whose definition does not list their"
                + " processes (the definitions and the events disagree): left out of the waits"), profile.notes().toString());
    }
}
