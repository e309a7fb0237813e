package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Score-P traces other projects published (testdata/SOURCES.md, "Traces from other projects"): the graph's messages
 * and bytes per pair are the sends otf2-print lists (MPI_SEND and MPI_ISEND, their location the sender's rank: one
 * thread per rank, location ids 0, 1, ...; the receiver the rank it names).
 */
class OtherProjectsTracesTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();
    private static final Pattern SEND = Pattern.compile("^MPI_I?SEND +(\\d+) +\\d+ +Receiver: (\\d+) .*Length: (\\d+)$", Pattern.MULTILINE);

    @ParameterizedTest
    @ValueSource(strings = {"scorep-ping-pong-papi", "scorep-mpi-tags-10", "scorep-ping-pong"})
    void thePairsTrafficIsWhatOtf2PrintLists(String name) throws Exception {
        String anchor = TESTDATA.resolve("otf2").resolve(name).resolve("traces.otf2").toString();
        Map<String, long[]> expected = new TreeMap<>();
        Matcher m = SEND.matcher(TimelineCommandTest.command("otf2-print", anchor));
        while (m.find()) {
            int a = Integer.parseInt(m.group(1)), b = Integer.parseInt(m.group(2));
            long[] v = expected.computeIfAbsent(Math.min(a, b) + "-" + Math.max(a, b), k -> new long[2]);
            v[0] += Long.parseLong(m.group(3));
            v[1]++;
        }
        assertFalse(expected.isEmpty(), "otf2-print lists sends");
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), anchor, "--format", "csv", "-q"), err.toString());
        Map<String, long[]> found = new TreeMap<>();
        for (String line : out.toString().lines().skip(1).toList()) {
            String[] f = line.split(",");
            found.put(f[0] + "-" + f[1], new long[] {Long.parseLong(f[3]), Long.parseLong(f[4])});
        }
        assertEquals(text(expected), text(found));
    }

    private static String text(Map<String, long[]> pairs) {
        StringBuilder b = new StringBuilder();
        pairs.forEach((k, v) -> b.append(k).append(": ").append(v[0]).append(" B in ").append(v[1]).append('\n'));
        return b.toString();
    }
}
