package org.igtrace.cli;

import java.io.PrintWriter;

/**
 * What a command does after its read, shown on a terminal: one line naming the work and the seconds it has taken so far
 * ({@code the critical path and the causes of the waiting ... 12 s}), drawn once the work has taken as long as the progress bar
 * waits before it draws (a second; {@code -Digtrace.progress.delay=MILLIS}), redrawn every second by a thread of its own,
 * and erased when the work ends ({@link #close}), before the command writes anything else. Without it the read's bar was
 * erased and nothing was said while `why` sorted and replayed 3.5 M waits (10 s at 10^8 events, 170 s at 10^9). Nothing
 * is drawn when igtrace is quiet or standard error is not a terminal, as for the bar.
 */
final class WorkingLine implements AutoCloseable {
    private static final long DELAY_MILLIS = Long.getLong("igtrace.progress.delay", 1000);

    private final PrintWriter err;
    private final String what;
    private final long started = System.nanoTime();
    private final Thread thread;
    private boolean ended;
    private boolean drawn;

    private WorkingLine(PrintWriter err, String what, boolean enabled) {
        this.err = err;
        this.what = what;
        if (enabled && DELAY_MILLIS <= 0) { // drawn at once (the tests' delay of 0: work of a few milliseconds shows it)
            draw();
        }
        if (enabled) {
            thread = new Thread(this::redraw, "igtrace-working-line");
            thread.setDaemon(true);
            thread.start();
        } else {
            thread = null;
        }
    }

    /**
     * The line for the work {@code what} (igtrace's own words, no name from a trace: the line is not escaped), on {@code err}.
     *
     * @param err   standard error
     * @param quiet whether igtrace is quiet (then nothing is drawn)
     * @param what  the command and what it does
     * @return the line, to be closed when the work ends
     */
    static WorkingLine start(PrintWriter err, boolean quiet, String what) {
        return new WorkingLine(err instanceof TerminalErr t ? t.raw() : err, what, !quiet && ProgressBar.stderrIsTerminal());
    }

    /**
     * The line's text after {@code seconds}: {@code the critical path and the causes of the waiting ... 12 s}, its words cut
     * to fit 79 columns (a longer line wraps on an 80-column terminal, and the carriage return that redraws it goes back to
     * its last row only).
     */
    static String text(String what, long seconds) {
        String time = " ... " + seconds + " s";
        int room = COLUMNS - time.length();
        return (what.length() <= room ? what : what.substring(0, Math.max(0, room - 3)) + "...") + time;
    }

    /** The columns a line may take: one less than a terminal of 80. */
    static final int COLUMNS = 79;

    private void redraw() {
        long wait = DELAY_MILLIS;
        while (true) {
            synchronized (this) {
                long until = System.nanoTime() + wait * 1_000_000L;
                for (long left = wait; !ended && left > 0; left = (until - System.nanoTime()) / 1_000_000L) {
                    try {
                        wait(left);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (ended) {
                    return;
                }
                draw();
            }
            wait = 1000;
        }
    }

    private synchronized void draw() {
        drawn = true;
        err.print("\r" + text(what, (System.nanoTime() - started) / 1_000_000_000L) + "\u001b[K");
        err.flush();
    }

    /** Ends the work: the line is erased if it was drawn, and no more is drawn. */
    @Override
    public synchronized void close() {
        ended = true;
        notifyAll();
        if (drawn) {
            err.print("\r\u001b[K");
            err.flush();
            drawn = false;
        }
    }
}
