package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutOfMemoryTest {

    /** However many threads fail, a run says one line: the first failure's, the heap's when memory ran out. */
    @Test
    void aRunSaysOneFailureLine() {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        OutOfMemory.newRun();
        OutOfMemory.say(out, new IllegalStateException("wrapped", new OutOfMemoryError("Java heap space")), "igtrace: internal error: ");
        OutOfMemory.say(out, new OutOfMemoryError("Java heap space"), "igtrace: internal error: ");
        OutOfMemory.say(out, new IllegalStateException("later"), "igtrace: internal error: ");
        List<String> lines = text.toString().lines().toList();
        assertEquals(1, lines.size(), text.toString());
        assertTrue(lines.get(0).startsWith("igtrace: out of memory: the Java heap holds at most "), lines.get(0));
        OutOfMemory.newRun();
        OutOfMemory.say(out, new IllegalStateException("broken"), "igtrace: internal error: ");
        assertEquals("igtrace: internal error: java.lang.IllegalStateException: broken", text.toString().lines().toList().get(1));
    }

    /** A line that could not be written is not said: the next failure's handler says it (a run never ends silent). */
    @Test
    void aLineThatCouldNotBeWrittenIsNotCountedAsSaid() {
        OutOfMemory.newRun();
        PrintWriter broken = new PrintWriter(new Writer() {
            @Override
            public void write(char[] c, int off, int len) throws java.io.IOException {
                throw new java.io.IOException("standard error closed");
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        OutOfMemory.say(broken, new OutOfMemoryError(), "igtrace: internal error: ");
        StringWriter text = new StringWriter();
        OutOfMemory.say(new PrintWriter(text), new OutOfMemoryError(), "igtrace: internal error: ");
        assertEquals(1, text.toString().lines().count(), text.toString());
    }
}
