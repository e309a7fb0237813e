package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code -o -} and the names of standard output write through the descriptor the process inherited: in a script whose
 * output the shell sends to a file, {@code ( echo HEADER; igtrace stats T -o -; echo FOOTER ) > f}, the file holds the
 * header, the output and the footer in that order. A new opening of {@code /dev/stdout} wrote the output at the file's
 * end but left the shell's offset behind the header, so the footer overwrote the output's head. Starts JVMs: slow.
 */
@Tag("slow")
class OutputToInheritedDescriptorTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    private List<String> command(String output) {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "stats", TESTDATA.resolve("otf2").resolve("pi-4").toString(), "-q", "-o", output);
    }

    private static String quoted(List<String> words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            b.append('\'').append(w.replace("'", "'\\''")).append("' ");
        }
        return b.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"})
    void theShellsNextWriteFollowsTheOutput(String output) throws Exception {
        Path alone = dir.resolve("alone.txt");
        Process p = new ProcessBuilder(command(output)).redirectOutput(alone.toFile()).start();
        assertEquals(0, p.waitFor(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        String stats = Files.readString(alone);
        assertTrue(stats.length() > 100 && stats.contains("rank"), stats);

        Path script = dir.resolve("script.txt");
        Process sh = new ProcessBuilder("sh", "-c", "( echo HEADER; " + quoted(command(output)) + "; echo FOOTER ) > '" + script + "'").start();
        assertEquals(0, sh.waitFor(), new String(sh.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals("HEADER\n" + stats + "FOOTER\n", Files.readString(script));
    }
}
