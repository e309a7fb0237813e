package org.igtrace.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.replay.CollectiveCalibration;
import org.igtrace.core.replay.IdealTime;
import org.igtrace.core.replay.NetworkCalibration;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.replay.TraceReplay;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.core.topology.Placement;
import org.igtrace.core.topology.Topology;
import org.igtrace.core.select.Selection;
import org.igtrace.core.topology.TopologySpec;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.util.RecordBlocks;
import org.igtrace.formats.predict.PredictionWriter;
import org.igtrace.formats.predict.Sweep;
import org.igtrace.formats.simgrid.SimGridExport;
import org.igtrace.formats.stats.Summary;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.spill.TempFileRecordBlocks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code igtrace predict}: replays the trace on a model machine (definitions section 9). */
@Command(name = "predict", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Version.class,
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        descriptionHeading = "%n", header = "Predict the run time of the traced program on a model machine.",
        description = {
            "Replays the trace's MPI calls and compute bursts on a model machine and predicts its run time: "
                    + "messages cost latency + size / bandwidth (eager below the eager limit, rendezvous above), "
                    + "collectives a formula of log2 of their size, compute runs --cpu-ratio times faster. "
                    + "Network parameters not given are fitted to the trace's own messages (--network measured). "
                    + "A replay splits the processes among the -j threads (4 or more per thread; the same numbers as on one).",
            "",
            "--window and --region replay only that part of the run, as if the trace held only its events: the run "
                    + "starts at the window's start (or the first instance of the region), messages cut by a window end "
                    + "keep their calls' measured durations, and with --region the time between two instances is "
                    + "replayed as computing. --ranks still replays every process, because the selected ranks wait for "
                    + "their partners (dropping the others' messages would freeze those calls at their measured length "
                    + "whatever the network); it prints the rows of the selected ranks and their efficiency, while the "
                    + "run times, the speedup and a sweep stay those of the whole replayed run."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the prediction was written", "1:the trace or the output could not be handled (one line naming the file)",
            "2:usage error"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  igtrace predict run/traces.otf2",
            "  igtrace predict run/traces.otf2 --latency 5us --bandwidth 10GB/s -o p.json",
            "  igtrace predict run/traces.otf2 --sweep latency=1us,10us,100us -o sweep.svg",
            "  igtrace predict run/traces.otf2 --window 2s:3.5s --ranks 0-7"
        })
public final class PredictCommand implements Callable<Integer> {

    @Mixin
    TraceArgument trace;

    @Option(names = "--cpu-ratio", paramLabel = "R", defaultValue = "1",
            description = "Compute runs R times faster (default: ${DEFAULT-VALUE}).")
    String cpuRatio;

    @Option(names = "--topology", paramLabel = "TOPOLOGY",
            description = "With --hop-latency: the network whose routes add H per hop, written as for igtrace graph --topology "
                    + "(see Networks in igtrace help graph).")
    String topology;

    @Option(names = "--placement", paramLabel = "FILE", description = "With --topology: the node of each rank (default: rank r on node r).")
    Path placement;

    @Option(names = "--network", paramLabel = "measured",
            description = "Fit L and B to the trace's messages whose receive was posted before the send (the default for any of them not given).")
    String network;

    @Option(names = "--contention", paramLabel = "on|off",
            description = "Endpoint contention: transfers posted together by one process (a run of MPI_Isend calls, or of "
                    + "MPI_Irecv calls on the receiving side) share its bandwidth, n of them each costing L + n S / B "
                    + "(default: off).")
    String contention;

    @Option(names = "--sweep", paramLabel = "NAME=V1,V2,..",
            description = "One prediction per value of latency, bandwidth or cpu-ratio, given as the name, an equals sign and the "
                    + "values separated by commas (see Examples); with an output file whose extension is svg, a line plot of them.")
    String sweep;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = FormatValues.Predict.class,
            description = "text (a table), json, csv (one row per rank, or per sweep value), simgrid (with -o DIR: SimGrid's time-independent trace, one file per rank, with an index, a platform file, a hostfile and a script that replays it in SMPI). Without it the extension of the output file decides (json, csv), else text.")
    String format;

    @Option(names = "--clock-correction", paramLabel = "HOW",
            description = "offsets (the default: each process starts, and the measured run time is taken, on its clock corrected by "
                    + "the offset igtrace stats shows: definitions section 8) or none (the raw timestamps).")
    ClockCorrection clockCorrection;

    @Option(names = "--timing",
            description = "Also print on standard error how long reading (with the recording of the calls), matching, "
                    + "the calibration, the replays and the output took.")
    boolean timing;

    @Mixin
    NetworkOptions networkOptions = new NetworkOptions();

    @Mixin
    TraceOptions common;

    @ParentCommand
    Invocation parent;

    private PrintWriter err;
    private Writer stdout;
    private Path output;
    private boolean quiet;

    /** The parsed model parameters; null where the calibration fills in. */
    record Settings(Double latency, Double bandwidth, long eagerLimit, double cpuRatio, double hopLatency, Double localLatency,
                    Double localBandwidth, Sweep sweep, PredictionWriter.Format format, Selection selection) {
        /** Whether L or B is neither given nor swept, so that the network is fitted to the trace. */
        boolean needsCalibration() {
            String swept = sweep == null ? "" : sweep.parameter();
            return latency == null && !swept.equals("latency") || bandwidth == null && !swept.equals("bandwidth");
        }

        /** The latency or bandwidth of the model before a sweep varies it: given, fitted, or the sweep's first value. */
        double base(Double given, double fitted, String parameter) {
            return given != null ? given : sweep != null && sweep.parameter().equals(parameter) ? sweep.values()[0] : fitted;
        }
    }

    @Override
    public Integer call() throws UsageError, OutputError {
        stdout = parent.stdout();
        err = parent.err();
        output = common.output.output;
        quiet = common.output.quiet;
        common.reading.check();
        Settings settings = settings();
        common.output.check();
        Plausible.warn(err, new Object[] {"--latency", settings.latency(), "--hop-latency", settings.hopLatency(), "--local-latency",
            settings.localLatency()}, new Object[] {"--bandwidth", settings.bandwidth(), "--local-bandwidth", settings.localBandwidth()});
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(common.reading.tempDir, TempFileRecordBlocks.activityBudget(), "replay activities")) {
            PredictTiming clock = new PredictTiming();
            // the profile and the recording of what the window and region keep of every process: with --ranks every
            // process is still replayed, on clocks corrected by all messages (definitions section 11)
            TraceReading.Request options = TraceReading.options(common.reading, false,
                    clockCorrection == null ? ClockCorrection.OFFSETS : clockCorrection, false);
            TraceSession session = TraceSession.open(parent, trace.path(), options, settings.selection(), ProgressBar.on(err, quiet))
                    .everyRank();
            // with a fitted network the wait analysis' matched messages give a first fit (PredictTaps)
            boolean tapFit = settings.needsCalibration() && settings.sweep() == null;
            TraceSession.Subscription<PredictTaps> recorder = session.subscribe(d -> new PredictTaps(d, store, tapFit, settings.eagerLimit()));
            Integer ended = session.start(); // a rank or region the trace does not have: a usage error, as the others
            if (ended != null) {
                return ended;
            }
            TraceFormat.Located located = session.located();
            TraceProfile profile = session.profile();
            RecordedRun run = recorder.get().recorded();
            org.igtrace.core.replay.MatchedTransfers matched = recorder.get().transfers();
            if (run.replayedProcesses() == 0) {
                // nothing to replay gave "measured run time 0 s ... speedup NaN"
                err.println("igtrace predict: " + located.file() + ": nothing to replay: no thread of any process recorded a region"
                        + " (function) event");
                return 1;
            }
            clock.read();
            // each replay splits the processes among the threads the reading used (ReplayCrew); with a given network
            // one pass replays the model and the ideal network at once; else the calibration is made in the ideal
            // network's replay, one pass for both, and the model, unless it is the ideal network, replayed after
            TraceReplay replay = new TraceReplay(run, profile.waits() == null ? null : profile.waits().offsets())
                    .withThreads(common.reading.threadCount());
            clock.matched();
            boolean besideIdeal = settings.latency() != null && settings.bandwidth() != null
                    && settings.sweep() == null && profile.selectedRanks() == null && settings.eagerLimit() == ReplayParameters.ideal().eagerLimit();
            // each collective family's own L_f, B_f (definitions section 9); a given L or B is every family's: a pass
            // of its own, on a core the calibration's replay leaves free
            java.util.concurrent.FutureTask<List<CollectiveCalibration.FamilyFit>> collectivePass = !settings.needsCalibration() ? null
                    : replay.calibrateCollectivesBeside(settings.latency(), settings.bandwidth());
            NetworkCalibration.Fit guess = matched == null ? null : matched.fit(settings.latency(), settings.bandwidth());
            Prediction calibrated = null;
            NetworkCalibration.Fit fit;
            List<CollectiveCalibration.FamilyFit> collectiveFits;
            if (guess != null) {
                // one pass: the calibration checked against the guess, the ideal network and the model made with the guess
                collectiveFits = TraceReplay.joined(collectivePass);
                calibrated = replay.predictCalibrated(model(settings, guess, profile, collectiveFits), guess, settings.eagerLimit(),
                        settings.latency(), settings.bandwidth());
                fit = replay.calibration();
            } else {
                fit = !settings.needsCalibration() ? null
                        : replay.calibrateInIdealReplay(settings.eagerLimit(), settings.latency(), settings.bandwidth());
                collectiveFits = collectivePass == null ? List.of() : TraceReplay.joined(collectivePass);
            }
            ReplayParameters base = model(settings, fit, profile, collectiveFits);
            clock.calibrated();
            List<ReplayParameters> models = new ArrayList<>();
            if (settings.sweep() == null) {
                models.add(base);
            } else {
                for (double v : settings.sweep().values()) {
                    models.add(vary(base, settings.sweep().parameter(), v));
                }
            }
            List<Prediction> predictions = new ArrayList<>(calibrated != null ? List.of(calibrated)
                    : besideIdeal ? List.of(replay.predictBesideIdeal(base)) : replay.predict(models, common.reading.threadCount()));
            clock.replayed();
            if (settings.format() == PredictionWriter.Format.SIMGRID) {
                SimGridExport.write(output, replay, base, run.processCount());
            }
            Efficiency efficiency = Efficiency.of(profile, IdealTime.of(profile, run, replay.predict(ReplayParameters.ideal())));
            clock.idealKnown();
            if (settings.selection().ranks() != null) {
                predictions.replaceAll(p -> ofSelectedRanks(p, profile, settings.selection()));
            }
            // the prediction is the trace replayed on its own fitted network when no option changes the machine
            // (docs/predict.md, "Self-prediction"); otherwise that replay would cost one more pass, and none is made
            boolean selfReplay = fit != null && settings.latency() == null && settings.bandwidth() == null && settings.sweep() == null
                    && settings.cpuRatio() == 1 && settings.hopLatency() == 0 && topology == null && !"on".equalsIgnoreCase(contention);
            boolean gpu = profile.diagnostics().stream().anyMatch(d -> d.text().contains("GPU"));
            PredictionWriter out = new PredictionWriter(located.file().toString(), fit, collectiveFits, settings.sweep(), predictions, run, efficiency)
                    .withSelfPrediction(selfReplay, gpu);
            write(out, settings.format());
            clock.written();
            if (!quiet) {
                PredictionSummary.lines(out).forEach(err::println);
                WaitReport clocks = profile.waits();
                if (clocks != null && clocks.corrected() && Arrays.stream(clocks.offsets()).anyMatch(o -> o != 0)) {
                    // the replay starts each process where its corrected clock puts it, and T is measured on them
                    err.println("igtrace predict: " + Summary.clocks(clocks) + "; each process starts, and the measured run"
                            + " time is taken, on the corrected clocks");
                }
                // what the reader said about the trace (a location --skip-missing left out, threads folded, ...)
                profile.diagnostics().stream().filter(d -> d.kind() == org.igtrace.core.diagnostic.DiagnosticKind.NOTE)
                        .forEach(d -> err.println("igtrace predict: note: " + d.text()));
            }
            if (timing) {
                err.println(clock.line(replay.idealReplayNanos()));
            }
            return 0;
        } catch (TraceReadException | UncheckedIOException e) {
            err.println("igtrace: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            if (output == null && Output.isBrokenPipe(e)) {
                return 0; // the reader of standard output went away (| head): not an error
            }
            throw new OutputError((output == null ? "standard output" : output) + ": " + e.getMessage());
        }
    }


    /** {@code p} with the rows of the selected ranks only and a note saying that every process was replayed. */
    private static Prediction ofSelectedRanks(Prediction p, TraceProfile profile, Selection selection) {
        List<String> notes = new ArrayList<>(p.notes());
        notes.add("every process was replayed (the selected ranks wait for their partners); the rows and the efficiency are those of "
                + selection.words() + ", the run times those of the whole replayed run");
        return new Prediction(p.measuredRuntime(), p.predictedRuntime(), p.parameters(),
                p.processes().stream().filter(r -> profile.selected(r.rank())).toList(), notes);
    }

    private Settings settings() throws UsageError {
        NetworkOptions.Network n = networkOptions.network();
        double r = parse("--cpu-ratio", cpuRatio, Units::ratio, Units.RATIO_FORMS);
        if (contention != null && !contention.equalsIgnoreCase("on") && !contention.equalsIgnoreCase("off")) {
            throw new UsageError("--contention '" + contention + "': expected on or off");
        }
        if (network != null && !network.equalsIgnoreCase("measured")) {
            throw new UsageError("--network '" + network + "': expected measured (L and B fitted to the trace's own messages)");
        }
        if (topology == null && placement != null) {
            throw new UsageError("--placement needs --topology");
        }
        if (topology == null && networkOptions.topologyOnlyGiven()) {
            throw new UsageError("--hop-latency, --local-latency and --local-bandwidth need --topology (they were ignored without it)");
        }
        if (topology != null) {
            try {
                TopologySpec.parse(topology);
            } catch (IllegalArgumentException ex) {
                throw new UsageError("--topology '" + topology + "': " + ex.getMessage());
            }
        }
        PredictionWriter.Format f = format == null ? implied() : PredictionWriter.Format.parse(format);
        if (f == null) {
            throw new UsageError("--format '" + format + "': expected one of text, json, csv, simgrid");
        }
        PredictionWriter.Format byExtension = implied();
        if (format != null && byExtension != PredictionWriter.Format.TEXT && f != byExtension) {
            // csv went into p.json: the extension and --format must agree, as for the other commands
            throw new UsageError("--format " + format + " and -o " + output + " disagree: the extension says "
                    + byExtension.name().toLowerCase(Locale.ROOT));
        }
        if (f == PredictionWriter.Format.SIMGRID && (output == null || sweep != null)) {
            throw new UsageError("--format simgrid writes a directory: give -o DIR (and no --sweep)");
        }
        Sweep s = sweep == null ? null : sweep();
        if (s != null && (s.parameter().equals("latency") && n.latency() != null || s.parameter().equals("bandwidth") && n.bandwidth() != null
                || s.parameter().equals("cpu-ratio") && r != 1)) {
            throw new UsageError("--sweep " + s.parameter() + " and --" + s.parameter() + " both give it: give one of them");
        }
        Selection chosen;
        try {
            chosen = common.selection.selection();
        } catch (IllegalArgumentException ex) {
            throw new UsageError(ex.getMessage());
        }
        return new Settings(n.latency(), n.bandwidth(), n.eagerLimit(), r, n.hopLatency(), n.localLatency(), n.localBandwidth(), s, f,
                chosen);
    }

    /** Without --format: json or csv when the -o file's extension says so, else text. */
    private PredictionWriter.Format implied() {
        String extension = common.output.extension();
        return "json".equals(extension) ? PredictionWriter.Format.JSON
                : "csv".equals(extension) ? PredictionWriter.Format.CSV : PredictionWriter.Format.TEXT;
    }

    private Sweep sweep() throws UsageError {
        int eq = sweep.indexOf('=');
        String name = eq < 0 ? "" : sweep.substring(0, eq).strip().toLowerCase(Locale.ROOT);
        if (!name.equals("latency") && !name.equals("bandwidth") && !name.equals("cpu-ratio")) {
            throw new UsageError("--sweep '" + sweep + "': expected latency=V1,V2,..., bandwidth=V1,V2,... or cpu-ratio=V1,V2,...");
        }
        String[] parts = sweep.substring(eq + 1).split(",", -1); // -1: an empty last value is named, not dropped
        double[] values = new double[parts.length];
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].strip();
            labels.add(p);
            values[i] = switch (name) {
                case "latency" -> parse("--sweep latency", p, Units::time, Units.TIME_FORMS);
                case "bandwidth" -> parse("--sweep bandwidth", p, Units::bandwidth, Units.BANDWIDTH_FORMS);
                default -> parse("--sweep cpu-ratio", p, Units::ratio, Units.RATIO_FORMS);
            };
        }
        return new Sweep(name, labels, values);
    }

    private interface Parser {
        double parse(String text);
    }

    private static double parse(String option, String text, Parser parser, String forms) throws UsageError {
        try {
            return parser.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageError(option + " '" + text + "': expected " + forms);
        }
    }

    private ReplayParameters parameters(Settings s, NetworkCalibration.Fit fit, TraceProfile profile)
            throws UsageError, TraceReadException {
        double l = s.base(s.latency(), fit == null ? 0 : fit.latency(), "latency");
        double b = s.base(s.bandwidth(), fit == null ? 0 : fit.bandwidth(), "bandwidth");
        ReplayParameters.Network net = null;
        if (topology != null) {
            int n = profile.processes().size();
            Placement where = placement == null ? Placement.rankOrder(n) : PlacementFile.read(placement, n);
            Topology t;
            try {
                t = TopologySpec.parse(topology).build(InformationGraph.build(profile, EdgeWeight.AVG, Recalculation.PATH), where, null);
            } catch (IllegalArgumentException e) {
                throw new UsageError("--topology '" + topology + "': " + e.getMessage());
            }
            String problem = where.problemWith(t);
            if (problem != null) {
                throw new UsageError(problem);
            }
            net = new ReplayParameters.Network(t, where);
        }
        return new ReplayParameters(l, b, s.eagerLimit(), s.cpuRatio(), s.hopLatency(), net,
                s.localLatency() != null ? s.localLatency() : l, s.localBandwidth() != null ? s.localBandwidth() : b);
    }

    /** The model: the network given or fitted ({@code fit}), each collective family's fit, contention if asked. */
    private ReplayParameters model(Settings settings, NetworkCalibration.Fit fit, TraceProfile profile,
                                   List<CollectiveCalibration.FamilyFit> collectiveFits) throws UsageError, TraceReadException {
        ReplayParameters base = parameters(settings, fit, profile);
        if (!collectiveFits.isEmpty()) {
            base = base.withCollectives(CollectiveCalibration.network(collectiveFits));
        }
        return "on".equalsIgnoreCase(contention) ? base.withContention(true) : base;
    }

    private static ReplayParameters vary(ReplayParameters base, String parameter, double value) {
        return switch (parameter) {
            case "latency" -> base.withLatency(value);
            case "bandwidth" -> base.withBandwidth(value);
            default -> base.withCpuRatio(value);
        };
    }

    private void write(PredictionWriter out, PredictionWriter.Format f) throws IOException, UsageError {
        if (f == PredictionWriter.Format.SIMGRID) {
            StringWriter text = new StringWriter();
            out.write(PredictionWriter.Format.TEXT, text);
            stdout.write(text.toString());
            stdout.flush();
            return;
        }
        boolean svg = output != null && output.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".svg");
        if (svg && out.sweep() == null) {
            throw new UsageError("-o " + output + ": an SVG plot needs --sweep");
        }
        if (output != null) {
            FormatChoice.noteUnclaimed(err, output, format != null, java.util.List.of("txt", "text", "json", "csv", "svg"),
                    svg ? "an SVG plot" : FormatChoice.name(f));
            AtomicOutput.write(output, w -> {
                if (svg) {
                    out.writeSvg(w);
                } else {
                    out.write(f, w);
                }
            });
            if (svg) {
                StringWriter table = new StringWriter();
                out.write(f, table);
                stdout.write(table.toString());
                stdout.flush();
            }
        } else {
            StringWriter text = new StringWriter();
            out.write(f, text);
            stdout.write(text.toString());
            stdout.flush();
        }
    }


}
