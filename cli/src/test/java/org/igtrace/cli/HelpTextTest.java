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

    /**
     * Every IGTRACE_ variable the launcher reads for its users is in the Environment section (IGTRACE_AOT and
     * IGTRACE_STOP_GRACE, in usage.md and troubleshooting.md, were in neither --help nor the man page); those the launcher
     * sets for itself or its tests are not settings.
     */
    @Test
    void environmentSectionNamesEveryVariableOfTheLauncher() throws Exception {
        StringWriter out = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(new StringWriter()), "--help"));
        String environment = out.toString().substring(out.toString().indexOf("\nEnvironment:\n"));
        TreeSet<String> variables = new TreeSet<>();
        Matcher m = Pattern.compile("IGTRACE_[A-Z_]+").matcher(Files.readString(Path.of("../igtrace")));
        while (m.find()) {
            variables.add(m.group());
        }
        // the launcher's own hand-overs to its JVM (the status file) and the tests' hooks (a /proc file, meminfo, THP)
        variables.removeAll(List.of("IGTRACE_STATUS_SUFFIX", "IGTRACE_STATUS_TOKEN", "IGTRACE_MEMINFO", "IGTRACE_PROC_STATUS", "IGTRACE_THP_SETTING"));
        assertEquals(List.of("IGTRACE_AOT", "IGTRACE_JAVA_OPTS", "IGTRACE_STOP_GRACE"), List.copyOf(variables));
        for (String v : variables) {
            assertTrue(environment.contains("\n  " + v), v + " is read by the launcher but not in --help's Environment");
        }
    }

    /**
     * The man page holds the help's sections after the options, which the options' texts refer to ("see Formats in
     * igtrace help graph", "see Networks"), and igtrace's Environment, all of it.
     */
    @Test
    void theManPageHoldsTheSectionsTheOptionsReferTo() {
        StringWriter page = new StringWriter();
        org.igtrace.cli.docs.ReleaseDocs.writeManPage(IgtraceCommand.commandLine(), "0", new PrintWriter(page, true));
        String man = page.toString();
        assertTrue(man.contains("\n.SS Formats (\\-\\-format, or the extension of the \\-o file)\n.nf\n  graphml  .graphml"), man);
        assertTrue(man.contains("\n.SS Networks (\\-\\-topology)\n.nf\n"), man);
        assertTrue(man.contains("\n.SH ENVIRONMENT\n.nf\n  IGTRACE_JAVA_OPTS") && man.contains("\n  IGTRACE_STOP_GRACE=S")
                && man.contains("\n  \\-Digtrace.otf2.warmUpFrom=N"), man);
        assertEquals(man.split("\n\\.nf\n", -1).length, man.split("\n\\.fi\n", -1).length, "every .nf ends");
    }
}
