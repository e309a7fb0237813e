package org.igtrace.cli.isolation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.TraceInput;

/**
 * Reads an OTF2 archive in a child JVM, so that libotf2 meeting bytes it cannot handle can take
 * down only that process, never igtrace: a damaged archive then gives a one-line error instead of
 * a JVM crash. The child is this same program ({@link #main}); it writes the profile, or its
 * one-line error, in {@link ProfileWire} form on its standard output. Anything else (no output,
 * a cut-off profile) means it died. Its JVM writes no crash file and no core dump (a crashed JVM
 * then exits with status 1 and says nothing). Disable with {@code -Digtrace.isolate=false}.
 */
public final class Otf2ReaderProcess {
    private Otf2ReaderProcess() {
    }

    /** Whether OTF2 archives are read in a child process (the default). */
    public static boolean enabled() {
        return !"false".equals(System.getProperty("igtrace.isolate"));
    }

    /** The child: {@code anchor collectives skipMissing threads waits tempDir}; writes a profile or a one-line error on standard output. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        try {
            ProfileWire.WireProgress progress = new ProfileWire.WireProgress(out);
            TraceProfile profile = TraceInput.read(Path.of(args[0]),
                    new ReadOptions(Boolean.parseBoolean(args[2]), Integer.parseInt(args[3]), args[5].isEmpty() ? null : Path.of(args[5])),
                    new AnalysisOptions(Boolean.parseBoolean(args[1]), WaitMode.valueOf(args[4])),
                    progress);
            progress.finish();
            ProfileWire.write(profile, out);
        } catch (TraceReadException e) {
            ProfileWire.writeError(e.getMessage(), out);
        } catch (Throwable t) {
            ProfileWire.writeError(args[0] + ": reading failed (" + t + ")", out);
        }
        out.flush();
        System.exit(0);
    }

    /**
     * Reads the archive in a child JVM and returns its profile, or throws the child's one-line
     * error. The child's progress is passed on to {@code progress}.
     */
    public static TraceProfile read(Path anchor, ReadOptions options, AnalysisOptions analysis, ReadProgress progress)
            throws TraceReadException {
        Path scratch;
        try {
            scratch = Files.createTempDirectory("igtrace-reader");
        } catch (IOException e) {
            throw new TraceReadException("cannot create a temporary directory for the reader process (" + e.getMessage() + ")");
        }
        try {
            return run(anchor, options, analysis, progress, scratch);
        } finally {
            deleteQuietly(scratch);
        }
    }

    private static TraceProfile run(Path anchor, ReadOptions options, AnalysisOptions analysis, ReadProgress progress, Path scratch)
            throws TraceReadException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.add("-XX:+SuppressFatalErrorMessage");
        command.add("-XX:-CreateCoredumpOnCrash");
        command.add("-XX:ErrorFile=" + scratch.resolve("hs_err_%p.log"));
        command.add("-XX:+UseSerialGC");
        command.add("-Xmn24m"); // a small young generation: the match records' garbage is short-lived, and RSS stays flat
        for (String property : new String[] {"igtrace.libotf2", "jna.library.path", "igtrace.records.memory"}) {
            if (System.getProperty(property) != null) {
                command.add("-D" + property + "=" + System.getProperty(property));
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Otf2ReaderProcess.class.getName());
        command.add(anchor.toString());
        command.add(Boolean.toString(analysis.modelCollectives()));
        command.add(Boolean.toString(options.skipMissing()));
        command.add(Integer.toString(options.threads()));
        command.add(analysis.waits().name());
        command.add(options.tempDir() == null ? "" : options.tempDir().toString());
        Path errors = scratch.resolve("stderr");
        Process child;
        try {
            child = new ProcessBuilder(command)
                    .redirectError(errors.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        } catch (IOException e) {
            throw new TraceReadException("cannot start the reader process (" + e.getMessage() + ")");
        }
        TraceProfile profile;
        int exit;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            child.getOutputStream().close();
            try {
                profile = ProfileWire.read(in, progress);
            } catch (TraceReadException e) {
                child.waitFor();
                throw e;
            }
            in.transferTo(java.io.Writer.nullWriter());
            exit = child.waitFor();
        } catch (IOException e) {
            child.destroyForcibly();
            throw new TraceReadException(anchor + ": the reader process failed (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            child.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new TraceReadException(anchor + ": interrupted");
        }
        if (profile != null) {
            return profile;
        }
        throw new TraceReadException(anchor + ": libotf2 crashed while reading the archive (" + describe(exit)
                + "); the archive is damaged");
    }

    private static String describe(int exit) {
        if (exit > 128) {
            int signal = exit - 128;
            String name = switch (signal) {
                case 6 -> "SIGABRT";
                case 9 -> "SIGKILL";
                case 11 -> "SIGSEGV";
                case 7 -> "SIGBUS";
                case 8 -> "SIGFPE";
                default -> "signal " + signal;
            };
            return name;
        }
        return exit == 1 ? "the reader process died" : "exit status " + exit;
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary directory is harmless
        }
    }
}
