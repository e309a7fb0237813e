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
}
