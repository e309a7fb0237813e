package org.igtrace.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.igtrace.cli.isolation.ReaderSupervisor;
import org.igtrace.cli.isolation.SupervisedChild;
import org.igtrace.reader.otf2.nativelib.JnaWarmUp;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;

/**
 * Entry point of the igtrace command. A command that reads an OTF2 archive runs supervised: the
 * launcher script supervises the JVM it starts (this one then runs as a {@link SupervisedChild});
 * started otherwise ({@code java -jar}), this JVM runs the command in a child JVM it supervises
 * ({@link ReaderSupervisor}). Everything else runs here.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (SupervisedChild.active()) {
            SupervisedChild.watchParent(); // dies with the launcher or the supervising JVM
        }
        // Under java -jar: paths that are not UTF-8 become aliases (the launcher made them already)
        RawArguments raw = SupervisedChild.active() ? null : RawArguments.recover(args);
        if (raw != null) {
            args = raw.args();
        }
        Path anchor = ReaderSupervisor.otf2Anchor(args);
        boolean child = ReaderSupervisor.enabled() && (anchor != null || raw != null && raw.needsChild());
        int code = child
                ? ReaderSupervisor.run(anchor, args, raw == null ? System.err : RawArguments.shownThrough(System.err), ProgressBar.stderrIsTerminal())
                : runHere(args, anchor);
        if (raw != null) {
            code = raw.finish(code, System.err);
        }
        System.exit(code);
    }

    /**
     * Runs the command in this JVM, reading the OTF2 archive {@code otf2Anchor} (or none: null); an
     * exception that escapes it is an internal error, exit 1.
     */
    private static int runHere(String[] args, Path otf2Anchor) {
        int code;
        OutOfMemory.reportUncaughtInOneLine();
        try {
            if (SupervisedChild.active()) {
                SupervisedChild.started(otf2Anchor);
            }
            preload(otf2Anchor);
            code = IgtraceCommand.run(args);
        } catch (SupervisedChild.StatusFileException e) {
            System.err.println("igtrace: " + PathAliases.shown(org.igtrace.formats.Escape.line(e.getMessage())));
            code = SupervisedChild.statusFileFailed();
        } catch (Throwable t) { // NOPMD: whatever escapes is reported in one line, never as a stack trace
            OutOfMemory.say(System.err, t, "igtrace: internal error: ");
            code = 1;
        }
        SupervisedChild.exiting(code);
        return code;
    }

    /**
     * Loads libotf2 on another thread while this one parses the command line (on two cores the
     * load then costs no time). Not for a named pipe, the tests' way to hold igtrace inside
     * libotf2's open(): there libotf2 being loaded must mean that libotf2 is reading.
     */
    private static void preload(Path otf2Anchor) {
        if (otf2Anchor != null && Files.isRegularFile(otf2Anchor)) {
            Thread t = new Thread(new Preload(), "igtrace-preload"); // a class: see SupervisedChild.ParentWatch
            t.setDaemon(true);
            t.start();
            // JNA's classes log through java.util.logging: its set-up (its configuration, the logger finder's service
            // lookup, which opens the jar) took a third of the preload thread's time; here it runs beside that thread's start
            java.util.logging.LogManager.getLogManager();
        }
    }

    /** Loads JNA, libotf2 and the shim: {@link #preload}'s thread. */
    private static final class Preload implements Runnable {
        @Override
        public void run() {
            try {
                JnaWarmUp.annotations();
                Otf2Archive.preload();
            } catch (Throwable e) { // NOPMD: the read itself reports what went wrong
                // nothing: Otf2Archive.open says why libotf2 is not there
            }
        }
    }
}
