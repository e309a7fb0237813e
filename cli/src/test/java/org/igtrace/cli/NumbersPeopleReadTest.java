package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * Issue 14, "Numbers people read", on the bundled traces (EZTrace with a 1 ns timer, Score-P with
 * a 2.1 GHz one, VampirTrace OTF): no number in GraphML or DOT is in scientific notation; the
 * values that are sums of ticks, bytes or messages (times, waits, offsets, byte counts) carry no
 * float noise, which shows as a run of six 0s or 9s in the fraction ({@code 0.024951308000000002},
 * {@code 0.051772483999999994}); DOT labels show at most 3 significant digits and a unit.
 */
class NumbersPeopleReadTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    /** Ratios, which may rightly have every digit (w_i, averages, recalculated averages). */
    private static final Set<String> RATIOS = Set.of("weight", "w", "avg", "tree_weight");
    private static final Pattern GRAPHML_DATA = Pattern.compile("<data key=\"[gne]_([a-z_]+)\">([^<]*)</data>");
    private static final Pattern DOT_ATTRIBUTE = Pattern.compile(" \"?([a-z_]+)\"?=\"([^\"]*)\"");
    private static final Pattern NUMBER = Pattern.compile("-?[0-9][0-9.]*(E-?[0-9]+)?");
    private static final Pattern NOISE = Pattern.compile("\\.[0-9]*(000000|999999)[0-9]*$");
    private static final Pattern LABEL = Pattern.compile("(-?[0-9]+(\\.[0-9]+)?)( (B|KB|MB|GB|TB|s|ms|us|ns)|k? msg)");

    @Tag("slow")
    @Test
    void noScientificNotationNoNoiseShortLabels() {
        // OTF2 is read in a child JVM: one weight each there; every weight on the OTF traces, read here
        String[][] runs = {{"otf2/patterns-8"}, {"otf2/delays-4", "--weight", "wait"}, {"otf2/scorep-ping-pong", "--graph", "tree"},
            {"otf1/vt-md-mpi-cuda/md_mpi_cuda.otf"}, {"otf1/vt-md-mpi-cuda/md_mpi_cuda.otf", "--weight", "wait"},
            {"otf1/vt-md-mpi-cuda/md_mpi_cuda.otf", "--weight", "messages", "--graph", "tree"}, {"otf1/synth-z/synth.otf"},
            {"otf1/synth-z/synth.otf", "--weight", "bytes", "--graph", "tree"}};
        int numbers = 0, labels = 0;
        for (String[] run : runs) {
            String trace = run[0];
            String[] options = java.util.Arrays.copyOfRange(run, 1, run.length);
            {
                for (String format : new String[] {"graphml", "dot"}) {
                    String out = igtrace(TESTDATA.resolve(trace).toString(), format, options);
                    Matcher m = (format.equals("graphml") ? GRAPHML_DATA : DOT_ATTRIBUTE).matcher(out);
                    while (m.find()) {
                        String name = m.group(1), value = m.group(2);
                        if (name.equals("label") || !NUMBER.matcher(value).matches()) {
                            continue;
                        }
                        numbers++;
                        assertFalse(value.contains("E"), trace + " " + format + ": " + name + "=" + value);
                        if (!RATIOS.contains(name)) {
                            assertFalse(NOISE.matcher(value).find(), trace + " " + format + ": " + name + "=" + value);
                        }
                    }
                    if (format.equals("dot")) {
                        Matcher l = Pattern.compile(" -- n[0-9]+ \\[ label=\"([^\"]*)\"").matcher(out);
                        while (l.find()) {
                            labels++;
                            Matcher parts = LABEL.matcher(l.group(1));
                            assertTrue(parts.matches(), trace + ": label " + l.group(1));
                            assertTrue(parts.group(1).replaceAll("^[-0.]+|\\.", "").length() <= 3, trace + ": label " + l.group(1));
                        }
                    }
                }
            }
        }
        assertTrue(numbers > 1000, "numbers checked: " + numbers);
        assertTrue(labels > 20, "labels checked: " + labels);
    }

    private static String igtrace(String trace, String format, String... options) {
        String[] args = new String[options.length + 4];
        args[0] = trace;
        args[1] = "--format";
        args[2] = format;
        args[3] = "-q";
        System.arraycopy(options, 0, args, 4, options.length);
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), args), err.toString());
        return out.toString();
    }
}
