package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The line that says what a command does after its read, as a user sees it at a terminal. */
class WorkingLineTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    /** The words and the seconds, cut to 79 columns with "..." where the words are longer. */
    @Test
    void textFitsAnEightyColumnTerminal() {
        assertEquals("the critical path and the causes of the waiting ... 12 s",
                WorkingLine.text("the critical path and the causes of the waiting", 12));
        String longer = WorkingLine.text("x".repeat(200), 3456);
        assertEquals(79, longer.length());
        assertTrue(longer.endsWith("xxx... ... 3456 s"), longer);
    }

    /**
     * Under a terminal (util-linux's script gives igtrace a pseudo-terminal), `why` on jacobi-8 draws the line of its
     * analysis after the read's bar and erases it before its answer on standard output; with --quiet, or when standard
     * error is not a terminal, nothing is drawn. The one-second delay is lowered to 0, which draws the line at once.
     * Three igtrace processes, each with its reader process: tag slow (-Pfull).
     */
    @Tag("slow")
    @Test
    void drawnAfterTheReadAndErasedBeforeTheAnswer(@TempDir Path dir) throws Exception {
        String line = "\rthe causes of the waiting and what fixing them would gain ... 0 s\u001b[K";
        String terminal = underTerminal(dir);
        int drawn = terminal.indexOf(line), erased = terminal.indexOf("\r\u001b[K", drawn + 1);
        int answer = terminal.indexOf("holds the run back");
        assertTrue(drawn >= 0, terminal);
        assertTrue(drawn < erased && erased < answer, "drawn, erased, then the answer: " + terminal);
        assertFalse(underTerminal(dir, "--quiet").contains("the causes of the waiting and"), "--quiet draws no line");

        Process p = java("--format", "text").redirectErrorStream(false).start();
        p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertFalse(err.contains(" ... 0 s"), "standard error is a pipe here: " + err);
    }

    private static String underTerminal(Path dir, String... more) throws Exception {
        return ProgressAndTimingTest.underTerminal(dir, java(more).command());
    }

    private static ProcessBuilder java(String... more) {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Digtrace.progress.delay=0", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "why",
                TESTDATA.resolve("otf2/jacobi-8").toString()));
        command.addAll(List.of(more));
        return new ProcessBuilder(command);
    }
}
