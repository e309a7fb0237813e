package org.igtrace.core.predict;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.replay.CollectiveCalibration;
import org.igtrace.core.replay.FinalRelease;
import org.igtrace.core.replay.IdealTime;
import org.igtrace.core.replay.MatchedTransfers;
import org.igtrace.core.replay.NetworkCalibration;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.replay.SendOverhead;
import org.igtrace.core.replay.TraceReplay;
import org.igtrace.core.select.Selection;
import org.igtrace.core.util.Background;

/**
 * {@code igtrace predict}'s run (definitions sections 9 and 10): the calibration of the network not given, the
 * model, its replays (one per value of a sweep), the ideal network's replay and the efficiencies. Each replay splits
 * the processes among the threads asked for ({@link TraceReplay#withThreads}); with a given network one pass replays
 * the model and the ideal network at once; else the calibration is made in the ideal network's replay, one pass for
 * both, and the model, unless it is the ideal network, replayed after. With a first fit from the wait analysis'
 * matched messages ({@link MatchedTransfers}) the calibration, the ideal network and the model made with that fit
 * share one pass when the calibration confirms the fit.
 */
public final class PredictionRun {
    private PredictionRun() {
    }

    /** Where the run is, for {@code --timing}: each call says that phase ended. */
    public interface Phases {
        void matched();

        void calibrated();

        void replayed();

        void idealKnown();
    }

    /**
     * What the run gives.
     *
     * @param replay         the replay (for an export of the model)
     * @param model          the model before a sweep varies it
     * @param fit            the network fitted to the trace's messages, or null: L and B were given
     * @param collectiveFits each collective family's own fit (empty: none made)
     * @param predictions    one per model (of the sweep), with the selected ranks' rows only under a rank selection
     * @param efficiency     the efficiencies, with {@code T_ideal}
     * @param selfReplay     whether the model is the trace's own fitted network (no option changes the machine)
     * @param gpu            whether the trace holds GPU activity (the replay leaves it out)
     * @param recordingOff   whether recording was switched off somewhere (time the replay cannot show)
     */
    public record Result(TraceReplay replay, ReplayParameters model, NetworkCalibration.Fit fit,
                         List<CollectiveCalibration.FamilyFit> collectiveFits, List<Prediction> predictions, Efficiency efficiency,
                         boolean selfReplay, boolean gpu, boolean recordingOff) {
    }

    /**
     * @param request   the model machine asked for
     * @param profile   the read's profile (clock offsets, selected ranks, diagnostics)
     * @param run       the recorded calls
     * @param matched   the first fit's transfers (the wait analysis' matched messages), or null
     * @param selection the selection the trace was read with
     * @param threads   the threads a replay may use
     * @param phases    told as each phase ends
     */
    public static Result run(ModelRequest request, TraceProfile profile, RecordedRun run, MatchedTransfers matched, Selection selection,
                             int threads, Phases phases) {
        Double latency = request.latency(), bandwidth = request.bandwidth();
        TraceReplay replay = new TraceReplay(run, profile.waits() == null ? null : profile.waits().offsets()).withThreads(threads);
        phases.matched();
        boolean besideIdeal = latency != null && bandwidth != null && request.swept() == null && profile.selectedRanks() == null
                && request.eagerLimit() == ReplayParameters.ideal().eagerLimit();
        NetworkCalibration.Fit guess = matched == null ? null : matched.fit(latency, bandwidth);
        // the send overhead o is fitted with the network (definitions section 9); a given network has none
        // and so is the release spread of the run's last collectives (oversubscription at the run's end), and each
        // collective family's own L_f, B_f (a given L or B is every family's): with a first fit, all in one pass over
        // the calls; else the collectives in a pass of their own, on a core the calibration's replay leaves free
        TraceReplay.CallFits onePass = guess != null && request.needsCalibration()
                ? replay.fitCallsAndCollectives(request.eagerLimit(), latency, bandwidth) : null;
        Background<List<CollectiveCalibration.FamilyFit>> collectivePass = !request.needsCalibration() || onePass != null ? null
                : replay.calibrateCollectivesBeside(latency, bandwidth);
        SendOverhead.Fits callFits = onePass != null ? onePass.calls()
                : request.needsCalibration() ? replay.fitSendOverheadAndFinalRelease(request.eagerLimit()) : null;
        double o = callFits == null ? 0 : callFits.sendOverhead().seconds();
        FinalRelease last = callFits == null ? null : callFits.finalRelease();
        Prediction calibrated = null;
        NetworkCalibration.Fit fit;
        List<CollectiveCalibration.FamilyFit> collectiveFits;
        if (guess != null) {
            // one pass: the calibration checked against the guess, the ideal network and the model made with the guess
            collectiveFits = onePass != null ? onePass.collectives() : collectivePass.joined();
            calibrated = replay.predictCalibrated(request.model(guess, collectiveFits).withSendOverhead(o).withFinalRelease(last), guess, request.eagerLimit(), latency, bandwidth);
            fit = replay.calibration();
        } else {
            fit = !request.needsCalibration() ? null : replay.calibrateInIdealReplay(request.eagerLimit(), latency, bandwidth);
            collectiveFits = collectivePass == null ? List.of() : collectivePass.joined();
        }
        ReplayParameters base = request.model(fit, collectiveFits).withSendOverhead(o).withFinalRelease(last);
        phases.calibrated();
        List<Prediction> predictions = new ArrayList<>(calibrated != null ? List.of(calibrated)
                : besideIdeal ? List.of(replay.predictBesideIdeal(base)) : replay.predict(request.models(base), threads));
        phases.replayed();
        Efficiency efficiency = Efficiency.of(profile, IdealTime.of(profile, run, replay.predict(ReplayParameters.ideal())));
        phases.idealKnown();
        if (selection.ranks() != null) {
            predictions.replaceAll(p -> ofSelectedRanks(p, profile, selection));
        }
        boolean gpu = profile.diagnostics().stream().anyMatch(d -> d.text().contains("GPU"));
        boolean off = profile.diagnostics().stream().anyMatch(d -> d.text().startsWith(TraceAccumulator.RECORDING_OFF));
        return new Result(replay, base, fit, collectiveFits, predictions, efficiency, request.selfReplay(fit), gpu, off);
    }

    /**
     * The model {@code igtrace map} replays each placement on: the network given or fitted to the trace's messages (in the
     * ideal network's replay) and collectives, and when fitted, the send overhead and the last collectives' release spread,
     * as {@code predict}'s.
     */
    public static ReplayParameters fittedModel(ModelRequest request, TraceReplay replay) {
        boolean fitted = request.latency() == null || request.bandwidth() == null;
        NetworkCalibration.Fit fit = fitted ? replay.calibrateInIdealReplay(request.eagerLimit(), request.latency(), request.bandwidth()) : null;
        if (!request.needsCalibration()) {
            return request.model(fit, fitted ? replay.calibrateCollectives(request.latency(), request.bandwidth()) : List.of());
        }
        // as predict's model: the send overhead and the release spread of the run's last collectives are fitted with the
        // network (map's predicted times had left them out: jacobi-8 31.9 ms against predict's 46.5 ms on one placement),
        // with the collectives in one pass over the calls (none where the recording kept what these fits read), as predict
        // fits them: two passes over every call before
        TraceReplay.CallFits fits = replay.fitCallsAndCollectives(request.eagerLimit(), request.latency(), request.bandwidth());
        SendOverhead.Fits calls = fits.calls();
        return request.model(fit, fits.collectives()).withSendOverhead(calls.sendOverhead().seconds()).withFinalRelease(calls.finalRelease());
    }

    /** {@code p} with the rows of the selected ranks only and a note saying that every process was replayed. */
    private static Prediction ofSelectedRanks(Prediction p, TraceProfile profile, Selection selection) {
        List<String> notes = new ArrayList<>(p.notes());
        notes.add("every process was replayed (the selected ranks wait for their partners); the rows and the efficiency are those of "
                + selection.words() + ", the run times those of the whole replayed run");
        return new Prediction(p.measuredRuntime(), p.predictedRuntime(), p.parameters(),
                p.processes().stream().filter(r -> profile.selected(r.rank())).toList(), notes);
    }
}
