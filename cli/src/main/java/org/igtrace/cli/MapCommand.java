package org.igtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.mapping.PlacementSearch;
import org.igtrace.core.mapping.RankGraph;
import org.igtrace.core.predict.ModelRequest;
import org.igtrace.core.predict.PredictionRun;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.replay.ActivityRecorder;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.replay.TraceReplay;
import org.igtrace.core.select.Selection;
import org.igtrace.core.topology.Placement;
import org.igtrace.core.topology.ProjectedTopology;
import org.igtrace.core.topology.Topology;
import org.igtrace.core.topology.TopologyProjection;
import org.igtrace.core.topology.TopologySpec;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.why.Why;
import org.igtrace.formats.Escape;
import org.igtrace.formats.map.MapOutput;
import org.igtrace.formats.simgrid.SimGridExport;
import org.igtrace.formats.LauncherFiles;
import org.igtrace.formats.stats.Summary;
import org.igtrace.reader.TraceFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code igtrace map}: proposes where each rank runs, writes it for a launcher and shows the gain (definitions section 13). */
@Command(name = "map", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Version.class,
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        descriptionHeading = "%n", header = "Propose where each rank runs on a machine, and show the gain.",
        description = {
            "Places the trace's ranks on the nodes of --topology (--slots ranks a node) so that few bytes travel far: "
                    + "the objective is hop-bytes (bytes x hops summed over pairs of ranks; 0 within a node), then the "
                    + "largest link load. The proposal is the best of rank order, recursive bisection of the graph onto "
                    + "the machine's halves, greedy grouping (with --slots above 1) and Scotch's mapping (when scotch_gmap "
                    + "is installed), the best two improved by simulated annealing and swaps; it is never worse than "
                    + "rank order or Scotch. The gain is shown as hop-bytes, largest link load and the run time predicted "
                    + "as igtrace predict --topology --placement predicts it (give --hop-latency for the hops to cost).",
            "",
            "--format placement, rankfile, mpich or slurm writes the proposed placement for igtrace predict --placement, "
                    + "Open MPI's mpirun --rankfile, Cray MPICH's MPICH_RANK_ORDER or Slurm's SLURM_HOSTFILE; json and text "
                    + "(the default) compare the placements. When --skip-missing analysed processes apart from their world "
                    + "ranks (others left out between them), rankfile, mpich and slurm are refused: a launcher file must place "
                    + "every rank of the run; placement writes the processes analysed, in ascending world rank, and names them."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the placement was written", "1:the trace or the output could not be handled (one line naming the file)",
            "2:usage error (also: a machine too small for the ranks, a hosts file that does not fit it)"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  igtrace map run/traces.otf2 --topology torus:4x4x4",
            "  igtrace map run/traces.otf2 --topology torus:4x4x2 --slots 2",
            "  igtrace map run/traces.otf2 --topology torus:4x4x4 --hop-latency 100ns",
            "  igtrace map run/traces.otf2 --topology mesh:8x8 --hosts hosts.txt \\",
            "      --format rankfile -o app.rankfile"
        })
public final class MapCommand implements Callable<Integer> {

    @Mixin
    TraceArgument trace;

    @Option(names = "--topology", paramLabel = "NETWORK", required = true, converter = TopologyOptions.MachineConverter.class,
            description = "The machine, written as for igtrace graph --topology (see Networks in igtrace help graph): a ring, star, bus, mesh or torus.")
    TopologySpec topology;

    @Option(names = "--slots", paramLabel = "K",
            description = "Ranks a node holds (default: the hosts file's slots=, else 1).")
    Integer slots;

    @Option(names = "--cpus-per-rank", paramLabel = "C",
            description = "CPUs the rankfile binds each rank to, its threads (default: the most threads a process of the trace ran).")
    Integer cpusPerRank;

    @Option(names = "--hosts", paramLabel = "FILE",
            description = "The nodes' host names in node order, an Open MPI hostfile ('HOST slots=N' or 'HOST' a line); "
                    + "without it nodes are named node0, node1, ...")
    Path hosts;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = MapFormats.class,
            description = "placement, rankfile, mpich, slurm, json or text (default: json when the output file's extension is json, rankfile when it is rankfile, mpich when the file is named MPICH_RANK_ORDER, else text).")
    String format;

    @Option(names = "--simgrid", paramLabel = "DIR",
            description = "Also write DIR/rank-order/ and DIR/proposed/, each a SimGrid replay (the script that runs smpirun, a platform "
                    + "with the topology's links, the host file, time-independent traces) of the trace with that placement, so that "
                    + "SimGrid's flow model, contention included, judges the two (DIR must not exist or be empty; its missing parents are made; "
                    + "kept only when the map's own output is written too).")
    Path simgrid;

    @Option(names = "--weight", paramLabel = "WEIGHT", defaultValue = "bytes", completionCandidates = FormatValues.Weights.class,
            description = "What the placement keeps close, as igtrace graph --weight weighs a pair: bytes, avg, messages, wait, "
                    + "critical or delay (seconds of waiting as igtrace why charges it); the objective is that weight x hops. The "
                    + "scores shown stay hop-bytes and bytes (default: ${DEFAULT-VALUE}).")
    EdgeWeight weight;

    @Mixin
    ReplayReading replayReading;

    @ParentCommand
    Invocation parent;

    private PrintWriter err;

    /** The command line, checked. */
    private record Settings(TopologySpec spec, int slots, HostsFile hosts, MapOutput.Format format, ModelRequest request, Selection selection) {
    }

    /** {@code --format}'s values for the completion. */
    static final class MapFormats implements Iterable<String> {
        public java.util.Iterator<String> iterator() {
            return FormatValues.of(MapOutput.Format.class).iterator();
        }
    }

    @Override
    public Integer call() throws UsageError, Failure {
        err = parent.err();
        replayReading.common.reading.check();
        Settings s = settings();
        replayReading.common.output.check();
        checkSimGridFolder();
        try (TemporaryStore store = replayReading.store()) {
            TraceSession session = replayReading.open(parent, trace, ClockCorrection.OFFSETS, s.selection())
                    .beforeEvents(d -> fits(s, d.processCount()));
            TraceSession.Subscription<ActivityRecorder> recorder = session.subscribeSink(d -> {
                launchable(s.format(), d); // once the definitions are read, before any event
                // keeping what the fits before the replays read (PredictionRun.fittedModel), so that they read no call
                return new ActivityRecorder(d, store, s.request().needsCalibration() ? s.request().eagerLimit() : -1);
            });
            // critical and delay need the critical path and the delay costs: igtrace why's taps in the same read
            WhyReading.Taps why = weight == EdgeWeight.CRITICAL || weight == EdgeWeight.DELAY ? new WhyReading.Taps(false) : null;
            if (why != null) {
                session.subscribe(d -> why.on(d, store, session));
            }
            Integer ended = session.start();
            if (ended != null) {
                return ended;
            }
            TraceFormat.Located located = session.located();
            TraceProfile profile = session.profile();
            int processes = profile.processes().size();
            Topology machine = machine(s, profile, processes);
            List<String> names = hostNames(s, machine);
            ScotchBaseline scotch = new ScotchBaseline();
            InformationGraph weighed = weighed(profile, why);
            int[] scotchNodes = scotch.map(weighed, machine, Math.min(s.slots(), Math.max(1, processes))); // no node holds more ranks than there are
            PlacementSearch.Result found = PlacementSearch.search(RankGraph.of(weighed), machine, s.slots(), scotchNodes, "scotch");
            RecordedRun run = recorder.get().recorded();
            TraceReplay replay = run.replayedProcesses() == 0 ? null
                    : new TraceReplay(run, profile.waits() == null ? null : profile.waits().offsets()).withThreads(replayReading.common.reading.threadCount());
            ReplayParameters base = replay == null ? null : PredictionRun.fittedModel(s.request(), replay);
            MapOutput.Scores rankOrder = scores(profile, machine, PlacementSearch.rankOrder(processes, s.slots()), replay, base);
            MapOutput.Scores fromScotch = scotchNodes == null ? null : scores(profile, machine, scotchNodes, replay, base);
            MapOutput.Scores proposed = scores(profile, machine, found.proposed().node(), replay, base);
            MapOutput out = new MapOutput(PathAliases.shown(located.file().toString()), machine.name(), machine.placeableNodes(), s.slots(), names, rankOrder,
                    fromScotch, proposed, found.method()).withDefinitions(run.definitions()).withCpusPerRank(cpus(profile))
                    .withPredictOptions(starCentre(machine, proposed.node(), run.definitions()));
            if (s.format() == MapOutput.Format.MPICH) {
                mpichFillsEveryNode(proposed.node(), s.slots());
            }
            MapSimGridFolders folders = null;
            if (simgrid != null) {
                if (replay == null) {
                    err.println("igtrace map: --simgrid " + simgrid + ": nothing to replay (no thread recorded a region event)");
                    return 1;
                }
                folders = writeSimGrid(replay, base, machine, run.definitions(), rankOrder.node(), proposed.node(), found.method());
            }
            FormatChoice.warnUnclaimed(err, replayReading.common.output.output, format != null,
                    java.util.List.of("txt", "text", "json", "rankfile"), s.format().name().toLowerCase(java.util.Locale.ROOT));
            String name = outputName();
            if (format == null && name != null && name.lastIndexOf('.') <= 0 && !MPICH_FILE.equals(name)) {
                // -o hostfile wrote the text table without a word, where -o x.slurm is warned
                err.println("igtrace: warning: " + Escape.line(replayReading.common.output.output.toString()) + " will hold text: its name has"
                        + " no extension to tell a format by (.json, .rankfile; a file named " + MPICH_FILE + " holds mpich); or give --format");
            }
            try {
                if (folders != null) {
                    placeSimGrid(folders);
                }
                Output.write(replayReading.common.output, parent.stdout(), w -> out.write(s.format(), w));
            } catch (RuntimeException e) { // the output failed: the replay folders go too (written whole or not at all)
                if (folders != null) {
                    folders.abandon();
                }
                throw e;
            }
            if (folders != null) {
                folders.done();
            }
            if (!replayReading.common.output.quiet) {
                // what the read left out or could not count (a location --skip-missing left out, lengths ignored): the
                // pairs' bytes, so the hop-bytes, are without them
                // (map places by point-to-point traffic and has no --collectives: the note says that rather than name the option)
                profile.diagnostics().forEach(d -> err.println("igtrace map: note: " + Escape.line(d.kind()
                        == org.igtrace.core.diagnostic.DiagnosticKind.COLLECTIVES_ONLY ? d.sentence().replaceFirst(": [^:]*$",
                        ": map places the ranks by their point-to-point traffic, so every placement costs the same here")
                        : d.sentence().replaceFirst(" \\(per edge: [a-z_]+\\)$", ""))));
                if (scotch.note() != null) {
                    err.println("igtrace map: note: " + scotch.note());
                }
                if (replay == null) {
                    err.println("igtrace map: note: no thread recorded a region event: nothing to replay, predicted run times are 0");
                }
                if (base != null && processes > 1) { // what the predicted run times rest on, as predict says it
                    err.println("igtrace map: predicted run times on L = " + org.igtrace.core.util.Labels.seconds3(base.latency()) + ", B = "
                            + org.igtrace.core.util.Labels.bandwidth(base.bandwidth()) + ", " + org.igtrace.core.util.Labels.seconds3(base.hopLatency())
                            + " a hop, send overhead " + org.igtrace.core.util.Labels.seconds3(base.sendOverhead())
                            + (base.finalRelease() != null && base.finalRelease().largest() > 0 ? ", last collective's release spread up to "
                            + org.igtrace.core.util.Labels.seconds3(base.finalRelease().largest()) : "") + " ("
                            + (s.request().latency() == null || s.request().bandwidth() == null ? "fitted to the trace's own messages, as predict fits them"
                            + (base.latency() == 0 && Double.isInfinite(base.bandwidth()) ? "; no message showed its transfer: the ideal network"
                            + (base.hopLatency() == 0 ? ", on which every placement runs as long (give --latency, --bandwidth or --hop-latency)" : "") : "")
                            : "as given") + ")");
                }
                if (cpus(profile) > 1) { // one process too: its rankfile binds it to slot=0-(C-1)
                    err.println("igtrace map: note: " + (cpusPerRank != null ? "--cpus-per-rank " + cpusPerRank + ": "
                            : "the trace's processes ran up to " + cpus(profile) + " threads: ") + "the rankfile binds each rank to "
                            + cpus(profile) + " CPUs (slot=0-" + (cpus(profile) - 1) + ") and srun asks --cpus-per-task=" + cpus(profile) + ", so a node of " + s.slots() + (s.slots() == 1 ? " slot" : " slots")
                            + " needs " + (long) s.slots() * cpus(profile) + " CPUs" + sharedHost(names, (long) s.slots() * cpus(profile))
                            + (cpusPerRank != null ? "" : " (--cpus-per-rank changes it)"));
                }
                String collectives = simgrid == null || base == null ? null : SimGridExport.collectivesNote(base);
                if (collectives != null) {
                    err.println("igtrace map: note: --simgrid: " + collectives);
                }
                String synchronous = simgrid == null ? null : SimGridExport.synchronousNote(run);
                if (synchronous != null) {
                    err.println("igtrace map: note: --simgrid: " + synchronous);
                }
                if (s.selection().ranks() != null && processes > 1) { // docs/map.md: the launcher file must place every rank
                    err.println("igtrace map: note: --ranks: only the pairs among the " + s.selection().ranks().cardinality()
                            + " ranks selected are weighed; all " + processes + " ranks are placed, as a launcher file must place them all");
                }
                String centre = starCentreNote(machine, proposed.node(), run.definitions());
                if (centre != null) {
                    err.println("igtrace map: note: " + centre);
                }
                err.println("igtrace map: " + (processes == 1 ? "1 rank on " + machine.name() + ": " + MapOutput.ONE_PROCESS
                        : processes + " ranks on " + machine.name() + ": " + hopBytesAgainstRankOrder(rankOrder.hopBytes(), proposed.hopBytes(),
                                profile.pairs().stream().anyMatch(p -> p.bytes() > 0))
                        + ", by " + found.method() + longerRun(rankOrder.predictedRuntime(), proposed.predictedRuntime())));
            }
            return 0;
        }
    }

    /**
     * --simgrid's folder, or the nearest existing one above it (the rest is created), must be a
     * writable folder: found before the trace is read, as -o's is (issue 41 item 8: after the whole
     * analysis, 73 s on a 4,096-rank trace).
     */
    private void checkSimGridFolder() throws Failure {
        if (simgrid == null) {
            return;
        }
        Path existing = simgrid.toAbsolutePath();
        // a link that leads nowhere is there, and no folder: said here (it was "FileAlreadyExistsException" after the analysis)
        while (existing != null && !java.nio.file.Files.exists(existing, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null || !java.nio.file.Files.isDirectory(existing)) {
            throw new Failure("--simgrid " + simgrid + ": " + existing + " is not a directory");
        }
        if (!java.nio.file.Files.isWritable(existing)) {
            throw new Failure("--simgrid " + simgrid + ": directory " + existing + " is not writable");
        }
    }

    /** The replay folders moved into DIR; one that cannot be (another run put one there meanwhile) fails, naming it. */
    private void placeSimGrid(MapSimGridFolders folders) throws Failure {
        try {
            folders.place();
        } catch (java.nio.file.FileAlreadyExistsException e) {
            folders.abandon();
            throw new Failure("--simgrid " + simgrid + ": " + e.getFile() + " appeared while this run wrote its own (another run writing the"
                    + " same folder?): nothing of this run's is left there");
        } catch (java.io.IOException e) {
            folders.abandon();
            throw new Failure("--simgrid " + IoFailure.naming(simgrid, e));
        }
    }

    /**
     * DIR/rank-order/ and DIR/proposed/: SimGrid replays on the topology's links with each placement, removed again
     * unless the map's output is written ({@link MapSimGridFolders}).
     */
    private MapSimGridFolders writeSimGrid(TraceReplay replay, ReplayParameters base, Topology machine, TraceDefinitions definitions,
                                           int[] rankOrder, int[] proposed, String method) throws Failure {
        int processes = definitions.processCount();
        MapSimGridFolders folders = null;
        try {
            folders = new MapSimGridFolders(simgrid);
            SimGridExport.write(folders.folder("rank-order"), replay,
                    base.withNetwork(new ReplayParameters.Network(machine, Placement.of(rankOrder, "rank order"))), processes, definitions);
            SimGridExport.write(folders.folder("proposed"), replay,
                    base.withNetwork(new ReplayParameters.Network(machine, Placement.of(proposed, "igtrace map (" + method + ")"))), processes,
                    definitions);
            return folders;
        } catch (java.io.IOException e) { // "--simgrid /proc/x: /proc/x" said nothing of what is wrong
            if (folders != null) {
                folders.abandon();
            }
            throw new Failure("--simgrid " + IoFailure.naming(simgrid, e));
        }
    }


    /** The file name Cray MPICH reads a rank order from: {@code -o} naming it writes mpich. */
    static final String MPICH_FILE = "MPICH_RANK_ORDER";

    /** The -o file's name, or null (standard output). */
    private String outputName() {
        Path o = replayReading.common.output.output;
        return o == null || o.getFileName() == null || o.toString().equals("-") ? null : o.getFileName().toString();
    }

    private Settings settings() throws UsageError {
        MapOutput.Format given = format == null ? null : MapOutput.Format.parse(format);
        if (format != null && given == null) {
            throw new UsageError("--format '" + format + "': expected one of placement, rankfile, mpich, slurm, json, text");
        }
        // --format and -o's extension must agree, as for the other commands (-o x.json --format rankfile wrote a rankfile);
        // every format but JSON is text, so .txt takes any of those (predict.md's --format placement -o map.txt)
        String extension = replayReading.common.output.extension();
        MapOutput.Format implied = "json".equals(extension) ? MapOutput.Format.JSON : "rankfile".equals(extension) ? MapOutput.Format.RANKFILE
                : "txt".equals(extension) || "text".equals(extension) ? MapOutput.Format.TEXT
                : MPICH_FILE.equals(outputName()) ? MapOutput.Format.MPICH : null; // the name Cray MPICH reads, as the text says
        boolean agree = given == null || implied == null || given == implied
                || implied == MapOutput.Format.TEXT && given != MapOutput.Format.JSON;
        if (!agree) {
            throw new UsageError("--format " + FormatChoice.name(given) + " does not match the output file " + replayReading.common.output.output
                    + " (" + (extension == null ? "a file named " + MPICH_FILE : "." + extension) + " is " + FormatChoice.name(implied)
                    + "): change one of them");
        }
        MapOutput.Format f = given != null ? given : implied != null ? implied : MapOutput.Format.TEXT;
        TopologySpec spec = topology; // a machine (TopologyOptions.MachineConverter), not the graph's tree
        // the launchers' files (rankfile, slurm) hold only plain host names; JSON and text any name, escaped
        HostsFile h = hosts == null ? null : HostsFile.read(hosts, f == MapOutput.Format.RANKFILE || f == MapOutput.Format.SLURM,
                f == MapOutput.Format.RANKFILE);
        if (simgrid != null && simgrid.toString().isEmpty()) { // --simgrid '' named the working directory, as -o '' did
            throw new UsageError("--simgrid needs a directory name, and the one given is empty");
        }
        if (simgrid != null && java.nio.file.Files.exists(simgrid) && !java.nio.file.Files.isDirectory(simgrid)) {
            throw new Failure(simgrid + ": exists and is not a directory (--simgrid writes a directory)");
        }
        if (simgrid != null && java.nio.file.Files.exists(simgrid) && !emptyDirectory(simgrid)) {
            // the folder's state, not the command line: exit 1, as predict --format simgrid says it
            throw new Failure(simgrid + ": exists and is not an empty directory (--simgrid writes a directory)");
        }
        Path output = replayReading.common.output.output;
        if (simgrid != null && output != null && output.toAbsolutePath().normalize().equals(simgrid.toAbsolutePath().normalize())) {
            // found only after the whole analysis and the replay folders written, as "-o DIR: is a directory"
            throw new UsageError("-o " + output + " and --simgrid " + simgrid + " name the same path: the map and its replay folders"
                    + " need two");
        }
        if (cpusPerRank != null && (cpusPerRank < 1 || cpusPerRank > 65536)) {
            throw new UsageError("--cpus-per-rank " + cpusPerRank + ": a rank runs on 1 to 65536 CPUs");
        }
        if (slots != null && slots < 1) {
            throw new UsageError("--slots " + slots + ": a node holds at least 1 rank");
        }
        if (slots != null && h != null && h.slots() != null && !slots.equals(h.slots())) {
            throw new UsageError("--hosts " + hosts + " gives each host " + h.slots() + " slots, --slots " + slots + ": give one of them");
        }
        int k = slots != null ? slots : h != null && h.slots() != null ? h.slots() : 1;
        if (h != null && spec.dimensions().length > 0) {
            long nodes = 1;
            for (int d : spec.dimensions()) {
                nodes *= d;
            }
            if (h.hosts().size() != nodes) {
                throw new UsageError("--hosts " + hosts + " names " + h.hosts().size() + " hosts, " + TopologyOptions.name(topology)
                        + " has " + nodes + " nodes: give a host per node, in node order");
            }
        }
        Selection chosen = replayReading.selection();
        if (weight.seconds() && chosen.ranks() != null) {
            // the waits, the critical path and the delay costs are read over every rank (the replay reads them all): their
            // pairs would be the whole run's, so the placement would ignore --ranks while its table counts the selected pairs
            throw new UsageError("--weight " + weight.label() + " is measured over every rank (the waits cross them all): --ranks"
                    + " cannot select among them; leave --ranks out, or weigh by bytes, avg or messages");
        }
        return new Settings(spec, k, h, f, replayReading.network.request(1, false, null), chosen);
    }

    private static boolean emptyDirectory(Path dir) {
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (java.io.IOException e) {
            return false;
        }
    }


    /**
     * Whether {@code processes} ranks fit the machine (and the hosts file), checked once the definitions are read:
     * if not, a usage error. A trace without MPI processes is refused after the read as by every command (exit 1,
     * the session's line naming the file and why its locations were left out).
     */
    private void fits(Settings s, int processes) {
        if (processes == 0) {
            return;
        }
        String problem = problem(s, processes);
        if (problem != null) {
            throw new UsageError(problem);
        }
    }

    /** The CPUs a rank is bound to: {@code --cpus-per-rank}, else the most threads a process of the trace ran. */
    private int cpus(TraceProfile profile) {
        if (cpusPerRank != null) {
            return cpusPerRank;
        }
        int most = 1;
        for (var p : profile.processes()) {
            most = Math.max(most, p.threads());
        }
        return most;
    }

    /**
     * How the proposal's hop-bytes compare with rank order's, in words: "below" for fewer, "above" for more (a placement by
     * delay can trade hop-bytes for delay: "-140.0 % below" said it), none when no pair exchanges point-to-point bytes;
     * both 0 where pairs do ({@code bytes}) is no placement without bytes (patterns-4 on ring:2 with 4 slots: every rank on
     * one node in both, 22,000 hop-bytes by Scotch's, said "hop-bytes 0 in every placement").
     */
    static String hopBytesAgainstRankOrder(double rankOrder, double proposed, boolean bytes) {
        if (rankOrder <= 0 && proposed <= 0 && !bytes) {
            return "no point-to-point bytes to place (hop-bytes 0 in every placement)";
        }
        if (proposed == rankOrder) {
            return "hop-bytes the same as rank order's" + (rankOrder <= 0 ? " (0: the ranks that exchange bytes share nodes)" : "");
        }
        if (rankOrder <= 0) {
            return "hop-bytes " + Math.round(proposed) + " where rank order has none";
        }
        double percent = 100 * Math.abs(rankOrder - proposed) / rankOrder;
        return "hop-bytes " + org.igtrace.core.util.Labels.fixed(percent, 1) + " % " + (proposed < rankOrder ? "below" : "above")
                + " rank order's";
    }

    /**
     * ", but its predicted run time 0.4 % longer than rank order's" where the proposal's replay runs longer than rank order's
     * (the search lowers hop-bytes of the pairs it weighs; with --ranks only the selected ranks'), else "".
     */
    static String longerRun(double rankOrder, double proposed) {
        if (!(proposed > rankOrder) || rankOrder <= 0) {
            return "";
        }
        return ", but its predicted run time " + org.igtrace.core.util.Labels.fixed(100 * (proposed - rankOrder) / rankOrder, 1)
                + " % longer than rank order's";
    }

    /** Refuses an mpich file that would not hold the placement ({@link LauncherFiles#nodesShortForMpich}). */
    private static void mpichFillsEveryNode(int[] node, int slots) {
        int short_ = LauncherFiles.nodesShortForMpich(node, slots);
        if (short_ > 0) {
            throw new UsageError("--format mpich: the placement leaves " + Summary.count(short_, "node", "nodes") + " with fewer than its "
                    + slots + " slots, and Cray MPICH's rank order fills every node's slots in turn, so it would place ranks elsewhere: "
                    + "write --format rankfile or slurm, or give --slots the ranks per node");
        }
    }

    /**
     * A launcher file (rankfile, mpich, slurm) places every rank of the run: when --skip-missing analysed processes apart
     * from their world ranks (others left out between them), one of the processes analysed would leave ranks out and not
     * launch, so it is refused (a usage error, before any event is read), naming the formats that can be written.
     */
    static void launchable(MapOutput.Format format, TraceDefinitions d) {
        if (d.everyProcessAnalysed() || format == MapOutput.Format.PLACEMENT || format == MapOutput.Format.JSON
                || format == MapOutput.Format.TEXT) {
            return;
        }
        int n = d.processCount();
        throw new UsageError("--format " + format.name().toLowerCase(java.util.Locale.ROOT) + ": --skip-missing analysed "
                + Summary.count(n, "process", "processes") + " of the " + d.declaredProcesses() + " declared (world ranks "
                + MapOutput.worldRanks(d) + "), and a launcher file must place every rank of the run: read every "
                + "process's files for one that launches, or write --format placement, json or text for the ranks analysed");
    }

    /** Null when {@code processes} ranks fit the machine (and the hosts file), else why not. */
    private String problem(Settings s, int processes) {
        int nodes = nodeCount(s, processes);
        if ((long) nodes * s.slots() < processes) {
            return "the machine " + TopologyOptions.name(topology) + " has " + nodes + (nodes == 1 ? " node" : " nodes") + " of " + s.slots()
                    + (s.slots() == 1 ? " slot" : " slots") + ", fewer than the trace's " + processes + " ranks: give a larger topology or more --slots";
        }
        if (s.hosts() != null && s.hosts().hosts().size() != nodes) {
            return "--hosts " + hosts + " names " + s.hosts().hosts().size() + " hosts, the machine has " + nodes
                    + " nodes: give a host per node, in node order";
        }
        return null;
    }

    /** The placeable nodes of the machine for {@code processes} ranks (ring, star and bus without a size: one a rank). */
    private static int nodeCount(Settings s, int processes) {
        long nodes = 1;
        for (int d : s.spec().dimensions()) {
            nodes *= d;
        }
        return s.spec().dimensions().length == 0 ? processes : (int) nodes;
    }

    /** The graph whose edge weights the placement reads: --weight's, critical and delay from igtrace why's analysis. */
    private InformationGraph weighed(TraceProfile profile, WhyReading.Taps taps) {
        if (taps == null) {
            return InformationGraph.build(profile, weight, Recalculation.PATH);
        }
        Why why = WhyReading.analyse(profile, taps, replayReading.common.reading, 0, false);
        return InformationGraph.build(profile, weight, Recalculation.PATH, WhyReading.pairSeconds(why, weight));
    }

    /**
     * The machine; a star centred on the node that rank order (K ranks a node) gives the busiest rank, as {@code graph
     * --topology star --placement} centres it for the rank-order file (with rank r on node r it named node r, outside a
     * star of fewer nodes than ranks: an internal error).
     */
    private static Topology machine(Settings s, TraceProfile profile, int processes) {
        return s.spec().build(InformationGraph.build(profile, EdgeWeight.AVG, Recalculation.PATH),
                Placement.of(PlacementSearch.rankOrder(processes, s.slots()), "rank order"), null);
    }

    /**
     * On a star, how {@code graph} and {@code predict} give the proposal's numbers: they centre the star on the node their
     * placement file gives a rank ({@code --centre}, default the busiest), map on the node rank order gives the busiest; null
     * when the machine is no star.
     */
    /** "--centre R" when the proposal puts world rank R on the star's centre (predict gives its numbers so), else "". */
    private static String starCentre(Topology machine, int[] proposed, TraceDefinitions definitions) {
        String note = starCentreNote(machine, proposed, definitions);
        int at = note == null ? -1 : note.lastIndexOf("--centre ");
        return at < 0 ? "" : note.substring(at);
    }

    private static String starCentreNote(Topology machine, int[] proposed, TraceDefinitions definitions) {
        if (!(machine instanceof org.igtrace.core.topology.Star star)) {
            return null;
        }
        int c = star.centre(), onCentre = -1;
        for (int r = 0; r < proposed.length; r++) {
            if (proposed[r] == c && onCentre < 0) {
                onCentre = r;
            }
        }
        String where = "the star is centred on node " + c + ", where rank order puts the busiest rank";
        return onCentre < 0 ? where + "; the proposal places no rank there, so graph and predict (which centre it on a rank's node)"
                + " give other numbers for it"
                : where + "; graph and predict give the proposal's numbers with its placement file and --centre " + definitions.worldRank(onCentre);
    }

    /**
     * ", and host a, named for 2 nodes, up to 8" when a host stands for several nodes (the rankfile numbers its slots once
     * over all of them, so it binds up to that many nodes' CPUs), else "".
     */
    private static String sharedHost(List<String> names, long perNode) {
        java.util.Map<String, Integer> nodes = new java.util.LinkedHashMap<>();
        names.forEach(n -> nodes.merge(n, 1, Integer::sum));
        java.util.Map.Entry<String, Integer> most = nodes.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).orElse(null);
        return most == null || most.getValue() < 2 ? "" : ", and host " + Escape.line(most.getKey()) + ", named for " + most.getValue()
                + " nodes, up to " + most.getValue() * perNode;
    }

    private List<String> hostNames(Settings s, Topology machine) {
        if (s.hosts() != null) {
            return s.hosts().hosts();
        }
        List<String> names = new ArrayList<>();
        for (int n = 0; n < machine.placeableNodes(); n++) {
            names.add("node" + n);
        }
        return names;
    }

    /** The projection's hop-bytes and largest link load of a placement, and its predicted run time. */
    private static MapOutput.Scores scores(TraceProfile profile, Topology machine, int[] node, TraceReplay replay, ReplayParameters base) {
        Placement where = Placement.of(node, "map");
        ProjectedTopology projected = TopologyProjection.project(profile, EdgeWeight.BYTES, machine, where);
        double runtime = replay == null ? 0 : replay.predict(base.withNetwork(new ReplayParameters.Network(machine, where))).predictedRuntime();
        return new MapOutput.Scores(node, projected.hopBytes(), projected.maxLinkLoadBytes(), runtime);
    }
}
