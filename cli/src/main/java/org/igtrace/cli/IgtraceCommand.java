package org.igtrace.cli;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.igtrace.formats.Escape;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The igtrace command: its subcommands, the exit codes, and the short form {@code igtrace TRACE
 * ...} for {@code igtrace graph TRACE ...}. A new subcommand is one more entry in
 * {@link #SUBCOMMANDS}. A run builds picocli's model only of the subcommand it runs (the model of
 * all of them costs about 0.1 s of start-up); help, the man page and the completion get all. A run of
 * graph, the short form's command, gets a model built without reading annotations ({@link GraphRunModel}).
 */
@Command(name = "igtrace",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        synopsisHeading = "Usage: ",
        customSynopsis = {"igtrace [COMMAND] [OPTIONS] TRACE", "       igtrace TRACE [OPTIONS]   (the same as igtrace graph TRACE [OPTIONS])"},
        descriptionHeading = "%n",
        optionListHeading = "%nOptions:%n",
        description = {
            "igtrace reads an execution trace of an MPI program (OTF2 from Score-P or EZTrace, OTF from VampirTrace) "
                    + "and turns it into the program's information graph, who waits for whom and why, a time line, a report, "
                    + "a prediction on another machine, a placement of the ranks, or a comparison of two runs. What "
                    + "the numbers mean, \"definitions section N\" in the help texts: see Definitions below."
        },
        commandListHeading = "%nCommands:%n",
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
            "  igtrace map run/traces.otf2 --topology torus:4x4x4",
            "                                            where each rank should run",
            "  igtrace diff before/ after/               what made one run slower",
            "  igtrace help graph                        every option of a command",
            "",
            "Environment:",
            "  IGTRACE_JAVA_OPTS              options for the JVM the igtrace launcher",
            "                                 starts, such as -Xmx4g or the properties below",
            "  IGTRACE_AOT=off                on JDK 25, no ahead-of-time cache for large",
            "                                 traces (docs/usage.md)",
            "  IGTRACE_STOP_GRACE=S           seconds a stopped JVM (Ctrl-C, SIGTERM) has",
            "                                 to end before it is killed (default 10)",
            "  -Digtrace.libotf2=PATH         load libotf2 from PATH instead of Debian's",
            "                                 libopen-trace-format2.so.10",
            "  -Digtrace.isolate=false        read OTF2 without the process that shields",
            "                                 igtrace from libotf2 crashes",
            "  -Digtrace.progress.delay=MS    draw the progress bar after MS milliseconds",
            "                                 (default 1000)",
            "  -Digtrace.otf2.batch=N         events fetched from libotf2 per call",
            "                                 (default 8192)",
            "  -Digtrace.records.memory=MB    match records kept in memory before they",
            "                                 go to a file in --temp-dir (default 16)",
            "  -Digtrace.activities.memory=MB predict's and timeline --format perfetto's",
            "                                 calls kept in memory before they go to a",
            "                                 file in --temp-dir (default 32)",
            "  -Digtrace.otf2.smallChunksFrom=N",
            "                                 from N event files on (default 1024), each",
            "                                 smaller than the anchor's chunk size, read",
            "                                 the events through a copy of the anchor",
            "                                 saying a smaller one (less memory)",
            "  -Digtrace.otf2.smallChunksSaving=MIB",
            "                                 that copy also for fewer files when it",
            "                                 saves MIB or more per reader (default 8:",
            "                                 EZTrace's 16 MiB chunks; -1: never)",
            "  -Digtrace.otf2.locationsPerReader=N",
            "                                 locations one libotf2 reader selects at",
            "                                 most (default 1024; libotf2's look-ups in",
            "                                 a reader grow with its locations squared)",
            "  -Digtrace.otf2.warmUp=N        on a large trace, the reading threads that",
            "                                 would leave the JIT compiler no core start",
            "                                 after N events (default 4000000; 0: all at",
            "                                 once)",
            "  -Digtrace.otf2.warmUpFrom=N    a large trace: N events announced, or about",
            "                                 10 N bytes of event files (default",
            "                                 16000000)",
            "  With java -jar igtrace.jar the properties go before -jar.",
            "",
            "Definitions:",
            "  docs/definitions.md in the source tree, share/doc/igtrace/docs/definitions.md",
            "  in a release: what every number means, section by section"
        })
public final class IgtraceCommand extends Invocation implements Callable<Integer> {
    /** Arguments that belong to igtrace itself rather than to the graph command of the short form. */
    private static final Set<String> OWN_OPTIONS = Set.of("-h", "--help", "-V", "--version");
    /** The subcommands by name (each class's {@code @Command} name), in the order help lists them. */
    static final Map<String, Class<?>> SUBCOMMANDS = subcommands();
    private static final Pattern ENUM_VALUE = Pattern.compile(
            "Invalid value for option '([^']+)': expected one of \\[(.*)] \\(case-insensitive\\) but was '(.*)'");

    static {
        OptionNames.install(); // core's and the readers' advice names the options of this command line
    }

    @Override
    public Integer call() throws UsageError {
        throw new UsageError("give a trace (igtrace TRACE) or a command (igtrace help)");
    }

    /** Runs igtrace with the process's standard streams and returns the exit code. */
    public static int run(String... args) {
        // Not System.out: a PrintStream hides write errors, and a closed pipe must be seen to be ignored.
        Writer stdout = StandardOutputWatch.processStdout();
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        return run(stdout, err, args);
    }

    /** Runs igtrace writing to the given streams; for tests and embedding. */
    public static int run(Writer stdout, PrintWriter err, String... args) {
        return run(stdout, err, ProfileReader.HERE, args);
    }

    /** Runs igtrace with whole traces read by {@code reader} (igtrace on Spark reads them as a job). */
    public static int run(Writer stdout, PrintWriter rawErr, ProfileReader reader, String... args) {
        PrintWriter err = TerminalErr.of(rawErr);
        OutOfMemory.newRun();
        String typo = mistypedCommand(args);
        if (typo == null && args.length >= 2 && args[0].equals("help")) { // igtrace help stat
            typo = mistypedCommand(java.util.Arrays.copyOfRange(args, 1, args.length));
        }
        if (typo == null) {
            typo = commandAfterOptions(args);
        }
        if (typo != null) {
            return usage(err, commandLine(), typo);
        }
        IgtraceCommand command = new IgtraceCommand();
        command.stdout = stdout;
        command.err = err;
        command.args = List.of(args);
        command.reader = reader;
        String[] withCommand = withCommand(args);
        boolean graph = withCommand.length > 0 && withCommand[0].equals("graph") && GraphRunModel.runs(withCommand);
        GraphCommand bound = graph ? GraphArguments.bind(command, withCommand) : null;
        if (bound != null) { // as picocli's execute runs it: an exception becomes the exit code and its line, an Error goes on
            try {
                Integer code = bound.call();
                return code == null ? 0 : code;
            } catch (Exception ex) {
                return exitCode(ex, err, "igtrace graph");
            }
        }
        CommandLine cl = graph
                ? converters(GraphRunModel.commandLine(command))
                : commandLine(command, args.length == 0 ? null : args[0]);
        HelpOutput help = new HelpOutput(stdout);
        cl.setOut(new PrintWriter(help, true));
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler((ex, a) -> usage(err, ex.getCommandLine(), message(ex)));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> exitCode(ex, err, commandLine));
        int code = cl.execute(withCommand);
        String failed = help.failure(); // the help or the version not written (the commands say their own)
        if (code == 0 && failed != null) {
            err.println(failed);
            return 1;
        }
        return code;
    }

    /**
     * The one place where what a command threw becomes its exit code and its one line: one exception family per exit
     * code, as picocli's model has it. A {@link UsageError} exits 2 (with the hint to --help), a {@link Failure} (a
     * trace, an output or a temporary file that could not be handled, named in its line) 1; a reader of standard
     * output that went away ({@code | head}) is no error, 0; anything else is an internal error, 1. Commands throw
     * these two and translate nothing: what a layer below throws becomes a Failure once, where it arises (the trace's
     * door, the output, the temporary store).
     */
    static int exitCode(Exception ex, PrintWriter err, CommandLine commandLine) {
        return exitCode(ex, err, commandLine.getCommandSpec().qualifiedName());
    }

    /** {@link #exitCode(Exception, PrintWriter, CommandLine)} for the command named {@code command} ({@code igtrace graph}). */
    static int exitCode(Exception ex, PrintWriter err, String command) {
        if (!org.igtrace.cli.isolation.SupervisedChild.parentAlive()) {
            // the launcher was killed: nobody is to get this line, and what failed may be its doing (the folders it
            // held open for this JVM, /proc/PID/fd/N, went with it)
            org.igtrace.cli.isolation.SupervisedChild.dieWithParent();
        }
        if (ex instanceof UsageError) { // exit 2: one family
            return usage(err, command, ex.getMessage());
        }
        if (ex instanceof Failure f) { // exit 1: one family
            if (f.line() != null) {
                err.println(Escape.line(f.line())); // one line: a file name's line break shown as \n
            }
            return 1;
        }
        if ((ex instanceof java.io.IOException || ex instanceof java.io.UncheckedIOException) && Output.isBrokenPipe(ex)) {
            return 0; // the reader of standard output went away (| head): not an error
        }
        OutOfMemory.say(err, ex, "igtrace: internal error: "); // said once, whichever thread says a failure first
        return 1;
    }

    /** The whole command with every subcommand: for help, the man page and the completion script. */
    public static CommandLine commandLine() {
        return commandLine(new IgtraceCommand(), null);
    }

    /**
     * The command with the subcommands a command line starting with {@code first} can run: the one
     * it names, graph for the short form, all of them for help or no argument (null).
     */
    private static CommandLine commandLine(IgtraceCommand command, String first) {
        CommandLine cl = new CommandLine(command);
        boolean all = first == null || OWN_OPTIONS.contains(first) || first.equals("help");
        Class<?> only = all ? null : SUBCOMMANDS.getOrDefault(first, GraphCommand.class);
        for (Map.Entry<String, Class<?>> sub : SUBCOMMANDS.entrySet()) {
            if (all || sub.getValue() == only) {
                cl.addSubcommand(sub.getKey(), sub.getValue());
            }
        }
        if (all) {
            GraphOptionsSection.addTo(cl);
        }
        return converters(cl);
    }

    /** {@code cl} with igtrace's own converters. */
    private static CommandLine converters(CommandLine cl) {
        String base = RawArguments.relativeBase(); // a working folder that is not UTF-8, without a child JVM
        cl.registerConverter(Path.class, text -> {
            if (text.isEmpty()) { // an unset shell variable: read as the working folder (a trace) or written over it
                throw Units.Refused.naming("needs a path, and the one given is empty");
            }
            return base != null ? RawArguments.resolved(base, text) : Path.of(text);
        });
        return cl;
    }

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("graph", GraphCommand.class);
        m.put("stats", StatsCommand.class);
        m.put("info", InfoCommand.class);
        m.put("timeline", TimelineCommand.class);
        m.put("report", ReportCommand.class);
        m.put("predict", PredictCommand.class);
        m.put("map", MapCommand.class);
        m.put("why", WhyCommand.class);
        m.put("diff", DiffCommand.class);
        m.put("help", CommandLine.HelpCommand.class);
        return Collections.unmodifiableMap(m);
    }

    /** {@code igtrace TRACE ...} is {@code igtrace graph TRACE ...}: the graph command is put in front. */
    static String[] withCommand(String[] args) {
        if (args.length == 0 || OWN_OPTIONS.contains(args[0]) || SUBCOMMANDS.containsKey(args[0])) {
            return args;
        }
        List<String> all = new ArrayList<>(List.of("graph"));
        all.addAll(List.of(args));
        return all.toArray(new String[0]);
    }

    /**
     * The message for a first word that is neither a command nor a path but close to a command name
     * ({@code igtrace stat TRACE}, {@code igtrace grpah TRACE}); null when the first word may be a trace.
     */
    /**
     * Options given before the command ({@code igtrace -q stats T}): the whole line was graph's, which took the command's
     * name for a trace and said "one trace at a time" (or refused {@code --format json} as no graph format). When the first
     * word is an option and a later one names a command, is no file here and is no value of {@code -o}, the line to type
     * instead; else null.
     */
    static String commandAfterOptions(String[] args) {
        if (args.length < 2 || !args[0].startsWith("-") || args[0].equals("--")) {
            return null;
        }
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                return null;
            }
            if (SUBCOMMANDS.containsKey(a) && !java.nio.file.Files.exists(java.nio.file.Path.of(a)) && !valueOf(args[i - 1])) {
                java.util.List<String> line = new java.util.ArrayList<>(java.util.List.of("igtrace", a));
                for (int j = 0; j < args.length; j++) {
                    if (j != i) {
                        line.add(args[j]);
                    }
                }
                return "the command comes first, its options after it: " + String.join(" ", line);
            }
        }
        return null;
    }

    /** Whether the word after {@code option} is its value (-o stats, --region report): an option of graph's that takes one. */
    private static boolean valueOf(String option) {
        if (!option.startsWith("-") || option.contains("=")) {
            return false;
        }
        CommandLine graph = GraphRunModel.commandLine(new IgtraceCommand());
        CommandLine.Model.OptionSpec o = graph.getCommandSpec().findOption(option);
        if (o == null && graph.getSubcommands().containsKey("graph")) {
            o = graph.getSubcommands().get("graph").getCommandSpec().findOption(option);
        }
        return o != null && o.arity().max() > 0;
    }

    static String mistypedCommand(String[] args) {
        if (args.length == 0 || args[0].startsWith("-") || SUBCOMMANDS.containsKey(args[0]) || exists(args[0])) {
            return null;
        }
        String word = args[0].toLowerCase(java.util.Locale.ROOT);
        for (String name : SUBCOMMANDS.keySet()) {
            if (editDistance(word, name) <= (name.length() <= 4 ? 1 : 2)
                    || (word.length() >= 3 && name.startsWith(word))) {
                return "unknown command '" + args[0] + "'; did you mean '" + name + "'?";
            }
        }
        // a word like no command and no file, followed by another word that is no option (igtrace foo TRACE): not a first
        // trace of two ("one trace at a time: 'TRACE' is a second trace"), a command the user meant
        if (args.length >= 2 && !args[1].startsWith("-") && args[0].indexOf('/') < 0 && args[0].indexOf('.') < 0) {
            return "unknown command '" + args[0] + "', and no file of that name; the commands: " + String.join(", ", SUBCOMMANDS.keySet());
        }
        return null;
    }

    /**
     * An untrusted text (an argument, a name) as standard error shows it: its control characters made visible, as every
     * line igtrace writes there (for engines that write a line before {@link #run}).
     *
     * @param text untrusted text
     * @return the text safe for a terminal
     */
    public static String shown(String text) {
        return org.igtrace.formats.Escape.terminal(text);
    }

    /** Whether {@code path} names a file, or cannot be a path in this JVM's file-name encoding (no command's name either). */
    private static boolean exists(String path) {
        try {
            return java.nio.file.Files.exists(java.nio.file.Path.of(path));
        } catch (java.nio.file.InvalidPathException e) { // a path the command reports (a stack trace from here once)
            return true;
        }
    }

    /** The option name of {@code where} within two edits of {@code given} (its value after '=' ignored), or null. */
    private static String closestOption(CommandLine where, String given) {
        String name = given.contains("=") ? given.substring(0, given.indexOf('=')) : given;
        String best = null;
        int bestDistance = 3;
        for (CommandLine.Model.OptionSpec option : where.getCommandSpec().options()) {
            for (String candidate : option.names()) {
                int distance = editDistance(name, candidate);
                if (distance < bestDistance && candidate.length() > 2) {
                    best = candidate;
                    bestDistance = distance;
                }
            }
        }
        return best;
    }

    /** Damerau-Levenshtein distance (adjacent transpositions count 1): {@code grpah} is one from {@code graph}. */
    static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    private static int usage(PrintWriter err, CommandLine where, String message) {
        return usage(err, where.getCommandSpec().qualifiedName(), message);
    }

    private static int usage(PrintWriter err, String command, String message) {
        err.println("igtrace: " + Escape.line(String.valueOf(message))); // one line: a value's line break shown as \n
        err.println("Try '" + command + " --help' for more information.");
        return 2;
    }

    /** picocli's message about the command line, in igtrace's words where picocli's are unclear. */
    private static String message(CommandLine.ParameterException ex) {
        if (ex.getCause() instanceof Units.Refused r) {
            return r.line(ex); // a value an option's converter refused: --OPTION 'VALUE': expected ...
        }
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
                && !u.getUnmatched().get(0).startsWith("-")) {
            boolean two = "diff".equals(ex.getCommandLine().getCommandName()); // diff takes two traces: a third is one too many
            return (two ? "two traces at a time: '" + u.getUnmatched().get(0) + "' is a third trace"
                    : "one trace at a time: '" + u.getUnmatched().get(0) + "' is a second trace") + ", or the value of an option "
                    + "that takes none";
        }
        if (ex instanceof CommandLine.MissingParameterException) {
            // an unknown option and no trace: the option is the mistake to name (picocli says the trace is missing)
            java.util.List<String> unmatched = ex.getCommandLine().getUnmatchedArguments();
            if (!unmatched.isEmpty() && unmatched.get(0).startsWith("-")) {
                String suggestion = closestOption(ex.getCommandLine(), unmatched.get(0));
                return "Unknown option: '" + unmatched.get(0) + "'" + (suggestion == null ? "" : "; did you mean '" + suggestion + "'?");
            }
        }
        if (ex instanceof CommandLine.MissingParameterException && ex.getMessage().contains("--topology")
                && !ex.getMessage().contains("parameter for option")) { // an option without its value: picocli says so
            return "map".equals(ex.getCommandLine().getCommandName())
                    ? "map needs --topology: the machine to place the ranks on (a ring, star, bus, mesh or torus, e.g. --topology torus:4x4x4)"
                    : "--placement and --centre need --topology";
        }
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String suggestion = closestOption(u.getCommandLine(), u.getUnmatched().get(0));
            if (suggestion != null && u.getUnmatched().get(0).startsWith("-")) {
                // the option alone: picocli listed what followed it too ("Unknown options: '--fromat', 'json'"), its value
                return "Unknown option: '" + u.getUnmatched().get(0) + "'; did you mean '" + suggestion + "'?";
            }
        }
        Matcher m = ENUM_VALUE.matcher(ex.getMessage());
        if (m.matches()) {
            return m.group(1) + " '" + m.group(3) + "': expected one of " + m.group(2).toLowerCase(java.util.Locale.ROOT);
        }
        return ex.getMessage();
    }
}
