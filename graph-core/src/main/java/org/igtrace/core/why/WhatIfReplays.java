package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.replay.CollectiveCalibration;
import org.igtrace.core.replay.ComputeScaling;
import org.igtrace.core.replay.NetworkCalibration;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.replay.TraceReplay;
import org.igtrace.core.util.Background;

/**
 * The replays of {@code igtrace why} (definitions section 14): the unchanged run and the what-ifs, on the run's own fitted
 * network, collectives, send overhead and release spread of the last collectives (section 9, as {@code predict} fits them),
 * in one pass over the recorded calls that also calibrates the network.
 *
 * <p>The network is fitted as {@link TraceReplay#calibrate(long, Double, Double)} fits it, but without a pass of its
 * own when a first fit is given ({@code guess}: the wait analysis' matched messages, {@link
 * org.igtrace.core.replay.MatchedTransfers}): the replays are made on the model of the guess and collect the calibration's
 * transfer times ({@link TraceReplay#predictScaledCalibrated}), and their numbers stand when the fit of those times is
 * the guess; otherwise the network is fitted by a pass of its own and the replays made again on its model (the numbers
 * are then those a replay without a guess gives). The collectives are fitted, and the model made, on a thread of its own
 * (none with {@code -j 1}) while the caller finds the causes, when the caller may replay ({@link #calibrateBeside});
 * otherwise by the thread that first asks for the replays, and not at all when none is asked for.
 */
public final class WhatIfReplays implements Why.Replays {
    private final TraceReplay replay;
    /** The first fit of the network, found with the model (null: none); read once the model is joined. */
    private NetworkCalibration.Fit guess;
    private final Background<ReplayParameters> model;
    /** Each collective family's fit (made with the model). */
    private List<CollectiveCalibration.FamilyFit> collectives;
    /** The send overhead and the release spread of the run's last collectives, fitted in the collectives' pass. */
    private org.igtrace.core.replay.SendOverhead.Fits calls;
    /** Whether {@link #calibrateBeside} started the model's thread. */
    private boolean started;

    /**
     * @param replay the recorded run's replay
     * @param guess  the first fit of the network (null: none, the network is fitted by a pass of its own)
     */
    public WhatIfReplays(TraceReplay replay, NetworkCalibration.Fit guess) {
        this(replay, () -> guess);
    }

    /**
     * As above, the first fit found by {@code guess} (it may give null) with the model: on the model's thread when it has
     * one (the fit of the wait analysis' matched messages adds up every join thread's times and sorts them for its
     * medians, 0.2-0.3 s of the caller's time on 3.5 M messages).
     *
     * @param replay the recorded run's replay
     * @param guess  gives the first fit of the network, or null when there is none (not null itself)
     */
    public WhatIfReplays(TraceReplay replay, java.util.function.Supplier<NetworkCalibration.Fit> guess) {
        this.replay = replay;
        this.model = Background.of(() -> {
            this.guess = guess.get();
            // as predict's fitted model: the send overhead and the release spread too, in the collectives' pass (without
            // them jacobi-8's unchanged run replayed in 31.9 ms against 47.5 ms measured, predict's 46.5 ms)
            TraceReplay.CallFits fits = replay.fitCallsAndCollectives(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null);
            collectives = fits.collectives();
            calls = fits.calls();
            return this.guess == null ? exactModel() : model(this.guess);
        });
    }

    @Override
    public long calls() {
        return replay.calls();
    }

    /** Starts fitting the collectives and making the model on a thread of its own (once). */
    @Override
    public synchronized void calibrateBeside() {
        if (started) {
            return;
        }
        started = true;
        model.startOn("igtrace-calibration");
    }

    /**
     * The predictions of the unchanged run (first) and of each of {@code changing} (what-ifs that change a burst), in their
     * order: in one pass when they can share it, each as a replay of its own gives it.
     */
    @Override
    public List<Prediction> predict(List<ComputeScaling> changing) {
        List<ComputeScaling> all = withUnchanged(changing);
        ReplayParameters m = model.joined(); // made here if no thread took it
        if (guess == null) {
            return predictScaled(m, all);
        }
        List<Prediction> out = replay.predictScaledCalibrated(m, guess, all);
        return out != null ? out : predictScaled(exactModel(), all); // the guess was not the fit
    }

    /**
     * As {@link #predict(List)}, for a replay made ahead: only the one pass that calibrates the network on the guess's
     * model, ended early when {@code cancelled} says true meanwhile; null when that pass cannot give the numbers (no
     * guess, the guess not the fit, or the models would let different calls through a cycle), none of the passes of its
     * own {@link #predict(List)} would make then.
     */
    @Override
    public List<Prediction> predictAhead(List<ComputeScaling> changing, java.util.function.BooleanSupplier cancelled) {
        ReplayParameters m = model.joined();
        if (guess == null || cancelled.getAsBoolean()) {
            return null;
        }
        return replay.predictScaledCalibrated(m, guess, withUnchanged(changing), cancelled);
    }

    private static List<ComputeScaling> withUnchanged(List<ComputeScaling> changing) {
        List<ComputeScaling> all = new ArrayList<>();
        all.add(null);
        all.addAll(changing);
        return all;
    }

    private List<Prediction> predictScaled(ReplayParameters m, List<ComputeScaling> scalings) {
        return scalings.size() == 1 ? List.of(replay.predict(m, scalings.get(0))) : replay.predictScaled(m, scalings);
    }

    /** The model of the network fitted by a pass of its own. */
    private ReplayParameters exactModel() {
        return model(replay.calibrate(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null));
    }

    /** The run's own network fitted as {@code fit} (definitions section 9) with each collective family's fit. */
    private ReplayParameters model(NetworkCalibration.Fit fit) {
        ReplayParameters m = ReplayParameters.flat(fit.latency(), fit.bandwidth(), ReplayParameters.DEFAULT_EAGER_LIMIT, 1)
                .withSendOverhead(calls.sendOverhead().seconds()).withFinalRelease(calls.finalRelease());
        return collectives.isEmpty() ? m : m.withCollectives(CollectiveCalibration.network(collectives));
    }
}
