package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.reader.ExternalCommand;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One bit of a clock offset in Score-P's local definitions (scorep-ping-pong's traces/1.def, whose location 1 has the
 * offsets -30 and -19): libotf2 reads the file and adds the damaged offsets to every event time of the location. Read
 * so, the location's clock ran backwards (its row lost, the waiting 666 us instead of 51 us, exit 0) or 1.67 times as fast
 * (the run 9.86 ms instead of 5.90 ms); and where the offsets moved an event out of the trace's time range, the error
 * named the intact event file. Now refused naming the local definitions, with the offsets otf2-print -C gives.
 */
class DamagedClockOffsetsTest {
    static {
        Remedy.nameWith(r -> "--" + r.key());
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"132, 1, backwards", "104, 128, 1.67 times as fast"})
    void aDamagedOffsetIsRefusedNamingTheLocalDefinitions(int at, int mask, String clock) throws Exception {
        Path anchor = LocalDefinitionFilesTest.copy(TestTraces.otf2("scorep-ping-pong"), dir);
        Path def = dir.resolve("traces/1.def");
        byte[] bytes = Files.readAllBytes(def);
        bytes[at] ^= (byte) mask;
        Files.write(def, bytes);
        List<String> offsets = ExternalCommand.lines("otf2-print", "-C", anchor.toString()).stream()
                .filter(l -> l.matches("CLOCK_OFFSET +1 .*"))
                .map(l -> l.replaceFirst(".*Time: (\\d+), Offset: \\+?(-?\\d+),.*", "offset $2 at tick $1")).toList();
        assertEquals(2, offsets.size(), offsets.toString());
        TraceReadException e = assertThrows(TraceReadException.class,
                () -> TraceInput.read(anchor, new ReadOptions(false, 1), AnalysisOptions.PROFILE));
        String expected = def + ": damaged clock offsets: " + offsets.get(0) + ", then " + offsets.get(1).substring("offset ".length()) + ": the location's clock"
                + " would run " + clock;
        assertEquals(expected, e.getMessage().substring(0, Math.min(e.getMessage().length(), expected.length())), e.getMessage());
    }
}
