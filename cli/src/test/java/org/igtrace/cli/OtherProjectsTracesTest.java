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

    /**
     * SST's Ember OTF2 test (Score-P 8.4, OTF2 3.0.3; otf2-print, 2000000653 ticks/s): no main region, so T_i runs from
     * MPI_Init's leave to MPI_Finalize's enter: rank 0 ...8179289 - ...8081171 = 98118 ticks; its Tcomm MPI_Comm_rank
     * 96961 - 93893 = 3068 plus MPI_Bcast 176835 - 117035 = 59800 ticks. The root (rank 0) enters the broadcast at
     * ...117035, ranks 1, 2, 3 at ...115643, ...115586, ...115747: late broadcast 1392, 1449, 1288 ticks. No message.
     */
    @org.junit.jupiter.api.Test
    void embersBroadcastIsTheLateBroadcastOtf2PrintGives() throws Exception {
        double tick = 1.0 / 2000000653.0;
        String json = SubcommandsTest.igtrace("stats", TESTDATA.resolve("otf2/scorep-ember-bcast-4").toString(), "--format", "json").out();
        String checked = SubcommandsTest.python(String.join("\n", "import json, sys", "d = json.loads(sys.argv[1])",
                "p = {r['rank']: r for r in d['processes']}",
                "print(p[0]['time'], p[0]['comm_time'], p[1]['wait_late_broadcast'], p[2]['wait_late_broadcast'], p[3]['wait_late_broadcast'],"
                        + " p[0]['wait'])"), json);
        String[] v = checked.strip().split(" ");
        double[] expected = {98118 * tick, (3068 + 59800) * tick, 1392 * tick, 1449 * tick, 1288 * tick, 0};
        for (int i = 0; i < expected.length; i++) {
            org.junit.jupiter.api.Assertions.assertEquals(expected[i], Double.parseDouble(v[i]), 1e-12, "value " + i + " of " + checked);
        }
    }

    /**
     * fastotf2's sample of a HIP run on an MI300 (Score-P 9.0, OTF2 3.1.1): 72670 events (otf2-print: 40 ENTER, 40 LEAVE,
     * 72584 METRIC, 4 PARAMETER_UINT64, PROGRAM_BEGIN, PROGRAM_END), one process whose master thread runs main from
     * 6127384857192913 to 6127411460432414 at 3699958577 ticks/s (T = 26603239501 ticks, no MPI: w = 1), and 31 GPU-stream
     * and metric locations, which are not analysed.
     */
    @org.junit.jupiter.api.Test
    void aHipRunOfScorep9IsReadWithItsMetricLocationsLeftOut() throws Exception {
        String trace = TESTDATA.resolve("otf2/scorep-hip-mi300").toString();
        SubcommandsTest.Run info = SubcommandsTest.igtrace("info", trace);
        assertEquals(0, info.code(), info.err());
        org.junit.jupiter.api.Assertions.assertTrue(info.out().contains("events         72670, counted"), info.out());
        org.junit.jupiter.api.Assertions.assertTrue(info.out().contains("31 locations that are not CPU threads of a process"), info.out());
        String json = SubcommandsTest.igtrace("stats", trace, "--format", "json").out();
        String checked = SubcommandsTest.python(String.join("\n", "import json, sys", "d = json.loads(sys.argv[1])",
                "print(len(d['processes']), d['processes'][0]['time'], d['processes'][0]['comm_time'])"), json);
        String[] v = checked.strip().split(" ");
        assertEquals("1", v[0]);
        org.junit.jupiter.api.Assertions.assertEquals(26603239501.0 / 3699958577.0, Double.parseDouble(v[1]), 1e-12);
        org.junit.jupiter.api.Assertions.assertEquals(0, Double.parseDouble(v[2]), 0);
    }

    private static String text(Map<String, long[]> pairs) {
        StringBuilder b = new StringBuilder();
        pairs.forEach((k, v) -> b.append(k).append(": ").append(v[0]).append(" B in ").append(v[1]).append('\n'));
        return b.toString();
    }
}
