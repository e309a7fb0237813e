package org.igtrace.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.igtrace.reader.input.TraceInput;

/**
 * A path holding a line break makes no second line in a reading error (bench/fault-campaign.sh:
 * "PATH: no such file or directory" came out as two lines, the ESC escaped, the newline not).
 */
class OneLineMessagesTest {
    @TempDir
    Path dir;

    @Test
    void aPathWithANewlineIsOneLineInTheMessage() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("run\nx\r"));
        TraceReadException e = assertThrows(TraceReadException.class, () -> TraceInput.read(folder.resolve("none"), false));
        assertEquals(dir + "/run\\nx\\r/none: no such file or directory", e.getMessage());
    }

    /** A trace path that is a loop of symbolic links, or a link to nothing, was "no such file or directory" like any other. */
    @Test
    void aLoopOfLinksAndALinkToNothingSaySo() throws Exception {
        Path a = dir.resolve("a"), b = dir.resolve("b");
        Files.createSymbolicLink(a, b.getFileName());
        Files.createSymbolicLink(b, a.getFileName());
        TraceReadException loop = assertThrows(TraceReadException.class, () -> TraceFormat.locate(a));
        assertEquals(a + ": a loop of symbolic links (too many levels of symbolic links)", loop.getMessage());
        Path dangling = Files.createSymbolicLink(dir.resolve("c"), Path.of("gone.otf2"));
        TraceReadException nothing = assertThrows(TraceReadException.class, () -> TraceFormat.locate(dangling));
        assertEquals(dangling + ": a symbolic link to a file or directory that does not exist", nothing.getMessage());
    }
}
