package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM while the events are read through the anchor copy ({@code ReadingAnchor}: a private folder in the
 * temporary folder holding a copy of the anchor saying a smaller chunk size and links to the archive; from
 * 1,024 event files, here from 1 by its property): the folder was removed only by a later run's sweep, since
 * the JVM ends without leaving the read. It must be gone when the JVM has ended (exit 143). The trace is
 * bench/make-otf2-trace's 256-rank stencil of 300 iterations (2.5 M events, 124 KiB per event file, under
 * the archive's 1 MiB chunks), so the read lasts long after the folder appears; the JVM is the one that
 * reads (no child JVM), signalled as soon as the copy is there.
 */
@Tag("slow")
class AnchorCopySignalTest {
    @TempDir
    Path dir;
    @TempDir
    Path tmp;

    @Test
    void aSigtermDuringTheReadLeavesNoAnchorCopy() throws Exception {
        Path generator = dir.resolve("make-otf2-trace");
        Path source = TimelineCommandTest.TESTDATA.resolveSibling("bench").resolve("make-otf2-trace.c");
        TimelineCommandTest.command("gcc", "-O2", "-o", generator.toString(), source.toString(), "-lotf2");
        TimelineCommandTest.command(generator.toString(), dir.resolve("s").toString(), "256", "300", "stencil");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Digtrace.isolate=false", "-Digtrace.otf2.smallChunksFrom=1", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), dir.resolve("s/traces.otf2").toString(), "-q", "-o", dir.resolve("g.graphml").toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("TMPDIR", tmp.toString());
        Process igtrace = pb.start();
        try {
            Path copy = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (copy == null && igtrace.isAlive() && System.nanoTime() < deadline) {
                try (Stream<Path> folders = Files.list(tmp)) {
                    for (Path f : folders.toList()) {
                        if (Files.exists(f.resolve("traces.otf2"))) {
                            copy = f;
                        }
                    }
                }
                Thread.sleep(1); // polling the folder, not waiting out a race
            }
            assertTrue(copy != null, "the events are read through a copy of the anchor");
            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(igtrace.pid())).start().waitFor());
            assertTrue(igtrace.waitFor(60, TimeUnit.SECONDS), "igtrace ended");
            assertEquals(143, igtrace.exitValue(), "ended by the signal, not at the read's end");
        } finally {
            igtrace.destroyForcibly();
        }
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(), files.toList(), "the anchor copy's folder is removed");
        }
        assertTrue(!Files.exists(dir.resolve("g.graphml")), "no output");
    }
}
