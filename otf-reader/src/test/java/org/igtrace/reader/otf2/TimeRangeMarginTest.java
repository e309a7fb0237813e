package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.reader.ExternalCommand;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Score-P event a little outside the time range the clock properties give: byte 171 of scorep-ompt-nested's thread
 * file 12884901888.evt flipped (xor 0xff) puts that thread's last event after the range's end by less than the range's
 * length (27,908,192 ticks at 1,995,563,064 a second: 14 ms), which was read with exit 0 and the run 45 % longer. Score-P's
 * own events lie inside the range to the tick; one more than a hundredth of its length outside is refused. The range
 * and the event's tick are otf2-print's.
 */
class TimeRangeMarginTest {
    @TempDir
    Path dir;

    @Test
    void anEventAHundredthOfTheLengthAfterTheRangeIsRefused() throws Exception {
        Path anchor = LocalDefinitionFilesTest.copy(TestTraces.otf2("scorep-ompt-nested"), dir);
        Path events = dir.resolve("traces/12884901888.evt");
        byte[] bytes = Files.readAllBytes(events);
        bytes[171] ^= (byte) 0xff;
        Files.write(events, bytes);
        String clock = ExternalCommand.lines("otf2-print", "-G", anchor.toString()).stream()
                .filter(l -> l.startsWith("CLOCK_PROPERTIES")).findFirst().orElseThrow();
        long offset = Long.parseLong(clock.replaceFirst(".*Global Offset: (\\d+),.*", "$1"));
        long length = Long.parseLong(clock.replaceFirst(".*Length: (\\d+),.*", "$1"));
        List<String> printed = ExternalCommand.lines("otf2-print", "-L", "12884901888", anchor.toString()).stream()
                .filter(l -> l.matches("(ENTER|LEAVE) .*")).toList();
        long last = Long.parseLong(printed.get(printed.size() - 1).trim().split(" +")[2]);
        long after = last - (offset + length);
        assertTrue(after > length / 100 && after < length, "precondition: " + after + " ticks after the range's end");
        TraceReadException e = assertThrows(TraceReadException.class,
                () -> TraceInput.read(anchor, new ReadOptions(false, 1, null), AnalysisOptions.PROFILE));
        String expected = events + ": damaged: an event at tick " + last + " lies outside the trace's time range, [" + offset + ", "
                + (offset + length) + "] ticks by its clock properties (more than a hundredth of the trace's length";
        assertEquals(expected, e.getMessage().substring(0, Math.min(expected.length(), e.getMessage().length())), e.getMessage());
    }

    @Test
    void theMarginIsAHundredthOfTheLengthAndAThousandTicksAtLeast() {
        assertEquals(279081, Otf2IdMaps.margin(27908192));
        assertEquals(1000, Otf2IdMaps.margin(99_999));
        assertEquals(1000, Otf2IdMaps.margin(1));
    }
}
