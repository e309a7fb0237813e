package org.igtrace.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.igtrace.core.replay.CollectiveCalibration;
import org.igtrace.core.replay.NetworkCalibration;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.util.Labels;
import org.igtrace.formats.predict.PredictionWriter;

/** What {@code igtrace predict} says on standard error beside its output: how the network was fitted, and the replay's notes. */
final class PredictionSummary {
    /** A run whose largest message is more than this many times the fit's largest earns a note. */
    static final double FAR_BEYOND_FIT = 16;

    private PredictionSummary() {
    }

    /** What the fit measured, a given value said as given: {@code network measured: L = .., B = ..}, {@code bandwidth measured: B = .. with L = .. given}. */
    private static String measured(NetworkCalibration.Fit fit) {
        String l = "L = " + Labels.seconds3(fit.latency()), b = "B = " + Labels.bandwidth(fit.bandwidth());
        return switch (fit.measured()) {
            case "bandwidth" -> "bandwidth measured: " + b + " with " + l + " given,";
            case "latency" -> "latency measured: " + l + " with " + b + " given,";
            default -> "network measured: " + l + ", " + b;
        };
    }

    /** The lines for standard error. */
    static List<String> lines(PredictionWriter out) {
        List<String> lines = new ArrayList<>();
        NetworkCalibration.Fit fit = out.fit();
        RecordedRun run = out.run();
        if (fit != null) {
            String swept = out.sweep() == null ? "" : out.sweep().parameter();
            String sweep = swept.equals("latency") ? "; the sweep's latencies replace L"
                    : swept.equals("bandwidth") ? "; the sweep's bandwidths replace B" : "";
            lines.add(fit.messages() == 0 ? "igtrace predict: network not measured: " + fit.how() + sweep
                    : "igtrace predict: " + measured(fit) + " from " + fit.how() + sweep);
            String thin = thinFit(fit, run.largestSize());
            if (thin != null) {
                lines.add("igtrace predict: note: " + thin);
            }
        }
        for (CollectiveCalibration.FamilyFit f : out.collectiveFits()) {
            lines.add("igtrace predict: collectives measured: " + f.family().words() + ": " + PredictionWriter.familyParameters(f)
                    + " from " + f.fit().how());
        }
        for (String note : out.predictions().get(0).notes()) {
            lines.add("igtrace predict: note: " + org.igtrace.formats.Escape.line(note)); // may quote a name
        }
        String self = out.selfPredictionWarning();
        if (self != null) {
            lines.add("igtrace predict: warning: " + self);
        }
        return lines;
    }

    /**
     * With {@code --timing}: the calls replayed, what their recording took, and what the replay's records put in the
     * temporary file. The file's bytes are not a share of the recording's: the same store holds the calls the network is
     * fitted to and the transfer times it is fitted from (everything spilled: more than the recording).
     */
    static String recording(RecordedRun run) {
        return String.format(Locale.ROOT, "igtrace predict: %d MPI calls replayed; the recorded activities took %d bytes (%s per call)%s",
                run.calls(), run.bytes(), Labels.fixed(run.calls() == 0 ? 0.0 : (double) run.bytes() / run.calls(), 1),
                run.spilledBytes() == 0 ? "" : "; the replay's records put " + run.spilledBytes() + " bytes in a temporary file");
    }

    /**
     * A note when the fitted network rests on few messages or is applied to messages far larger than
     * any it was fitted to (a bandwidth fitted to two messages of 64 and 256 B put 3.8 s of transfer
     * on 200 collectives of 332 kB each in vt-md-mpi-cuda, which ran 5.0 s in all: predicted 8.9 s);
     * else null.
     */
    static String thinFit(NetworkCalibration.Fit fit, long runLargest) {
        if (fit.messages() == 0) {
            return null;
        }
        boolean few = fit.messages() < PredictionWriter.FEW_FIT_MESSAGES;
        boolean beyond = fit.bandwidth() < Double.POSITIVE_INFINITY && runLargest > FAR_BEYOND_FIT * fit.largestSize();
        if (!few && !beyond) {
            return null;
        }
        String base = "the network was fitted to " + (few ? "only " : "") + fit.messages() + (fit.messages() == 1 ? " message" : " messages")
                + " of at most " + Math.round(fit.largestSize()) + " bytes";
        String far = beyond ? "; the run sends up to " + runLargest + " bytes in one message or collective contribution, "
                + "so the prediction extrapolates the fit far beyond what was measured" : "";
        return base + far + ": give --latency and --bandwidth of a network you know for a prediction that does not rest on it";
    }
}
