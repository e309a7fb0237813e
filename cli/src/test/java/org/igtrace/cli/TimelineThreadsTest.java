package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The arrows a busy timeline draws do not depend on the join's threads (definitions section 12: as one thread taking the
 * join's tasks in order would keep them). testdata/make-many-arrows.py: 20 pairs of 5,000 messages each, the run starting
 * at tick 123457, more arrow candidates than the 8,000 a thread keeps before the per-column quota. An arrow's pixels were
 * counted from tick 0, so one key could span two of the picture's columns, and which column's messages its arrow took
 * depended on what the thread had kept: 2,780 messages drawn with -j 1, 2,690 and 2,686 in two runs on two threads.
 */
class TimelineThreadsTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();

    @Tag("slow")
    @Test
    void theArrowsDrawnAreTheSameOnOneThreadAndOnTwo(@TempDir Path dir) throws Exception {
        SubcommandsTest.command("/usr/bin/python3", TESTDATA.resolve("make-many-arrows.py").toString(), dir.resolve("t").toString(),
                "5000", "20");
        String trace = dir.resolve("t/traces.otf2").toString();
        SubcommandsTest.Run one = SubcommandsTest.igtrace("timeline", trace, "-j", "1");
        assertEquals(0, one.code(), one.err());
        assertTrue(one.err().contains("messages more left out"), "more candidates than are drawn: " + one.err());
        for (int run = 0; run < 3; run++) {
            SubcommandsTest.Run two = SubcommandsTest.igtrace("timeline", trace, "-j", "2");
            assertEquals(0, two.code(), two.err());
            assertEquals(one.err(), two.err(), "run " + run);
            assertTrue(one.out().equals(two.out()), "run " + run + ": the SVG differs from -j 1's");
        }
    }
}
