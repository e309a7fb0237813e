package org.igtrace.cli.docs;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.igtrace.cli.IgtraceCommand;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Build-time tool (not used by igtrace runs): writes the man page {@code igtrace.1} (troff, man
 * macros) and the bash/zsh completion script {@code igtrace-completion.bash} from the picocli model of the
 * command as it is compiled, so both follow every option and subcommand without a list kept by
 * hand. Usage: {@code ReleaseDocs OUTDIR VERSION}.
 */
public final class ReleaseDocs {
    private ReleaseDocs() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        CommandLine command = IgtraceCommand.commandLine();
        Files.writeString(out.resolve("igtrace-completion.bash"), completion(command), StandardCharsets.UTF_8);
        try (PrintWriter man = new PrintWriter(Files.newBufferedWriter(out.resolve("igtrace.1"), StandardCharsets.UTF_8))) {
            writeManPage(command, args[1], man);
        }
    }

    /** What picocli's completion script does when no command is named: the top-level command's words. */
    private static final String TOP_LEVEL = "  # No subcommands were specified; generate completions for the top-level command.\n  _picocli_igtrace; return $?;\n";

    /**
     * The bash completion script: picocli's, which offered the command names after {@code igtrace TRACE} (the graph
     * command's short form, README's first), where the graph command's options and their values belong.
     *
     * @param command igtrace's command line
     * @return the script
     */
    public static String completion(CommandLine command) {
        String script = AutoComplete.bash("igtrace", command);
        if (!script.contains(TOP_LEVEL)) {
            throw new IllegalStateException("picocli's completion script changed: the short form igtrace TRACE is not completed");
        }
        return script.replace(TOP_LEVEL, """
                  # No command named: a word before the current one other than igtrace's own options is a trace, and
                  # igtrace TRACE [OPTIONS] is the graph command's short form.
                  local i
                  for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                      -h | --help | -V | --version) ;;
                      *) _picocli_igtrace_graph; return $?;;
                    esac
                  done
                  _picocli_igtrace; return $?;
                """);
    }

    /**
     * @param command igtrace's command line
     * @param version the version the page names
     * @param man     where the page goes
     */
    public static void writeManPage(CommandLine command, String version, PrintWriter man) {
        CommandSpec spec = command.getCommandSpec();
        man.println(".TH IGTRACE 1 \"\" \"igtrace " + version + "\" \"User Commands\"");
        man.println(".SH NAME");
        man.println("igtrace \\- information graphs of MPI programs from OTF2 and OTF traces");
        man.println(".SH SYNOPSIS");
        synopsis(command, man);
        man.println(".SH DESCRIPTION");
        paragraphs(spec.usageMessage().description(), man);
        arguments(spec, man);
        man.println(".SH OPTIONS");
        options(spec, man);
        for (Map.Entry<String, CommandLine> sub : command.getSubcommands().entrySet()) {
            if (sub.getValue().getCommandSpec().usageMessage().hidden() || !sub.getKey().equals(sub.getValue().getCommandName())) {
                continue; // aliases and hidden commands
            }
            man.println(".SH COMMAND " + text(sub.getKey()).toUpperCase(Locale.ROOT));
            synopsis(sub.getValue(), man);
            paragraphs(sub.getValue().getCommandSpec().usageMessage().description(), man);
            arguments(sub.getValue().getCommandSpec(), man);
            options(sub.getValue().getCommandSpec(), man);
            footer(sub.getValue().getCommandSpec(), ".SS ", man);
        }
        man.println(".SH EXIT STATUS");
        for (Map.Entry<String, String> code : spec.usageMessage().exitCodeList().entrySet()) {
            man.println(".TP");
            man.println(".B " + text(code.getKey().strip()));
            man.println(text(code.getValue()));
        }
        footer(spec, ".SH ", man); // Examples, Environment, Definitions
        man.println(".SH SEE ALSO");
        man.println("share/doc/igtrace/docs/definitions.md beside the installed bin/igtrace: what every number means; share/doc/igtrace/README.md.");
    }

    /**
     * The help's text after the exit codes (a command's formats, networks and examples; igtrace's examples, environment and
     * definitions), which the options' texts refer to ("see Formats in igtrace help graph"): a heading (a line not indented
     * that ends with a colon) as {@code heading} with the words of the line, the indented lines as they are (columns).
     */
    private static void footer(CommandSpec spec, String heading, PrintWriter man) {
        List<String> lines = new java.util.ArrayList<>();
        lines.add(spec.usageMessage().footerHeading().replace("%n", ""));
        lines.addAll(List.of(spec.usageMessage().footer()));
        boolean block = false;
        for (String line : lines) {
            String t = line.replace("%n", "").replace("%%", "%");
            if (t.isBlank()) {
                continue;
            }
            if (!t.startsWith(" ") && t.endsWith(":")) {
                String words = t.substring(0, t.length() - 1);
                man.println((block ? ".fi\n" : "") + heading + text(heading.equals(".SH ") ? words.toUpperCase(Locale.ROOT) : words));
                man.println(".nf");
                block = true;
            } else if (block) {
                man.println(text(t));
            }
        }
        if (block) {
            man.println(".fi");
        }
    }

    private static void synopsis(CommandLine command, PrintWriter man) {
        man.println(".nf");
        command.getHelp().synopsis(0).lines().forEach(l -> man.println(text(l)));
        man.println(".fi");
    }

    private static void arguments(CommandSpec spec, PrintWriter man) {
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (!p.hidden()) {
                man.println(".TP");
                man.println(".I " + text(p.paramLabel()));
                paragraphs(p.description(), man);
            }
        }
    }

    private static void options(CommandSpec spec, PrintWriter man) {
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            man.println(".TP");
            StringBuilder names = new StringBuilder();
            for (String name : o.names()) {
                names.append(names.length() == 0 ? "" : ", ").append("\\fB").append(text(name)).append("\\fR");
            }
            if (o.arity().max() > 0) {
                names.append(" \\fI").append(text(o.paramLabel())).append("\\fR");
            }
            man.println(names);
            paragraphs(o.description(), man);
        }
    }

    private static void paragraphs(String[] lines, PrintWriter man) {
        for (String line : List.of(lines)) {
            String t = line.replace("%n", "\n").replace("%%", "%");
            if (t.isBlank()) {
                man.println(".PP");
            } else {
                t.lines().forEach(l -> man.println(text(l)));
            }
        }
    }

    /** Text safe in troff: backslashes escaped, hyphens as minus signs, no line read as a request. */
    static String text(String s) {
        String t = s.replace("\\", "\\e").replace("-", "\\-");
        return t.startsWith(".") || t.startsWith("'") ? "\\&" + t : t;
    }
}
