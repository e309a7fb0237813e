package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import picocli.AutoComplete;

/** Issue 39 item 10: one count, one noun in the singular; the completion offers every --format's values in lower case. */
class ConsistentWordingTest {
    private static final Pattern ONE_PLURAL = Pattern.compile(
            "(?<![\\d.,])1 (locations|rows|arrows|messages|threads|GPU streams|calls|regions|sizes|collective marks)\\b");

    @TempDir
    Path dir;

    /**
     * otf2/synth has 1 location that is not a CPU thread; otf1/synth-z 1 GPU stream and 1 thread folded;
     * pthreads-no-mpi draws 1 row; irecv-send fits its network to 1 message of 1 size.
     */
    @Tag("slow")
    @Test
    void oneIsFollowedByTheSingular() {
        List<String> found = new ArrayList<>();
        for (String trace : List.of("otf2/synth", "otf1/synth-z", "otf1/pthreads-no-mpi", "irecv-send", "two-chunks")) {
            String t = Path.of(System.getProperty("testdata.dir", "../testdata")).resolve(trace).toAbsolutePath().toString();
            for (String[] args : List.of(new String[] {"info", t}, new String[] {"predict", t},
                    new String[] {"timeline", t, "-o", dir.resolve("t.svg").toString()},
                    new String[] {"timeline", t, "-o", dir.resolve("t.json").toString()})) {
                SubcommandsTest.Run r = SubcommandsTest.igtrace(args);
                Matcher m = ONE_PLURAL.matcher(r.out() + r.err());
                while (m.find()) {
                    found.add(args[0] + " " + trace + ": " + m.group());
                }
            }
        }
        assertEquals(List.of(), found);
    }

    /** The completion script offers each command's formats, lower case, from the command's own list of values. */
    @Test
    void completionOffersEveryFormatInLowerCase() {
        String script = AutoComplete.bash("igtrace", IgtraceCommand.commandLine());
        Map<String, String> expected = Map.of("graph", "graphml dot scotch metis matrix mtx csv", "stats", "text json csv",
                "info", "text json", "timeline", "svg perfetto chrome-json", "predict", "text json csv simgrid");
        expected.forEach((command, values) -> {
            // picocli writes a function per command: _picocli_igtrace_<command>, holding the --format candidates
            int start = script.indexOf("function _picocli_igtrace_" + command + "()");
            assertTrue(start >= 0, command);
            int end = script.indexOf("\nfunction ", start + 1);
            String body = script.substring(start, end < 0 ? script.length() : end);
            assertTrue(body.contains("local FORMAT_option_args=(\"" + values.replace(" ", "\" \"") + "\") # --format values"),
                    command + ":\n" + body);
        });
        assertTrue(!script.contains("GRAPHML"), "capitals in the completion");
    }

    /**
     * Every option with a fixed set of values is offered them, lower case, each option its own list in a command's
     * function (a command-line hunt: --recalc and --clock-correction shared the label HOW, so --recalc was offered offsets
     * and none; --graph, --weight offered FULL TREE, AVG BYTES ...; why --format, predict --contention and --network nothing).
     */
    @Test
    void completionOffersEachOptionItsOwnValues() {
        String script = AutoComplete.bash("igtrace", IgtraceCommand.commandLine());
        Map<String, List<String>> expected = Map.of(
                "graph", List.of("\"path\" \"paper\" \"none\") # --recalc values", "\"offsets\" \"none\") # --clock-correction values",
                        "\"full\" \"tree\") # --graph values", "\"avg\" \"bytes\" \"messages\" \"wait\" \"critical\" \"delay\") # --weight values"),
                "map", List.of("\"avg\" \"bytes\" \"messages\" \"wait\" \"critical\" \"delay\") # --weight values"),
                "why", List.of("\"text\" \"json\") # --format values"),
                "predict", List.of("(\"on\" \"off\") # --contention values", "(\"measured\") # --network values"));
        expected.forEach((command, lists) -> {
            int start = script.indexOf("function _picocli_igtrace_" + command + "()");
            assertTrue(start >= 0, command);
            int end = script.indexOf("\nfunction ", start + 1);
            String body = script.substring(start, end < 0 ? script.length() : end);
            for (String list : lists) {
                assertTrue(body.contains(list), command + ": " + list + "\n" + body);
            }
            Matcher labels = Pattern.compile("local (\\w+)_option_args=").matcher(body);
            List<String> seen = new ArrayList<>();
            while (labels.find()) {
                assertTrue(!seen.contains(labels.group(1)), command + ": " + labels.group(1) + " twice");
                seen.add(labels.group(1));
            }
        });
        assertTrue(!Pattern.compile("\"[A-Z]+\" \"[A-Z]+\"").matcher(script).find(), "capitals in the completion");
    }
}
