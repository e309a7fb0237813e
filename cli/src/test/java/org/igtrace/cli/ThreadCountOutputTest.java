package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The timeline SVG, the Perfetto export and the report HTML do not depend on the number of threads:
 * two join threads (whose tasks, communicators and pairs, interleave differently from run to run)
 * give the bytes one thread gives. The VampirTrace trace has several communicators, whose
 * collective marks came in either order before the timeline merged the threads' marks by task;
 * the Perfetto flows of patterns-8 came in either order before they were kept by task;
 * skew/lsb-rank1-plus-1ms has clock offsets (the waits measured in a second join); the two Jacobi
 * traces have user regions, whose compute colours followed the order the reading threads met them
 * before they were given out in the locations' definition order.
 */
class ThreadCountOutputTest {
    @TempDir
    Path dir;

    private byte[] run(String command, String trace, int threads, String file) throws Exception {
        Path out = dir.resolve(threads + "-" + file);
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace(command, trace, "-j", String.valueOf(threads), "-q", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        return Files.readAllBytes(out);
    }

    @ExtendWith(ReadsInTheTestJvm.class)
    @Tag("slow")
    @ParameterizedTest
    @ValueSource(strings = {"otf1/vt-md-mpi-cuda/md_mpi_cuda.otf", "otf2/patterns-8", "otf2/delays-4", "skew/lsb-rank1-plus-1ms"})
    void twoThreadsWriteWhatOneWrites(String name) throws Exception {
        String trace = TimelineCommandTest.TESTDATA.resolve(name).toString();
        byte[] svg = run("timeline", trace, 1, "t.svg"), json = run("timeline", trace, 1, "t.json");
        byte[] html = run("report", trace, 1, "r.html"), pftrace = run("timeline", trace, 1, "t.pftrace");
        assertTrue(new String(svg, java.nio.charset.StandardCharsets.UTF_8).contains("<g class=\"row\""), name);
        assertTrue(new String(json, java.nio.charset.StandardCharsets.UTF_8).contains("\"ph\":\"s\""), name + ": flows");
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(svg, run("timeline", trace, 2, "t.svg"), name + ": timeline SVG with -j 2");
            assertArrayEquals(json, run("timeline", trace, 2, "t.json"), name + ": Chrome JSON with -j 2");
            assertArrayEquals(html, run("report", trace, 2, "r.html"), name + ": report HTML with -j 2");
            assertArrayEquals(pftrace, run("timeline", trace, 2, "t.pftrace"), name + ": Perfetto trace with -j 2");
        }
    }

    /** The traces with user regions (about 5 s each: in the full suite). */
    @ExtendWith(ReadsInTheTestJvm.class)
    @Tag("slow")
    @ParameterizedTest
    @ValueSource(strings = {"otf2/scorep-jacobi-2nodes", "skew/jacobi-drift-100ppm"})
    void twoThreadsColourUserRegionsAsOneDoes(String name) throws Exception {
        twoThreadsWriteWhatOneWrites(name);
    }
}
