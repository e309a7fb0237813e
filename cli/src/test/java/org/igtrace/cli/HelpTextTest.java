package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The help reads like a man page. picocli wraps prose where {@link BreakIterator#getLineInstance()}
 * allows a break, and that iterator also breaks inside tokens ("Scotch .|grf", "ring[:|N]",
 * "links.|graphml"): so every wrapped text must offer breaks only after a space or a hyphen, at
 * any width. Verbatim sections (formats, networks, examples, environment) must fit 80 columns.
 */
class HelpTextTest {
    private static List<CommandLine> commands() {
        CommandLine top = IgtraceCommand.commandLine();
        List<CommandLine> all = new ArrayList<>(List.of(top));
        all.addAll(top.getSubcommands().values());
        return all;
    }

    /**
     * A help refers only to sections it has (issue 39 item 10): {@code igtrace --help} lists the graph command's options,
     * whose "see Formats below" and "see Networks below" pointed at sections only {@code igtrace help graph} has.
     */
    @Test
    void everySectionAHelpRefersToIsInThatHelp() {
        List<String> missing = new ArrayList<>();
        for (CommandLine c : commands()) {
            String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
            Matcher m = Pattern.compile("see (\\w+) below").matcher(help.replaceAll("\\s+", " "));
            while (m.find()) {
                if (!Pattern.compile("(?m)^" + m.group(1) + "\\b.*:$").matcher(help).find()) {
                    missing.add(c.getCommandSpec().qualifiedName() + ": " + m.group());
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void wrappedTextBreaksOnlyBetweenWords() {
        List<String> bad = new ArrayList<>();
        for (CommandLine c : commands()) {
            CommandSpec spec = c.getCommandSpec();
            if (spec.userObject() instanceof CommandLine.HelpCommand) {
                continue; // picocli's own
            }
            List<String> texts = new ArrayList<>(List.of(spec.usageMessage().description()));
            texts.addAll(List.of(spec.usageMessage().header()));
            spec.options().forEach(o -> texts.addAll(List.of(o.description())));
            spec.positionalParameters().forEach(p -> texts.addAll(List.of(p.description())));
            for (String text : texts) {
                BreakIterator b = BreakIterator.getLineInstance();
                b.setText(text);
                for (int at = b.next(); at != BreakIterator.DONE && at < text.length(); at = b.next()) {
                    char before = text.charAt(at - 1);
                    if (!Character.isWhitespace(before) && before != '-') {
                        bad.add(spec.qualifiedName() + ": \"" + text.substring(Math.max(0, at - 12), at) + "|"
                                + text.substring(at, Math.min(text.length(), at + 12)) + "\"");
                    }
                }
            }
        }
        assertEquals(List.of(), bad);
    }

    @Test
    void verbatimSectionsFitEightyColumns() {
        for (CommandLine c : commands()) {
            for (String line : c.getCommandSpec().usageMessage().footer()) {
                assertTrue(line.length() <= 80, c.getCommandSpec().qualifiedName() + ": " + line);
            }
            String help = c.getUsageMessage();
            assertTrue(help.lines().allMatch(l -> l.length() <= 80), help);
        }
    }

    /** Every -Digtrace.* property the code reads (found in the sources) is in the Environment section. */
    @Test
    void environmentSectionNamesEveryProperty() throws Exception {
        StringWriter out = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(new StringWriter()), "--help"));
        String help = out.toString();
        assertTrue(help.contains("Examples:") && help.contains("Environment:") && help.contains("IGTRACE_JAVA_OPTS"), help);
        TreeSet<String> properties = new TreeSet<>();
        Pattern literal = Pattern.compile("\"(igtrace\\.[a-zA-Z][a-zA-Z0-9.]*)\""); // capitals too: igtrace.otf2.smallChunksFrom
        for (String module : List.of("../cli/src/main/java", "../otf-reader/src/main/java", "../graph-core/src/main/java",
                "../formats/src/main/java")) {
            try (Stream<Path> files = Files.walk(Path.of(module))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    Matcher m = literal.matcher(Files.readString(f));
                    while (m.find()) {
                        properties.add(m.group(1));
                    }
                }
            }
        }
        assertTrue(properties.size() >= 4, properties.toString());
        // Set by igtrace itself for the OTF2 reader JVM it starts, or by the launcher, never by users.
        properties.removeAll(List.of("igtrace.supervisor.status", "igtrace.cds.archive", "igtrace.shim", "igtrace.alias.", "igtrace.shown.",
                "igtrace.shownhex.", "igtrace.supervisor.pid", "igtrace.supervisor.removeStatus", "igtrace.supervisor.statusName", "igtrace.supervisor.",
                "igtrace.cwd.alias"));
        properties.remove("igtrace.classlist"); // a file's name (the class list beside the jar), not a property
        properties.removeIf(p -> p.startsWith("igtrace.test.")); // hooks the tests set in the child JVM (SupervisedChild), not settings
        for (String p : properties) {
            assertTrue(help.contains("-D" + p + "="), p + " is read by the code but not in --help");
        }
    }
}
