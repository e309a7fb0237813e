package org.igtrace.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.cli.isolation.Otf2ReaderProcess;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.topology.Placement;
import org.igtrace.core.topology.ProjectedTopology;
import org.igtrace.core.topology.Topology;
import org.igtrace.core.topology.TopologyProjection;
import org.igtrace.core.topology.TopologySpec;
import org.igtrace.formats.OutputFormat;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf1.Otf1TraceReader;
import org.igtrace.reader.otf2.Otf2TraceReader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The igtrace command: a trace in, its information graph out. */
@Command(name = "igtrace",
        mixinStandardHelpOptions = true,
        versionProvider = IgtraceCommand.Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Builds the information graph of a parallel (MPI) program from its execution trace:",
            "a vertex per process weighted by its compute fraction w = 1 - Tcomm/T, an edge per",
            "communicating pair weighted by the average message size, and the maximum-weight",
            "spanning tree found with Prim's algorithm.",
            "",
            "The graph goes to standard output unless -o is given; a one-line summary and notes",
            "go to standard error."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the graph was written", "1:the trace or the output could not be handled", "2:usage error"})
public final class IgtraceCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "TRACE",
            description = "An OTF2 anchor file (traces.otf2), an OTF master file (NAME.otf, as VampirTrace writes), or a directory holding exactly one of them (a Score-P experiment, an EZTrace output directory).")
    Path trace;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "graphml",
            converter = FormatConverter.class,
            description = {"Output format (default: ${DEFAULT-VALUE}): graphml or dot (Graphviz); for mapping tools "
                    + "scotch (Scotch .grf), metis (METIS/KaHIP), matrix (dense N x N integers: TreeMatch, netloc), "
                    + "mtx (Matrix Market, weights unscaled); csv (one edge per line, every attribute).",
                    "Integer formats: " + OutputFormat.INTEGER_RULE + "."})
    OutputFormat format;

    @Option(names = "--graph", paramLabel = "VIEW", defaultValue = "full", converter = ViewConverter.class,
            description = "full: every edge, tree edges marked; tree: only the spanning tree, with recalculated weights (default: ${DEFAULT-VALUE}).")
    GraphView view;

    @Option(names = "--weight", paramLabel = "WEIGHT", defaultValue = "avg", converter = WeightConverter.class,
            description = "Edge weight for the tree and the output: avg (average message size, bytes), bytes (all bytes), messages (count), wait (seconds the pair made each other wait; pairs that only waited in collectives become edges too) (default: ${DEFAULT-VALUE}).")
    EdgeWeight weight;

    @Option(names = "--recalc", paramLabel = "HOW", defaultValue = "path", converter = RecalcConverter.class,
            description = "Tree weight recalculation: path (removed edges' weight added along their tree path), paper (formula 4 of the paper), none (default: ${DEFAULT-VALUE}).")
    Recalculation recalc;

    @Option(names = "--topology", paramLabel = "TOPOLOGY", converter = TopologyConverter.class,
            description = {"Route the information graph over a network and write the network with its link loads "
                    + "(graphml, dot or csv) and a contention summary: " + TopologySpec.SYNTAX + ". "
                    + "ring/star/bus have one node per process unless :N is given; mesh node n is at "
                    + "x = n mod C, y = n div C; torus node n at x = n mod X, y = (n div X) mod Y, z = n div (X*Y)."})
    TopologySpec topology;

    @Option(names = "--placement", paramLabel = "FILE",
            description = "With --topology: the node each rank runs on, one number per line (line r for rank r), or a Scotch mapping file as gmap writes it (default: rank r on node r).")
    Path placement;

    @Option(names = "--centre", paramLabel = "RANK",
            description = "With --topology star: the rank whose node is the centre (default: the rank with the most bytes).")
    Integer centre;

    @Option(names = "--collectives",
            description = "Add modelled pairwise traffic of collective operations (one-to-all, all-to-one, all-to-all) to the edges.")
    boolean collectives;

    @Option(names = "--clock-correction", paramLabel = "HOW", defaultValue = "offsets", converter = ClockConverter.class,
            description = {"Before measuring waiting times: offsets (the smallest per-process clock offsets that put every "
                    + "receive after its send and no one leaving a collective before its partners entered), or none "
                    + "(raw timestamps) (default: ${DEFAULT-VALUE})."})
    String clockCorrection;

    @Option(names = "--no-waits",
            description = "Skip message matching, clock correction and wait states: the events are read once, in parallel, instead of three times; the output has no wait or clock attributes.")
    boolean noWaits;

    @Option(names = "--stats",
            description = "Also print on standard error a table of waiting time per wait-state pattern, with its share of the run (all processes' time).")
    boolean stats;

    @Option(names = "--skip-missing",
            description = "Build the graph from the readable locations (OTF2) or streams (OTF) when some event files are missing; the summary names the ones left out. Without it a missing event file is an error.")
    boolean skipMissing;

    @Option(names = {"-j", "--threads"}, paramLabel = "N", defaultValue = "0",
            description = "Read event files on N threads (default: one per core).")
    int threads;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the graph to FILE (whole or not at all) instead of standard output.")
    Path output;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing on standard error but errors (no summary, notes or progress bar).")
    boolean quiet;

    @Option(names = "--timing",
            description = "Also print on standard error how long reading, building the graph and writing it took, and the read rate.")
    boolean timing;

    private PrintWriter err;
    private Writer stdout;

    /** Runs igtrace with the process's standard streams and returns the exit code. */
    public static int run(String... args) {
        Writer stdout = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        return run(stdout, err, args);
    }

    /** Runs igtrace writing to the given streams; for tests and embedding. */
    public static int run(Writer stdout, PrintWriter err, String... args) {
        IgtraceCommand command = new IgtraceCommand();
        command.stdout = stdout;
        command.err = err;
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(stdout, true));
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("igtrace: " + ex.getMessage());
            err.println("Try 'igtrace --help' for more information.");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            err.println("igtrace: internal error: " + ex);
            return 1;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        if (topology == null && (placement != null || centre != null)) {
            return usage("--placement and --centre need --topology");
        }
        if (noWaits && (weight == EdgeWeight.WAIT || stats)) {
            return usage((weight == EdgeWeight.WAIT ? "--weight wait" : "--stats") + " needs the wait analysis that --no-waits turns off");
        }
        if (topology != null && !format.writesTopologies()) {
            return usage("--format " + format.name().toLowerCase(Locale.ROOT)
                    + " writes the information graph for a mapping tool; with --topology use graphml, dot or csv");
        }
        try {
            TraceFormat.Located located = TraceFormat.locate(trace);
            ReadOptions options = new ReadOptions(collectives, skipMissing, threads, noWaits ? ReadOptions.WaitMode.OFF
                    : clockCorrection.equals("none") ? ReadOptions.WaitMode.RAW_CLOCKS : ReadOptions.WaitMode.CORRECTED_CLOCKS);
            long started = System.nanoTime();
            ProgressBar progress = ProgressBar.on(err, quiet);
            TraceProfile profile = read(located, options, progress);
            long read = System.nanoTime();
            InformationGraph graph = InformationGraph.build(profile, weight, recalc);
            AttributedGraph<?, ?> shown;
            ProjectedTopology projected = null;
            if (topology != null) {
                projected = project(graph);
                shown = projected;
            } else {
                shown = graph.view(view, located.file().toString());
            }
            long built = System.nanoTime();
            writeGraph(shown);
            long written = System.nanoTime();
            if (!quiet) {
                err.println(Summary.of(graph, view));
                if (projected != null) {
                    Summary.contention(projected).forEach(err::println);
                }
            }
            if (stats && profile.waits() != null) {
                Summary.waitTable(profile).forEach(err::println);
            }
            if (timing) {
                err.println(Summary.timing(read - started, progress.perPass(), progress.passes(), progress.unit(), built - read, written - built));
            }
            return 0;
        } catch (TraceReadException e) {
            err.println("igtrace: " + e.getMessage());
            return 1;
        } catch (TopologyException e) {
            return usage(e.getMessage());
        } catch (IOException e) {
            err.println("igtrace: " + (output == null ? "standard output" : output) + ": " + e.getMessage());
            return 1;
        }
    }

    private int usage(String message) {
        err.println("igtrace: " + message);
        err.println("Try 'igtrace --help' for more information.");
        return 2;
    }

    /** The graph routed over --topology with --placement; a topology the placement does not fit is a usage error. */
    private ProjectedTopology project(InformationGraph graph) throws TraceReadException, TopologyException {
        int processes = graph.profile().processes().size();
        Placement where = placement == null ? Placement.rankOrder(processes) : PlacementFile.read(placement, processes);
        Topology network;
        try {
            network = topology.build(graph, where, centre);
        } catch (IllegalArgumentException e) {
            throw new TopologyException(e.getMessage());
        }
        String problem = where.problemWith(network);
        if (problem != null) {
            throw new TopologyException(problem);
        }
        return TopologyProjection.project(graph.profile(), weight, network, where);
    }

    /** A topology that cannot be built or does not fit the placement: a usage error. */
    private static final class TopologyException extends Exception {
        TopologyException(String message) {
            super(message);
        }
    }

    private TraceProfile read(TraceFormat.Located located, ReadOptions options, ProgressBar progress)
            throws TraceReadException {
        try {
            return switch (located.format()) {
                case OTF2 -> Otf2ReaderProcess.enabled() ? Otf2ReaderProcess.read(located.file(), options, progress)
                        : Otf2TraceReader.read(located.file(), options, progress);
                case OTF1 -> Otf1TraceReader.read(located.file(), options, progress);
            };
        } finally {
            progress.finish();
        }
    }

    private <V, E> void writeGraph(AttributedGraph<V, E> shown) throws IOException {
        if (output != null) {
            AtomicOutput.write(output, out -> format.writer().write(shown, out));
        } else {
            // Render fully first, so a failure leaves nothing half-printed on standard output.
            StringWriter text = new StringWriter();
            format.writer().write(shown, text);
            stdout.write(text.toString());
            stdout.flush();
        }
    }

    static final class FormatConverter implements CommandLine.ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            return enumValue(OutputFormat.class, value, "graphml, dot, scotch, metis, matrix, mtx, csv");
        }
    }

    static final class TopologyConverter implements CommandLine.ITypeConverter<TopologySpec> {
        @Override
        public TopologySpec convert(String value) {
            try {
                return TopologySpec.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class ViewConverter implements CommandLine.ITypeConverter<GraphView> {
        @Override
        public GraphView convert(String value) {
            return enumValue(GraphView.class, value, "full, tree");
        }
    }

    static final class WeightConverter implements CommandLine.ITypeConverter<EdgeWeight> {
        @Override
        public EdgeWeight convert(String value) {
            return enumValue(EdgeWeight.class, value, "avg, bytes, messages, wait");
        }
    }

    static final class ClockConverter implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String v = value.toLowerCase(Locale.ROOT);
            if (!v.equals("offsets") && !v.equals("none")) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not one of offsets, none");
            }
            return v;
        }
    }

    static final class RecalcConverter implements CommandLine.ITypeConverter<Recalculation> {
        @Override
        public Recalculation convert(String value) {
            return enumValue(Recalculation.class, value, "path, paper, none");
        }
    }

    private static <T extends Enum<T>> T enumValue(Class<T> type, String value, String allowed) {
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not one of " + allowed);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = IgtraceCommand.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"igtrace " + p.getProperty("version", "unknown")};
        }
    }
}
