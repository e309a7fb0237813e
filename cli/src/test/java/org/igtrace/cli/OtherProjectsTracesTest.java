package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The graph's messages and bytes per pair are the sends libotf2's own printer lists, on every OTF2 archive in testdata/
 * (made here, copied from other projects, skewed, hand-written): otf2-print's MPI_SEND and MPI_ISEND records, the
 * sender the location group (rank) of the record's location, the receiver the location group of the location
 * otf2-print resolves the receiver to through the communicator's group (COMM_GROUP members, a COMM_SELF's one
 * member, an inter-communicator's remote group), a send to the sender's own rank not an edge. Left out, each for
 * its reason: {@link #NOT_COMPARED}.
 */
class OtherProjectsTracesTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();
    /** otf2-print -G: a location and its location group, the last number in angle brackets of the line. */
    private static final Pattern LOCATION = Pattern.compile("^LOCATION +(\\d+) +Name: .*, Group: .*<(\\d+)>$", Pattern.MULTILINE);
    /** otf2-print: a send, its location and the receiver's location as otf2-print resolves it. */
    private static final Pattern SEND = Pattern.compile(
            "^MPI_I?SEND +(\\d+) +\\d+ +Receiver: \\d+ \\(.*<(\\d+)>\\), Communicator: .*, Length: (\\d+)(, Request: \\d+)?$");
    /** The archives whose sends this test cannot take from otf2-print's lines, and why. */
    static final Map<String, String> NOT_COMPARED = Map.of(
            "no-events", "no event recorded: refused, no time to analyse (TrueNotesTest)",
            "no-process", "locations in no location group: refused, no process (SimGridReplayTest)",
            "hostile-names", "names holding line breaks split otf2-print's lines",
            "hostile-thread-names", "names holding line breaks split otf2-print's lines");

    /** Every OTF2 anchor file under testdata/ but {@link #NOT_COMPARED}'s. */
    static List<Path> anchors() throws IOException {
        try (Stream<Path> files = Files.walk(TESTDATA)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".otf2") && Files.isRegularFile(f))
                    .filter(f -> NOT_COMPARED.keySet().stream().noneMatch(n -> TESTDATA.relativize(f).startsWith(n))).sorted().toList();
        }
    }

    @Test
    void everyArchiveOfTestdataIsComparedButTheNamedOnes() throws IOException {
        List<Path> all = anchors();
        assertTrue(all.size() >= 140, all.size() + " archives");
        for (String name : NOT_COMPARED.keySet()) {
            assertTrue(Files.isDirectory(TESTDATA.resolve(name)), name + " is still in testdata/");
        }
    }

    @Tag("slow")
    @ParameterizedTest
    @MethodSource("anchors")
    void thePairsTrafficIsWhatOtf2PrintLists(Path anchor) throws Exception {
        Map<Long, Long> group = new HashMap<>();
        Matcher l = LOCATION.matcher(printed("-G", anchor));
        while (l.find()) {
            group.put(Long.parseLong(l.group(1)), Long.parseLong(l.group(2)));
        }
        Map<String, long[]> expected = new TreeMap<>();
        int sends = 0;
        for (String line : printed(null, anchor).split("\n")) {
            if (!line.startsWith("MPI_SEND ") && !line.startsWith("MPI_ISEND ")) {
                continue;
            }
            Matcher m = SEND.matcher(line);
            assertTrue(m.matches(), "a send otf2-print gives no receiver location or length for: " + line);
            Long a = group.get(Long.parseLong(m.group(1))), b = group.get(Long.parseLong(m.group(2)));
            assertTrue(a != null && b != null, "a send between locations of no location group: " + line);
            sends++;
            if (!a.equals(b)) {
                long[] v = expected.computeIfAbsent(Math.min(a, b) + "-" + Math.max(a, b), k -> new long[2]);
                v[0] += Long.parseLong(m.group(3));
                v[1]++;
            }
        }
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), anchor.toString(), "--format", "csv", "-q"), err.toString());
        Map<String, long[]> found = new TreeMap<>();
        for (String line : out.toString().lines().skip(1).toList()) {
            String[] f = line.split(",");
            found.put(f[0] + "-" + f[1], new long[] {Long.parseLong(f[3]), Long.parseLong(f[4])});
        }
        assertEquals(text(expected), text(found), anchor + " (" + sends + " sends in otf2-print)");
    }

    /** otf2-print's standard output (with OPTION when not null), its warnings on standard error left out. */
    private static String printed(String option, Path anchor) throws Exception {
        List<String> command = new ArrayList<>(List.of("otf2-print"));
        if (option != null) {
            command.add(option);
        }
        command.add(anchor.toString());
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "otf2-print " + anchor);
        return out;
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
