package org.igtrace.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.cli.isolation.ReaderSupervisor;

/**
 * Runs a whole igtrace command in a child JVM that reads OTF2 in-process, passing its standard
 * output, standard error and exit code through: libotf2 meeting bytes it cannot handle takes down
 * only the child, and the parent says so in one line, naming the archive the child was reading
 * (the child tells it through a status file, as under {@link ReaderSupervisor}). Run by
 * the front door alone, where it is decided for the commands whose analyses cannot travel
 * back as a profile (selections, timelines, diff's two traces).
 */
final class IsolatedCommand {
    /** The entry point the child JVM runs (named, not imported; CliClassLevelsTest checks the name). */
    static final String MAIN = "org.igtrace.cli.Main";

    private IsolatedCommand() {
    }

    /** Whether a command reading {@code trace} runs in a child (OTF2, isolation not turned off). */
    static boolean needed(org.igtrace.reader.TraceFormat.Located trace) {
        return ReaderSupervisor.enabled() && trace.format() == org.igtrace.reader.TraceFormat.OTF2;
    }

    static int run(List<String> args, Path trace, Writer stdout, PrintWriter err) {
        Path scratch;
        try {
            scratch = org.igtrace.reader.spill.TempFolders.create("igtrace-child"); // PID-named: a SIGKILLed run's is removed later
        } catch (IOException e) {
            err.println("igtrace: cannot create a temporary directory for the reader process (" + e.getMessage() + ")");
            return 1;
        }
        try {
            Path status = scratch.resolve("status"); // what the child reads and whether it left through igtrace's own code
            ProcessBuilder pb = new ProcessBuilder(command(args, scratch, status)).redirectInput(ProcessBuilder.Redirect.PIPE);
            pb.environment().remove(org.igtrace.cli.isolation.SupervisedChild.TOKEN_VARIABLE); // read here without a token
            Process child = pb.start();
            child.getOutputStream().close();
            // this JVM ended from outside, or by its standard output's reader going away: the child goes too
            Thread reaper = new Thread(child::destroy, "igtrace-child-reaper");
            Runtime.getRuntime().addShutdownHook(reaper);
            StandardOutputWatch.startFor(stdout);
            Thread errors = copier(child.getErrorStream(), err);
            errors.start();
            try {
                copyOutput(child.getInputStream(), stdout);
            } catch (IOException e) {
                if (!Output.isBrokenPipe(e) && !(e instanceof OutputFailed)) {
                    throw e;
                }
                child.destroy(); // the reader of standard output went away (| head): not an error
                if (e instanceof OutputFailed failed && !Output.isBrokenPipe(failed.getCause())) {
                    child.waitFor(); // said here, once, rather than the child's words about the pipe it lost
                    errors.join();
                    err.println("igtrace: standard output: " + org.igtrace.reader.IoReason.lowerCase(String.valueOf(failed.getCause().getMessage()))); // a full disk, say
                    return 1;
                }
                return 0;
            }
            int exit = child.waitFor();
            errors.join();
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException e) {
                // shutting down already: the hook destroys a child that has ended, which is harmless
            }
            stdout.flush();
            ReaderSupervisor.Ended ended = ReaderSupervisor.ended(status, trace, exit);
            if (ended.line() != null) {
                err.println(ended.line());
            }
            return ended.exit();
        } catch (IOException e) {
            err.println("igtrace: cannot run the reader process (" + e.getMessage() + ")");
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("igtrace: interrupted");
            return 1;
        } finally {
            try (var files = Files.walk(scratch)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a leftover temporary directory is harmless
            }
        }
    }

    /**
     * The child JVM's command line: this JVM's java, no crash file and no core dump (a crash file in
     * {@code scratch}), the JVM options the launcher gives its JVM (as {@code java -jar}'s child gets
     * them), the status file {@code status}, igtrace's own settings, this JVM's class path, and the
     * command {@code args}.
     */
    static List<String> command(List<String> args, Path scratch, Path status) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.add("-XX:+SuppressFatalErrorMessage");
        command.add("-XX:-CreateCoredumpOnCrash");
        command.add("-XX:ErrorFile=" + scratch.resolve("hs_err_%p.log"));
        // the launcher's options (its class-data archive if it fits, C1 alone for a small trace, IGTRACE_JAVA_OPTS)
        command.addAll(ReaderSupervisor.childJvmOptions(args));
        command.add("-Digtrace.isolate=false");
        command.add(ReaderSupervisor.statusOption(status));
        command.add(org.igtrace.cli.isolation.SupervisedChild.parentOption());
        // igtrace's own settings (-Digtrace.activities.memory=MB and the others --help lists) hold in the child too
        for (String property : System.getProperties().stringPropertyNames().stream().sorted().toList()) {
            if ((property.startsWith("igtrace.") && !property.equals("igtrace.isolate") && !property.startsWith("igtrace.supervisor."))
                    || property.equals("jna.library.path") || property.equals("java.io.tmpdir")) { // its spill files where ours go
                command.add("-D" + property + "=" + System.getProperty(property));
            }
        }
        command.addAll(ReaderSupervisor.childEntryPoint(MAIN)); // the entry point sits above every command
        command.addAll(args);
        return command;
    }

    private static Thread copier(InputStream in, PrintWriter err) {
        return new Thread(() -> {
            try {
                copy(in, err);
                err.flush();
            } catch (IOException e) {
                // the child's standard error closed early: nothing more to show
            }
        }, "igtrace-child-stderr");
    }

    /**
     * The child's standard output to ours: as bytes when ours is the process's standard output (a
     * Perfetto trace is binary; UTF-8 text passes unchanged), else decoded as UTF-8 (a test's writer).
     */
    /** Writing what the child wrote to standard output failed (the reading of the child's output did not). */
    private static final class OutputFailed extends IOException {
        private static final long serialVersionUID = 1L;

        OutputFailed(IOException cause) {
            super(cause.getMessage(), cause);
        }

        @Override
        public synchronized IOException getCause() {
            return (IOException) super.getCause();
        }
    }

    private static void copyOutput(InputStream in, Writer out) throws IOException {
        if (!StandardOutputWatch.isProcessStdout(out)) {
            copy(in, out);
            return;
        }
        out.flush();
        java.io.OutputStream bytes = StandardOutputWatch.bytes(out);
        byte[] buffer = new byte[1 << 16];
        for (int n; (n = in.read(buffer)) >= 0; ) {
            try {
                bytes.write(buffer, 0, n);
                bytes.flush(); // what the child wrote leaves at once (a streamed export, | head)
            } catch (IOException e) {
                throw new OutputFailed(e);
            }
        }
    }

    private static void copy(InputStream in, Writer out) throws IOException {
        try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            char[] buffer = new char[8192];
            for (int n; (n = r.read(buffer)) >= 0; ) {
                try {
                    out.write(buffer, 0, n);
                    out.flush(); // what the child wrote leaves at once (a streamed export, | head)
                } catch (IOException e) {
                    throw new OutputFailed(e);
                }
            }
        }
    }
}
