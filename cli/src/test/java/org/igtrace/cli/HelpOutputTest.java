package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The help and the version written to a standard output that fails (a full disk) exit 1 with the commands' line; to a
 * reader that went away ({@code | head}), 0 and nothing said. Both were exit 0 without a word.
 */
class HelpOutputTest {
    /** Fails every write with {@code words}, as a full device or a closed pipe does. */
    private static Writer failing(String words) {
        return new Writer() {
            @Override
            public void write(char[] buf, int off, int len) throws IOException {
                throw new IOException(words);
            }

            @Override
            public void flush() throws IOException {
                throw new IOException(words);
            }

            @Override
            public void close() {
            }
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "--version", "help stats", "stats --help"})
    void aFullDiskIsSaidAndAGoneReaderIsNot(String args) {
        StringWriter err = new StringWriter();
        assertEquals(1, IgtraceCommand.run(failing("No space left on device"), new PrintWriter(err, true), args.split(" ")));
        assertEquals("igtrace: standard output: no space left on device\n", err.toString());
        StringWriter quiet = new StringWriter();
        assertEquals(0, IgtraceCommand.run(failing("Broken pipe"), new PrintWriter(quiet, true), args.split(" ")));
        assertEquals("", quiet.toString());
    }
}
