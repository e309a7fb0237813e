package org.igtrace.cli;

import java.util.Locale;

/**
 * predict's {@code --timing} line: the wall time of each phase, in the order they end. The ideal
 * replay is made with the calibration (then "calibration" is its time), beside a given network's
 * model, or, when neither made it (a sweep of a given network, --ranks), after the models: "ideal
 * wait" is that last part; "ideal replay" is the ideal replay's own duration when made alone or with
 * the calibration.
 */
final class PredictTiming implements org.igtrace.core.predict.PredictionRun.Phases {
    private final long start = System.nanoTime();
    private long read;
    private long matched;
    private long calibrated;
    private long replayed;
    private long idealKnown;
    private long written;

    void read() {
        read = System.nanoTime();
    }

    @Override
    public void matched() {
        matched = System.nanoTime();
    }

    @Override
    public void calibrated() {
        calibrated = System.nanoTime();
    }

    @Override
    public void replayed() {
        replayed = System.nanoTime();
    }

    @Override
    public void idealKnown() {
        idealKnown = System.nanoTime();
    }

    void written() {
        written = System.nanoTime();
    }

    /** {@code igtrace: timing: read 5.12 s, matching 0.05 s, calibration 0.00 s, replay 3.01 s, ideal wait 0.10 s (ideal replay 3.05 s), output 0.00 s}. */
    String line(long idealReplayNanos) {
        return String.format(Locale.ROOT, "igtrace: timing: read %.2f s, matching %.2f s, calibration %.2f s, replay %.2f s,"
                        + " ideal wait %.2f s (ideal replay %.2f s), output %.2f s, total %.2f s",
                s(read - start), s(matched - read), s(calibrated - matched), s(replayed - calibrated), s(idealKnown - replayed),
                s(idealReplayNanos), s(written - idealKnown), s(written - start));
    }

    private static double s(long nanos) {
        return Math.max(0, nanos) / 1e9;
    }
}
