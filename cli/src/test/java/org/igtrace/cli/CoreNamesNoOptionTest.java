package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Core speaks of what, cli of which option (issue 35): no string literal in graph-core's or otf-reader's main code
 * names a command-line option ({@code --name} or a short {@code -x} option word); a remedy is a
 * {@code diagnostic.Remedy}, which cli's {@link OptionNames} names.
 */
class CoreNamesNoOptionTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** A string literal (no text blocks in these modules' main code: checked below). */
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    /** An option word inside a literal: --name, or -x standing alone (not a minus sign between numbers). */
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z](?=[\\s=,;)'\"]|$))");

    @Test
    void noLiteralOfGraphCoreOrOtfReaderNamesAnOption() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        for (String module : new String[] {"graph-core", "otf-reader"}) {
            try (Stream<Path> walk = Files.walk(ROOT.resolve(module).resolve("src/main/java"))) {
                for (Path f : walk.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    files++;
                    String[] lines = Files.readString(f).split("\n", -1);
                    for (int i = 0; i < lines.length; i++) {
                        String code = lines[i].strip();
                        if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
                            continue;
                        }
                        assertTrue(!code.contains("\"\"\""), f + ":" + (i + 1) + ": a text block (this test reads one-line literals)");
                        Matcher literal = LITERAL.matcher(code);
                        while (literal.find()) {
                            Matcher option = OPTION.matcher(literal.group(1));
                            if (option.find()) {
                                found.add(ROOT.relativize(f) + ":" + (i + 1) + ": " + option.group(1) + " in " + literal.group());
                            }
                        }
                    }
                }
            }
        }
        assertTrue(files > 200, "read " + files + " files");
        assertEquals(List.of(), found);
    }
}
