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
 * One number formatter (issue 35): fixed decimals ({@code %.3f}, {@code %10.3f}, {@code %+.1f}) are written by
 * {@code core.util.Labels.fixed}/{@code signedFixed} only (LabelsTest holds them to java.util.Formatter), never by a
 * format string of another class of any module's main code. Before, 13 classes formatted them themselves.
 */
class FixedDecimalsInOnePlaceTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** A fixed-decimals conversion: {@code %[flags][width].Nf}. */
    private static final Pattern FIXED = Pattern.compile("%[-+ 0,#(]*[0-9]*\\.[0-9]+f");

    @Test
    void noFormatStringOutsideLabelsAndNumbersWritesFixedDecimals() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        for (String module : new String[] {"graph-core", "otf-reader", "formats", "cli", "spark"}) {
            Path main = ROOT.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(main)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(main)) {
                for (Path f : walk.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    String name = f.getFileName().toString();
                    if (f.toString().contains("core/util/") && (name.equals("Labels.java") || name.equals("Numbers.java"))) {
                        continue;
                    }
                    files++;
                    String[] lines = Files.readString(f).split("\n", -1);
                    for (int i = 0; i < lines.length; i++) {
                        String code = lines[i].strip();
                        if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
                            continue; // a comment may quote what Labels writes
                        }
                        if (FIXED.matcher(lines[i]).find()) {
                            found.add(ROOT.relativize(f) + ":" + (i + 1) + ": " + code);
                        }
                    }
                }
            }
        }
        assertTrue(files > 300, "read the main code of every module: " + files);
        assertEquals(List.of(), found, "fixed decimals through Labels.fixed(v, digits) / Labels.signedFixed");
    }
}
