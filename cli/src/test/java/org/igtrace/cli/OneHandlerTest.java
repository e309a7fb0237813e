package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Errors by picocli's model: the commands throw, the one handler in {@link IgtraceCommand} says the line and picks
 * the exit code. Before, why and diff said a selection's usage error in words of their own ("igtrace why: ...",
 * or the bare message without "igtrace:" and without the hint to --help when the trace refuted --ranks).
 */
class OneHandlerTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    /** pi-4: 4 processes, ranks 0-3. */
    private static final String PI4 = TESTDATA.resolve("otf2/pi-4").toString();
    private static final String PI8 = TESTDATA.resolve("otf2/pi-8").toString();
    private static final List<String> COMMANDS = List.of("graph", "stats", "timeline", "report", "why", "diff");

    private record Run(int code, String out, String err) {
    }

    private static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** The command with its trace (diff: the trace twice) and further arguments. */
    private static String[] line(String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command, PI4));
        if (command.equals("diff")) {
            args.add(PI4);
        }
        args.addAll(List.of(more));
        args.add("-q");
        return args.toArray(new String[0]);
    }

    @Test
    void aRankTheTraceDoesNotHaveIsTheSameUsageErrorInEveryCommand() {
        for (String command : COMMANDS) {
            Run r = igtrace(line(command, "--ranks", "9"));
            assertEquals(2, r.code, command + ": " + r.err);
            assertEquals(List.of("igtrace: --ranks: rank 9 is not in the trace, which has 4 processes (ranks 0-3)",
                    "Try 'igtrace " + command + " --help' for more information."), r.err.lines().toList(), command);
        }
    }

    @Test
    void aWindowThatDoesNotParseIsTheSameUsageErrorInEveryCommand() {
        for (String command : COMMANDS) {
            Run r = igtrace(line(command, "--window", "9:1"));
            assertEquals(2, r.code, command + ": " + r.err);
            assertEquals(List.of("igtrace: --window '9:1': '9' needs a unit (s, ms, us or ns)",
                    "Try 'igtrace " + command + " --help' for more information."), r.err.lines().toList(), command);
        }
    }

    /** Two runs of different numbers of processes: one line naming both files, exit 1 (no usage hint). */
    @Test
    void diffOfRunsOfDifferentSizesIsOneLine() {
        Run r = igtrace("diff", PI4, PI8, "-q");
        assertEquals(1, r.code, r.err);
        List<String> lines = r.err.lines().toList();
        assertEquals(1, lines.size(), r.err);
        assertEquals("igtrace: ", lines.get(0).substring(0, "igtrace: ".length()), r.err);
        assertEquals(true, lines.get(0).contains("pi-4") && lines.get(0).contains("pi-8") && lines.get(0).contains("has 4 processes"),
                r.err);
    }

    /**
     * A temporary file that could not be written (or read back) is a {@link Failure} where it arises, the command's store
     * of recorded blocks: its one line, exit 1. Before, the store's UncheckedIOException escaped the commands and the
     * handler knew it as a fourth type of exit 1.
     */
    @Test
    void aTemporaryFileThatCannotBeWrittenIsAFailureWhereItArises() {
        try (TemporaryStore store = new TemporaryStore(Path.of("/proc"), "the region slices", 0)) {
            Failure f = org.junit.jupiter.api.Assertions.assertThrows(Failure.class, () -> store.put(new byte[64], 64));
            assertTrue(f.line().startsWith("igtrace: /proc: cannot write the region slices to a temporary file ("), f.line());
            StringWriter err = new StringWriter();
            assertEquals(1, IgtraceCommand.exitCode(f, new PrintWriter(err, true), IgtraceCommand.commandLine()));
            assertEquals(List.of(f.line()), err.toString().lines().toList());
        }
    }

    /**
     * Exit code 1 is one family, as exit 2 is: the handler knows {@link UsageError} (2) and {@link Failure} (1), and a
     * reader of standard output that went away (0); whatever else reaches it is an internal error. Before, four types
     * reached it for exit 1: the reader's TraceReadException, OutputError, CommandExit and an escaped
     * UncheckedIOException, and a carrier (TopologyOptions.Unfit) was unwrapped there.
     */
    @Test
    void exitOneIsOneFamily() throws IOException {
        String source = Files.readString(Path.of("src/main/java/org/igtrace/cli/IgtraceCommand.java"));
        String handler = source.substring(source.indexOf("static int exitCode("), source.indexOf("public static CommandLine commandLine()"));
        java.util.Set<String> known = new java.util.TreeSet<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("instanceof ([\\w.]+)").matcher(handler);
        while (m.find()) {
            known.add(m.group(1).replaceAll(".*\\.", ""));
        }
        assertEquals(java.util.Set.of("UsageError", "Failure", "IOException", "UncheckedIOException"), known,
                "the handler knows two families and the broken pipe:\n" + handler);
        assertTrue(handler.contains("isBrokenPipe"), handler);
        StringWriter err = new StringWriter();
        PrintWriter w = new PrintWriter(err, true);
        assertEquals(1, IgtraceCommand.exitCode(new Failure("/x/t.otf2: no such file or directory"), w, IgtraceCommand.commandLine()));
        assertEquals(1, IgtraceCommand.exitCode(Failure.saidAlready(), w, IgtraceCommand.commandLine()));
        assertEquals(1, IgtraceCommand.exitCode(new UncheckedIOException(new IOException("gone")), w, IgtraceCommand.commandLine()));
        assertEquals(List.of("igtrace: /x/t.otf2: no such file or directory", "igtrace: internal error: java.io.UncheckedIOException: "
                + "java.io.IOException: gone"), err.toString().lines().toList());
    }

    /**
     * The reader's checked TraceReadException stops at the door: {@link TraceSession} (its one translation) declares
     * none, and no other command-line class names it but the reading behind the door (the readers' seam
     * {@link ProfileReader}, which igtrace on Spark implements, and the two reads it makes) and the supervisor of the
     * reader's child JVM. Before, about 60 references: every command's call() and its helpers declared or caught it.
     */
    @Test
    void theTraceReadExceptionStopsAtTheDoor() throws IOException {
        for (java.lang.reflect.Method method : TraceSession.class.getDeclaredMethods()) {
            for (Class<?> thrown : method.getExceptionTypes()) {
                assertTrue(RuntimeException.class.isAssignableFrom(thrown) || java.lang.reflect.Modifier.isPrivate(method.getModifiers()),
                        "TraceSession." + method.getName() + " throws " + thrown.getSimpleName());
            }
        }
        java.util.Set<String> behindTheDoor = java.util.Set.of("TraceSession.java", "ProfileReader.java", "TraceReading.java",
                "SelectedReading.java", "Failure.java", "ReaderSupervisor.java");
        List<String> naming = new ArrayList<>();
        try (java.util.stream.Stream<Path> files = Files.walk(Path.of("src/main/java/org/igtrace/cli"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                if (!behindTheDoor.contains(f.getFileName().toString()) && Files.readString(f).contains("TraceReadException")) {
                    naming.add(f.getFileName().toString());
                }
            }
        }
        assertEquals(List.of(), naming, "classes past the door naming the reader's exception");
    }

    /**
     * One exception family per exit code: every usage error (exit 2) is a {@link UsageError}, the selection a reader
     * refused too, and the handler says a usage error in one place. Before, SelectedReading.SelectionError,
     * ProfileReader.RefusedSelection and a CommandExit(line, 2) were three more ways to exit 2.
     */
    @Test
    void eachExitCodeHasOneExceptionFamily() throws IOException {
        assertTrue(UsageError.class.isAssignableFrom(ProfileReader.RefusedSelection.class));
        StringWriter err = new StringWriter();
        assertEquals(2, IgtraceCommand.exitCode(new ProfileReader.RefusedSelection("--ranks: rank 9 is not in the trace"),
                new PrintWriter(err, true), IgtraceCommand.commandLine()));
        String source = Files.readString(Path.of("src/main/java/org/igtrace/cli/IgtraceCommand.java"));
        String handler = source.substring(source.indexOf("static int exitCode("), source.indexOf("public static CommandLine commandLine()"));
        assertEquals(1, handler.split("return usage\\(", -1).length - 1, "the handler says usage errors in one place:\n" + handler);
        for (String file : List.of("SelectedReading.java", "Failure.java", "MapCommand.java")) {
            String text = Files.readString(Path.of("src/main/java/org/igtrace/cli", file));
            assertTrue(!text.contains("class SelectionError") && !text.contains("int code"), file + " has an exception of its own for exit 2");
        }
    }

    /**
     * --topology of map and predict is parsed by graph's converter: the same line for the same mistake, but map's lists
     * the machines only (it listed "or tree", which map refuses: the graph's own tree is no machine).
     */
    @Test
    void aTopologyThatDoesNotParseIsTheSameUsageErrorInEveryCommand() {
        for (String command : List.of("graph", "map", "predict")) {
            Run r = igtrace(command, PI4, "--topology", "hypercube", "-q");
            assertEquals(2, r.code, command + ": " + r.err);
            assertEquals(List.of("igtrace: --topology 'hypercube' is not a topology (ring[:N], star[:N], bus[:N], mesh:RxC"
                    + (command.equals("map") ? " or torus:XxYxZ)" : ", torus:XxYxZ or tree)"),
                    "Try 'igtrace " + command + " --help' for more information."), r.err.lines().toList(), command);
        }
        Run tree = igtrace("map", PI4, "--topology", "tree", "-q");
        assertEquals(2, tree.code, tree.err);
        assertEquals("igtrace: --topology tree is the graph's own spanning tree, not a machine: give ring, star, bus, mesh or torus",
                tree.err.lines().findFirst().orElse(""));
    }

    /** A usage error is one line even when the value it quotes holds a line break (and no escape sequence reaches the terminal). */
    @Test
    void aUsageErrorIsOneLineWhateverTheValueHolds() {
        Run r = igtrace("stats", TESTDATA.resolve("hostile-names").toString(), "--region", "x\u001b[31my\nz", "-q");
        assertEquals(2, r.code, r.err);
        // the trace's two user regions (make-hostile-names.py: "main " and "solve " + HOSTILE) listed, escaped as the value is
        String hostile = "<b>&amp;\"q\" 'a' \\ \\t|\\n|\\x01|\\x1f|\\x1b[31m|]]>--";
        assertEquals(List.of("igtrace: --region 'x\\x1b[31my\\nz': no region of the trace has that name; its regions outside MPI: 'main "
                        + hostile + "', 'solve " + hostile + "'",
                "Try 'igtrace stats --help' for more information."), r.err.lines().toList());
    }
}
