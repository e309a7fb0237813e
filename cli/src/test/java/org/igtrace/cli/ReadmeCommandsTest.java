package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command of README.md that runs igtrace ({@code ./igtrace ...} in a {@code ```sh} block) works
 * on the bundled trace it names, and prints the sample output the README shows below it (the
 * {@code ```} block that follows, compared with standard output, or with standard error when the
 * command writes its result to a file). So the README's commands and outputs cannot rot. The
 * launcher runs as {@link LauncherTest} runs it: {@code bin/igtrace} beside a {@code lib/igtrace.jar}
 * whose manifest puts this test's class path on the class path, called as {@code ./igtrace} from a
 * folder that links {@code testdata} to the bundled traces.
 */
class ReadmeCommandsTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final Path README = TESTDATA.resolveSibling("README.md");

    @TempDir
    Path install;
    @TempDir
    Path work;
    @TempDir
    Path tmp;

    /** A README command and the sample output shown after it (null when none follows). */
    record Example(String command, String output) {
    }

    /** The {@code ./igtrace} lines of the README's {@code ```sh} blocks, each with the plain block right after it. */
    static List<Example> examples(List<String> lines) {
        List<Example> examples = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).strip().equals("```sh")) {
                continue;
            }
            List<String> commands = new ArrayList<>();
            int j = i + 1;
            for (; j < lines.size() && !lines.get(j).strip().equals("```"); j++) {
                String line = lines.get(j).strip();
                if (line.startsWith("./igtrace ")) {
                    commands.add(line.replaceFirst("\\s+#.*$", ""));
                }
            }
            String output = null;
            if (commands.size() == 1 && j + 1 < lines.size() && lines.get(j + 1).strip().equals("```")) {
                StringBuilder out = new StringBuilder();
                int k = j + 2;
                for (; k < lines.size() && !lines.get(k).strip().equals("```"); k++) {
                    out.append(lines.get(k)).append('\n');
                }
                output = out.toString();
                j = k;
            }
            for (String command : commands) {
                examples.add(new Example(command, commands.size() == 1 ? output : null));
            }
            i = j;
        }
        return examples;
    }

    @Test
    void extractsTheCommandsAndTheirOutputs() {
        List<Example> found = examples(List.of(
                "```sh", "./igtrace stats testdata/otf2/x   # who waits", "```", "```", "line 1", "line 2", "```",
                "```sh", "scripts/setup && ./igtrace testdata/otf2/y", "./igtrace a", "./igtrace b", "```"));
        assertEquals(List.of(new Example("./igtrace stats testdata/otf2/x", "line 1\nline 2\n"),
                new Example("./igtrace a", null), new Example("./igtrace b", null)), found);
    }

    @Test
    void everyReadmeCommandRunsAndPrintsWhatTheReadmeShows() throws Exception {
        List<Example> examples = examples(Files.readAllLines(README, StandardCharsets.UTF_8));
        assertTrue(examples.size() >= 5, "the README shows at least five igtrace commands: " + examples);
        installRelease();
        Files.createSymbolicLink(work.resolve("igtrace"), install.resolve("bin/igtrace"));
        Files.createSymbolicLink(work.resolve("testdata"), TESTDATA);
        for (Example example : examples) {
            assertFalse(example.command().matches(".*\\b(TRACE|path/to)\\b.*"),
                    "README commands run on bundled traces: " + example.command());
            Path out = Files.createTempFile(tmp, "readme", ".out");
            Path err = Files.createTempFile(tmp, "readme", ".err");
            ProcessBuilder pb = new ProcessBuilder("bash", "-c", example.command()).directory(work.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().put("TMPDIR", tmp.toString());
            Process p = pb.start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + example.command());
            String stdout = Files.readString(out, StandardCharsets.UTF_8);
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), example.command() + "\n" + stderr);
            if (example.output() != null) {
                assertEquals(example.output(), stdout.isEmpty() ? stderr : stdout,
                        "the README's sample output of " + example.command());
            }
        }
    }

    /** bin/igtrace and a lib/igtrace.jar that runs this test's classes, as {@link LauncherTest} installs them. */
    private void installRelease() throws IOException {
        Files.createDirectories(install.resolve("bin"));
        Files.createDirectories(install.resolve("lib"));
        Files.copy(TESTDATA.resolveSibling("igtrace"), install.resolve("bin/igtrace"), StandardCopyOption.COPY_ATTRIBUTES);
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        List<String> path = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            path.add(Path.of(entry).toAbsolutePath().toUri().toString());
        }
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", path));
        try (OutputStream out = Files.newOutputStream(install.resolve("lib/igtrace.jar"))) {
            new JarOutputStream(out, manifest).close();
        }
    }
}
