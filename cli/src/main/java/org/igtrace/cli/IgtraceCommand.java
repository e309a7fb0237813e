package org.igtrace.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.igtrace.reader.TraceReadException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The igtrace command: its subcommands, the exit codes, and the short form {@code igtrace TRACE
 * ...} for {@code igtrace graph TRACE ...}. A new subcommand is one more class in
 * {@code subcommands}.
 */
@Command(name = "igtrace",
        mixinStandardHelpOptions = true,
        versionProvider = IgtraceCommand.Version.class,
        synopsisHeading = "Usage: ",
        customSynopsis = {"igtrace [COMMAND] [OPTIONS] TRACE", "       igtrace TRACE [OPTIONS]   (the same as igtrace graph TRACE [OPTIONS])"},
        descriptionHeading = "%n",
        optionListHeading = "%nOptions:%n",
        description = {
            "igtrace reads an execution trace of an MPI program (OTF2 from Score-P or EZTrace, OTF from VampirTrace) "
                    + "and turns it into the program's information graph, a table of who waits for whom, or an "
                    + "account of what the trace holds."
        },
        commandListHeading = "%nCommands:%n",
        subcommands = {
            GraphCommand.class,
            StatsCommand.class,
            InfoCommand.class,
            TimelineCommand.class,
            ReportCommand.class,
            PredictCommand.class,
            CommandLine.HelpCommand.class,
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:the trace or the output could not be handled (one line naming the file)", "2:usage error"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  igtrace run/traces.otf2 -o app.graphml    the information graph",
            "  igtrace stats run/traces.otf2             who waits how long",
            "  igtrace info run/traces.otf2              what the trace holds",
            "  igtrace timeline run/traces.otf2 -o t.svg the run as a time-space diagram",
            "  igtrace report run/traces.otf2 -o r.html  one HTML page of it all",
            "  igtrace predict run/traces.otf2           its run time on a model machine",
            "  igtrace help graph                        every option of a command",
            "",
            "Environment:",
            "  IGTRACE_JAVA_OPTS              options for the JVM the igtrace launcher",
            "                                 starts, such as -Xmx4g or the properties below",
            "  -Digtrace.libotf2=PATH         load libotf2 from PATH instead of Debian's",
            "                                 libopen-trace-format2.so.10",
            "  -Digtrace.isolate=false        read OTF2 in igtrace's own JVM, not in the",
            "                                 child process that shields it from crashes",
            "  -Digtrace.progress.delay=MS    draw the progress bar after MS milliseconds",
            "                                 (default 1000)",
            "  -Digtrace.otf2.batch=N         events fetched from libotf2 per call",
            "                                 (default 8192)",
            "  -Digtrace.records.memory=MB    match records kept in memory before they",
            "                                 go to a file in --temp-dir (default 16)",
            "  -Digtrace.activities.memory=MB predict's and timeline --format perfetto's",
            "                                 calls kept in memory before they go to a",
            "                                 file in --temp-dir (default 32)",
            "  With java -jar igtrace.jar the properties go before -jar."
        })
public final class IgtraceCommand implements Callable<Integer> {
    /** Arguments that belong to igtrace itself rather than to the graph command of the short form. */
    private static final Set<String> OWN_OPTIONS = Set.of("-h", "--help", "-V", "--version");
    private static final Pattern ENUM_VALUE = Pattern.compile(
            "Invalid value for option '([^']+)': expected one of \\[(.*)] \\(case-insensitive\\) but was '(.*)'");

    private Writer stdout;
    private PrintWriter err;
    /** The command line as given, for running the whole command again in a child JVM ({@link IsolatedCommand}). */
    private List<String> args = List.of();
    private ProfileReader reader = ProfileReader.HERE;

    @Override
    public Integer call() throws UsageError {
        throw new UsageError("give a trace (igtrace TRACE) or a command (igtrace help)");
    }

    Writer stdout() {
        return stdout;
    }

    PrintWriter err() {
        return err;
    }

    List<String> args() {
        return args;
    }

    /** How the commands read a whole trace's profile. */
    ProfileReader reader() {
        return reader;
    }

    /** Runs igtrace with the process's standard streams and returns the exit code. */
    public static int run(String... args) {
        // Not System.out: a PrintStream hides write errors, and a closed pipe must be seen to be ignored.
        Writer stdout = new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        return run(stdout, err, args);
    }

    /** Runs igtrace writing to the given streams; for tests and embedding. */
    public static int run(Writer stdout, PrintWriter err, String... args) {
        return run(stdout, err, ProfileReader.HERE, args);
    }

    /** Runs igtrace with whole traces read by {@code reader} (igtrace on Spark reads them as a job). */
    public static int run(Writer stdout, PrintWriter err, ProfileReader reader, String... args) {
        IgtraceCommand command = new IgtraceCommand();
        command.stdout = stdout;
        command.err = err;
        command.args = List.of(args);
        command.reader = reader;
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(stdout, true));
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        GraphOptionsSection.addTo(cl);
        cl.setParameterExceptionHandler((ex, a) -> usage(err, ex.getCommandLine(), message(ex)));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof UsageError) {
                return usage(err, commandLine, ex.getMessage());
            }
            if (ex instanceof TraceReadException || ex instanceof OutputError) {
                err.println("igtrace: " + ex.getMessage());
                return 1;
            }
            err.println("igtrace: internal error: " + ex);
            return 1;
        });
        return cl.execute(withCommand(cl, args));
    }

    /** {@code igtrace TRACE ...} is {@code igtrace graph TRACE ...}: the graph command is put in front. */
    static String[] withCommand(CommandLine cl, String[] args) {
        if (args.length == 0 || OWN_OPTIONS.contains(args[0]) || cl.getSubcommands().containsKey(args[0])) {
            return args;
        }
        List<String> all = new ArrayList<>(List.of("graph"));
        all.addAll(List.of(args));
        return all.toArray(new String[0]);
    }

    private static int usage(PrintWriter err, CommandLine where, String message) {
        err.println("igtrace: " + message);
        err.println("Try '" + where.getCommandSpec().qualifiedName() + " --help' for more information.");
        return 2;
    }

    /** picocli's message about the command line, in igtrace's words where picocli's are unclear. */
    private static String message(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
                && !u.getUnmatched().get(0).startsWith("-")) {
            return "one trace at a time: '" + u.getUnmatched().get(0) + "' is a second trace, or the value of an option "
                    + "that takes none";
        }
        if (ex instanceof CommandLine.MissingParameterException && ex.getMessage().contains("--topology")) {
            return "--placement and --centre need --topology";
        }
        Matcher m = ENUM_VALUE.matcher(ex.getMessage());
        if (m.matches()) {
            return m.group(1) + ": '" + m.group(3) + "' is not one of " + m.group(2).toLowerCase(java.util.Locale.ROOT);
        }
        return ex.getMessage();
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = IgtraceCommand.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"igtrace " + p.getProperty("version", "unknown")};
        }
    }
}
