package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.igtrace.formats.timeline.SvgTimelineWriter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timeline's size depends on its width and rows, never on the events: bench/make-otf2-trace.c
 * writes the same 64-rank stencil with 500 and 5000 iterations (0.94 M and 9.4 M events, as the
 * program prints); both pictures stay under {@link SvgTimelineWriter#sizeBound} and the ten times
 * longer run does not make a larger picture than twice the shorter one's. Slow: run with
 * {@code mvn verify -Pfull}.
 */
@Tag("slow")
class TimelineSizeTest {
    @TempDir
    Path dir;

    @Test
    void pictureSizeIsBoundedByWidthAndRowsNotEvents() throws Exception {
        Path generator = dir.resolve("make-otf2-trace");
        Path source = TimelineCommandTest.TESTDATA.resolveSibling("bench").resolve("make-otf2-trace.c");
        TimelineCommandTest.command("gcc", "-O2", "-o", generator.toString(), source.toString(), "-lotf2");
        long[] sizes = new long[2];
        int[] iterations = {500, 5000};
        for (int i = 0; i < 2; i++) {
            Path trace = dir.resolve("t" + i);
            String events = TimelineCommandTest.command(generator.toString(), trace.toString(), "64",
                    Integer.toString(iterations[i]), "stencil");
            assertEquals(i == 0 ? "940928" : "9408128", events.strip());
            Path svg = dir.resolve("t" + i + ".svg");
            long started = System.nanoTime();
            TimelineCommandTest.Run run = TimelineCommandTest.igtrace("timeline", trace.resolve("traces.otf2").toString(),
                    "-o", svg.toString());
            assertEquals(0, run.code(), run.err());
            System.out.printf("timeline of %s events: %.1f s, %d bytes%n", events.strip(), (System.nanoTime() - started) / 1e9,
                    Files.size(svg));
            String text = Files.readString(svg);
            assertEquals(64, TimelineCommandTest.rows(text).size());
            assertTrue(TimelineCommandTest.count(text, "<line class=\"msg") <= 2000);
            assertTrue(text.contains("messages not drawn"), "says how many arrows were left out");
            sizes[i] = Files.size(svg);
            assertTrue(sizes[i] <= SvgTimelineWriter.sizeBound(64, SvgTimelineWriter.columns(1200)),
                    sizes[i] + " bytes over the bound");
            Files.delete(svg);
            try (var files = Files.walk(trace)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        assertTrue(sizes[1] <= 2 * sizes[0], "10x the events: " + sizes[1] + " vs " + sizes[0] + " bytes");
    }
}
