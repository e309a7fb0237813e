package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A spill file whose writes fail in the middle of a run, in a real process: the file size limit (util-linux's
 * {@code prlimit --fsize}) makes the kernel refuse a write past 200,000 bytes (EFBIG), as a full disk refuses one
 * (ENOSPC), with every record spilled ({@code -Digtrace.records.memory=0}, {@code -Digtrace.activities.memory=0}).
 * The run ends with exit 1 and one line naming the folder and the reason, and leaves neither output nor spill file.
 */
class SpillWriteFailsTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    @Tag("slow")
    @Test
    void aSpillWriteThatFailsIsOneLineAndLeavesNothing() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/prlimit")), "util-linux's prlimit");
        Path spill = Files.createDirectories(dir.resolve("spill"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // why spills its regions' slices past 200,000 bytes on these traces (stats' and predict's spills stay below)
        for (String trace : List.of("otf2/halo3d-16", "otf2/scorep-jacobi-2nodes")) {
            List<String> command = List.of("why", "--format", "json");
            Path out = dir.resolve("out.json");
            List<String> line = new java.util.ArrayList<>(List.of("/usr/bin/prlimit", "--fsize=200000", "--", java,
                    "-Digtrace.isolate=false", "-Digtrace.records.memory=0", "-Digtrace.activities.memory=0",
                    "-cp", System.getProperty("java.class.path"), Main.class.getName()));
            line.addAll(command);
            line.addAll(List.of(TESTDATA.resolve(trace).toString(), "-q", "--temp-dir", spill.toString(), "-o", out.toString()));
            Path err = dir.resolve("err.txt");
            Process p = new ProcessBuilder(line).redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "igtrace ended");
            List<String> said = Files.readAllLines(err, StandardCharsets.UTF_8);
            assertEquals(1, p.exitValue(), command + ": " + said);
            assertEquals(1, said.size(), command + ": " + said);
            assertEquals("igtrace: " + spill + ": cannot write the region slices to a temporary file (File too large); name another "
                    + "directory with --temp-dir", said.get(0), trace);
            assertTrue(!Files.exists(out), command + ": no output");
            try (Stream<Path> left = Files.list(spill)) {
                assertEquals(List.of(), left.toList(), command + ": no spill file left");
            }
            Files.delete(err);
            try (Stream<Path> left = Files.list(dir)) {
                assertEquals(List.of(spill), left.toList(), command + ": nothing beside the output");
            }
        }
    }
}
