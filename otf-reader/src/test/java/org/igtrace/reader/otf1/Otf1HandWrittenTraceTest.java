package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.Deflater;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.TraceReadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Small traces written by hand from the record examples of OTF1-FORMAT section 6 (short and long
 * spellings, KV lines, old and new collectives, bare Leave, unknown records, a region left open),
 * with the expected numbers worked out from the lines themselves.
 */
class Otf1HandWrittenTraceTest {
    static {
        Remedy.nameWith(r -> "--" + r.key()); // the remedies named as the command line names them
    }

    @TempDir
    Path dir;

    /** 1000 ticks per second; process 1 = rank 0, process 2 = rank 1; one unknown definition record. */
    private static final String DEFINITIONS = String.join("\n",
            "DV1.d.0\"alpha-130730\"",
            "DUIfd8fe5fde6578822",
            "DTR3e8",
            "DP1NM\"Process 0\"",
            "DP2NM\"Process 1\"",
            "DPG3b9aca05M1,2,NM\"MPI_COMM_WORLD\"",
            "DPG3b9aca06MNM\"empty\"",
            "DFG1NM\"Application\"",
            "DFG3NM\"MPI\"",
            "DF1G1NM\"main\"",
            "DF15G3NM\"MPI_Allreduce\"",
            "DF71G3NM\"MPI_Sendrecv\"",
            "DFffG3NM\"MPI_Bcast\"",
            "DCO3NM\"MPI_Allreduce\"Y4",
            "DCOaNM\"MPI_Bcast\"Y2",
            "DK1Y8NM\"TUD::p2p-received-time\"T\"\"",
            "DXYZ1",
            "");

    /**
     * Process 1, short format. main is entered at 0 and never left: closed at the last event, 160.
     * MPI: Allreduce 100-110 (COPB/COPE), Sendrecv 120-130 (S and R), Bcast 140-150 (old COP with
     * duration a). T = 160 ticks = 0.16 s, Tcomm = 30 ticks = 0.03 s.
     */
    private static final String STREAM_1 = String.join("\n",
            "0", "*1", "PB",
            "0", "*1", "E1",
            "64", "*1", "E15", "COPB3H2C3b9aca05RT0S4R4",
            "6e", "*1", "COPE2", "L",
            "78", "*1", "E71", "K1Y8V1df93b15", "S2L7f8T0C3b9aca05",
            "82", "*1", "R2L7f8T0C3b9aca05", "L",
            "8c", "*1", "Eff", "CNT1V198b2", "COPaC3b9aca05RT1S40R4Da",
            "96", "*1", "L",
            "a0", "*1", "ZZZ1", "PE",
            "");

    /** Process 2, long format: main 0-200, MPI_Sendrecv 120-130. T = 0.2 s, Tcomm = 0.01 s. */
    private static final String STREAM_2 = String.join("\n",
            "0", "*2", "PROCESSBEGIN ",
            "0", "*2", "ENTER 1",
            "78", "*2", "ENTER 71", "KEY 1 TYPE 8 VALUE 1df93b15", "SEND 1 LEN 7f8 TAG 0 COMM 3b9aca05",
            "82", "*2", "RECEIVE 1 LEN 7f8 TAG 0 COMM 3b9aca05", "LEAVE ",
            "c8", "*2", "LEAVE ", "PROCESSEND ",
            "c8", "*2",
            "");

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.ISO_8859_1);
        return file;
    }

    /**
     * Compresses like libotf: one zlib header, Z_FULL_FLUSH every {@code flushEvery} input bytes
     * (so flushes fall inside records), never finished, so there is no final block and no trailer.
     */
    static byte[] otfCompress(byte[] data, int flushEvery) {
        Deflater deflater = new Deflater(4);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        for (int at = 0; at < data.length; at += flushEvery) {
            deflater.setInput(data, at, Math.min(flushEvery, data.length - at));
            int n;
            while ((n = deflater.deflate(buf, 0, buf.length, Deflater.FULL_FLUSH)) > 0) {
                out.write(buf, 0, n);
            }
        }
        deflater.end();
        return out.toByteArray();
    }

    private Path writeTrace(boolean compressed) throws IOException {
        write("t.otf", "1:1\n2:2\n");
        String[][] files = {{"t.0.def", DEFINITIONS}, {"t.1.events", STREAM_1}, {"t.2.events", STREAM_2}};
        for (String[] f : files) {
            byte[] bytes = f[1].getBytes(StandardCharsets.ISO_8859_1);
            if (compressed) {
                Files.write(dir.resolve(f[0] + ".z"), otfCompress(bytes, 7));
            } else {
                Files.write(dir.resolve(f[0]), bytes);
            }
        }
        return dir.resolve("t.otf");
    }

    private static void assertWorkedExample(TraceProfile profile, String stream1) {
        assertEquals(2, profile.processes().size());
        ProcessProfile p0 = profile.processes().get(0), p1 = profile.processes().get(1);
        assertEquals(0.16, p0.time(), 1e-12);
        assertEquals(0.03, p0.commTime(), 1e-12);
        assertEquals(0.2, p1.time(), 1e-12);
        assertEquals(0.01, p1.commTime(), 1e-12);
        assertEquals(1, profile.pairs().size());
        assertEquals(2 * 2040.0, profile.pairs().get(0).bytes());
        assertEquals(2, profile.pairs().get(0).messages());
        assertEquals(List.of(
                "1 unknown definition record skipped",
                "1 unknown event record skipped",
                "1 region still open at the end of their stream closed at the process's last event (" + stream1 + ")"),
                profile.notes());
    }

    @Test
    void plainShortAndLongRecordsGiveTheWorkedNumbers() throws Exception {
        assertWorkedExample(TraceInput.read(writeTrace(false), false), "t.1.events");
    }

    @Test
    void zlibFilesFlushedInsideRecordsGiveTheSameNumbers() throws Exception {
        assertWorkedExample(TraceInput.read(writeTrace(true), false), "t.1.events.z");
    }

    /**
     * --collectives: the Allreduce of rank 0 (4 bytes sent, 2 members) adds 4 bytes 0 -> 1; the old
     * style Bcast has rank 0 (process 1) as its root, so it adds nothing from rank 0's side.
     */
    @Test
    void collectivesAreReadFromBothRecordStyles() throws Exception {
        TraceProfile profile = TraceInput.read(writeTrace(false), true);
        assertEquals(2 * 2040.0 + 4, profile.pairs().get(0).bytes());
        assertEquals(3, profile.pairs().get(0).messages());
    }

    /**
     * VampirTrace 5.13 records a node's counters under its node group's id, and the master file lists that id in the
     * stream as it lists processes (SPEC MPI Tachyon, 256 ranks: {@code 1:1,3b9aca01}). otfprint reads it; igtrace
     * refused it ("does not define process 3b9aca01"). The group's records are not read, and the numbers are those of
     * the trace without them.
     */
    @Test
    void aGroupsCountersInAStreamAreNotReadAndDoNotRefuseTheTrace() throws Exception {
        writeTrace(false);
        write("t.otf", "1:1,3b9aca06\n2:2\n");
        write("t.1.events", STREAM_1.replace("\n6e\n", "\n6e\n*3b9aca06\nCNT1V5\nCNT2V7\n6e\n"));
        assertTrue(Files.readString(dir.resolve("t.1.events")).contains("*3b9aca06\nCNT1V5"));
        assertWorkedExample(TraceInput.read(dir.resolve("t.otf"), false), "t.1.events");
    }

    /**
     * A Leave that names another function than the innermost open one ({@code L1}, main, where MPI_Bcast is open at 150;
     * otfprint reads "Leave: function 1") closes the innermost, as the reader's own nesting does, and the analyses are told
     * so: rank 0's Tcomm stays 0.03 s (they were told main was left: an OTF1 hunt's rank read 0 s in MPI with 250 us of
     * waiting in it), with a note.
     */
    @Test
    void aLeaveNamingAnOuterFunctionClosesTheInnermost() throws Exception {
        writeTrace(false);
        write("t.1.events", STREAM_1.replace("\n96\n*1\nL\n", "\n96\n*1\nL1\n"));
        assertTrue(Files.readString(dir.resolve("t.1.events")).contains("\n96\n*1\nL1\n"));
        TraceProfile profile = TraceInput.read(dir.resolve("t.otf"), false);
        ProcessProfile p0 = profile.processes().get(0);
        assertEquals(0.16, p0.time(), 1e-12);
        assertEquals(0.03, p0.commTime(), 1e-12);
        assertTrue(profile.notes().contains("1 Leave record names another function than the innermost open region: read as that"
                + " region's leave, the innermost closing first, as nesting asks"), profile.notes().toString());
    }

    /** A collective begun (COPB) whose end (COPE) never comes is ignored with a note (it was ignored silently). */
    @Test
    void aCollectiveBeginWithoutItsEndIsNoted() throws Exception {
        writeTrace(false);
        write("t.1.events", STREAM_1.replace("\"6e\", \"*1\", \"COPE2\"", "").replace("\n6e\n*1\nCOPE2\nL\n", "\n6e\n*1\nL\n"));
        assertTrue(!Files.readString(dir.resolve("t.1.events")).contains("COPE2"));
        TraceProfile profile = TraceInput.read(dir.resolve("t.otf"), false);
        assertTrue(profile.notes().contains("1 collective begin (COPB) whose end (COPE) the stream never gives ignored: the later"
                + " collectives of its communicator pair up one off across the processes, so their waits can be wrong"),
                profile.notes().toString());
    }

    /**
     * "\r\n" after the last full-flush marker of a .z file (an editor's or a copy's; otfprint reads every record) ends the
     * data there: it was refused as truncated. Its first byte 0x0d would start a final block (its lowest bit 1), which libotf
     * never writes. A lone "\n" (0x0a: lowest bit 0, block type bits 01) is how a file cut one byte into a fixed-Huffman
     * block ends (a review): refused, saying so; any other byte there is refused as truncated.
     */
    @Test
    void aLineBreakAfterTheLastMarkerIsTheEndOnlyWhenNoBlockCanStartSo() throws Exception {
        Path master = writeTrace(true);
        Path z = dir.resolve("t.1.events.z");
        byte[] whole = Files.readAllBytes(z);
        Files.write(z, concat(whole, "\r\n".getBytes(StandardCharsets.ISO_8859_1)));
        assertWorkedExample(TraceInput.read(master, false), "t.1.events.z");
        Files.write(z, concat(whole, new byte[] {'\n'}));
        TraceReadException n = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertTrue(n.getMessage().contains("t.1.events.z") && n.getMessage().contains("truncated, or a line break added")
                && n.getMessage().contains("remove the last byte"), n.getMessage());
        Files.write(z, concat(whole, new byte[] {'A'}));
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** An empty item in a member list ({@code M1,,2,}) is skipped: it ended the list, and process 2 was lost from MPI_COMM_WORLD. */
    @Test
    void anEmptyItemInAMemberListIsSkipped() throws Exception {
        writeTrace(false);
        write("t.0.def", DEFINITIONS.replace("DPG3b9aca05M1,2,NM", "DPG3b9aca05M1,,2,NM"));
        assertTrue(Files.readString(dir.resolve("t.0.def")).contains("M1,,2,NM"));
        assertWorkedExample(TraceInput.read(dir.resolve("t.otf"), false), "t.1.events");
        org.igtrace.core.trace.TraceDefinitions d = Otf1TraceReader.open(dir.resolve("t.otf"), new ReadOptions(true, 1),
                org.igtrace.reader.ReadProgress.NONE).definitions();
        boolean both = false; // MPI_COMM_WORLD of processes 1 and 2: ranks 0 and 1 (it held rank 0 alone)
        for (int c = 0; c < d.communicatorCount(); c++) {
            both |= !d.selfCommunicator(c) && java.util.Arrays.equals(new int[] {0, 1}, d.communicatorMembers(c));
        }
        assertTrue(both, "a communicator of ranks 0 and 1");
    }

    /** An old-style collective whose duration takes its end past 2^63 ticks wrapped negative and was lost, exit 0: refused. */
    @Test
    void aCollectiveEndingPast2To63TicksIsRefused() throws Exception {
        writeTrace(false);
        write("t.1.events", STREAM_1.replace("COPaC3b9aca05RT1S40R4Da", "COPaC3b9aca05RT1S40R4D7fffffffffffffff"));
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(dir.resolve("t.otf"), false));
        assertTrue(e.getMessage().contains("t.1.events") && e.getMessage().contains("a collective's duration (D 7fffffffffffffff)"
                + " ends it at 2^63 ticks or more"), e.getMessage());
    }

    /**
     * The long spellings of file-operation begins and ends (otfmerge --long: FILEOPBEGINNEW, 14 letters, FILEOPENDNEW,
     * FILEOPBEGIN, FILEOPEND) are read past as their short forms are (FA, FF, FB, FE): they were counted as unknown records.
     */
    @Test
    void longFileOperationRecordsAreReadPast() throws Exception {
        writeTrace(false);
        String io = "FILEOPBEGINNEW 9\nFILEOPENDNEW 1 MATCHID 9 HANDLEID 1 OPERATION 2 BYTES 40\nFILEOPBEGIN 8\n"
                + "FILEOPEND 1 HANDLEID 1 OPERATION 2 BYTES 40\n";
        write("t.2.events", STREAM_2.replace("\"ENTER 1\",", "\"ENTER 1\",").replace("*2\nENTER 1\n", "*2\nENTER 1\n" + io));
        assertTrue(Files.readString(dir.resolve("t.2.events")).contains("FILEOPBEGINNEW 9"));
        assertWorkedExample(TraceInput.read(dir.resolve("t.otf"), false), "t.1.events");
    }

    /** A process line naming a group that the definitions do not define is still damage, named as before. */
    @Test
    void anUndefinedGroupIdInTheMasterFileIsStillDamage() throws Exception {
        writeTrace(false);
        write("t.otf", "1:1,3b9aca07\n2:2\n");
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(dir.resolve("t.otf"), false));
        assertTrue(e.getMessage().contains("does not define process 3b9aca07"), e.getMessage());
    }

    /** libotf would drop the cut-off send silently; igtrace refuses the file instead. */
    @Test
    void aFinalLineWithoutNewlineIsATruncatedFile() throws Exception {
        Path master = writeTrace(false);
        Files.writeString(dir.resolve("t.2.events"), STREAM_2 + "d2\n*2\nS1L7f8T0C3b9aca05", StandardCharsets.ISO_8859_1);
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertEquals(dir.resolve("t.2.events") + ": truncated: the file ends in the middle of a record (17 bytes after the"
                + " last complete line); use --skip-damaged to read the other events file", e.getMessage());
        // "S1L7f8T0C3b9aca05" is 17 bytes
    }

    @Test
    void aPlainFileWinsOverItsCompressedTwin() throws Exception {
        Path master = writeTrace(false);
        Files.write(dir.resolve("t.1.events.z"), new byte[] {0x78, 0x5e, 1, 2, 3}); // corrupt; must not be opened
        assertWorkedExample(TraceInput.read(master, false), "t.1.events");
    }

    @Test
    void aMissingEventsFileIsAnErrorNamingIt() throws Exception {
        Path master = writeTrace(false);
        Files.delete(dir.resolve("t.2.events"));
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertEquals(dir.resolve("t.2.events[.z]") + ": missing (stream 2, process 2 \"Process 1\"); "
                + "use --skip-missing to read the other stream", e.getMessage());
    }

    /**
     * A number of more than 64 bits is refused naming the file and line (issue 41, item 8: it wrapped,
     * "E1" then 16 zeros and "10" read as function 0x10). Line 6 of t.1.events is "E1"; it becomes
     * E 1 0000000000000000 10: 19 hexadecimal digits, 73 bits. A number with leading zeros, which OTF never writes (a
     * function written "E000...0015" on line 9), is refused as a damaged digit (libotf reads it: a timer resolution's
     * first digit damaged into a 0 made a run 19 times as long).
     */
    @Test
    void aHexadecimalNumberBeyond64BitsIsAnErrorNamingFileAndLine() throws Exception {
        Path master = writeTrace(false);
        String padded = STREAM_1.replace("\nE15\n", "\nE" + "0".repeat(20) + "15\n");
        Files.writeString(dir.resolve("t.1.events"), padded, StandardCharsets.ISO_8859_1);
        TraceReadException zeros = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertEquals(dir.resolve("t.1.events") + ": line 9: the number " + "0".repeat(20) + "15 has a leading zero, which no writer"
                + " makes: a damaged digit; use --skip-damaged to read the other events file", zeros.getMessage());
        Files.writeString(dir.resolve("t.1.events"), STREAM_1.replaceFirst("\nE1\n", "\nE1" + "0".repeat(16) + "10\n"),
                StandardCharsets.ISO_8859_1);
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertEquals(dir.resolve("t.1.events") + ": line 6: the hexadecimal number 1" + "0".repeat(16) + "10 does not fit in 64 bits; "
                + "use --skip-damaged to read the other events file", e.getMessage());

        Files.writeString(dir.resolve("t.otf"), "1:1\n1" + "0".repeat(16) + ":2\n");
        e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertEquals(master + ": line 2: the hexadecimal number 1" + "0".repeat(16) + " does not fit in 64 bits", e.getMessage());
    }

    /**
     * A master file that names a stream with no events file while an events file of the trace lies beside it unlisted
     * ({@code 2:2} changed to {@code 7:2}: process 2's records are in t.2.events, which no stream names): the error, and
     * with --skip-missing the note, name the unlisted file and the master file as the likely damage.
     */
    @Test
    void aMissingStreamBesideAnUnlistedEventsFileNamesTheMasterFile() throws Exception {
        Path master = writeTrace(false);
        write("t.otf", "1:1\n7:2\n");
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertEquals(dir.resolve("t.7.events[.z]") + ": missing (stream 7, process 2 \"Process 1\"); t.2.events lies in the same folder, "
                + "a stream t.otf does not list: t.otf may be damaged; use --skip-missing to read the other stream", e.getMessage());
        TraceProfile profile = TraceInput.read(master, new ReadOptions(true, 0), AnalysisOptions.PROFILE);
        assertTrue(profile.notes().contains("1 stream left out, their events files missing (t.7.events[.z]: stream 7, process 2 \"Process 1\"); "
                + "t.2.events lies in the same folder, a stream t.otf does not list: t.otf may be damaged"), profile.notes().toString());
        Files.delete(dir.resolve("t.2.events")); // only missing: no word of the master file
        e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertEquals(dir.resolve("t.7.events[.z]") + ": missing (stream 7, process 2 \"Process 1\"); use --skip-missing to read the other stream",
                e.getMessage());
    }

    @Test
    void skipMissingBuildsTheGraphFromTheOtherStreams() throws Exception {
        Path master = writeTrace(false);
        Files.delete(dir.resolve("t.2.events"));
        TraceProfile profile = TraceInput.read(master, new ReadOptions(true, 0), AnalysisOptions.PROFILE);
        assertEquals(2, profile.processes().size());
        assertEquals(0.16, profile.processes().get(0).time(), 1e-12);
        assertEquals(0.0, profile.processes().get(1).time());
        // Only process 1's stream remains: its send to process 2 (2040 bytes), and its receive from
        // process 2, counted by the receive-side fallback (2040 bytes): 2 messages.
        assertEquals(4080.0, profile.pairs().get(0).bytes());
        assertEquals(2, profile.pairs().get(0).messages());
        assertTrue(profile.notes().contains("1 stream left out, their events files missing (t.2.events[.z]: stream 2, process 2 \"Process 1\")"),
                profile.notes().toString());
        Files.delete(dir.resolve("t.1.events"));
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, new ReadOptions(true, 0), AnalysisOptions.PROFILE));
        assertEquals(master + ": no events file of any of the 2 streams it lists", e.getMessage());
    }

    @Test
    void missingDefinitionsAreAnErrorNamingThem() throws Exception {
        Path master = writeTrace(false);
        Files.delete(dir.resolve("t.0.def"));
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertTrue(e.getMessage().startsWith(dir.resolve("t.0.def[.z]") + ": missing"), e.getMessage());
    }

    @Test
    void corruptZlibDataIsAnErrorNamingTheFile() throws Exception {
        Path master = writeTrace(true);
        byte[] bytes = Files.readAllBytes(dir.resolve("t.1.events.z"));
        for (int i = 2; i < bytes.length; i++) {
            bytes[i] = (byte) 0xff;
        }
        Files.write(dir.resolve("t.1.events.z"), bytes);
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertTrue(e.getMessage().startsWith(dir.resolve("t.1.events.z") + ": corrupt zlib data"), e.getMessage());
    }

    /**
     * A name's bytes are UTF-8 when they are (VampirTrace under a UTF-8 locale; "Größe" read as Latin-1 was "GrÃ¶Ã\u009fe"),
     * else a byte a character as before ("\xff" is "ÿ").
     */
    @Test
    void namesAreUtf8WhenTheirBytesAre() {
        byte[] utf8 = "\"Gr\u00f6\u00dfe\"".getBytes(StandardCharsets.UTF_8);
        assertEquals("Gr\u00f6\u00dfe", org.igtrace.reader.NameBytes.text(utf8, 1, utf8.length - 2));
        byte[] latin1 = {'a', (byte) 0xff, 'b'};
        assertEquals("a\u00ffb", org.igtrace.reader.NameBytes.text(latin1, 0, 3));
        assertEquals("plain", org.igtrace.reader.NameBytes.text("plain".getBytes(StandardCharsets.US_ASCII), 0, 5));
    }
}
