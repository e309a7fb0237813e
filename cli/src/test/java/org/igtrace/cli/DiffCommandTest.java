package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code igtrace diff} (definitions section 15) on testdata/make-diff.py's runs, whose answer is known by
 * construction: 8 ranks, 10 iterations of solve, pack, a ring MPI_Sendrecv and an MPI_Allreduce; balanced
 * (solve 100 us everywhere, 140 us an iteration, T = 1.400 ms) and rank 5 slow (its solve 300 us, 340 us an
 * iteration, T = 3.400 ms). So B - A = 10 x 200 us = 2.000 ms, all of it rank 5's solve. The numbers are read
 * back by Python's json.
 */
class DiffCommandTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final String BALANCED = TESTDATA.resolve("diff/balanced").toString();
    private static final String SLOW = TESTDATA.resolve("diff/slow-rank-5").toString();

    private record Run(int code, String out, String err) {
    }

    private static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private static String python(Run r, String... lines) throws Exception {
        assertEquals(0, r.code, r.err);
        return SubcommandsTest.python(String.join("\n", "import json, sys", "d = json.loads(sys.argv[1])", String.join("\n", lines)), r.out);
    }

    @Test
    void theSlowRanksSolveComesFirstWithTheWholeDifference() throws Exception {
        Run r = igtrace("diff", BALANCED, SLOW, "--format", "json", "-q");
        assertEquals("ok", python(r,
                "t = d['runtime']",
                "assert abs(t['a'] - 1.4e-3) < 1e-12 and abs(t['b'] - 3.4e-3) < 1e-12 and abs(t['delta'] - 2.0e-3) < 1e-12, t",
                "c = d['contributors'][0]",
                "assert (c['kind'], c['rank'], c['region']) == ('compute', 5, 'solve'), c",
                "assert abs(c['delta'] - 10 * 200e-6) < 1e-9, c",
                "assert abs(sum(x['delta'] for x in d['contributors']) - t['delta']) < 1e-12, d['contributors']",
                "deltas = [abs(x['delta']) for x in d['contributors']]",
                "assert deltas == sorted(deltas, reverse=True), deltas",
                "solve = next(x for x in d['regions'] if x['name'] == 'solve')",
                "assert abs(solve['a'] - 8e-3) < 1e-12 and abs(solve['b'] - 10e-3) < 1e-12, solve",
                "pack = next(x for x in d['regions'] if x['name'] == 'pack')",
                "assert abs(pack['a'] - 1.6e-3) < 1e-12 and pack['delta'] == 0, pack",
                "p5 = d['processes'][5]",
                "assert abs(p5['useful']['delta'] - 2e-3) < 1e-12 and p5['wait']['b'] == 0, p5",
                "assert abs(d['processes'][6]['wait_late_sender']['b'] - 2e-3) < 1e-12, d['processes'][6]",
                // the ring: each neighbouring pair carries one 1024-byte message an iteration, one way: 10 messages, 10240 bytes
                "assert len(d['pairs']) == 8 and all(p['messages'] == {'a': 10, 'b': 10, 'delta': 0} and p['bytes']['a'] == 10240 "
                        + "for p in d['pairs']), d['pairs']",
                "print('ok')"));
        Run text = igtrace("diff", BALANCED, SLOW);
        assertEquals(0, text.code, text.err);
        assertEquals("B is 2.00 ms slower than A (3.40 ms against 1.40 ms): rank 5's solve +2.00 ms.", text.out.lines().toList().get(2),
                text.out);
    }

    /** A run against itself: no difference, no contributor. */
    @Test
    void aRunAgainstItselfHasNoContributor() throws Exception {
        Run r = igtrace("diff", SLOW, SLOW, "--format", "json", "-q");
        assertEquals("ok", python(r, "assert d['runtime']['delta'] == 0 and d['contributors'] == [], d['contributors']",
                "assert all(p['time']['delta'] == 0 for p in d['processes'])", "print('ok')"));
        Run text = igtrace("diff", SLOW, SLOW);
        assertTrue(text.out.contains("A and B take the same time (3.40 ms).\n"), text.out);
    }

    /** Runs of 8 and 4 processes: one line naming both files, exit 1, nothing written. */
    @Test
    void differentProcessCountsAreRefused() {
        String four = TESTDATA.resolve("otf2/delays-4").toString();
        Run r = igtrace("diff", SLOW, four);
        assertEquals(1, r.code, r.err);
        assertEquals("", r.out);
        assertEquals(1, r.err.lines().count(), r.err);
        assertTrue(r.err.startsWith("igtrace: ") && r.err.contains("slow-rank-5") && r.err.contains("delays-4")
                && r.err.contains("8 processes") && r.err.contains(" 4"), r.err);
    }
}
