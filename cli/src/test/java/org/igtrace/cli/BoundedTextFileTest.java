package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --placement and --hosts read at most 64 MiB ({@link BoundedTextFile}): /dev/zero, a file of zeros or a sparse file
 * was read whole (about 50 s and 3-4 GB) before the command ran out of memory.
 */
class BoundedTextFileTest {
    @TempDir
    Path dir;

    @Test
    void linesAsReadAllLinesGivesThemUpToTheBound() throws Exception {
        Path f = dir.resolve("p.map");
        Files.writeString(f, "0\r\n1\n\n2\r3"); // 9 bytes
        assertEquals(List.of("0", "1", "", "2", "3"), BoundedTextFile.lines(f, 9));
        assertEquals(Files.readAllLines(f), BoundedTextFile.lines(f, 9));
        assertThrows(BoundedTextFile.TooLarge.class, () -> BoundedTextFile.lines(f, 8));
        Files.write(f, new byte[] {'0', '\n', (byte) 0xff, '\n'});
        assertThrows(CharacterCodingException.class, () -> BoundedTextFile.lines(f, 100));
    }

    @Test
    void aDeviceOfEndlessZerosIsRefusedInOneLine() {
        String trace = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().resolve("otf2/scorep-ping-pong").toString();
        SubcommandsTest.Run p = SubcommandsTest.igtrace("predict", trace, "--topology", "ring:2", "--placement", "/dev/zero", "-q");
        assertEquals(1, p.code(), p.err());
        assertEquals("igtrace: --placement /dev/zero: more than 64 MiB, not a file of node numbers\n", p.err());
        SubcommandsTest.Run h = SubcommandsTest.igtrace("map", trace, "--topology", "ring:2", "--hosts", "/dev/zero", "-q");
        assertEquals(1, h.code(), h.err());
        assertEquals("igtrace: --hosts /dev/zero: more than 64 MiB, not a file of host names\n", h.err());
    }
}
