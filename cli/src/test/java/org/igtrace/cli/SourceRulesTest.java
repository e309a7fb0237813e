package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The design rules CONTRIBUTING.md states, checked over the repository's main sources: no main source file over 600
 * lines, and graph-core reads and writes no file and depends on no module of ours.
 */
class SourceRulesTest {
    private static final Path ROOT = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize().getParent();
    private static final List<String> MODULES = List.of("graph-core", "otf-reader", "formats", "cli", "spark");

    @Test
    void noMainSourceFileIsOver600Lines() throws IOException {
        List<String> over = new ArrayList<>();
        int files = 0;
        for (String module : MODULES) {
            for (Path f : mainSources(module)) {
                files++;
                long lines = Files.readAllLines(f).size();
                if (lines > 600) {
                    over.add(ROOT.relativize(f) + " (" + lines + " lines)");
                }
            }
        }
        assertTrue(files > 300, "main sources found under " + ROOT + ": " + files);
        assertEquals(List.of(), over);
    }

    @Test
    void graphCoreDoesNoFileIoAndUsesNoOtherModule() throws IOException {
        // java.io's IOException types may pass through (a sink's failure), and Serializable (Spark ships the definitions);
        // files, channels, streams and the console may not
        Pattern io = Pattern.compile("\\bjava\\.nio\\.file\\b|\\bjava\\.nio\\.channels\\b|\\bjava\\.io\\.(?!IOException\\b|UncheckedIOException\\b|Serializable\\b)\\w+"
                + "|\\bSystem\\.(out|err|in)\\b|\\borg\\.igtrace\\.(reader|formats|cli|spark)\\b");
        List<String> found = new ArrayList<>();
        List<Path> sources = mainSources("graph-core");
        assertTrue(sources.size() > 100, "graph-core's main sources: " + sources.size());
        for (Path f : sources) {
            List<String> lines = Files.readAllLines(f);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (!line.startsWith("*") && !line.startsWith("//") && !line.startsWith("/*") && io.matcher(line).find()) {
                    found.add(ROOT.relativize(f) + ":" + (i + 1) + ": " + line);
                }
            }
        }
        assertEquals(List.of(), found);
    }

    private static List<Path> mainSources(String module) throws IOException {
        Path main = ROOT.resolve(module).resolve("src/main/java");
        assertTrue(Files.isDirectory(main), main.toString());
        try (Stream<Path> walk = Files.walk(main)) {
            return walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }
}
