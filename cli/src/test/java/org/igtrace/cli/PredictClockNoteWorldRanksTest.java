package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * predict's note on the clock correction names world ranks when {@code --skip-missing} analysed processes apart from
 * them (issue 41 item 6). bench/make-otf1-declared.py writes an OTF trace declaring 1,000 processes with the events of
 * ranks 0, 1 and 999 (a ring 0 -> 1 -> 999 -> 0, three iterations); the test then drops the messages from 999 to 0
 * (999's sends, 0's receives) and moves rank 1's clock 0x1000 ticks ahead. Every message left then runs one way
 * between 0 and 1 and between 1 and 999, so the offsets of ranks 1 and 999 are only bounded. The processes analysed
 * are ranks 0, 1 and 999, numbered 0-2 inside: the note said "ranks 1-2" before.
 */
class PredictClockNoteWorldRanksTest {
    @Test
    void theClockNoteNamesWorldRanks(@TempDir Path dir) throws Exception {
        Path script = TimelineCommandTest.TESTDATA.resolveSibling("bench").resolve("make-otf1-declared.py");
        TimelineCommandTest.command("python3", script.toString(), "-i", "3", dir.toString(), "1000", "0", "1", "999");
        edit(dir.resolve("declared.1.events"), l -> !l.startsWith("R3e8L")); // rank 0 (process id 1): no receive from 999
        edit(dir.resolve("declared.3e8.events"), l -> !l.startsWith("S1L")); // rank 999: no send to rank 0
        Path one = dir.resolve("declared.2.events"); // rank 1: its clock 0x1000 ticks ahead
        String shifted = Files.readAllLines(one).stream()
                .map(l -> l.matches("[0-9a-f]+") ? Long.toHexString(Long.parseLong(l, 16) + 0x1000) : l)
                .collect(Collectors.joining("\n", "", "\n"));
        Files.writeString(one, shifted);
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace("predict", dir.resolve("declared.otf").toString(), "--skip-missing");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("(offsets of ranks 1, 999 only bounded, from one side: a choice, not a measurement)"), r.err());
    }

    private static void edit(Path file, java.util.function.Predicate<String> keep) throws Exception {
        List<String> lines = Files.readAllLines(file);
        Files.writeString(file, lines.stream().filter(keep).collect(Collectors.joining("\n", "", "\n")));
    }
}
