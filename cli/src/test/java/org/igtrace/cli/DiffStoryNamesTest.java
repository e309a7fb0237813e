package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The story names a contributor by a rank only where that rank carries nearly all of it (9 tenths or more): EZTrace's
 * alltoall-16 against bcast-16 read "rank 11's transfer in MPI_Bcast +5.99 s", where rank 11 carried 1.81 s of it and six
 * other ranks the rest. The phrase is checked against the contributor's own shares in the JSON output.
 */
class DiffStoryNamesTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    private static String json(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    @Test
    void aContributorSpreadOverRanksIsNamedByWhatItIs() throws Exception {
        String a = TESTDATA.resolve("otf2/alltoall-16").toString(), b = TESTDATA.resolve("otf2/bcast-16").toString();
        String out = json("diff", a, b, "--format", "json", "-q");
        assertEquals("ok", SubcommandsTest.python(String.join("\n",
                "import json, sys",
                "d = json.loads(sys.argv[1])",
                "story = d['story']",
                "for c in d['contributors'][:3]:",
                "    shares = [r for r in c['ranks'] if abs(r['delta']) > 1e-12]",
                "    top = max(shares, key=lambda r: r['delta'] * (1 if c['delta'] > 0 else -1))",
                "    one = top['delta'] * c['delta'] > 0 and abs(top['delta']) >= 0.9 * abs(c['delta'])",
                "    what = ('transfer in ' + c['region']) if c['kind'] == 'transfer' else c['region']",
                "    if one:",
                "        assert (\"rank %d's %s \" % (c['rank'], what)) in story, (c, story)",
                "    else:",
                "        assert (\"rank %d's %s \" % (c['rank'], what)) not in story, (c, story)",
                "        assert (\"%s \" % what) in story and (\" over %d ranks, rank %d's \" % (len(shares), top['rank'])) in story, (c, story)",
                "first = d['contributors'][0]",
                "assert (first['kind'], first['region']) == ('transfer', 'MPI_Bcast') and len([r for r in first['ranks'] if r['delta']]) == 7, first",
                "print('ok', end='')"), out));
    }
}
