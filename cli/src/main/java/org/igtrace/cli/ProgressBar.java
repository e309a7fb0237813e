package org.igtrace.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.igtrace.core.util.Labels;
import org.igtrace.reader.ReadProgress;

/**
 * Counts what a read has done and draws a one-line progress bar on standard error for reads that take longer than a second: events (or
 * bytes) read of the total the trace announces. Drawn only when standard error is a terminal and
 * igtrace is not {@code --quiet}; redrawn at most ten times a second; erased when reading ends.
 */
final class ProgressBar implements ReadProgress {
    /** Reads shorter than this draw no bar; tests lower it with {@code -Digtrace.progress.delay=MILLIS}. */
    private static final long DELAY_NANOS = Long.getLong("igtrace.progress.delay", 1000) * 1_000_000L;
    private static final long REDRAW_NANOS = 100_000_000L;
    private static final int WIDTH = 30;

    private final PrintWriter err;
    private final boolean enabled;
    private final long started = System.nanoTime();
    private final AtomicLong done = new AtomicLong();
    private volatile long total;
    private volatile String unit = "events";
    // A read may pass over the events more than once (wait analysis): the bar shows the current
    // pass (done since passBase, under its own label), the timing line everything read.
    private volatile long passBase;
    private volatile String passLabel = "events";
    private boolean started0;
    private volatile int passes;
    private volatile long firstPass = -1;
    private long lastDrawn;
    private boolean drawn;
    /** When events were last counted (System.nanoTime), 0 before: what comes after is the joins of the wait analysis. */
    private volatile long lastAdvance;
    /** When the first pass over the events started (System.nanoTime), 0 before. */
    private volatile long firstStart;

    private ProgressBar(PrintWriter err, boolean enabled) {
        this.err = err;
        this.enabled = enabled;
    }

    /** A bar on {@code err}; it draws nothing when igtrace is quiet or standard error is not a terminal. */
    static ProgressBar on(PrintWriter err, boolean quiet) {
        return new ProgressBar(err instanceof TerminalErr t ? t.raw() : err, !quiet && stderrIsTerminal());
    }

    /** Whether file descriptor 2 is a terminal (Linux: /proc/self/fd/2 names a tty or pty). */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    @Override
    public void start(long total, String unit) {
        this.total = total;
        if (!started0) {
            started0 = true;
            this.unit = unit;
            firstStart = System.nanoTime();
        }
        this.passBase = done.get();
        this.passLabel = unit;
        if (passes == 1) {
            firstPass = passBase;
        }
        passes++;
    }

    @Override
    public void advance(long n) {
        long now = done.addAndGet(n);
        long t = System.nanoTime();
        lastAdvance = t;
        if (!enabled) {
            return;
        }
        if (t - started >= DELAY_NANOS && t - lastDrawn >= REDRAW_NANOS) {
            draw(now, t);
        }
    }

    private synchronized void draw(long now, long t) {
        if (t - lastDrawn < REDRAW_NANOS) {
            return;
        }
        lastDrawn = t;
        drawn = true;
        err.print("\r" + line(now - passBase, total, passLabel) + "\u001b[K");
        err.flush();
    }

    /** How many passes over the events the read made (1, or 2-3 with wait analysis). */
    int passes() {
        return Math.max(1, passes);
    }

    /** How much one pass read (the size of the trace), in {@link #unit()}s. */
    long perPass() {
        return firstPass >= 0 ? firstPass : done.get();
    }

    /** How much was read so far over all passes, in {@link #unit()}s. */
    long done() {
        return done.get();
    }

    /** When events were last counted ({@link System#nanoTime()}), or 0 if never. */
    long lastAdvance() {
        return lastAdvance;
    }

    /** When the first pass over the events started ({@link System#nanoTime()}), or 0 if never. */
    long firstStart() {
        return firstStart;
    }

    /** What the read is counted in: "events" or "bytes". */
    String unit() {
        return unit;
    }

    /** Erases the bar, if one was drawn. */
    synchronized void finish() {
        if (drawn) {
            err.print("\r\u001b[K");
            err.flush();
            drawn = false;
        }
    }

    /** The bar's text: {@code reading [#######.......]  47%  47.8 M of 101.6 M events}. */
    static String line(long done, long total, String unit) {
        if (total <= 0 || done > total) { // unknown, or announced wrongly (EZTrace 2.0 announces 2 per location)
            return "reading " + Labels.amount(done) + " " + unit;
        }
        double share = Math.min(1.0, (double) done / total);
        int filled = (int) Math.round(share * WIDTH);
        return "reading [" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] "
                + String.format(Locale.ROOT, "%3d%%", (int) Math.floor(share * 100)) + "  " + Labels.amount(done) + " of "
                + Labels.amount(total) + " " + unit;
    }
}
