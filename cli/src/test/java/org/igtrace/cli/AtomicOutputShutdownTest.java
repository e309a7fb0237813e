package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The temporary file of {@code -o} and the JVM's shutdown (issue 41 item 10: a SIGINT near the end
 * of a Spark job left {@code .NAME.PID.part}). The shutdown hooks run while the writing thread runs
 * on (Spark's own take seconds), so the hook could run between the write naming its file and
 * creating it: it removed nothing, and the file was created after it. Both orders are staged here
 * on one thread, the hook's part called as the hook calls it: no race to win.
 */
class AtomicOutputShutdownTest {
    @TempDir
    Path dir;

    @Test
    void aShutdownBeforeTheFileExistsMeansNoFileIsCreated() throws Exception {
        AtomicOutput.Temporary temporary = new AtomicOutput.Temporary();
        temporary.shutDown(); // the hook ran first (the old code then created the file, and nothing removed it)
        IOException e = assertThrows(IOException.class, () -> temporary.create(dir.resolve(".g.graphml.1.part")));
        assertEquals("interrupted: the Java VM is shutting down", e.getMessage());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count(), "no temporary file left");
        }
    }

    @Test
    void aShutdownAfterTheFileExistsRemovesIt() throws Exception {
        AtomicOutput.Temporary temporary = new AtomicOutput.Temporary();
        Path part = temporary.create(dir.resolve(".g.graphml.1.part"));
        assertTrue(Files.exists(part));
        temporary.shutDown();
        assertFalse(Files.exists(part), "the hook removes the half-written file");
    }
}
