package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Local definition files that hold no definition (the 20 bytes libotf2 writes for a location with
 * none) are not handed to libotf2, whose reader would fill a chunk buffer of the archive's
 * definition chunk size (4 MiB in the bench's 10^5-rank stencil) to read nothing (issue 41 item 6). Isolated:
 * the count of libotf2's local definition readers is global to the JVM.
 */
@Isolated
class EmptyLocalDefinitionsTest {
    /**
     * sendrecv-ring's 4 files are those 20 bytes (python3-otf2 3.0.2 wrote them; xxd shows
     * 03 42, 1 and 0 as 8-byte little-endian numbers, 02 01). Reading the archive asks libotf2 for
     * no local definition reader (before: 8, one per location in the check for damage and one in
     * the read); the same archive with a byte appended to each file (libotf2 reads nothing past the
     * end-of-file record, and so reads the same: no definition) goes through libotf2 (8 readers)
     * and gives the same profile.
     */
    @Test
    void emptyLocalDefinitionFilesAreNotHandedToLibotf2(@TempDir Path work) throws Exception {
        Path source = TestTraces.dir().resolve("sendrecv-ring");
        for (long location = 0; location < 4; location++) {
            assertEquals("0342" + "0100000000000000" + "0000000000000000" + "0201",
                    HexFormat.of().formatHex(Files.readAllBytes(source.resolve("traces/" + location + ".def"))));
        }
        long before = Otf2Archive.localDefinitionReadersOpened();
        TraceProfile skipped = read(TraceFormat.locate(source).file());
        assertEquals(0, Otf2Archive.localDefinitionReadersOpened() - before, "libotf2 asked for empty local definitions");

        Path copy = copy(source, work.resolve("padded"));
        for (long location = 0; location < 4; location++) {
            Files.write(copy.resolve("traces/" + location + ".def"), new byte[] {0}, StandardOpenOption.APPEND);
        }
        before = Otf2Archive.localDefinitionReadersOpened();
        TraceProfile read = read(TraceFormat.locate(copy).file());
        assertEquals(8, Otf2Archive.localDefinitionReadersOpened() - before, "4 files checked, then read");
        assertEquals(read, skipped);
    }

    /**
     * Each location's two files are opened once by igtrace's own check before the read (the event
     * file for its end, the local definitions for their end and for libotf2's empty file), and the
     * read does not open an empty local definitions file again: sendrecv-ring's 4 locations, 8
     * opens and 1 for the end of the global definitions (before: 17; the event file's end, the
     * local definitions' end, then the test for the empty file in the check and again in the read); after the read each
     * event file once more, for the number of events its last chunk header gives (what libotf2 read is checked against
     * it: an archive no definitions announce the counts of, as this one), 4 more.
     */
    @Test
    void eachLocationFileIsOpenedOnceBeforeTheRead() throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.dir().resolve("sendrecv-ring")).file();
        long before = org.igtrace.reader.otf2.nativelib.Otf2Files.filesOpened();
        read(anchor);
        assertEquals(2 * 4 + 1 + 4, org.igtrace.reader.otf2.nativelib.Otf2Files.filesOpened() - before);
    }

    /** Score-P's local definitions (mapping tables, clock offsets) still go through libotf2. */
    @Test
    void localDefinitionsHoldingRecordsAreReadByLibotf2() throws Exception {
        long before = Otf2Archive.localDefinitionReadersOpened();
        read(TraceFormat.locate(TestTraces.otf2("scorep-ping-pong")).file());
        assertTrue(Otf2Archive.localDefinitionReadersOpened() - before > 0);
    }

    private static TraceProfile read(Path anchor) throws Exception {
        return TraceInput.read(anchor, new ReadOptions(false, 1), AnalysisOptions.profile(true));
    }

    private static Path copy(Path source, Path dir) throws IOException {
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
        return dir;
    }
}
