package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * definitions section 11: every number on a selection equals the number on a trace that holds only the selected
 * events. testdata/make-selected.py (python3-otf2, its own implementation of the rules) writes
 * that trace from a Score-P archive; the graph of the selection and the graph of the written trace
 * must agree in every GraphML value (times, compute fractions, bytes, messages, clock offsets,
 * every wait pattern), all but the source file's name.
 */
class SelectionCommandTest {
    private static final Path TESTDATA = TimelineCommandTest.TESTDATA;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = {
        // ping-pong: its exchange runs from 193.7 ms to 199.6 ms of the run (ticks / 2.095e9 from otf2-print)
        // late-sender-barrier: cuts through late_sender's foo calls and the barrier phase (a 20 s run)
        "scorep-late-sender-barrier; --window 1.2s:15s",
        "scorep-late-sender-barrier; --window 3s:",
        "scorep-late-sender-barrier; --ranks 0,2-3 --region late_sender",
        "scorep-ping-pong; --window :196ms",
        // 2 processes with OpenMP and CUDA threads folded in
        "scorep-jacobi-2nodes; --window 500ms:1500ms --ranks 1",
    })
    void selectionGivesTheNumbersOfATraceHoldingOnlyTheSelectedEvents(String trace, String selection) throws Exception {
        Path source = TESTDATA.resolve("otf2").resolve(trace).resolve("traces.otf2");
        Path reduced = dir.resolve("reduced");
        List<String> script = new ArrayList<>(List.of("/usr/bin/python3", TESTDATA.resolve("make-selected.py").toString(),
                source.toString(), reduced.toString()));
        List<String> words = List.of(selection.strip().split(" "));
        for (int i = 0; i < words.size(); i += 2) {
            script.add(words.get(i));
            script.add(words.get(i).equals("--window") ? seconds(words.get(i + 1)) : words.get(i + 1));
        }
        TimelineCommandTest.command(script.toArray(new String[0]));

        Path selected = dir.resolve("selected.graphml"), whole = dir.resolve("reduced.graphml");
        List<String> args = new ArrayList<>(List.of(source.toString(), "-q", "-o", selected.toString()));
        args.addAll(words);
        TimelineCommandTest.Run run = TimelineCommandTest.igtrace(args.toArray(new String[0]));
        assertEquals(0, run.code(), run.err());
        assertEquals(0, TimelineCommandTest.igtrace(reduced.resolve("traces.otf2").toString(), "-q", "-o", whole.toString()).code());
        String a = withoutSource(selected), b = withoutSource(whole);
        assertTrue(a.contains("key=\"n_time\""), "GraphML with node times");
        assertEquals(b, a);
        Path all = dir.resolve("all.graphml");
        assertEquals(0, TimelineCommandTest.igtrace(source.toString(), "-q", "-o", all.toString()).code());
        assertTrue(!withoutSource(all).equals(a), "the selection changes the numbers");
    }

    /** "1.2s:15s" as the script's plain seconds "1.2:15". */
    private static String seconds(String window) {
        String[] ends = window.split(":", -1);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            String e = ends[i];
            if (!e.isEmpty()) {
                s.append(e.endsWith("ms") ? Double.parseDouble(e.substring(0, e.length() - 2)) / 1000
                        : Double.parseDouble(e.substring(0, e.length() - 1)));
            }
            if (i == 0) {
                s.append(':');
            }
        }
        return s.toString();
    }

    private static String withoutSource(Path graphml) throws Exception {
        return Files.readAllLines(graphml).stream().filter(l -> !l.contains("\"g_source\"")).collect(Collectors.joining("\n"));
    }
}
