package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command README.md and the pages of docs/ show in a {@code ```sh} block that holds an
 * igtrace command works on the bundled traces, in the order shown (a later line may use an earlier
 * line's file), and prints the sample output shown with it: the plain {@code ```} block right after
 * a block of one command, or the {@code # } lines right after a command inside the block; compared
 * with standard output, or with standard error when the command writes its result to a file. So
 * the documentation's commands and outputs cannot rot. Lines with a placeholder ({@code TRACE},
 * {@code path/to/}, {@code HOST}) and set-up, build and cluster lines ({@code scripts/}, {@code mvn},
 * {@code spark-submit}, {@code sbatch}) are not run. The launcher runs as {@link LauncherTest} runs
 * it: {@code bin/igtrace} beside a {@code lib/igtrace.jar} whose manifest puts this test's class
 * path on the class path, called as {@code ./igtrace} from a folder that links {@code testdata} to
 * the bundled traces.
 */
class DocumentedCommandsTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final Path ROOT = TESTDATA.getParent();
    private static final Pattern NOT_RUN = Pattern.compile(
            "\\b(TRACE|HOST)\\b|path/to/|^(scripts/|mvn |spark-submit |sbatch )");

    @TempDir
    Path install;
    @TempDir
    Path work;
    @TempDir
    Path tmp;

    /** A documented command and the sample output shown with it (null when none is shown). */
    record Example(String command, String output) {
    }

    /** The commands to run of a Markdown page, in order, each with its sample output. */
    static List<Example> examples(List<String> lines) {
        List<Example> examples = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).strip().equals("```sh")) {
                continue;
            }
            int end = i + 1;
            while (end < lines.size() && !lines.get(end).strip().equals("```")) {
                end++;
            }
            List<String> block = lines.subList(i + 1, Math.min(end, lines.size()));
            i = end;
            if (block.stream().noneMatch(line -> line.strip().startsWith("./igtrace "))) {
                continue;
            }
            List<Example> found = new ArrayList<>();
            for (int j = 0; j < block.size(); j++) {
                String line = block.get(j).strip();
                if (line.isEmpty() || line.startsWith("#") || NOT_RUN.matcher(line).find()) {
                    continue;
                }
                StringBuilder shown = new StringBuilder();
                while (j + 1 < block.size() && block.get(j + 1).startsWith("# ")) {
                    shown.append(block.get(++j).substring(2)).append('\n');
                }
                found.add(new Example(line.replaceFirst("\\s+#.*$", ""), shown.isEmpty() ? null : shown.toString()));
            }
            if (found.size() == 1 && found.get(0).output() == null
                    && end + 1 < lines.size() && lines.get(end + 1).strip().equals("```")) {
                StringBuilder out = new StringBuilder();
                int k = end + 2;
                for (; k < lines.size() && !lines.get(k).strip().equals("```"); k++) {
                    out.append(lines.get(k)).append('\n');
                }
                found.set(0, new Example(found.get(0).command(), out.toString()));
                i = k;
            }
            examples.addAll(found);
        }
        return examples;
    }

    @Test
    void extractsTheCommandsAndTheirOutputs() {
        List<Example> found = examples(List.of(
                "```sh", "./igtrace stats testdata/otf2/x   # who waits", "```", "```", "line 1", "line 2", "```",
                "```sh", "scripts/setup && ./igtrace testdata/otf2/y", "./igtrace a", "# out a", "./igtrace TRACE",
                "printf 'x' > f && tool f", "```",
                "```sh", "tar -xzf igtrace.tar.gz", "```"));
        assertEquals(List.of(new Example("./igtrace stats testdata/otf2/x", "line 1\nline 2\n"),
                new Example("./igtrace a", "out a\n"), new Example("printf 'x' > f && tool f", null)), found);
    }

    @Tag("slow")
    @Test
    void theReadmesCommandsRunAndPrintWhatItShows() throws Exception {
        List<Example> examples = examples(Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8));
        assertTrue(examples.stream().filter(e -> e.output() != null).count() >= 5,
                "the README shows at least five igtrace commands with their output: " + examples);
        run(examples);
    }

    /**
     * The README's set-up paragraph names the packages scripts/setup installs, for running and for
     * the tests (issue 39 item 2: its list had fallen behind the script). Names in backticks, and
     * "a JDK 17", "Maven" and "SimGrid" for the three the script names otherwise.
     */
    @Test
    void theReadmesPackageListsAreTheSetupScripts() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        String script = Files.readString(ROOT.resolve("scripts/setup"), StandardCharsets.UTF_8);
        java.util.regex.Matcher base = Pattern.compile("(?m)^packages=\\(([^)]*)\\)").matcher(script);
        java.util.regex.Matcher test = Pattern.compile("(?m)^\\s*packages\\+=\\(([^)]*)\\)").matcher(script);
        assertTrue(base.find() && test.find(), "scripts/setup lists its packages in packages=(...) and packages+=(...)");
        String running = between(readme, "whatever of", " is missing");
        String testing = between(readme, "The second also installs", ") and runs");
        assertEquals(List.of(base.group(1).strip().split(" ")), named(running), "README, the packages of the first line");
        assertEquals(List.of(test.group(1).strip().split(" ")), named(testing), "README, the packages of the second line");
    }

    private static String between(String text, String from, String to) {
        int start = text.indexOf(from);
        assertTrue(start >= 0, "README says: " + from);
        int end = text.indexOf(to, start);
        assertTrue(end > start, "README says: " + to);
        return text.substring(start, end);
    }

    /** The packages a README sentence names, in its order: `name`, or a JDK 17, Maven, SimGrid. */
    private static List<String> named(String sentence) {
        List<String> names = new ArrayList<>();
        java.util.regex.Matcher m = Pattern.compile("`([^`]+)`|a JDK 17|Maven|SimGrid").matcher(sentence);
        while (m.find()) {
            names.add(m.group(1) != null ? m.group(1) : switch (m.group()) {
                case "a JDK 17" -> "openjdk-17-jdk-headless";
                case "Maven" -> "maven";
                default -> "libsimgrid-dev";
            });
        }
        return names;
    }

    /** Tagged slow (about 30 s: a dozen launcher runs, Graphviz and Scotch among them); -Pfull and CI run it. */
    @Test
    @Tag("slow")
    void theDocsPagesCommandsRunAndPrintWhatTheyShow() throws Exception {
        List<Example> examples = new ArrayList<>();
        try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                examples.addAll(examples(Files.readAllLines(page, StandardCharsets.UTF_8)));
            }
        }
        assertTrue(examples.size() >= 5, "docs/ shows igtrace commands: " + examples);
        run(examples);
    }

    private void run(List<Example> examples) throws Exception {
        LauncherTest.installRelease(install);
        Files.createSymbolicLink(work.resolve("igtrace"), install.resolve("bin/igtrace"));
        Files.createSymbolicLink(work.resolve("testdata"), TESTDATA);
        for (Example example : examples) {
            Path out = Files.createTempFile(tmp, "docs", ".out");
            Path err = Files.createTempFile(tmp, "docs", ".err");
            ProcessBuilder pb = new ProcessBuilder("bash", "-c", "set -o pipefail; " + example.command())
                    .directory(work.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().put("TMPDIR", tmp.toString());
            Process p = pb.start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + example.command());
            String stdout = Files.readString(out, StandardCharsets.UTF_8);
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), example.command() + "\n" + stderr);
            if (example.output() != null) {
                assertEquals(example.output(), stdout.isEmpty() ? stderr : stdout,
                        "the sample output shown for " + example.command());
            }
        }
    }
}
