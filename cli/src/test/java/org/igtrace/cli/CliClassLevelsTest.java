package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No import running back up inside cli: its classes, each naming the others it uses (in code or in a comment's
 * link), form no cycle, so each stands above all it names. The entry point on top, then the command that lists the
 * commands, the commands, and what they share; a command sees the top command only as an {@link Invocation}.
 * Before, the top command and the commands named each other (picocli's parent, the command list), and the
 * completion lists, the reading and the child JVM named the command or the entry point above them.
 */
class CliClassLevelsTest {
    private static final Path CLI = Path.of("src/main/java/org/igtrace/cli");
    private static final Pattern WORD = Pattern.compile("\\b[A-Z]\\w*\\b");

    @Test
    void cliClassesFormNoCycle() throws IOException {
        Map<String, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.list(CLI)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String name = f.getFileName().toString().replace(".java", "");
                if (!name.equals("package-info")) {
                    // string literals out: a class named as text is not used
                    sources.put(name, Files.readString(f).replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\""));
                }
            }
        }
        assertTrue(sources.size() > 30, "read " + sources.keySet());
        Map<String, Set<String>> uses = new TreeMap<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Set<String> to = new TreeSet<>();
            Matcher m = WORD.matcher(e.getValue());
            while (m.find()) {
                if (sources.containsKey(m.group()) && !m.group().equals(e.getKey())) {
                    to.add(m.group());
                }
            }
            uses.put(e.getKey(), to);
        }
        List<String> cycles = new ArrayList<>();
        for (String a : uses.keySet()) {
            for (String b : uses.get(a)) {
                if (PackageLayersTest.reaches(uses, b, a, new TreeSet<>())) {
                    cycles.add(a + " -> " + b);
                }
            }
        }
        assertEquals(List.of(), cycles, "cli classes that name a class which names them back");
    }

    @Test
    void theChildJvmRunsTheEntryPoint() {
        assertEquals(Main.class.getName(), IsolatedCommand.MAIN);
    }
}
