package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * OTF2 names that are not UTF-8 stay as many names as the trace has: testdata/undecodable-names
 * (make-undecodable-names.py) has regions b"region\xff\xff" and b"region\xfe\xfe", each 50 us of rank 0's time
 * before the send rank 1 waits 80 us for, so each caused 40 us of it. Decoded as UTF-8 with replacement both were
 * "region\ufffd\ufffd": one region with 80 us, one what-if for both. Now read as the OTF (version 1) reader reads such
 * bytes, a byte a character.
 */
class UndecodableNamesTest {
    private static final Path TRACE = Path.of(System.getProperty("testdata.dir", "../testdata"), "undecodable-names").toAbsolutePath();

    @Test
    void twoRegionsWhoseNamesAreNotUtf8AreTwoCauses() throws Exception {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "why", TRACE.toString(), "--format", "json", "-q");
        assertEquals(0, code, err.toString());
        assertEquals("ok", SubcommandsTest.python(String.join("\n",
                "import json, sys",
                "d = json.loads(sys.argv[1])",
                "causes = sorted((c['region'], c['delay_cost']) for c in d['causes'])",
                "assert causes == [('region\\u00fe\\u00fe', 4e-05), ('region\\u00ff\\u00ff', 4e-05)], causes",
                "print('ok')"), out.toString()));
    }
}
