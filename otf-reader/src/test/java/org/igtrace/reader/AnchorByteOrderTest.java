package org.igtrace.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.profile.TraceProfile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.igtrace.reader.input.TraceInput;

/**
 * The byte after {@code \x03} in every file libotf2 writes marks the byte order it was written in
 * ({@code B} little-endian, {@code #} big-endian: OTF2_Buffer.h; Score-P 1.4 on a big-endian
 * machine writes {@code \x03#OTF2}). libotf2 3.0.2 reads both and refuses every other value
 * (checked here with otf2-print); igtrace must recognise exactly the anchors libotf2 opens.
 */
class AnchorByteOrderTest {
    static {
        Remedy.nameWith(r -> "--" + r.key()); // the remedies named as the command line names them
    }


    private static Path copyPingPong(Path dir) throws IOException {
        Path source = TestTraces.otf2("scorep-ping-pong");
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
        return dir.resolve("traces.otf2");
    }

    private static int otf2PrintExit(Path anchor) throws Exception {
        Process p = new ProcessBuilder("otf2-print", anchor.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor();
    }

    @Tag("slow")
    @Test
    void aBigEndianAnchorIsReadLikeTheLittleEndianOne(@TempDir Path dir) throws Exception {
        Path little = TestTraces.otf2("scorep-ping-pong").resolve("traces.otf2");
        Path big = copyPingPong(dir);
        Files.write(big, BigEndianAnchor.of(Files.readAllBytes(little)));
        assertEquals("\u0003#OTF2", new String(Files.readAllBytes(big), 0, 6, java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals(ExternalCommand.lines("otf2-print", "-A", "-G", little.toString()),
                ExternalCommand.lines("otf2-print", "-A", "-G", big.toString()), "libotf2 reads the big-endian anchor as the original");

        assertEquals(new TraceFormat.Located(TraceFormat.OTF2, big), TraceFormat.locate(big));
        assertEquals(new TraceFormat.Located(TraceFormat.OTF2, big), TraceFormat.locate(dir));
        TraceProfile original = TraceInput.read(little, false);
        assertEquals(original, TraceInput.read(big, false));
    }

    /** Every byte value as the mark: 256 runs of otf2-print, tag slow (-Pfull). */
    @Tag("slow")
    @Test
    void everyOtherByteOrderMarkIsRefusedByLibotf2AndByIgtrace(@TempDir Path dir) throws Exception {
        onlyTheLittleEndianMarkOpens(dir, IntStream.range(0, 256).toArray());
    }

    /** The marks beside the two real ones, the other case of B, zero, and the ends of the ASCII and byte ranges. */
    @Tag("slow")
    @Test
    void marksNearTheRealOnesAreRefusedByLibotf2AndByIgtrace(@TempDir Path dir) throws Exception {
        onlyTheLittleEndianMarkOpens(dir, new int[] {0, '"', '#', '$', 'A', 'B', 'C', 'b', 0x7f, 0x80, 0xff});
    }

    private static void onlyTheLittleEndianMarkOpens(Path dir, int[] marks) throws Exception {
        Path anchor = copyPingPong(dir);
        byte[] original = Files.readAllBytes(anchor);
        List<Integer> opened = new ArrayList<>();
        for (int mark : marks) {
            byte[] patched = original.clone();
            patched[1] = (byte) mark;
            Files.write(anchor, patched);
            boolean libotf2Reads = otf2PrintExit(anchor) == 0;
            boolean igtraceRecognises;
            try {
                igtraceRecognises = TraceFormat.locate(anchor).format() == TraceFormat.OTF2;
            } catch (TraceReadException e) {
                igtraceRecognises = false;
                assertTrue(e.getMessage().contains("not a trace: expected an OTF2 anchor file (starting with \\x03BOTF2 or \\x03#OTF2)"),
                        e.getMessage());
            }
            if (libotf2Reads) {
                opened.add(mark);
                assertTrue(igtraceRecognises, "libotf2 opens the anchor with mark " + mark + ", igtrace must too");
            } else if (mark != '#') {
                // '#' with little-endian content: an anchor, damaged (the values are in the wrong order)
                assertEquals(false, igtraceRecognises, "mark " + mark);
            }
        }
        assertEquals(List.of((int) 'B'), opened, "of the patched copies libotf2 opens only the original");
    }

    @Test
    void aBigEndianArchiveWithAMissingEventFileIsReportedAsMissing(@TempDir Path dir) throws Exception {
        Path anchor = copyPingPong(dir);
        Files.write(anchor, BigEndianAnchor.of(Files.readAllBytes(anchor)));
        Files.delete(dir.resolve("traces").resolve("1.evt"));
        Path located = TraceFormat.locate(dir).file();
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(located, false));
        assertEquals(dir.resolve("traces").resolve("1.evt") + ": missing (location 1, \"Master thread\"); "
                + "use --skip-missing to read the other location", e.getMessage());
        TraceProfile skipped = TraceInput.read(located, new ReadOptions(true, 0), AnalysisOptions.PROFILE);
        assertTrue(skipped.notes().stream().anyMatch(n -> n.contains("left out, its event file missing (traces/1.evt of location 1")),
                skipped.notes().toString());
    }

    @Test
    void dataFilesOfAnArchivePointToItsAnchor(@TempDir Path dir) throws Exception {
        Path anchor = copyPingPong(dir);
        for (Path data : List.of(dir.resolve("traces.def"), dir.resolve("traces").resolve("0.evt"), dir.resolve("traces").resolve("1.def"))) {
            TraceReadException e = assertThrows(TraceReadException.class, () -> TraceFormat.locate(data));
            assertEquals(data + ": an OTF2 definitions or events file, not the archive's anchor file; give the anchor file " + anchor,
                    e.getMessage());
        }
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceFormat.locate(dir.resolve("traces")));
        assertEquals(dir.resolve("traces") + ": directory holds no OTF2 anchor file (*.otf2) and no OTF master file (*.otf); "
                + "give the anchor file " + anchor, e.getMessage());
        Files.delete(anchor);
        e = assertThrows(TraceReadException.class, () -> TraceFormat.locate(dir.resolve("traces.def")));
        assertEquals(dir.resolve("traces.def") + ": an OTF2 definitions or events file, not the archive's anchor file", e.getMessage());
        assertNotEquals(0, otf2PrintExit(dir.resolve("traces.def")), "libotf2 does not open a data file as an anchor either");
    }

    /**
     * A folder whose one file named as a trace is none gets the file's own line, as naming the file
     * does (it said the folder held no anchor file, though it holds a damaged one).
     */
    @Test
    void aFolderWhoseOnlyAnchorIsJunkNamesThatFile(@TempDir Path dir) throws Exception {
        Path junk = dir.resolve("traces.otf2");
        Files.writeString(junk, "not an anchor\n");
        String named = assertThrows(TraceReadException.class, () -> TraceFormat.locate(junk)).getMessage();
        assertTrue(named.startsWith(junk + ": not a trace: expected an OTF2 anchor file"), named);
        assertEquals(named, assertThrows(TraceReadException.class, () -> TraceFormat.locate(dir)).getMessage());
        Files.writeString(dir.resolve("other.otf"), "junk\n");
        assertTrue(assertThrows(TraceReadException.class, () -> TraceFormat.locate(dir)).getMessage()
                .startsWith(dir + ": directory holds no OTF2 anchor file (*.otf2) and no OTF master file (*.otf)"));
    }

    /**
     * Writes a little-endian anchor file in big-endian byte order, field by field as libotf2's
     * OTF2_AnchorFile.c reads them: magic, anchor format, trace format, version, two chunk sizes
     * (uint64), substrate, compression, locations and global definitions (uint64), machine, creator
     * and description; from anchor format 2 the properties (uint32 count, name/value strings) and
     * the trace id (uint64); from format 3 the snapshot and thumbnail counts (uint32).
     */
    static final class BigEndianAnchor {
        private final ByteBuffer in;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        private BigEndianAnchor(byte[] little) {
            in = ByteBuffer.wrap(little).order(ByteOrder.LITTLE_ENDIAN);
        }

        static byte[] of(byte[] little) {
            assertEquals(0x03, little[0]);
            assertEquals('B', little[1]);
            BigEndianAnchor a = new BigEndianAnchor(little);
            a.in.position(2);
            a.out.write(0x03);
            a.out.write('#');
            a.string();
            int format = a.bytes(1)[0];
            a.bytes(4);
            a.long64();
            a.long64();
            a.bytes(2);
            a.long64();
            a.long64();
            a.string();
            a.string();
            a.string();
            if (format > 1) {
                int properties = a.int32();
                for (int i = 0; i < 2 * properties; i++) {
                    a.string();
                }
                a.long64();
            }
            if (format > 2) {
                a.int32();
                a.int32();
            }
            a.bytes(a.in.remaining());
            return a.out.toByteArray();
        }

        private byte[] bytes(int n) {
            byte[] b = new byte[n];
            in.get(b);
            out.writeBytes(b);
            return b;
        }

        private void string() {
            int start = in.position();
            while (in.get() != 0) {
                // up to and including the terminating NUL
            }
            out.write(in.array(), start, in.position() - start);
        }

        private void long64() {
            out.writeBytes(ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN).putLong(in.getLong()).array());
        }

        private int int32() {
            int v = in.getInt();
            out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.BIG_ENDIAN).putInt(v).array());
            return v;
        }
    }
}
