package org.igtrace.cli;

import java.nio.file.Path;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.topology.Placement;
import org.igtrace.core.topology.ProjectedTopology;
import org.igtrace.core.topology.Topology;
import org.igtrace.core.topology.TopologyProjection;
import org.igtrace.core.topology.TopologySpec;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.formats.OutputFormat;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --topology} and the options that need it ({@code --placement}, {@code --centre}): one argument group. */
public final class TopologyOptions {
    @Option(names = "--topology", paramLabel = "NETWORK", required = true, converter = SpecConverter.class,
            description = "Route the information graph over a network (see Networks in igtrace help graph) and write the network "
                    + "with its link loads as graphml, dot or csv, and a summary of the contention on standard error.")
    TopologySpec spec;

    @Option(names = "--placement", paramLabel = "FILE",
            description = "The node each rank runs on: one number per line (line r for rank r), or a mapping file as "
                    + "Scotch's gmap writes it (default: rank r on node r).")
    Path placement;
    private final PlacementFile.Once placementRead = new PlacementFile.Once();

    @Option(names = "--centre", paramLabel = "RANK",
            description = "With a star: the rank whose node is the centre (default: the rank with the most bytes).")
    Integer centre;

    /** What can be checked before the trace is read. */
    void check(OutputFormat format) throws UsageError {
        if (!format.writesTopologies()) {
            throw new UsageError("--format " + FormatChoice.name(format)
                    + " writes the information graph for a mapping tool; with --topology use graphml, dot or csv");
        }
        checkCentre(spec, centre);
    }

    /**
     * A {@code --centre} the command line alone rules out: with no star (graph's and predict's) or below rank 0.
     *
     * @param network the {@code --topology} given (null: none)
     * @param centre the {@code --centre} given (null: none)
     */
    static void checkCentre(TopologySpec network, Integer centre) throws UsageError {
        if (centre == null) {
            return;
        }
        if (network == null) {
            throw new UsageError("--centre needs --topology star");
        }
        if (!network.kind().equals("star")) {
            throw new UsageError("--centre chooses the centre of a star; --topology " + network.kind() + " has none");
        }
        if (centre < 0) {
            throw new UsageError("--centre " + centre + " is not a rank: ranks count from 0");
        }
    }

    /**
     * What needs the trace's processes, checked once its definitions are read and before any event: the placement
     * file, a --centre that is not a rank, a network too small for the processes or the placement: a
     * {@link UsageError}, or a {@link Failure} for a placement file that cannot be read. When {@code --skip-missing}
     * analysed processes apart from their world ranks, the placement file has a line per process analysed (ascending
     * world rank) and {@code --centre} is a world rank among those analysed.
     */
    void checkBefore(TraceDefinitions d) throws UsageError, Failure {
        Placement where = placementRead.get(placement, d);
        String problem = spec.problemBefore(d.processCount(), where, centre(d), d::worldRank);
        if (problem != null) {
            // a node out of range in the --placement file (Placement#problemWith names the file first) is the file's fault: exit 1,
            // as its other faults; --centre's and the topology's own problems are the command line's
            throw where.given() && problem.startsWith(where.description() + ": ") ? new Failure(problem) : new UsageError(problem);
        }
    }

    /** The graph routed over the network, for the processes of {@code d}; a network the placement does not fit is a usage error. */
    ProjectedTopology project(InformationGraph graph, EdgeWeight weight, TraceDefinitions d) throws Failure, UsageError {
        Placement where = placementRead.get(placement, d);
        Integer c = centre(d);
        Topology network = UsageError.of(() -> spec.build(graph, where, c));
        String problem = where.problemWith(network, d::worldRank);
        if (problem != null) {
            throw new UsageError(problem);
        }
        return TopologyProjection.project(graph.profile(), weight, network, where);
    }

    /**
     * {@code --centre}'s process: the world rank given turned into the process analysed for it (null: not given); a world
     * rank not analysed is a usage error when processes were analysed apart from their world ranks (otherwise the
     * topology says it is no rank).
     */
    Integer centre(TraceDefinitions d) throws UsageError {
        return centreProcess(centre, d);
    }

    /**
     * As {@link #centre(TraceDefinitions)} for a {@code --centre} of another command (predict's).
     *
     * @param centre the world rank given (null: not given)
     * @param d the trace's definitions
     * @return the process analysed for it, or null
     */
    static Integer centreProcess(Integer centre, TraceDefinitions d) throws UsageError {
        if (centre == null || d.ranksAreWorldRanks()) {
            return centre;
        }
        int p = d.process(centre);
        if (p < 0) {
            throw new UsageError("--centre " + centre + ": no process of that world rank was analysed (world ranks "
                    + org.igtrace.core.trace.WorldRankNotes.ranges(java.util.stream.IntStream.range(0, d.processCount()).boxed().toList(),
                    d::worldRank) + "; --skip-missing left out the others)");
        }
        return p;
    }

    /**
     * Parses {@code --topology} (of graph, map and predict); a spelling mistake is a usage error with the syntax,
     * {@code --topology 'VALUE' is not a topology (SYNTAX)}.
     */
    static final class SpecConverter implements CommandLine.ITypeConverter<TopologySpec> {
        @Override
        public TopologySpec convert(String value) {
            try {
                return TopologySpec.parse(value);
            } catch (IllegalArgumentException e) {
                throw Units.Refused.naming(e.getMessage());
            }
        }
    }

    /**
     * Parses map's {@code --topology}: a machine, so not the graph's own tree, and its errors list the machines only
     * (they listed "or tree", which map then refused).
     */
    static final class MachineConverter implements CommandLine.ITypeConverter<TopologySpec> {
        @Override
        public TopologySpec convert(String value) {
            TopologySpec spec;
            try {
                spec = TopologySpec.parse(value);
            } catch (IllegalArgumentException e) {
                throw Units.Refused.naming(e.getMessage().replace(TopologySpec.SYNTAX, "ring[:N], star[:N], bus[:N], mesh:RxC or torus:XxYxZ"));
            }
            if (spec.kind().equals("tree")) {
                throw Units.Refused.naming("tree is the graph's own spanning tree, not a machine: give ring, star, bus, mesh or torus");
            }
            return spec;
        }
    }

    /** The network as the command line names it, in its canonical spelling ({@code torus:4x4x4}, {@code ring}). */
    static String name(TopologySpec spec) {
        StringBuilder s = new StringBuilder(spec.kind());
        for (int i = 0; i < spec.dimensions().length; i++) {
            s.append(i == 0 ? ':' : 'x').append(spec.dimensions()[i]);
        }
        return s.toString();
    }
}
