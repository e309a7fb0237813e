package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.igtrace.core.util.Labels;
import org.junit.jupiter.api.Test;

/**
 * Issue 37's audit of what a person reads in {@code igtrace why} and in the report's why section: the story, the tables
 * and the path agree; a gain is never a bare negative number; a hypothesis that cannot gain is not proposed; an empty
 * table is one line saying why.
 */
class WhyTextTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();

    private static String run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    private static String why(String trace, String... more) {
        List<String> args = new ArrayList<>(List.of("why", TESTDATA.resolve(trace).toString(), "-q"));
        args.addAll(List.of(more));
        return run(args.toArray(new String[0]));
    }

    private static double number(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\": ([-0-9.eE]+)").matcher(json);
        assertTrue(m.find(), key + " in " + json);
        return Double.parseDouble(m.group(1));
    }

    /** The what-ifs of the JSON: {hypothesis, gain}. */
    private static List<String[]> whatIf(String json) {
        Matcher m = Pattern.compile("\\{\\s*\"hypothesis\": \"([^\"]*)\",\\s*\"predicted_runtime\": [-0-9.eE]+,\\s*\"gain\": ([-0-9.eE]+)")
                .matcher(json);
        List<String[]> r = new ArrayList<>();
        while (m.find()) {
            r.add(new String[] {m.group(1), m.group(2)});
        }
        return r;
    }

    /**
     * testdata/why/slow-rank (make-why.py: 8 ranks, 10 iterations of solve 100 us, 300 us on rank 5, and pack 20 us):
     * the causes are rank 5 and rank 6 (which passes rank 5's lateness on), but rank 6 computes 10 x (100 + 20) us =
     * 1.2 ms, as ranks 0-4 and 7 do: the median of the eight (7 x 1.2 ms and rank 5's 10 x 320 us = 3.2 ms) is 1.2 ms, and
     * "rank 6 at median compute" changes nothing. Only a rank above the median is proposed.
     */
    @Test
    void aRankNotAboveTheMedianIsNotProposed() {
        List<String> hypotheses = whatIf(why("why/slow-rank/traces.otf2", "--format", "json")).stream().map(h -> h[0]).toList();
        assertEquals(List.of("balance region solve", "rank 5 at median compute"), hypotheses);
    }

    /**
     * testdata/otf2/pi-8 (EZTrace; its processes started 22.5 ms apart, so the replay, which starts them together, is off
     * by more than the gains it finds): the story names the measured run time the critical path's line names, a gain
     * within the replay's error on the unchanged run (|predicted_runtime - length| of the JSON) reads "no gain", one
     * below it "X slower", never a bare negative number; and the story claims no saving the table calls no gain.
     */
    @Test
    void theStoryTheTableAndThePathAgree() {
        for (String trace : new String[] {"otf2/pi-8", "otf2/scorep-ping-pong", "otf2/scorep-late-sender-barrier", "otf2/scorep-jacobi-2nodes",
            "why/slow-rank/traces.otf2"}) {
            String json = why(trace, "--format", "json"), text = why(trace);
            double length = number(json, "length"), predicted = number(json, "predicted_runtime");
            double noise = Math.max(Math.abs(predicted - length), 1e-6 * predicted);
            String story = text.substring(0, text.indexOf('\n'));
            String measured = Labels.seconds3(length);
            assertTrue(text.contains("\nCritical path: " + measured + " (the measured run time"), text);
            assertTrue(story.contains(measured + (Labels.seconds3(predicted).equals(measured) ? "." : " measured)")), story);
            double best = Double.NEGATIVE_INFINITY;
            for (String[] h : whatIf(json)) {
                double gain = Double.parseDouble(h[1]);
                best = Math.max(best, gain);
                String shown = Math.abs(gain) <= noise ? "no gain" : gain > 0 ? Labels.seconds3(gain) : Labels.seconds3(-gain) + " slower";
                assertTrue(Pattern.compile("\n" + Pattern.quote(h[0]) + " +[0-9.]+ [mun]?s +" + Pattern.quote(shown) + "\n").matcher(text).find(),
                        trace + ": " + h[0] + " " + shown + " in\n" + text);
            }
            assertFalse(Pattern.compile("\\s-[0-9]").matcher(text).find(), text);
            assertEquals(best > noise, Pattern.compile(" would save [0-9]").matcher(story).find(), story);
        }
    }

    /**
     * With no waiting (testdata/otf2/synth: one process; otf1/vt-jacobi-cpu/jacobi_cuda: one process, no message) the
     * causes table and the report's "Top pairs" tables are one line each saying why they are empty, not a header alone.
     */
    @Test
    void anEmptyTableIsOneLineSayingWhy() {
        for (String trace : new String[] {"otf2/synth", "otf1/vt-jacobi-cpu/jacobi_cuda.otf"}) {
            String text = why(trace);
            assertTrue(text.contains("\nNo waiting: no cause to name.\n"), text);
            assertFalse(text.contains("rank  region  delay cost  of waiting"), text);
            String html = run("report", TESTDATA.resolve(trace).toString(), "-q");
            assertFalse(Pattern.compile("<table><tr>(<th[^>]*>[^<]*</th>)+</tr>\\s*</table>").matcher(html).find(), html);
            assertTrue(html.contains("<p>No waiting: no cause to name.</p>"), html);
            assertTrue(html.contains("<p>No process waited for another: no pair to name.</p>"), html);
        }
        String noMessages = run("report", TESTDATA.resolve("otf1/vt-jacobi-cpu/jacobi_cuda.otf").toString(), "-q");
        assertTrue(noMessages.contains("<p>No messages between processes: no pair to name.</p>"), noMessages);
        // the communication matrix, an empty grey square, says so too (pictures review)
        assertTrue(noMessages.contains("</svg><p>No messages between processes: every cell is empty.</p></section>"), noMessages);
        assertFalse(run("report", TESTDATA.resolve("otf2/jacobi-4").toString(), "-q").contains("every cell is empty"));
    }

    /**
     * Where no change gains more than the replay's own error, the sentence gives that error: SPEC MPI Tachyon's read
     * "(1.16e+03 s replayed, 1.16e+03 s measured)", 788 ms apart unseen. testdata/silent-members replays 405 us of its 400
     * us (PredictCommandTest.membersSendingNothingDoNotHoldTheReplay derives both): 5.00 us.
     */
    @Test
    void noGainSaysHowLargeTheReplaysErrorIs() {
        String text = why("silent-members/traces.otf2");
        assertTrue(text.contains("no change replayed would save more than the replay's own error on the run, 5.00 us (405 us replayed,"
                + " 400 us measured)."), text);
    }
}
