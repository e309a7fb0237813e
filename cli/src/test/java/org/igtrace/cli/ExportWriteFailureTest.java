package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A trace-event export whose output fails while its calls are written (a full disk) says which output failed, as the
 * other outputs do: "standard output: no space left on device", not the system's words alone.
 */
class ExportWriteFailureTest {
    private static final Path TRACE = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath()
            .resolve("otf2/scorep-jacobi-2nodes/traces.otf2");

    /** Standard output that takes {@code room} characters, then fails as a full disk does. */
    private static final class FullAfter extends Writer {
        private long room;

        FullAfter(long room) {
            this.room = room;
        }

        @Override
        public void write(char[] buffer, int offset, int length) throws IOException {
            room -= length;
            if (room < 0) {
                throw new IOException("No space left on device");
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aFullDiskUnderTheCallsNamesStandardOutput() {
        StringWriter err = new StringWriter();
        int code = IgtraceCommand.run(new FullAfter(20_000), new PrintWriter(err, true), "timeline", TRACE.toString(),
                "--format", "chrome-json", "-q");
        assertEquals(1, code, err.toString());
        assertEquals("igtrace: standard output: no space left on device", err.toString().strip());
    }
}
