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
}
