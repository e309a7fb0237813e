package org.igtrace.cli;

import org.igtrace.core.select.Selection;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.Map;
import java.util.concurrent.Callable;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.output.InformationGraphAttributes;
import org.igtrace.core.topology.ProjectedTopology;
import org.igtrace.core.why.Why;
import org.igtrace.formats.OutputFormat;
import org.igtrace.formats.stats.Summary;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code igtrace graph}: the information graph of a trace (also {@code igtrace TRACE ...}). */
@Command(name = "graph", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Version.class,
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        descriptionHeading = "%n", header = "Write the information graph of a trace (the default command).",
        description = {
            "Builds the information graph of an MPI program from its execution trace: a vertex per process "
                    + "weighted by its compute fraction w = 1 - Tcomm/T, an edge per communicating pair weighted by "
                    + "the average message size, and the maximum-weight spanning tree found with Prim's algorithm. "
                    + "By default it also matches messages, corrects the clocks and measures who waits for whom.",
            "",
            "The graph goes to standard output unless -o is given. A summary and notes go to standard error. "
                    + "igtrace TRACE [OPTIONS] is short for igtrace graph TRACE [OPTIONS]. The attributes' times (time, "
                    + "comm_time, wait and each wait_ pattern, useful, lost_) are in seconds, bytes in bytes."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the graph was written", "1:the trace or the output could not be handled (one line naming the file)",
            "2:usage error"},
        footerHeading = "%nFormats (--format, or the extension of the -o file):%n",
        footer = {
            "  graphml  .graphml      GraphML for networkx, igraph, Gephi (the default)",
            "  dot      .dot .gv      Graphviz; the weight is written as w",
            "  scotch   .grf .scotch  a Scotch source graph, for gmap and gpart",
            "  metis    .metis        a METIS (and KaHIP) graph file",
            "  matrix   .matrix       a dense N x N integer matrix (TreeMatch, netloc)",
            "  mtx      .mtx          Matrix Market, weights as they are",
            "  csv      .csv          one edge per line with every attribute",
            "  scotch, metis and matrix write integers: vertex load round(w x 1000),",
            "  at least 1; edge load round(weight x s), at least 1, where s = 1 (10^6",
            "  for --weight wait, critical or delay: microseconds) unless the largest",
            "  load would be over 10^6 or the loads over both directions of every edge",
            "  sum over 2^30.",
            "",
            "Networks (--topology):",
            "  ring, ring:N    nodes 0 to N-1 in a ring (N: one node per process)",
            "  star, star:N    every node linked to the centre (see --centre)",
            "  bus, bus:N      every node on one shared link",
            "  mesh:RxC        R rows of C nodes; node n is at x = n mod C, y = n div C",
            "  torus:XxYxZ     node n is at x = n mod X, y = (n div X) mod Y,",
            "                  z = n div (X*Y); each dimension wraps around",
            "  tree            the spanning tree of the information graph",
            "",
            "Examples:",
            "  igtrace run/traces.otf2 -o app.graphml",
            "  igtrace graph scorep-run/ --graph tree -o tree.dot",
            "  igtrace run/traces.otf2 --weight wait --graph tree -o waits.dot",
            "  igtrace run/traces.otf2 -o app.grf && scotch_gmap app.grf mesh.tgt app.map",
            "  igtrace run/traces.otf2 --topology mesh:2x2 --placement app.map -o l.gv"
        })
public final class GraphCommand implements Callable<Integer> {
    private static final Map<String, OutputFormat> BY_EXTENSION = Map.of("graphml", OutputFormat.GRAPHML, "dot", OutputFormat.DOT,
            "gv", OutputFormat.DOT, "grf", OutputFormat.SCOTCH, "scotch", OutputFormat.SCOTCH, "metis", OutputFormat.METIS,
            "matrix", OutputFormat.MATRIX, "mtx", OutputFormat.MTX, "csv", OutputFormat.CSV);

    @Mixin
    TraceArgument trace;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = FormatValues.Graph.class,
            description = "graphml, dot, scotch, metis, matrix, mtx or csv (see Formats in igtrace help graph). Without it the "
                    + "extension of the output file decides, and graphml is the default.")
    OutputFormat format;

    @Option(names = "--graph", paramLabel = "VIEW", defaultValue = "full", completionCandidates = FormatValues.Views.class,
            description = "full: every edge, tree edges marked; tree: only the spanning tree, with recalculated "
                    + "weights (default: ${DEFAULT-VALUE}).")
    GraphView view;

    @Option(names = "--weight", paramLabel = "WEIGHT", defaultValue = "avg", completionCandidates = FormatValues.Weights.class,
            description = "The edge weight for the tree and the output: avg (the average message size in bytes), "
                    + "bytes (all bytes), messages (their number), or wait (seconds the pair made each other wait; "
                    + "pairs that waited only in collectives become edges too), critical (seconds of the pair's messages on the "
                    + "critical path) or delay (seconds the pair waited, as igtrace why charges it); with critical or delay every "
                    + "vertex and edge also carries critical and delay (see igtrace why) (default: ${DEFAULT-VALUE}).")
    EdgeWeight weight;

    // RECALC: a label of its own (--clock-correction's HOW gave the completion script one list of values for both)
    @Option(names = "--recalc", paramLabel = "RECALC", defaultValue = "path", completionCandidates = FormatValues.Recalcs.class,
            description = "How tree weights are recalculated: path (the weight of each removed edge is added along "
                    + "its tree path), paper (formula 4 of the paper), or none (default: ${DEFAULT-VALUE}).")
    Recalculation recalc;

    @ArgGroup(exclusive = false, heading = "%nRouting over a network:%n")
    TopologyOptions topology;

    @Option(names = "--collectives",
            description = "Add the modelled pairwise traffic of collective operations (one-to-all, all-to-one, "
                    + "all-to-all) to the edges.")
    boolean collectives;

    @Option(names = "--clock-correction", paramLabel = "HOW",
            description = "Before waiting times are measured: offsets (a clock offset per process that puts every receive "
                    + "after its send and lets no one leave a collective before its partners entered; among those, the ones "
                    + "that change the raw clocks least, unless that makes a sender-receiver pair's quickest transfer slower than any "
                    + "the raw clocks show: definitions section 8), "
                    + "or none (raw timestamps) (default: offsets).")
    ClockCorrection clockCorrection;

    @Option(names = "--no-waits",
            description = "Skip message matching, clock correction and wait states: no match records are kept or "
                    + "joined, and the output has no wait or clock attributes.")
    boolean noWaits;

    @Option(names = "--stats",
            description = "Also print the table of waiting time per wait-state pattern on standard error "
                    + "('igtrace stats' gives more).")
    boolean stats;

    @Mixin
    ReadingOptions reading;

    @Mixin
    OutputOptions output;

    @Option(names = "--timing",
            description = "Also print on standard error how long reading, building the graph and writing it took, "
                    + "the read rate, how long after igtrace started the first event was read (the JVMs' start, the "
                    + "command line, the trace's definitions) and how much of the read came after the last event (the "
                    + "wait analysis's joins).")
    boolean timing;

    @Mixin
    SelectionOptions selectionOptions = new SelectionOptions();

    @ParentCommand
    Invocation parent;

    @Override
    public Integer call() throws Exception {
        Writer stdout = parent.stdout();
        PrintWriter err = parent.err();
        OutputFormat chosen = checkOptions();
        TraceReading.Request options = TraceReading.options(reading, collectives, clockCorrection, noWaits);
        long started = System.nanoTime();
        ProgressBar progress = ProgressBar.on(err, output.quiet);
        Selection selection = UsageError.of(selectionOptions::selection);
        java.util.function.Consumer<org.igtrace.core.trace.TraceDefinitions> beforeEvents = topology == null ? d -> { } : topology::checkBefore;
        TraceReading.Read read;
        Why why = null;
        if (weight == EdgeWeight.CRITICAL || weight == EdgeWeight.DELAY) {
            // the critical path and the delay costs need the waits with their partners: read here, as igtrace why does
            WhyReading.Result r = WhyReading.read(parent, trace.path(), reading, selection, output.quiet, 0, false, false);
            if (r.exit() != null) {
                return r.exit();
            }
            why = r.why();
            read = new TraceReading.Read(r.located(), r.profile());
        } else {
            TraceSession session = TraceSession.open(parent, trace.path(), options, selection, progress).beforeEvents(beforeEvents);
            Integer ended = session.start();
            if (ended != null) {
                return ended;
            }
            read = new TraceReading.Read(session.located(), session.profile());
        }
        long readDone = System.nanoTime();
        Why w = why;
        InformationGraph graph = InformationGraph.build(read.profile(), weight, recalc,
                w == null ? null : WhyReading.pairSeconds(w, weight));
        ProjectedTopology projected = topology == null ? null : topology.project(graph, weight, read.profile().processDefinitions());
        InformationGraphAttributes attributes = InformationGraphAttributes.of(graph, view, PathAliases.shown(read.located().file().toString()));
        if (w != null) {
            attributes.withPath(w.criticalByProcess(), w.delayByProcess(), w::criticalOfPair, w::delayOfPair);
        }
        AttributedGraph<?, ?> shown = projected != null ? projected : attributes;
        long built = System.nanoTime();
        FormatChoice.warnUnclaimed(err, output.output, format != null, BY_EXTENSION.keySet(), FormatChoice.name(chosen));
        Output.write(output, stdout, out -> chosen.writer().write(shown, out));
        long written = System.nanoTime();
        if (!output.quiet) {
            Summary.of(graph, view).forEach(err::println);
            if (chosen == OutputFormat.METIS && shown.edges().isEmpty() && shown.vertices().size() > 0) {
                // a valid METIS file, which gpmetis refuses ("nedges ... must be positive", exit 254)
                // --collectives named only where collectives carry data it would draw (not barriers alone, nor a run without MPI)
                boolean collectiveData = read.profile().diagnostics().stream().anyMatch(d -> d.kind()
                        == org.igtrace.core.diagnostic.DiagnosticKind.COLLECTIVES_ONLY);
                err.println("igtrace: note: the graph has no edge (no point-to-point message" + (collectives || !collectiveData ? "" : "; --collectives adds the "
                        + "collectives' modelled traffic") + "): gpmetis refuses a METIS file of no edge, and every partition costs the same");
            }
            if (projected != null) {
                Summary.contention(projected).forEach(err::println);
                if (view == GraphView.TREE) {
                    err.println("igtrace: note: the topology routes the traffic of every pair, not only of the tree's edges (--graph "
                            + "tree chooses what the graph output shows; with --topology the output is the network)");
                }
            }
        }
        if (stats && read.profile().waits() != null) {
            Summary.waitTable(read.profile()).forEach(line -> err.println("igtrace: " + line));
            Summary.efficiencyTable(Efficiency.of(read.profile()), read.profile()::worldRank).forEach(line -> err.println("igtrace: " + line));
        }
        if (timing) {
            long now = System.nanoTime();
            double age = org.igtrace.cli.isolation.ProcessAge.ofCommand(); // of the process the user started, now
            double beforeFirst = age < 0 || progress.firstStart() == 0 ? -1 : Math.max(0, age - (now - progress.firstStart()) / 1e9);
            // igtrace on Spark: the executors read the events, this process counted none (it said "0 events, 0/s")
            err.println(progress.firstStart() == 0 && progress.done() == 0 ? Summary.timingElsewhere(readDone - started, built - readDone,
                    written - built) : Summary.timing(readDone - started, progress.perPass(), progress.passes(), progress.unit(), beforeFirst,
                    progress.lastAdvance() == 0 ? 0 : readDone - progress.lastAdvance(), built - readDone,
                    written - built));
        }
        return 0;
    }

    /** Everything that can be checked before the trace is read; returns the output format. */
    private OutputFormat checkOptions() throws UsageError, Failure {
        reading.check();
        if (noWaits && (weight.seconds() || stats || clockCorrection != null)) {
            String option = weight.seconds() ? "--weight " + weight.label() : stats ? "--stats" : "--clock-correction";
            throw new UsageError(option + " needs the wait analysis that --no-waits turns off");
        }
        Selection selection = UsageError.of(selectionOptions::selection);
        if ((weight == EdgeWeight.CRITICAL || weight == EdgeWeight.DELAY) && selection.ranks() != null) {
            // the critical path and the delay costs are read over every rank, as igtrace why reads them: the graph of
            // that read would be the whole run's, its messages and waiting those of the ranks left out too
            throw new UsageError("--weight " + weight.label() + " is measured over every rank (the critical path and the waits cross"
                    + " them all): --ranks cannot select among them; leave --ranks out, or use another --weight");
        }
        OutputFormat chosen = FormatChoice.resolve(format, output, BY_EXTENSION, OutputFormat.GRAPHML);
        if (topology != null) {
            topology.check(chosen);
        }
        output.check();
        return chosen;
    }
}
