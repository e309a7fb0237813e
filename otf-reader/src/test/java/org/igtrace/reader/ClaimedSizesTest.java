package org.igtrace.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.igtrace.core.diagnostic.Remedy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.igtrace.reader.input.TraceInput;

/**
 * Memory bounded by what the files hold, not by what a damaged file makes a reader believe
 * (issue 41 item 7): an OTF2 anchor padded to 2 GB took 2.1 GB (libotf2 reads the anchor whole),
 * an OTF definitions file of one 2 GB line ended in NegativeArraySizeException, a 2 GB master in
 * "Required array size too large", a 1 GB line in a .z file took 1.6 GB. Each is now an error
 * naming the file, found before more than the bound (16 MB of anchor, a 64 MB line) is read. The
 * padding here is sparse (zeros that take no disk) or compressed, so the files cost nothing.
 */
class ClaimedSizesTest {
    static {
        Remedy.nameWith(r -> "--" + r.key()); // the remedies named as the command line names them
    }

    @TempDir
    Path dir;

    private Path copy(Path trace) throws IOException {
        try (Stream<Path> files = Files.walk(trace)) {
            for (Path f : files.toList()) {
                Path to = dir.resolve(trace.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        return dir;
    }

    /** Makes {@code file} {@code bytes} long, the added part zeros that take no disk. */
    private static void pad(Path file, long bytes) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(bytes);
        }
    }

    /** An anchor of 17 MB (its 72 bytes, then zeros): libotf2 read it whole (RSS 374 MB for 300 MB, 92 s for info). */
    @Test
    void anAnchorFarLargerThanAnyAnchorIsRefusedNamingIt() throws Exception {
        Path anchor = copy(TestTraces.otf2("pi-4")).resolve("eztrace_log.otf2");
        pad(anchor, 17L << 20);
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(anchor, false));
        assertEquals(anchor + ": the anchor file holds 17 MB, where an OTF2 anchor holds a few KB (igtrace reads at most 16 MB of one): "
                + "it is damaged, or not an anchor file", e.getMessage());
    }

    /** A definitions file of one 100 MB line (zeros): read whole, it grew a buffer to 128 MB (2 GB: NegativeArraySizeException). */
    @Tag("slow")
    @Test
    void anOtfDefinitionsLineBeyondTheBoundIsAnErrorNamingTheFile() throws Exception {
        Path master = copy(TestTraces.otf1("synth-plain")).resolve("synth.otf");
        Path definitions = dir.resolve("synth.0.def");
        Files.delete(definitions);
        Files.createFile(definitions);
        pad(definitions, 100L << 20);
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertEquals(definitions + ": line 1 is longer than 64 MB, which no OTF record is: the file is damaged, or not an OTF file",
                e.getMessage());
    }

    /** A master file of 100 MB of zeros after its lines: read whole (readAllBytes; 2 GB: "Required array size too large"). */
    @Tag("slow")
    @Test
    void anOtfMasterLineBeyondTheBoundIsAnErrorNamingTheFile() throws Exception {
        Path master = copy(TestTraces.otf1("synth-plain")).resolve("synth.otf");
        long lines = Files.size(master);
        pad(master, 100L << 20);
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        long number = Files.readAllLines(TestTraces.otf1("synth-plain").resolve("synth.otf")).size() + 1;
        assertEquals(master + ": line " + number + " is longer than 64 MB, which no OTF record is: the file is damaged, or not an OTF file",
                e.getMessage(), "after its " + lines + " bytes of lines");
    }

    /**
     * A compressed events file whose second line is 80 MB of 'A' (0.1 MB compressed, as libotf
     * compresses: zlib, full flushes, no trailer): its buffer grew to 128 MB (a 1 GB line: 1.6 GB).
     */
    @Tag("slow")
    @Test
    void aCompressedLineBeyondTheBoundIsAnErrorNamingTheFile() throws Exception {
        Path master = copy(TestTraces.otf1("synth-z")).resolve("synth.otf");
        Path events = dir.resolve("synth.1.events.z");
        Deflater deflater = new Deflater(1);
        byte[] line = new byte[1 << 20];
        Arrays.fill(line, (byte) 'A');
        byte[] out = new byte[1 << 16];
        try (OutputStream z = Files.newOutputStream(events)) {
            deflater.setInput("#comment\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            for (int mb = 0; mb <= 80; mb++) {
                int n;
                while ((n = deflater.deflate(out, 0, out.length, Deflater.FULL_FLUSH)) > 0) {
                    z.write(out, 0, n);
                }
                deflater.setInput(line);
            }
        }
        deflater.end();
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(master, false));
        assertEquals(events + ": line 2 is longer than 64 MB, which no OTF record is: the file is damaged, or not an OTF file; "
                + "use --skip-damaged to read the other 4 events files", e.getMessage());
    }
}
