package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One byte of an EZTrace event file turned into OTF2's end-of-file record (type 2): libotf2 ends the file there without
 * a word (otf2-print prints 5 of location 0's 72 events of otf2/hybrid-2 and exits 0), and EZTrace's definitions announce
 * no count to check, so igtrace read a shorter good trace and gave its numbers, exit 0 (rank 1's barrier waiting 85.7 us
 * where it is 293 ms). The file's chunk header numbers its events (1 to 72): a file read to fewer is refused, naming it.
 */
class EndOfFileInsideTest {
    private static final Path TRACE = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize()
            .resolve("otf2/hybrid-2");

    @TempDir
    Path dir;

    @Test
    void aFileEndedByADamagedByteIsRefused() throws Exception {
        Path copy = dir.resolve("hybrid-2");
        DamagedTraceFuzzTest.copyTree(TRACE, copy);
        Path events = copy.resolve("eztrace_log/0.evt");
        byte[] b = Files.readAllBytes(events);
        b[91] = 2; // a record's type byte (otf2-print: the 6th event of location 0 is lost and the rest with it)
        Files.write(events, b);
        Path out = dir.resolve("out.dot");
        StringWriter o = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(o, new PrintWriter(err, true), copy.resolve("eztrace_log.otf2").toString(), "--format", "dot",
                "-o", out.toString());
        assertEquals(1, code, err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("igtrace: " + events + ": damaged: 5 events where its chunk headers number 72"), err.toString());
        assertTrue(Files.notExists(out));
        // the intact trace reads: the check counts what libotf2 reads against the same numbers
        o = new StringWriter();
        assertEquals(0, IgtraceCommand.run(o, new PrintWriter(new StringWriter(), true), "stats", TRACE.resolve("eztrace_log.otf2").toString(), "-q"));
    }
}
