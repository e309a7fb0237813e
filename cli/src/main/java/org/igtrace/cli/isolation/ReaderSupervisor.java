package org.igtrace.cli.isolation;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;

/**
 * Runs igtrace in a child JVM when the command reads an OTF2 archive, so that libotf2 meeting
 * bytes it cannot handle takes down only the child, never the user's command with a JVM crash.
 * The child runs the whole command with the same arguments and this process's standard streams;
 * this process only supervises. A child that leaves through igtrace's own code (a result, a
 * one-line error, an internal error) passes its exit code on; a child that dies (a signal, a
 * native crash: its JVM writes no crash file and no core dump) gives the one-line
 * "libotf2 crashed" error, and the temporary output file it was writing is removed.
 * Disabled with {@code -Digtrace.isolate=false}.
 */
public final class ReaderSupervisor {
    private ReaderSupervisor() {
    }

    /** Whether OTF2 archives are read in a child process: the default, and never inside a child. */
    public static boolean enabled() {
        return !"false".equals(System.getProperty("igtrace.isolate")) && !SupervisedChild.active();
    }

    /**
     * The OTF2 anchor among the arguments, or null: the first argument that is not an option and
     * names an existing file or directory that {@link TraceFormat#locate} finds an OTF2 archive in.
     * Deciding costs a look at the arguments' first bytes, so the child starts before anything else.
     */
    public static Path otf2Anchor(String[] args) {
        for (String arg : args) {
            if (arg.isEmpty() || arg.startsWith("-")) {
                continue;
            }
            try {
                Path path = Path.of(arg);
                if (Files.exists(path)) {
                    TraceFormat.Located located = TraceFormat.locate(path);
                    if (located.format() == TraceFormat.OTF2) {
                        return located.file();
                    }
                }
            } catch (InvalidPathException | TraceReadException e) {
                // not a trace: picocli and the command will say what is wrong with it
            }
        }
        return null;
    }

    /** Runs the command {@code args} in a child JVM and returns the exit code to leave with. */
    public static int run(Path anchor, String[] args, PrintStream err, boolean clearLine) {
        Path scratch;
        try {
            scratch = scratchDirectory();
        } catch (IOException e) {
            err.println("igtrace: cannot create a temporary directory for the reader process (" + e.getMessage() + ")");
            return 1;
        }
        try {
            return supervise(anchor, args, scratch, err, clearLine);
        } finally {
            deleteQuietly(scratch);
        }
    }

    private static int supervise(Path anchor, String[] args, Path scratch, PrintStream err, boolean clearLine) {
        Path status = scratch.resolve("status");
        Process child;
        try {
            ArchiveDump.makeIfMissing(System.getProperty("java.class.path")); // the launcher's class-data archive, for the child
            ProcessBuilder pb = new ProcessBuilder(ChildJvm.command(args, status, scratch)).inheritIO();
            ChildJvm.environment(pb.environment());
            child = pb.start();
        } catch (IOException e) {
            err.println("igtrace: cannot start the reader process (" + e.getMessage() + ")");
            return 1;
        }
        Thread stopChild = new Thread(child::destroy);
        Runtime.getRuntime().addShutdownHook(stopChild);
        int exit;
        try {
            exit = child.waitFor();
        } catch (InterruptedException e) {
            child.destroyForcibly();
            Thread.currentThread().interrupt();
            err.println("igtrace: " + (anchor == null ? "" : anchor + ": ") + "interrupted");
            return 1;
        }
        Runtime.getRuntime().removeShutdownHook(stopChild);
        Ended ended = ended(status, anchor, exit);
        if (ended.line() != null) {
            if (clearLine) {
                err.print("\r\033[K"); // a progress bar the child may have left
            }
            err.println(ended.line());
        }
        return ended.exit();
    }

    /**
     * How a supervised child ended: the exit code to leave with, and the one line to say (null when
     * the child left through igtrace's own code, which said what there was to say).
     */
    public record Ended(int exit, String line) {
    }

    /**
     * How the child that wrote the status file {@code status} and ended with {@code exit} ended;
     * the temporary files of a child that died are removed. A child that died while reading is
     * said to have died reading the last OTF2 archive it named (a command may read two: diff),
     * else {@code anchor}.
     *
     * @param status the child's status file ({@link #statusOption})
     * @param anchor the OTF2 archive the command line names first
     * @param exit   the child's exit status
     * @return the exit code and the line
     */
    public static Ended ended(Path status, Path anchor, int exit) {
        List<String> lines = readStatus(status);
        if (lines.contains("started") && lines.get(lines.size() - 1).startsWith("exit ")) {
            return new Ended(Integer.parseInt(lines.get(lines.size() - 1).substring(5)), null);
        }
        String reading = anchor == null ? null : anchor.toString(); // null: a command that reads no OTF2 archive
        for (String line : lines) {
            if (line.startsWith("temp ")) {
                deleteQuietly(SupervisedChild.path(line.substring(5)));
            } else if (line.startsWith("otf2 ")) {
                reading = line.substring(5);
            }
        }
        if (!lines.contains("started") && !killedFromOutside(exit)) { // a kill in its first 0.2 s is a kill too (issue 41 item 3)
            return new Ended(1, "igtrace: " + (anchor == null ? "the" : anchor + ": the") + " reader process did not start (" + describe(exit) + ")");
        }
        if (reading == null) { // as the launcher says it
            return new Ended(killedFromOutside(exit) ? exit : 1, killedFromOutside(exit) ? died("the Java VM", exit)
                    : "igtrace: internal error: the Java VM died" + (exit == 1 ? "" : " (" + describe(exit) + ")"));
        }
        return new Ended(killedFromOutside(exit) ? exit : 1, died(reading, exit));
    }

    /**
     * The option that makes a child JVM a supervised child writing the status file {@code status}
     * (the child of igtrace run in-process, which supervises it the same way).
     */
    public static String statusOption(Path status) {
        return "-D" + SupervisedChild.STATUS_PROPERTY + "=" + status;
    }

    /** How a child JVM on this JVM's class path is given the entry point {@code main} ({@code -jar} for one jar, else -cp). */
    public static List<String> childEntryPoint(String main) {
        return ChildJvm.entryPoint(System.getProperty("java.class.path"), main);
    }

    /**
     * The JVM options the launcher gives its JVM, for another child JVM this one starts to run the
     * command {@code args} on its own class path (cli's IsolatedCommand): as this class's children get them.
     */
    public static List<String> childJvmOptions(List<String> args) {
        return ChildJvm.jvmOptions(args.toArray(new String[0]), System.getProperty("java.class.path"));
    }

    /**
     * Whether a child that ended with {@code exit} was stopped by a signal from outside (a user's
     * kill, a job scheduler, the kernel's out-of-memory killer) rather than crashed: only SIGSEGV,
     * SIGBUS, SIGABRT, SIGILL and SIGFPE, or a JVM that died without a signal (a native crash under
     * SuppressFatalErrorMessage leaves with status 1), are a crash.
     */
    public static boolean killedFromOutside(int exit) {
        if (exit <= 128) {
            return false;
        }
        int signal = exit - 128;
        return signal != 4 && signal != 6 && signal != 7 && signal != 8 && signal != 11;
    }

    /**
     * The one line for a reader that died while reading the OTF2 archive {@code anchor}: a crash
     * blames the archive, a signal from outside does not.
     */
    public static String died(String anchor, int exit) {
        if (killedFromOutside(exit)) {
            return "igtrace: " + anchor + ": stopped by " + describe(exit) + " from outside igtrace (a user, a job "
                    + "scheduler, or the kernel's out-of-memory killer); the trace is not at fault";
        }
        return "igtrace: " + anchor + ": libotf2 crashed while reading the archive (" + describe(exit) + "); the archive is damaged";
    }

    private static List<String> readStatus(Path status) {
        try {
            return Files.readAllLines(status, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * A fresh private directory for the child's status file and any crash file, without SecureRandom's start-up cost; those
     * of runs killed with SIGKILL are removed once their process is gone.
     */
    private static Path scratchDirectory() throws IOException {
        return org.igtrace.reader.spill.TempFolders.create("igtrace-reader");
    }

    static String describe(int exit) {
        if (exit > 128) {
            int signal = exit - 128;
            return switch (signal) {
                case 1 -> "SIGHUP";
                case 2 -> "SIGINT";
                case 4 -> "SIGILL";
                case 6 -> "SIGABRT";
                case 7 -> "SIGBUS";
                case 8 -> "SIGFPE";
                case 9 -> "SIGKILL";
                case 11 -> "SIGSEGV";
                case 15 -> "SIGTERM";
                default -> "signal " + signal;
            };
        }
        return exit == 1 ? "the reader process died" : "exit status " + exit;
    }

    private static void deleteQuietly(Path path) {
        try (Stream<Path> files = Files.walk(path)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // nothing there, or a leftover temporary directory: harmless
        }
    }
}
