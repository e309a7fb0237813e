package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * EZTrace 2.0 gives every process a clock of its own, started with it; a run whose processes meet only in barriers
 * (no message shows a transfer) lets the offsets lie anywhere in a wide range (definitions section 8). The smallest
 * offsets of that range made otf2/hybrid-2's rank 1 leave each of its last three barriers 33 ms after rank 0 entered
 * it, last (programs/hybrid.c: rank 0's 30 ms of serial work): 160 ms of waiting where rank 1 waits for rank 0 in all
 * four (about 290 ms), and 170 ms of a two-process barrier's time on one node as transfer. Now the members leave
 * such collectives together as far as the rules allow. Checked here with otf2-print's leave times of each
 * MPI_Barrier and the offsets igtrace reports: a barrier of processes on one machine lets its members go within
 * microseconds of each other once the last arrived, so on corrected clocks their leaves agree to 0.1 ms.
 */
class LeavesTogetherTracesTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();
    private static final Pattern OFFSET = Pattern.compile("\"clock_offset\": ?([-0-9.eE]+)");
    private static final Pattern COMM_TIME = Pattern.compile("\"comm_time\": ?([-0-9.eE]+)");
    private static final Pattern WAIT = Pattern.compile("\"wait\": ?([-0-9.eE]+)");

    /** The "processes" array of stats' JSON (the summary before it and the threads after it have keys of the same names). */
    private static String stats(String anchor) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "stats", anchor, "--format", "json", "-q");
        assertEquals(0, code, err.toString());
        String json = out.toString();
        int from = json.indexOf("\"processes\": ["), to = json.indexOf("\"threads\": [", from);
        return json.substring(from, to < 0 ? json.length() : to);
    }

    private static List<Double> all(Pattern p, String json) {
        List<Double> values = new ArrayList<>();
        Matcher m = p.matcher(json);
        while (m.find()) {
            values.add(Double.parseDouble(m.group(1)));
        }
        return values;
    }

    /** Per location of the given names' ranks (name "P#rT#0": rank r), its MPI_Barrier leave times in ticks, from otf2-print. */
    private static Map<Integer, List<Long>> barrierLeaves(String anchor, Map<Long, Integer> rankOf) throws Exception {
        Map<Integer, List<Long>> leaves = new HashMap<>();
        for (String line : SubcommandsTest.command("otf2-print", anchor).split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 4 && f[0].equals("LEAVE") && line.contains("Region: \"MPI_Barrier\"")) {
                Integer rank = rankOf.get(Long.parseLong(f[1]));
                if (rank != null) {
                    leaves.computeIfAbsent(rank, k -> new ArrayList<>()).add(Long.parseLong(f[2]));
                }
            }
        }
        return leaves;
    }

    /** The main thread of each rank: locations named "P#rT#0" (EZTrace), from otf2-print's definitions. */
    private static Map<Long, Integer> mainThreads(String anchor) throws Exception {
        Map<Long, Integer> rankOf = new HashMap<>();
        Pattern name = Pattern.compile("^LOCATION\\s+(\\d+)\\s+Name: \"P#(\\d+)T#0\"");
        for (String line : SubcommandsTest.command("otf2-print", "-G", anchor).split("\n")) {
            Matcher m = name.matcher(line);
            if (m.find()) {
                rankOf.put(Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)));
            }
        }
        return rankOf;
    }

    /** The largest difference between the ranks' corrected leaves of each barrier from {@code first} on, seconds. */
    private static double spread(String trace, int first, int ranks) throws Exception {
        String anchor = TESTDATA.resolve(trace).resolve("eztrace_log.otf2").toString();
        List<Double> offsets = all(OFFSET, stats(anchor));
        assertEquals(ranks, offsets.size());
        Map<Integer, List<Long>> leaves = barrierLeaves(anchor, mainThreads(anchor));
        assertEquals(ranks, leaves.size(), leaves.toString());
        int barriers = leaves.get(0).size();
        double worst = 0;
        for (int b = first; b < barriers; b++) {
            double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
            for (int r = 0; r < ranks; r++) {
                double t = leaves.get(r).get(b) * 1e-9 + offsets.get(r); // 1 ns ticks (otf2-print -G: 1000000000 per second)
                lo = Math.min(lo, t);
                hi = Math.max(hi, t);
            }
            worst = Math.max(worst, hi - lo);
        }
        return worst;
    }

    /**
     * hybrid-2: after the first barrier (the start, whose two calls last 4.8 ms and 198 ms), the three barriers of the
     * loop let both ranks go together; rank 1's time in MPI outside waiting is then its three MPI_Sendrecv calls
     * (otf2-print: 9.65 + 10.06 + 9.56 = 29.3 ms, no message events, so no wait measured in them) and the barriers'
     * own few microseconds, plus the first barrier's leaves 3.1 ms apart: under 40 ms, where it was 170 ms.
     */
    @Test
    void hybridRunsBarriersReleaseBothRanksTogether() throws Exception {
        assertTrue(spread("otf2/hybrid-2", 1, 2) < 1e-4, "leaves apart by " + spread("otf2/hybrid-2", 1, 2) + " s");
        String json = stats(TESTDATA.resolve("otf2/hybrid-2/eztrace_log.otf2").toString());
        double transfer = all(COMM_TIME, json).get(1) - all(WAIT, json).get(1);
        assertTrue(transfer > 0.0293 && transfer < 0.040, "rank 1's MPI time outside waiting " + transfer);
    }

    /** quiet-4: one barrier; its four leaves on corrected clocks agree. */
    @Test
    void quietRunsOneBarrierReleasesAllFourTogether() throws Exception {
        assertTrue(spread("otf2/quiet-4", 0, 4) < 1e-4, "leaves apart by " + spread("otf2/quiet-4", 0, 4) + " s");
    }
}
