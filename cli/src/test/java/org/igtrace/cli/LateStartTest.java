package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * why charges a wait for a process that began late to its late start (definitions section 14). otf2/tasks-2 (EZTrace,
 * each process's clock its own): rank 0 begins 107.6 ms after rank 1 on corrected clocks, and rank 1 waits for it in
 * the first MPI_Barrier (otf2-print: rank 1 in it from 0.637 to 108.02 ms of its clock). Before that barrier rank 0 ran
 * "Working" 115 us (otf2-print: 213037 to 328056 ns), rank 1 9.3 us: the 106 us more took the whole 107 ms
 * ("rank 0's region Working holds the run back: it caused 107 ms of the 107 ms"), and its what-if gained nothing.
 */
class LateStartTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();

    private static String why(String trace, String... more) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        String[] args = new String[2 + more.length];
        args[0] = "why";
        args[1] = TESTDATA.resolve(trace).toString();
        System.arraycopy(more, 0, args, 2, more.length);
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    @Test
    void aProcessThatBeganLateIsLateByItsStart() {
        String text = why("otf2/tasks-2");
        assertTrue(text.startsWith("rank 0's late start holds the run back: it caused 107 ms of the 107 ms of waiting"), text);
        String json = why("otf2/tasks-2", "--format", "json");
        Matcher first = Pattern.compile("\"causes\":\\s*\\[\\s*\\{\\s*\"rank\":\\s*(\\d+),\\s*\"region\":\\s*\"([^\"]*)\",\\s*"
                + "\"delay_cost\":\\s*([0-9.eE-]+),\\s*\"kind\":\\s*\"([a-z_]+)\"").matcher(json);
        assertTrue(first.find(), json);
        assertEquals("0", first.group(1));
        assertEquals("(late start)", first.group(2));
        assertTrue(Double.parseDouble(first.group(3)) > 0.100, first.group(3));
        assertEquals("late_start", first.group(4));
        // rank 0's Working before the barrier: 115 us in all, so it cannot have made rank 1 wait more than that
        Matcher working = Pattern.compile("\\{\\s*\"rank\":\\s*0,\\s*\"region\":\\s*\"Working\",\\s*\"delay_cost\":\\s*([0-9.eE-]+)")
                .matcher(json);
        assertTrue(!working.find() || Double.parseDouble(working.group(1)) < 115e-6, json);
    }

    /**
     * A window cuts each process's events at its start: the first event kept is no start (a process in no region at the
     * window's start, or one whose clock is behind, read as starting late). otf2/jacobi-8's processes all began within
     * the first 45 us (otf2-print: first events at 19-44 us of each clock): no late start in a window from 2 ms on, where
     * one was named for rank 5 (274 us) before.
     */
    @Test
    void aWindowNamesNoLateStart() {
        String json = why("otf2/jacobi-8", "--window", "2ms:4ms", "--format", "json");
        assertTrue(json.contains("\"kind\": \"region\"") || json.contains("\"kind\":\"region\""), json);
        assertTrue(!json.contains("late_start"), json);
    }

    /**
     * A window from the run's start keeps every event, so every start: the same why as no window (definitions section 11).
     * Rank 0's late start was lost under --window 0s: (its 107 ms charged to Working instead).
     */
    @Test
    void aWindowFromTheRunsStartKeepsTheLateStart() {
        String whole = why("otf2/tasks-2");
        assertTrue(whole.startsWith("rank 0's late start holds the run back"), whole);
        assertEquals(whole, why("otf2/tasks-2", "--window", "0s:"));
        assertEquals(why("otf2/tasks-2", "--format", "json"), why("otf2/tasks-2", "--window", "0ns:", "--format", "json"));
    }
}
