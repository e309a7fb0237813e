package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.FutureTask;
import org.igtrace.core.replay.CollectiveCalibration;
import org.igtrace.core.replay.ComputeScaling;
import org.igtrace.core.replay.NetworkCalibration;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.replay.TraceReplay;

/**
 * The replays of {@code igtrace why} (definitions section 14): the unchanged run and the what-ifs, on the run's own fitted
 * network and collectives (section 9), the network calibrated in the unchanged run's replay.
 *
 * <p>The network is fitted as {@link TraceReplay#calibrate(long, Double, Double)} fits it, but without a pass of its
 * own when a first fit is given ({@code guess}: the wait analysis' matched messages, {@link
 * org.igtrace.core.replay.MatchedTransfers}): the replays are made on the model of the guess, the unchanged run's collecting
 * the calibration's transfer times ({@link TraceReplay#predictScaledCalibrated}), and their numbers stand when the fit of
 * those times is the guess; otherwise the network is fitted by a pass of its own and the replays made again on its model
 * (the numbers are then those a replay without a guess gives).
 *
 * <p>When the caller knows the replays' model before the causes ({@link #replayBeside}: a run read with threads), the
 * collectives' fit, the model and the unchanged run's replay (with the calibration) run on a thread of its own while the
 * caller finds the causes, and the what-ifs, once known, in a pass of their own on the guess's model (made again only
 * when the calibration rejects the guess): what runs beside the causes is never lost to a what-if. Otherwise (none with
 * {@code -j 1}) the thread that first asks for the replays makes the model and replays the unchanged run and the
 * what-ifs in one pass, and nothing at all when none is asked for.
 */
public final class WhatIfReplays implements Why.Replays {
    private final TraceReplay replay;
    private final NetworkCalibration.Fit guess;
    private final FutureTask<ReplayParameters> model;
    /** The unchanged run's replay and the model it stands on (the guess's, or the fitted one's when the guess was rejected). */
    private final FutureTask<Unchanged> unchanged;
    /** Each collective family's fit (made with the model). */
    private List<CollectiveCalibration.FamilyFit> collectives;
    /** Whether {@link #replayBeside} started the unchanged run's thread. */
    private boolean started;

    private record Unchanged(ReplayParameters model, Prediction prediction) {
    }

    /**
     * @param replay the recorded run's replay
     * @param guess  the first fit of the network (null: none, the network is fitted by a pass of its own)
     */
    public WhatIfReplays(TraceReplay replay, NetworkCalibration.Fit guess) {
        this.replay = replay;
        this.guess = guess;
        this.model = new FutureTask<>(() -> {
            collectives = replay.calibrateCollectives(null, null);
            return guess == null ? exactModel() : model(guess);
        });
        this.unchanged = new FutureTask<>(this::replayUnchanged);
    }

    /** Starts the model and the unchanged run's replay (with the calibration) on a thread of its own (once). */
    @Override
    public void replayBeside() {
        if (started) {
            return;
        }
        started = true;
        Thread t = new Thread(unchanged, "igtrace-unchanged");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The predictions of the unchanged run (first) and of each of {@code changing} (what-ifs that change a burst), in their
     * order: the unchanged run's as {@link #replayBeside} made it, if it did, and the what-ifs in a pass of their own;
     * else all in one pass when they can share it. Each as a replay of its own gives it.
     */
    @Override
    public List<Prediction> predict(List<ComputeScaling> changing) {
        if (!started) {
            return predictInOnePass(changing);
        }
        List<Prediction> out = new ArrayList<>();
        if (changing.isEmpty()) {
            out.add(TraceReplay.joined(unchanged).prediction());
            return out;
        }
        ReplayParameters m = TraceReplay.joined(model);
        List<Prediction> whatIfs = predictScaled(m, changing); // on the guess's model, while the unchanged run may still be replayed
        Unchanged u = TraceReplay.joined(unchanged);
        if (u.model() != m) { // the calibration rejected the guess: the what-ifs on the fitted network
            whatIfs = predictScaled(u.model(), changing);
        }
        out.add(u.prediction());
        out.addAll(whatIfs);
        return out;
    }

    /** The unchanged run's replay, the network calibrated in it when there is a guess (see the class). */
    private Unchanged replayUnchanged() {
        ReplayParameters m = TraceReplay.joined(model);
        List<ComputeScaling> none = Collections.singletonList(null);
        if (guess != null) {
            List<Prediction> p = replay.predictScaledCalibrated(m, guess, none);
            if (p != null) {
                return new Unchanged(m, p.get(0));
            }
            m = exactModel();
        }
        return new Unchanged(m, predictScaled(m, none).get(0));
    }

    /** The unchanged run and {@code changing}, in one pass when they can share it. */
    private List<Prediction> predictInOnePass(List<ComputeScaling> changing) {
        List<ComputeScaling> all = new ArrayList<>();
        all.add(null);
        all.addAll(changing);
        ReplayParameters m = TraceReplay.joined(model); // made here if no thread took it
        if (guess == null) {
            return predictScaled(m, all);
        }
        List<Prediction> out = replay.predictScaledCalibrated(m, guess, all);
        return out != null ? out : predictScaled(exactModel(), all); // the guess was not the fit
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
        ReplayParameters m = ReplayParameters.flat(fit.latency(), fit.bandwidth(), ReplayParameters.DEFAULT_EAGER_LIMIT, 1);
        return collectives.isEmpty() ? m : m.withCollectives(CollectiveCalibration.network(collectives));
    }
}
