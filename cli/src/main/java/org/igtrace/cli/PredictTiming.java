package org.igtrace.cli;

import org.igtrace.core.util.Labels;

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
        return "igtrace: timing: read " + s(read - start) + " s, matching " + s(matched - read) + " s, calibration " + s(calibrated - matched)
                + " s, replay " + s(replayed - calibrated) + " s, ideal wait " + s(idealKnown - replayed) + " s (ideal replay " + s(idealReplayNanos)
                + " s), output " + s(written - idealKnown) + " s, total " + s(written - start) + " s";
    }

    /** Seconds to 2 decimals. */
    private static String s(long nanos) {
        return Labels.fixed(Math.max(0, nanos) / 1e9, 2);
    }
}
