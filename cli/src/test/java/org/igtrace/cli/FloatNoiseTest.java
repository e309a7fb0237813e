package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.igtrace.formats.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * No float noise anywhere a number is written (issue 39 item 7; definitions section 7): numbers are
 * written at 15 significant digits at most. 0.000075 / 0.0001 (75 us useful of T = 100 us on
 * testdata/hostile-names) is 0.7499999999999999 in binary arithmetic and is written 0.75;
 * 38.025710149999995 is written 38.02571015.
 */
class FloatNoiseTest {
    /** A decimal number with a fraction, not part of a longer token. */
    private static final Pattern DECIMAL = Pattern.compile("(?<![\\w.])\\d+\\.\\d+");

    @TempDir
    Path dir;

    @Test
    void jsonWritesFifteenDigitsAtMost() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("efficiency", 0.000075 / 0.0001);
        m.put("time", 38.025710149999995);
        String json = Json.write(m);
        assertTrue(json.contains("\"efficiency\": 0.75,"), json);
        assertTrue(json.contains("\"time\": 38.02571015\n"), json);
    }

    @Test
    void hostileNamesEfficiencyIsThreeQuarters() throws Exception {
        // make-hostile-names.py: rank 0 computes 75 us of the run's T = 100 us
        Path dot = dir.resolve("g.dot");
        assertEquals(0, SubcommandsTest.igtrace(trace("hostile-names"), "-q", "-o", dot.toString()).code());
        String text = Files.readString(dot);
        assertTrue(text.contains("efficiency=\"0.75\""), text);
    }

    /** Every output of every command on two bundled traces: no decimal with 16 or more significant digits. */
    @Tag("slow")
    @Test
    void noOutputHasSixteenSignificantDigits() throws Exception {
        List<String> noisy = new ArrayList<>();
        for (String trace : List.of(trace("hostile-names"), trace("otf1/synth-long"))) {
            List<Path> files = new ArrayList<>();
            for (String ext : List.of("graphml", "dot", "csv")) {
                files.add(run(trace, ext, "graph", "-o"));
                files.add(run(trace, "wait." + ext, "graph", "--weight", "wait", "--graph", "tree", "--format", ext, "-o"));
            }
            for (String ext : List.of("json", "csv", "txt")) {
                files.add(run(trace, "stats." + ext, "stats", "-o"));
                files.add(run(trace, "predict." + ext, "predict", "-o"));
            }
            files.add(run(trace, "info.json", "info", "-o"));
            files.add(run(trace, "perfetto.json", "timeline", "-o"));
            files.add(run(trace, "svg", "timeline", "-o"));
            files.add(run(trace, "html", "report", "-o"));
            for (Path f : files) {
                Matcher m = DECIMAL.matcher(Files.readString(f));
                while (m.find()) {
                    if (m.group().replace(".", "").replaceFirst("^0+", "").length() >= 16) {
                        noisy.add(trace + " " + f.getFileName() + ": " + m.group());
                    }
                }
            }
        }
        assertEquals(List.of(), noisy);
    }

    private Path run(String trace, String name, String command, String... options) {
        Path out = dir.resolve(Path.of(trace).getFileName() + "." + name);
        List<String> args = new ArrayList<>(List.of(command, trace, "-q"));
        args.addAll(List.of(options));
        args.add(out.toString());
        SubcommandsTest.Run r = SubcommandsTest.igtrace(args.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        return out;
    }

    private static String trace(String name) {
        return Path.of(System.getProperty("testdata.dir", "../testdata")).resolve(name).toAbsolutePath().toString();
    }
}
