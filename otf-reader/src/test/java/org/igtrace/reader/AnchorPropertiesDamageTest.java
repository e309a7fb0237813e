package org.igtrace.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One byte of scorep-late-sender-barrier's 1.2 KB anchor damaged: byte 65, the NUL that ends its empty description,
 * made 'Q'. libotf2 then reads the description to the next NUL (its properties' count, 4 little-endian bytes
 * {@code 04 00 00 00}, taken into it) and the count from the 4 bytes after it, {@code 00 00 4F 54} ("..OT" of
 * "OTF2::MPI_COMMUNICATION_COMPLETE"): 0x544F0000 = 1,414,463,488 properties, storage for all of them made first.
 * igtrace grew by about 220 MB a second without a word (otf2-print too). Each property is two strings, at least two
 * bytes: the anchor's last 1,100 bytes cannot hold them, so it is refused in one line naming the anchor.
 */
class AnchorPropertiesDamageTest {
    @TempDir
    Path dir;

    @Test
    void anAnchorAnnouncingMorePropertiesThanItHoldsIsRefused() throws Exception {
        Path source = TestTraces.otf2("scorep-late-sender-barrier");
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
        Path anchor = dir.resolve("traces.otf2");
        byte[] bytes = Files.readAllBytes(anchor);
        assertEquals(0, bytes[65], "the description's NUL");
        bytes[65] = 'Q';
        Files.write(anchor, bytes);
        TraceReadException e = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertThrows(TraceReadException.class, () -> TraceInput.read(anchor, false)));
        assertEquals(anchor + ": damaged: it announces 1414463488 properties, more than its bytes after them hold (anchor file;"
                + " libotf2 would make room for all of them first)", e.getMessage());
    }
}
