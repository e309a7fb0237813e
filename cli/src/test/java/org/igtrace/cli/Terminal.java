package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** igtrace run in a JVM of its own whose standard output is a terminal: util-linux's {@code script} gives it one. */
final class Terminal {
    private Terminal() {
    }

    /** What igtrace ran under a terminal wrote on it, and its exit code. */
    record Run(int code, String typescript) {
    }

    /**
     * @param dir  a folder for the typescript
     * @param args igtrace's arguments
     * @return the exit code and what the terminal received
     */
    static Run igtrace(Path dir, String... args) throws Exception {
        List<String> words = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName()));
        words.addAll(List.of(args));
        StringBuilder command = new StringBuilder();
        for (String a : words) {
            command.append('\'').append(a.replace("'", "'\\''")).append("' ");
        }
        Path typescript = Files.createTempFile(dir, "typescript", "");
        Process p = new ProcessBuilder("script", "-q", "-e", "-c", command.toString(), typescript.toString()).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Run(p.exitValue(), Files.readString(typescript));
    }
}
