package org.igtrace.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.igtrace.formats.Escape;
import org.igtrace.core.diagnostic.DiagnosticKind;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.predict.ModelRequest;
import org.igtrace.core.predict.PredictionRun;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.select.Selection;
import org.igtrace.core.topology.Placement;
import org.igtrace.core.topology.Topology;
import org.igtrace.core.topology.TopologySpec;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.formats.predict.PredictionWriter;
import org.igtrace.formats.predict.Sweep;
import org.igtrace.formats.simgrid.SimGridExport;
import org.igtrace.formats.stats.Summary;
import org.igtrace.reader.TraceFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code igtrace predict}: replays the trace on a model machine (definitions section 9). */
@Command(name = "predict", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Version.class,
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        descriptionHeading = "%n", header = "Predict the run time of the traced program on a model machine.",
        description = {
            "Replays the trace's MPI calls and compute bursts on a model machine and predicts its run time: "
                    + "messages cost latency + size / bandwidth (eager below the eager limit, rendezvous above), "
                    + "collectives a formula in the rounded-up log2 of their number of members, compute runs --cpu-ratio times faster. "
                    + "Network parameters not given are fitted to the trace's own messages (--network measured). "
                    + "A replay of 8 M MPI calls or more splits the processes among the -j threads when that makes 4 threads or more "
                    + "(at most 8, 4 processes or more each; the same numbers as on one); else it runs on one thread.",
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

    @Spec
    CommandSpec spec;

    @Mixin
    TraceArgument trace;

    @Option(names = "--cpu-ratio", paramLabel = "R", defaultValue = "1", converter = Units.Ratio.class,
            description = "Compute runs R times faster (default: ${DEFAULT-VALUE}).")
    double cpuRatio;

    @Option(names = "--topology", paramLabel = "TOPOLOGY", converter = TopologyOptions.SpecConverter.class,
            description = "With --hop-latency: the network whose routes add H per hop, written as for igtrace graph --topology "
                    + "(see Networks in igtrace help graph).")
    TopologySpec topology;

    @Option(names = "--placement", paramLabel = "FILE", description = "With --topology: the node of each rank (default: rank r on node r).")
    Path placement;
    private final PlacementFile.Once placementRead = new PlacementFile.Once();

    @Option(names = "--centre", paramLabel = "RANK",
            description = "With --topology star: the rank whose node is the centre (default: the rank with the most bytes).")
    Integer centre;

    @Option(names = "--network", paramLabel = "measured", converter = PredictValues.Measured.class,
            completionCandidates = FormatValues.Measured.class,
            description = "Fit L and B to the trace's messages whose transfer shows: the receive posted before the send, or rendezvous-sized and timed from the later post (the default for any of them not given).")
    String network;

    @Option(names = "--contention", paramLabel = "on|off", converter = PredictValues.OnOff.class,
            completionCandidates = FormatValues.OnOff.class,
            description = "Endpoint contention: transfers posted together by one process (a run of MPI_Isend calls, or of "
                    + "MPI_Irecv calls on the receiving side) share its bandwidth, n of them each costing L + n S / B "
                    + "(default: off).")
    String contention;

    @Option(names = "--sweep", paramLabel = "NAME=V1,V2,..", converter = PredictValues.SweepValues.class,
            description = "One prediction per value of latency, bandwidth or cpu-ratio, given as the name, an equals sign and the "
                    + "values separated by commas (see Examples); with an output file whose extension is svg, a line plot of them.")
    Sweep sweep;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = FormatValues.Predict.class,
            description = "text (a table), json, csv (one row per rank, or per sweep value), simgrid (with -o DIR: SimGrid's time-independent trace, one file per rank, with an index, a platform file, a hostfile and a script that replays it in SMPI). Without it the extension of the output file decides (json, csv), else text.")
    String format;

    @Option(names = "--clock-correction", paramLabel = "HOW",
            description = "offsets (the default: each process starts, and the measured run time is taken, on its clock corrected by "
                    + "the offset igtrace stats shows: definitions section 8) or none (the raw timestamps).")
    ClockCorrection clockCorrection;

    @Option(names = "--timing",
            description = "Also print on standard error how long reading (with the recording of the calls), matching, "
                    + "the calibration, the replays and the output took, and the CPU time of the read, the calibration and the rest.")
    boolean timing;

    @Mixin
    ReplayReading replayReading;

    @ParentCommand
    Invocation parent;

    @Override
    public Integer call() throws UsageError, Failure {
        PrintWriter err = parent.err();
        Path output = replayReading.common.output.output;
        boolean quiet = replayReading.common.output.quiet;
        replayReading.common.reading.check();
        ModelRequest request = request();
        PredictionWriter.Format format = format();
        if (format == PredictionWriter.Format.SIMGRID && output != null && output.endsWith(".")) { // -o DIR/: the directory
            output = output.getParent() == null ? output : output.getParent();
            replayReading.common.output.output = output;
        }
        if (format == PredictionWriter.Format.SIMGRID && output != null
                && output.toAbsolutePath().normalize().equals(Path.of("").toAbsolutePath().normalize())) {
            // -o . said "Invalid argument"; -o "$PWD/" replaced the (empty) working folder, the shell left in a deleted one
            throw new UsageError("-o " + output + " is the working folder, which --format simgrid would replace: give a folder"
                    + " inside it, e.g. -o simgrid");
        }
        Selection selection = replayReading.selection();
        if (format == PredictionWriter.Format.SIMGRID && output != null && output.toString().equals("-")) {
            // "-" is standard output for every other output; here it made a folder named "-"
            throw new UsageError("-o -: --format simgrid writes a directory, which standard output cannot hold: give a folder,"
                    + " e.g. -o simgrid");
        }
        if (format == PredictionWriter.Format.SIMGRID && output != null && Files.exists(output) && !Files.isDirectory(output)) {
            throw new Failure(output + ": exists and is not a directory (--format simgrid writes a directory)");
        }
        if (format == PredictionWriter.Format.SIMGRID && output != null && Files.isDirectory(output)) {
            // an empty folder is the export's to fill (OutputOptions refuses a folder as a file: "is a directory")
            boolean empty;
            try {
                empty = SimGridExport.isEmpty(output);
            } catch (java.io.IOException e) {
                throw new Failure(IoFailure.naming(output, e));
            }
            if (!empty) {
                throw new Failure(output + ": exists and is not an empty directory (--format simgrid writes a directory)");
            }
        } else {
            replayReading.common.output.check();
        }
        Plausible.warn(err, new Object[] {"--latency", request.latency(), "--hop-latency", request.hopLatency(), "--local-latency",
            request.localLatency()}, new Object[] {"--bandwidth", request.bandwidth(), "--local-bandwidth", request.localBandwidth()},
            this::typed);
        try (TemporaryStore store = replayReading.store()) {
            PredictTiming clock = new PredictTiming(timing);
            // the profile and the recording of what the window and region keep of every process: with --ranks every
            // process is still replayed, on clocks corrected by all messages (definitions section 11)
            TraceSession session = replayReading.open(parent, trace, clockCorrection == null ? ClockCorrection.OFFSETS : clockCorrection,
                    selection).beforeEvents(this::checkNetwork);
            // with a fitted network the wait analysis' matched messages give a first fit (PredictTaps)
            boolean tapFit = request.needsCalibration() && request.swept() == null;
            TraceSession.Subscription<PredictTaps> recorder = session.subscribe(d -> new PredictTaps(d, store, tapFit, request.eagerLimit()));
            Integer ended = session.start(); // a rank or region the trace does not have: a usage error, as the others
            if (ended != null) {
                return ended;
            }
            TraceFormat.Located located = session.located();
            TraceProfile profile = session.profile();
            RecordedRun run = recorder.get().recorded();
            if (run.replayedProcesses() == 0) {
                // nothing to replay gave "measured run time 0 s ... speedup NaN"
                err.println("igtrace predict: " + located.file() + ": nothing to replay: no thread of any process recorded a region"
                        + " (function) event");
                return 1;
            }
            clock.read();
            PredictionRun.Result result;
            try (WorkingLine line = WorkingLine.start(err, quiet, "replaying the run on the model")) {
                result = PredictionRun.run(request.withNetwork(network(profile, run.definitions())), profile, run, recorder.get().transfers(),
                        selection, replayReading.common.reading.threadCount(), clock);
            }
            if (!selection.isAll() && result.predictions().get(0).measuredRuntime() <= 0) {
                // a window before MPI_Init (vt-md-mpi-cuda --window 1s:3s: 7 us of rank 0's code) said "0 s, speedup 1.000"
                err.println("igtrace: " + located.file() + ": the selection (" + selection.words() + ") keeps no time to replay:"
                        + " what it keeps lies before MPI_Init or after MPI_Finalize, which the replay leaves out");
                return 1;
            }
            if (format == PredictionWriter.Format.SIMGRID) {
                try {
                    SimGridExport.write(output, result.replay(), result.model(), run.processCount(), run.definitions());
                } catch (IOException e) {
                    throw new Failure(output + ": " + e.getMessage());
                }
                String collectives = SimGridExport.collectivesNote(result.model());
                if (collectives != null && !quiet) {
                    err.println("igtrace predict: note: " + collectives);
                }
                String synchronous = SimGridExport.synchronousNote(run);
                if (synchronous != null && !quiet) {
                    err.println("igtrace predict: note: " + synchronous);
                }
                if ("on".equalsIgnoreCase(contention) && !quiet) { // the replay's approximation has no SimGrid form
                    err.println("igtrace predict: note: the SimGrid export has no endpoint contention (--contention on):"
                            + " SMPI runs the platform's links as they are");
                }
            }
            PredictionWriter out = new PredictionWriter(PathAliases.shown(located.file().toString()), result.fit(), result.collectiveFits(), sweep,
                    result.predictions(), run, result.efficiency()).withSelfPrediction(result.selfReplay(), result.gpu(),
                    result.recordingOff()).withOwnNodes(ownNodes(profile)).withRawClocks(clockCorrection == ClockCorrection.NONE);
            java.util.List<String> notes = new java.util.ArrayList<>();
            String thin = result.fit() == null ? null : PredictionSummary.thinFit(result.fit(), run.largestSize());
            if (thin != null) {
                notes.add(thin);
            }
            profile.diagnostics().stream().filter(d -> d.kind() == DiagnosticKind.NOTE).forEach(d -> notes.add(d.text()));
            out.withNotes(notes); // the JSON's notes hold what standard error says
            write(out, format, err);
            clock.written();
            // the self-prediction's warning is in the text on standard output too: on one terminal with it, said once
            boolean shown = replayReading.common.output.output == null && System.console() != null && StandardOutputWatch.isProcessStdout(parent.stdout());
            java.util.function.Predicate<String> said = l -> !(shown && l.startsWith("igtrace predict: warning: replayed on its own"));
            if (quiet) { // -q keeps errors and warnings (usage.md): the self-prediction's
                PredictionSummary.lines(out).stream().filter(l -> l.startsWith("igtrace predict: warning: ")).filter(said).forEach(err::println);
            } else {
                PredictionSummary.lines(out).stream().filter(said).forEach(err::println);
                WaitReport clocks = profile.waits();
                if (clocks != null && clocks.corrected() && Arrays.stream(clocks.offsets()).anyMatch(o -> o != 0)) {
                    // the replay starts each process where its corrected clock puts it, and T is measured on them
                    err.println("igtrace predict: " + Summary.clocks(clocks, profile::worldRank) + "; each process starts, and the measured run"
                            + " time is taken, on the corrected clocks");
                }
                // what the reader said about the trace (a location --skip-missing left out, threads folded, ...)
                profile.diagnostics().stream().filter(d -> d.kind() == DiagnosticKind.NOTE)
                        .forEach(d -> err.println("igtrace predict: note: " + Escape.line(d.text()))); // may quote a name: one line
            }
            if (timing) {
                err.println(PredictionSummary.recording(out.run()));
                err.println(clock.line(result.replay().idealReplayNanos()));
            }
            return 0;
        }
    }

    /** The model machine of the options, checked against each other (the network is added once the trace is read). */
    private ModelRequest request() throws UsageError {
        if (topology == null && placement != null) {
            throw new UsageError("--placement needs --topology");
        }
        TopologyOptions.checkCentre(topology, centre);
        if (topology == null && replayReading.network.topologyOnlyGiven()) {
            throw new UsageError("--hop-latency, --local-latency and --local-bandwidth need --topology (they were ignored without it)");
        }
        if (sweep != null && (sweep.parameter().equals(ModelRequest.LATENCY) && replayReading.network.latency != null
                || sweep.parameter().equals(ModelRequest.BANDWIDTH) && replayReading.network.bandwidth != null
                || sweep.parameter().equals(ModelRequest.CPU_RATIO) && cpuRatio != 1)) {
            throw new UsageError("--sweep " + sweep.parameter() + " and --" + sweep.parameter() + " both give it: give one of them");
        }
        return replayReading.network.request(cpuRatio, "on".equalsIgnoreCase(contention), sweep);
    }

    /** --format, or what the -o file's extension implies; checked against the extension, --sweep and -o. */
    private PredictionWriter.Format format() throws UsageError {
        Path output = replayReading.common.output.output;
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
        return f;
    }

    /** Without --format: json or csv when the -o file's extension says so, else text. */
    private PredictionWriter.Format implied() {
        String extension = replayReading.common.output.extension();
        return "json".equals(extension) ? PredictionWriter.Format.JSON
                : "csv".equals(extension) ? PredictionWriter.Format.CSV : PredictionWriter.Format.TEXT;
    }

    /**
     * The --placement file and --centre against the trace's processes, once its definitions are read and before any event
     * (a usage error, or a {@link Failure} for a placement file that cannot be read), as graph checks them.
     */
    private void checkNetwork(org.igtrace.core.trace.TraceDefinitions d) {
        if (topology == null) {
            return;
        }
        Placement where = placementRead.get(placement, d);
        String problem = topology.problemBefore(d.processCount(), where, TopologyOptions.centreProcess(centre, d), d::worldRank);
        if (problem != null) { // a node out of range in the --placement file is the file's fault: exit 1, as its other faults
            throw where.given() ? new Failure(problem) : new UsageError(problem);
        }
    }

    /** Whether the trace names a node for every process and no two share one (then no core was shared). */
    private static boolean ownNodes(TraceProfile profile) {
        java.util.Set<String> hosts = new java.util.HashSet<>();
        for (var p : profile.processes()) {
            if (p.host() == null || p.host().isBlank() || !hosts.add(p.host())) {
                return false;
            }
        }
        return hosts.size() > 1;
    }

    /** The --topology network with the --placement of the ranks and a star's --centre, or null without --topology. */
    private ReplayParameters.Network network(TraceProfile profile, org.igtrace.core.trace.TraceDefinitions definitions)
            throws UsageError, Failure {
        if (topology == null) {
            return null;
        }
        int n = profile.processes().size();
        Placement where = placement == null ? Placement.rankOrder(n) : placementRead.get(placement, definitions);
        Topology t;
        try {
            t = topology.build(InformationGraph.build(profile, EdgeWeight.AVG, Recalculation.PATH), where,
                    TopologyOptions.centreProcess(centre, definitions));
        } catch (IllegalArgumentException e) {
            throw new UsageError("--topology '" + TopologyOptions.name(topology) + "': " + e.getMessage());
        }
        String problem = where.problemWith(t, definitions::worldRank);
        if (problem != null) {
            throw new UsageError(problem);
        }
        return new ReplayParameters.Network(t, where);
    }

    private void write(PredictionWriter out, PredictionWriter.Format f, PrintWriter err) throws Failure, UsageError {
        Path output = replayReading.common.output.output;
        Writer stdout = parent.stdout();
        if (f == PredictionWriter.Format.SIMGRID) {
            Output.write((Path) null, stdout, w -> out.write(PredictionWriter.Format.TEXT, w));
            return;
        }
        boolean svg = output != null && output.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".svg");
        if (svg && out.sweep() == null) {
            throw new UsageError("-o " + output + ": an SVG plot needs --sweep");
        }
        if (output != null) {
            FormatChoice.warnUnclaimed(err, output, format != null, List.of("txt", "text", "json", "csv", "svg"),
                    svg ? "an SVG plot" : FormatChoice.name(f));
        }
        Output.write(output, stdout, w -> {
            if (svg) {
                out.writeSvg(w);
            } else {
                out.write(f, w);
            }
        });
        if (svg) {
            Output.write((Path) null, stdout, w -> out.write(f, w));
        }
    }

    /** @return the option's last value as the user typed it, or null when not given (the unit warning's hint) */
    private String typed(String name) {
        OptionSpec option = spec == null ? null : spec.findOption(name);
        List<String> texts = option == null ? List.of() : option.originalStringValues();
        return texts.isEmpty() ? null : texts.get(texts.size() - 1);
    }
}
