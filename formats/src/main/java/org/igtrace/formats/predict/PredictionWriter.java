package org.igtrace.formats.predict;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.replay.CollectiveCalibration;
import org.igtrace.core.replay.CollectiveFamily;
import org.igtrace.core.replay.NetworkCalibration;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.util.Labels;
import org.igtrace.core.util.Numbers;
import org.igtrace.formats.EfficiencyText;
import org.igtrace.formats.Escape;

/**
 * What {@code igtrace predict} writes: a table, JSON, CSV, or a sweep's SVG plot, from the
 * predictions, the fits and the run's efficiency (the command adds its own lines on standard error).
 */
public final class PredictionWriter {
    /** The output formats; SimGrid's is the command's (a directory). */
    public enum Format {
        TEXT, JSON, CSV, SIMGRID;

        /** The format named {@code s} (any case), or null. */
        public static Format parse(String s) {
            for (Format f : values()) {
                if (f.name().equalsIgnoreCase(s == null ? "" : s.strip())) {
                    return f;
                }
            }
            return null;
        }
    }

    private final String source;
    private final NetworkCalibration.Fit fit;
    /** Each collective family's fit (empty: none made, or no collective instance). */
    private final List<CollectiveCalibration.FamilyFit> collectiveFits;
    private final Sweep sweep;
    private final List<Prediction> predictions;
    private final RecordedRun run;
    private final Efficiency efficiency;

    public PredictionWriter(String source, NetworkCalibration.Fit fit, List<CollectiveCalibration.FamilyFit> collectiveFits, Sweep sweep,
                     List<Prediction> predictions, RecordedRun run, Efficiency efficiency) {
        this.efficiency = efficiency;
        this.collectiveFits = collectiveFits;
        this.source = source;
        this.fit = fit;
        this.sweep = sweep;
        this.predictions = predictions;
        this.run = run;
    }

    /**
     * The world rank of process {@code process} (the rows' ranks are process numbers), the number every output names it
     * by: itself on every trace read whole ({@link org.igtrace.core.trace.TraceDefinitions#worldRank}).
     */
    private int worldRank(int process) {
        return run == null ? process : run.definitions().worldRank(process);
    }

    /** predicted / measured - 1 when the prediction is the trace replayed on its own fitted network, else NaN. */
    private double selfError = Double.NaN;
    /** Whether the reader left GPU streams out (a reason the self-prediction may miss). */
    private boolean gpuLeftOut;
    /** Whether recording was switched off somewhere (a reason the self-prediction may miss). */
    private boolean recordingOff;

    /** Marks the prediction as the self-prediction (the trace on its own fitted network) when {@code self}. */
    public PredictionWriter withSelfPrediction(boolean self, boolean gpu, boolean off) {
        Prediction first = predictions.get(0);
        this.selfError = self && first.measuredRuntime() > 0 ? first.predictedRuntime() / first.measuredRuntime() - 1 : Double.NaN;
        this.gpuLeftOut = gpu;
        this.recordingOff = off;
        return this;
    }

    /** Whether the clocks were taken as recorded ({@code --clock-correction none}): the first reason a self-prediction misses. */
    private boolean rawClocks;

    /**
     * Marks the clocks as taken as recorded (late-reduce-4 with {@code --clock-correction none}: rank 0's late start gone
     * from the replay, 109 ms for 310 ms, and the warning blamed time inside MPI calls).
     *
     * @param raw whether no clock correction was made
     * @return this
     */
    public PredictionWriter withRawClocks(boolean raw) {
        this.rawClocks = raw;
        return this;
    }

    /** Whether every process ran on a node of its own (so no core was shared: oversubscription is no reason). */
    private boolean ownNodes;

    /** Marks the processes as each on a node of its own (the trace's system tree says so). */
    public PredictionWriter withOwnNodes(boolean own) {
        this.ownNodes = own;
        return this;
    }

    /** Notes beside the replay's own in the JSON (what the reader left out, a fit on few messages). */
    private List<String> moreNotes = List.of();

    /**
     * This writer with {@code notes} after the replay's own in the JSON's {@code notes}: what standard error says
     * (GPU streams left out were on standard error only, a reason the self-prediction warning gives).
     *
     * @param notes the notes, in the order said
     * @return this
     */
    public PredictionWriter withNotes(List<String> notes) {
        this.moreNotes = List.copyOf(notes);
        return this;
    }

    /** A self-prediction that misses the measured run time by more than this share earns a warning. */
    public static final double SELF_PREDICTION_TOLERANCE = 0.10;

    /**
     * The warning when the self-prediction misses the measured run time by more than 10 %, with the
     * likely reasons (a Score-P CUDA run was predicted 23.1 s against 44.2 s measured, without a word); else null.
     */
    public String selfPredictionWarning() {
        // as printed, to 0.1 %: -0.100000000000001 (1.80 ms for 2.00 ms) is no miss of more than 10 %
        if (!(Math.round(Math.abs(selfError) * 1000) > Math.round(SELF_PREDICTION_TOLERANCE * 1000))) {
            return null;
        }
        List<String> reasons = new ArrayList<>();
        if (rawClocks) {
            reasons.add("the clocks were taken as recorded (--clock-correction none), so the replay starts and orders the processes by"
                    + " clocks that may disagree (a process that started late on corrected clocks can start with the others)");
        }
        if (fit.messages() > 0 && fit.messages() < FEW_FIT_MESSAGES) {
            reasons.add("the network was fitted to only " + Diagnostic.count(fit.messages(), "message", "messages"));
        }
        // time inside MPI calls the fitted network does not explain, in preference to the threads or GPU streams below (issue
        // 34 item 12); where recording was off, only when the off time leaves the prediction more than 10 % short and for
        // what it leaves (the off time can hide a partner's lateness: a process's MPI time counts beyond all of it);
        // not on nodes of their own without threads or GPU streams (that reason below names a call that cost more than the
        // model knows)
        boolean ownNodesReason = ownNodes && !efficiency.threaded() && !gpuLeftOut;
        Prediction first = predictions.get(0);
        String inMpi = null;
        if (recordingOff && selfError < 0) {
            OffTime off = OffTime.covered(run);
            double rest = first.measuredRuntime() - off.seconds();
            boolean explained = off.seconds() == 0 || !(first.predictedRuntime() < rest * (1 - SELF_PREDICTION_TOLERANCE));
            // explained by the union only (one process's longest would not): how much lies on the path the trace alone tells
            boolean surely = off.seconds() == 0
                    || !(first.predictedRuntime() < (first.measuredRuntime() - off.longest()) * (1 - SELF_PREDICTION_TOLERANCE));
            reasons.add("recording was switched off for a while (MeasurementOnOff): that time is in the measured run time, not in the"
                    + " replay" + (!explained ? String.format(Locale.ROOT, ", but some process had it off for only %s of the run, which"
                    + " leaves the prediction %s%% off",
                    Labels.seconds3(off.seconds()), Labels.signedFixed(100 * (first.predictedRuntime() / rest - 1), 1))
                    : surely ? "" : String.format(Locale.ROOT, ", as far as it lies on the critical path: some process had it off for %s"
                    + " of the run, none for more than %s (igtrace why gives the time off on the path; the rest would be time inside MPI"
                    + " calls or that the trace cannot show)", Labels.seconds3(off.seconds()), Labels.seconds3(off.longest()))));
            inMpi = explained || ownNodesReason ? null : MpiShortfall.reason(run, first, rest - first.predictedRuntime(), off.seconds());
        } else if (selfError < 0 && !ownNodesReason) {
            inMpi = MpiShortfall.reason(run, first);
        }
        if (inMpi != null) {
            reasons.add(inMpi);
        }
        if (inMpi == null && efficiency.threaded()) {
            reasons.add("the processes run several threads, of which the replay models the one that calls MPI (a parallel region on it"
                    + " replays as computing)");
        }
        if (inMpi == null && gpuLeftOut) {
            reasons.add("locations that are not CPU threads (GPU streams) were left out, and the time the processes waited for them"
                    + " replays as computing or not at all");
        }
        if (selfError > 0 && collectiveFits.stream().anyMatch(f -> f.family().synchronising())) {
            reasons.add("the model releases every member of a barrier, all-reduce or all-to-all collective at one time,"
                    + " where a real one lets early members run ahead");
        }
        if (reasons.isEmpty() && ownNodes) { // no core was shared: a cost the model lacks (issue 34 item 12)
            reasons.add((selfError < 0 ? "time the trace cannot show or the model lacks, such as a call whose one instance cost far more"
                    + " than the others (a first contact's connection set-up) or waiting outside MPI calls"
                    : "transfers the run overlapped with computing, which the fitted network charges in full")
                    + " (every process ran on a node of its own: no core was shared)");
        }
        if (reasons.isEmpty()) {
            reasons.add(selfError < 0
                    ? "time the trace cannot show, such as cores shared by several processes (oversubscription) or waiting outside MPI calls"
                    : "cores shared by several processes (oversubscription: time a process waited for a core replays as computing),"
                    + " or transfers the run overlapped with computing, which the fitted network charges in full");
        }
        return String.format(Locale.ROOT, "replayed on its own fitted network the trace is predicted %s, %s%% off its measured %s;"
                        + " the likely reason: %s. Predictions for other networks rest on the same replay",
                Labels.seconds3(predictions.get(0).predictedRuntime()), Labels.signedFixed(100 * selfError, 1), Labels.seconds3(predictions.get(0).measuredRuntime()),
                String.join("; ", reasons));
    }

    public Sweep sweep() {
        return sweep;
    }

    /** The fitted network, or null when none was fitted. */
    public NetworkCalibration.Fit fit() {
        return fit;
    }

    public List<CollectiveCalibration.FamilyFit> collectiveFits() {
        return collectiveFits;
    }

    public List<Prediction> predictions() {
        return predictions;
    }

    public RecordedRun run() {
        return run;
    }

    /** The table, JSON or CSV (SimGrid: the table). */
    public void write(Format format, Writer w) throws IOException {
        switch (format) {
            case JSON -> w.write(json());
            case CSV -> w.write(csv());
            default -> w.write(text());
        }
    }

    /** Fewer messages than this behind a fitted network earn a note. */
    public static final long FEW_FIT_MESSAGES = 10;
    /** {@code L_f = .., B_f = ..} of a family's fit (a barrier's L_f alone: it sends no bytes). */
    public static String familyParameters(CollectiveCalibration.FamilyFit f) {
        return "L_f = " + Labels.seconds3(f.fit().latency())
                + (f.family() == CollectiveFamily.BARRIER ? "" : ", B_f = " + Labels.bandwidth(f.fit().bandwidth()));
    }

    /**
     * Why the efficiency line's T (definitions section 10: the longest process's span) and the measured run time (section
     * 9: first replay start to last end) differ by more than 1 %, or null when they do not: a program of threads without
     * MPI replays one thread per process (the philosophers of vasily-pashkov/otf-vis: 64.0 s measured, T 66.0 s).
     */
    static String twoRunTimes(double measured, double t) {
        if (!(t > 0) || !(measured > 0) || Math.abs(measured - t) <= 0.01 * t) {
            return null;
        }
        return measured < t ? "T is longer than the measured run time: it counts what the replay leaves out, code before"
                + " MPI_Init or after MPI_Finalize and each process's threads besides the one replayed"
                : "the measured run time, first start to last end, is longer than T, the longest process's span: the"
                + " processes started or ended at different times, or recording was off";
    }

    private String text() {
        StringBuilder b = new StringBuilder();
        Prediction first = predictions.get(0);
        b.append("trace ").append(Escape.terminal(source)).append('\n'); // a path may hold any byte
        b.append("measured run time ").append(Labels.seconds3(first.measuredRuntime())).append('\n');
        if (sweep != null) {
            b.append(String.format(Locale.ROOT, "%-12s %14s %9s%n", sweep.parameter(), "predicted", "speedup"));
            for (int i = 0; i < predictions.size(); i++) {
                Prediction p = predictions.get(i);
                b.append(String.format(Locale.ROOT, "%-12s %14s %9s%n", sweep.labels().get(i), Labels.seconds3(p.predictedRuntime()),
                        Labels.fixed(p.speedup(), 3)));
            }
            b.append(parameters(first.parameters(), true)).append('\n');
            return b.toString();
        }
        b.append("predicted run time ").append(Labels.seconds3(first.predictedRuntime()))
                .append(String.format(Locale.ROOT, " (speedup %s)%n", Labels.fixed(first.speedup(), 3)));
        String self = selfPredictionWarning();
        if (self != null) {
            b.append("warning: ").append(self).append('\n');
        }
        b.append(parameters(first.parameters(), false)).append('\n');
        if (!collectiveFits.isEmpty()) {
            b.append("collectives (fitted per family):");
            for (int i = 0; i < collectiveFits.size(); i++) {
                CollectiveCalibration.FamilyFit f = collectiveFits.get(i);
                b.append(i == 0 ? " " : "; ").append(f.family().words()).append(' ').append(familyParameters(f))
                        .append(" (").append(f.instances()).append(f.instances() == 1 ? " instance" : " instances")
                        .append(f.tree() == null ? ")" : "; " + f.tree().words() + ")");
            }
            b.append('\n');
        }
        b.append(String.format(Locale.ROOT, "efficiency (T = max T_i = %s, T_ideal = %s): load balance %s, communication %s"
                        + " = serialisation %s x transfer %s, parallel %s%n", Labels.seconds3(efficiency.runtime()),
                Labels.seconds3(efficiency.idealRuntime()), Labels.fixed(efficiency.loadBalance(), 3),
                Labels.fixed(efficiency.communicationEfficiency(), 3), Labels.fixed(efficiency.serialisationEfficiency(), 3),
                Labels.fixed(efficiency.transferEfficiency(), 3), Labels.fixed(efficiency.parallelEfficiency(), 3)));
        if (efficiency.threaded()) {
            b.append("efficiency: ").append(EfficiencyText.hybrid(efficiency)).append('\n');
        }
        String twoRunTimes = twoRunTimes(first.measuredRuntime(), efficiency.runtime());
        if (twoRunTimes != null) {
            b.append(twoRunTimes).append('\n');
        }
        b.append(String.format(Locale.ROOT, "%6s %12s %12s %12s %12s%n", "rank", "predicted", "compute", "mpi", "wait"));
        for (Prediction.ProcessPrediction p : first.processes()) {
            b.append(String.format(Locale.ROOT, "%6d %12s %12s %12s %12s%n", worldRank(p.rank()), Labels.seconds3(p.predictedTime()),
                    Labels.seconds3(p.compute()), Labels.seconds3(p.mpi()), Labels.seconds3(p.waiting())));
        }
        return b.toString();
    }

    private String parameters(ReplayParameters p, boolean swept) {
        StringBuilder b = new StringBuilder("model: ");
        if (!swept || !sweep.parameter().equals("latency")) {
            b.append("latency ").append(Labels.seconds3(p.latency())).append(", ");
        }
        if (!swept || !sweep.parameter().equals("bandwidth")) {
            b.append("bandwidth ").append(Labels.bandwidth(p.bandwidth())).append(", ");
        }
        b.append("eager limit ").append(p.eagerLimit()).append(" bytes");
        if (p.sendOverhead() > 0) {
            b.append(", send overhead ").append(Labels.seconds3(p.sendOverhead())).append(" (the median eager MPI_Send)");
        }
        if (p.finalRelease() != null && p.finalRelease().largest() > 0) {
            b.append(", last collective's release spread up to ").append(Labels.seconds3(p.finalRelease().largest()))
                    .append(" (rank ").append(worldRank(p.finalRelease().rank())).append(", as measured)");
        }
        if (!swept || !sweep.parameter().equals("cpu-ratio")) {
            b.append(", cpu ratio ").append(Numbers.format(p.cpuRatio()));
        }
        if (p.network() != null) {
            b.append(", ").append(p.network().topology().name()).append(" with ").append(Labels.seconds3(p.hopLatency())).append(" per hop");
        }
        if (p.contention()) {
            b.append(", endpoint contention");
        }
        if (fit != null) {
            // a given latency or bandwidth holds in the fit, the other refitted with it (not the default's fit)
            String measured = fit.measured();
            b.append(" (").append(measured).append(fit.messages() == 0 ? " not measured: no message showed its transfer"
                    : " measured: " + Diagnostic.count(fit.messages(), "message", "messages"))
                    .append(measured.equals("bandwidth") ? ", with the latency given" : measured.equals("latency") ? ", with the bandwidth given" : "")
                    .append(')');
        }
        return b.toString();
    }

    /** JSON's {@code "final_release"} of the calibration ({@link org.igtrace.core.replay.FinalRelease}), or nothing: none fitted. */
    private String finalRelease(ReplayParameters p) {
        org.igtrace.core.replay.FinalRelease f = p.finalRelease();
        return f == null ? "" : ", \"final_release\": {\"largest\": " + number(f.largest()) + (f.rank() < 0 ? "" : ", \"rank\": " + worldRank(f.rank()))
                + ", \"processes\": " + f.processes() + "}";
    }

    /** A JSON number; an infinite one (a bandwidth) as the string "inf", NaN as null. */
    private static String number(double v) {
        return Double.isInfinite(v) ? "\"inf\"" : Double.isNaN(v) ? "null" : Numbers.format(v);
    }

    private String json() {
        Prediction first = predictions.get(0);
        StringBuilder b = new StringBuilder("{\n");
        b.append("  \"trace\": ").append(Escape.json(source)).append(",\n");
        b.append("  \"measured_runtime\": ").append(number(first.measuredRuntime())).append(",\n");
        if (sweep == null) {
            b.append("  \"predicted_runtime\": ").append(number(first.predictedRuntime())).append(",\n");
            b.append("  \"speedup\": ").append(number(first.speedup())).append(",\n");
            if (!Double.isNaN(selfError)) {
                b.append("  \"self_prediction_error\": ").append(number(selfError)).append(",\n");
            }
        }
        ReplayParameters p = first.parameters();
        // the swept parameter is null here (each point has its value), not the first point's value
        String swept = sweep == null ? "" : sweep.parameter();
        b.append("  \"latency\": ").append(swept.equals("latency") ? "null" : number(p.latency())).append(",\n");
        b.append("  \"bandwidth\": ").append(swept.equals("bandwidth") ? "null" : number(p.bandwidth())).append(",\n");
        b.append("  \"eager_limit\": ").append(p.eagerLimit()).append(",\n");
        b.append("  \"cpu_ratio\": ").append(swept.equals("cpu-ratio") ? "null" : number(p.cpuRatio())).append(",\n");
        b.append("  \"hop_latency\": ").append(number(p.hopLatency())).append(",\n");
        if (p.contention()) {
            b.append("  \"contention\": true,\n");
        }
        if (fit != null) {
            b.append("  \"calibration\": {\"latency\": ").append(number(fit.latency())).append(", \"bandwidth\": ")
                    .append(number(fit.bandwidth())).append(", \"messages\": ").append(fit.messages()).append(", \"sizes\": ")
                    .append(fit.sizes()).append(", \"largest_size\": ").append(Math.round(fit.largestSize()))
                    .append(", \"send_overhead\": ").append(number(p.sendOverhead())).append(finalRelease(p)).append(", \"how\": ").append(Escape.json(fit.how())).append("},\n");
        }
        if (!collectiveFits.isEmpty()) {
            b.append("  \"collective_calibration\": [\n");
            for (int i = 0; i < collectiveFits.size(); i++) {
                CollectiveCalibration.FamilyFit f = collectiveFits.get(i);
                b.append("    {\"family\": ").append(Escape.json(f.family().words())).append(", \"instances\": ").append(f.instances())
                        .append(", \"latency\": ").append(number(f.fit().latency())).append(", \"bandwidth\": ")
                        .append(f.family() == CollectiveFamily.BARRIER ? "null" : number(f.fit().bandwidth()))
                        .append(f.tree() == null ? "" : ", \"tree\": " + Escape.json(f.tree().shape().words()) + ", \"waits_for_children\": "
                                + f.tree().waits())
                        .append(", \"how\": ").append(Escape.json(f.fit().how())).append('}').append(i + 1 < collectiveFits.size() ? ",\n" : "\n");
            }
            b.append("  ],\n");
        }
        b.append("  \"efficiency\": {");
        int k = 0;
        for (var e : efficiency.graphAttributes().entrySet()) {
            b.append(k++ == 0 ? "" : ", ").append(Escape.json(e.getKey())).append(": ").append(number(e.getValue()));
        }
        b.append("},\n");
        b.append("  \"notes\": [");
        List<String> notes = new java.util.ArrayList<>(first.notes());
        notes.addAll(moreNotes);
        for (int i = 0; i < notes.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(Escape.json(notes.get(i)));
        }
        b.append("],\n");
        if (sweep != null) {
            b.append("  \"sweep\": {\"parameter\": ").append(Escape.json(sweep.parameter())).append(", \"points\": [\n");
            // each point with its own processes (a top-level list held the first point's rows only)
            for (int i = 0; i < predictions.size(); i++) {
                Prediction q = predictions.get(i);
                b.append("    {\"value\": ").append(number(sweep.values()[i])).append(", \"predicted_runtime\": ")
                        .append(number(q.predictedRuntime())).append(", \"speedup\": ").append(number(q.speedup()))
                        .append(", \"processes\": [\n");
                processes(b, q.processes(), "      ");
                b.append("    ]}").append(i + 1 < predictions.size() ? ",\n" : "\n");
            }
            b.append("  ]}\n}\n");
            return b.toString();
        }
        b.append("  \"processes\": [\n");
        processes(b, first.processes(), "    ");
        b.append("  ]\n}\n");
        return b.toString();
    }

    private void processes(StringBuilder b, List<Prediction.ProcessPrediction> rows, String indent) {
        for (int i = 0; i < rows.size(); i++) {
            Prediction.ProcessPrediction r = rows.get(i);
            b.append(indent).append("{\"rank\": ").append(worldRank(r.rank())).append(", \"predicted_time\": ").append(number(r.predictedTime()))
                    .append(", \"compute\": ").append(number(r.compute())).append(", \"mpi\": ").append(number(r.mpi()))
                    .append(", \"wait\": ").append(number(r.waiting())).append(", \"end\": ").append(number(r.end())).append('}')
                    .append(i + 1 < rows.size() ? ",\n" : "\n");
        }
    }

    private String csv() {
        StringBuilder b = new StringBuilder();
        if (sweep != null) {
            b.append(sweep.parameter()).append(",predicted_runtime,measured_runtime,speedup\n");
            for (int i = 0; i < predictions.size(); i++) {
                Prediction q = predictions.get(i);
                b.append(csvNumber(sweep.values()[i])).append(',').append(csvNumber(q.predictedRuntime())).append(',')
                        .append(csvNumber(q.measuredRuntime())).append(',').append(csvNumber(q.speedup())).append('\n');
            }
            return b.toString();
        }
        b.append("rank,predicted_time,compute,mpi,wait\n");
        for (Prediction.ProcessPrediction r : predictions.get(0).processes()) {
            b.append(worldRank(r.rank())).append(',').append(csvNumber(r.predictedTime())).append(',').append(csvNumber(r.compute())).append(',')
                    .append(csvNumber(r.mpi())).append(',').append(csvNumber(r.waiting())).append('\n');
        }
        return b.toString();
    }

    private static String csvNumber(double v) {
        return Double.isInfinite(v) ? "inf" : Numbers.format(v);
    }

    /** A line plot of predicted run time against the swept parameter (log x axis when values span over 10x). */
    public void writeSvg(Writer w) throws IOException {
        w.write(new SweepPlot(sweep.parameter(), sweep.values(), predictions.stream().mapToDouble(Prediction::predictedRuntime).toArray(),
                predictions.get(0).measuredRuntime(), source).svg());
    }
}
