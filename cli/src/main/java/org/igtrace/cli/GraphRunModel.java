package org.igtrace.cli;

import java.nio.file.Path;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.topology.TopologySpec;
import org.igtrace.formats.OutputFormat;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.IScope;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's model of {@code igtrace graph} (and of {@code igtrace TRACE ...}) for running it, built
 * without reading annotations: picocli's model from the annotations of {@link GraphCommand} and its
 * mixins costs 0.06-0.08 s of CPU at each start (the JDK's annotation proxies, reflection), about a
 * sixth of a run on a tiny trace. It holds what parsing needs (names, types, arities, labels,
 * defaults, the converter, the argument group), not the help texts: a command line that asks for
 * help or the version ({@link #runs}) gets the model from the annotations, which stay the one
 * source of the help. {@code GraphRunModelTest} checks that both models parse alike.
 */
final class GraphRunModel {
    private GraphRunModel() {
    }

    /**
     * Whether this model runs the command line {@code args} (already starting with {@code graph}):
     * not when an argument may ask for help or the version ({@code -h}, {@code --help}, {@code -V},
     * {@code --version}, also in a cluster such as {@code -qh}), nor when one is an argument file ({@code @FILE}, which
     * picocli expands later and may hold them); those are printed from the annotations.
     */
    static boolean runs(String[] args) {
        for (String a : args) {
            if (a.startsWith("@") || a.startsWith("--help") || a.startsWith("--version")
                    || a.length() > 1 && a.charAt(0) == '-' && a.charAt(1) != '-' && (a.indexOf('h') > 0 || a.indexOf('V') > 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The igtrace command with its one subcommand graph, bound to {@code top} (the igtrace command's
     * object, the graph command's parent) and a new {@link GraphCommand}.
     */
    static CommandLine commandLine(Invocation top) {
        GraphCommand graph = new GraphCommand();
        graph.parent = top;
        graph.trace = new TraceArgument();
        graph.reading = new ReadingOptions();
        graph.output = new OutputOptions();
        Binding.Targets t = new Binding.Targets(graph);

        CommandSpec g = CommandSpec.wrapWithoutInspection(graph).name("graph");
        g.addPositional(PositionalParamSpec.builder().index("0").paramLabel("TRACE").type(Path.class).required(true)
                .getter(bind(t, Binding.TRACE)).setter(bind(t, Binding.TRACE)).build());
        g.addOption(option(t, Binding.FORMAT, "FORMAT", OutputFormat.class, null, "--format")
                .completionCandidates(new FormatValues.Graph()).build());
        g.addOption(option(t, Binding.VIEW, "VIEW", GraphView.class, "full", "--graph").completionCandidates(new FormatValues.Views()).build());
        g.addOption(option(t, Binding.WEIGHT, "WEIGHT", EdgeWeight.class, "avg", "--weight").completionCandidates(new FormatValues.Weights())
                .build());
        g.addOption(option(t, Binding.RECALC, "RECALC", Recalculation.class, "path", "--recalc").completionCandidates(new FormatValues.Recalcs())
                .build());
        g.addArgGroup(topologyGroup(t));
        g.addOption(flag(t, Binding.COLLECTIVES, "collectives", "--collectives"));
        g.addOption(option(t, Binding.CLOCK_CORRECTION, "HOW", ClockCorrection.class, null, "--clock-correction").build());
        g.addOption(flag(t, Binding.NO_WAITS, "noWaits", "--no-waits"));
        g.addOption(flag(t, Binding.STATS, "stats", "--stats"));
        g.addOption(flag(t, Binding.SKIP_MISSING, "skipMissing", "--skip-missing"));
        g.addOption(flag(t, Binding.SKIP_DAMAGED, "skipDamaged", "--skip-damaged"));
        g.addOption(option(t, Binding.THREADS, "N", Integer.class, null, "-j", "--threads").build());
        g.addOption(option(t, Binding.TEMP_DIR, "DIR", Path.class, null, "--temp-dir").build());
        g.addOption(option(t, Binding.OUTPUT, "FILE", Path.class, null, "-o", "--output").converters(new OutputOptions.FileName()).build());
        g.addOption(flag(t, Binding.QUIET, "quiet", "-q", "--quiet"));
        g.addOption(flag(t, Binding.TIMING, "timing", "--timing"));
        g.addOption(option(t, Binding.WINDOW, "FROM:TO", String.class, null, "--window").build());
        g.addOption(option(t, Binding.RANKS, "LIST", String.class, null, "--ranks").build());
        g.addOption(option(t, Binding.REGION, "NAME", String.class, null, "--region").build());
        addHelpOptions(g, t);

        CommandSpec igtrace = CommandSpec.wrapWithoutInspection(top).name("igtrace");
        addHelpOptions(igtrace, t);
        CommandLine cl = new CommandLine(igtrace);
        cl.addSubcommand("graph", new CommandLine(g));
        return cl;
    }

    private static ArgGroupSpec topologyGroup(Binding.Targets t) {
        Binding.GroupScope scope = new Binding.GroupScope();
        return ArgGroupSpec.builder().exclusive(false).multiplicity("0..1").heading("%nRouting over a network:%n")
                // the group's type as picocli describes it (its class for that is not public): it makes the object
                .typeInfo(OptionSpec.builder("--topology").type(TopologyOptions.class).build().typeInfo())
                .getter(bind(t, Binding.TOPOLOGY)).setter(bind(t, Binding.TOPOLOGY))
                .addArg(grouped(option(t, Binding.SPEC, "NETWORK", TopologySpec.class, null, "--topology").required(true)
                        .converters(new TopologyOptions.SpecConverter()), scope))
                .addArg(grouped(option(t, Binding.PLACEMENT, "FILE", Path.class, null, "--placement"), scope))
                .addArg(grouped(option(t, Binding.CENTRE, "RANK", Integer.class, null, "--centre"), scope))
                .build();
    }

    /** An option of the group, set on the group's object (made by picocli when one of them is given). */
    private static ArgSpec grouped(OptionSpec.Builder option, Binding.GroupScope scope) {
        Binding b = (Binding) option.setter();
        Binding inGroup = new Binding(b.targets, b.field, scope);
        return option.getter(inGroup).setter(inGroup).scope(scope).build();
    }

    private static void addHelpOptions(CommandSpec spec, Binding.Targets t) {
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).descriptionKey("mixinStandardHelpOptions.help")
                .description("Show this help message and exit.").type(boolean.class).paramLabel("<helpRequested>")
                .initialValue(false).getter(bind(t, Binding.HELP)).setter(bind(t, Binding.HELP)).build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true).descriptionKey("mixinStandardHelpOptions.version")
                .description("Print version information and exit.").type(boolean.class).paramLabel("<versionRequested>")
                .initialValue(false).getter(bind(t, Binding.VERSION)).setter(bind(t, Binding.VERSION)).build());
    }

    private static OptionSpec.Builder option(Binding.Targets t, int field, String label, Class<?> type, String defaultValue, String... names) {
        return OptionSpec.builder(names).paramLabel(label).type(type).defaultValue(defaultValue)
                .getter(bind(t, field)).setter(bind(t, field));
    }

    private static OptionSpec flag(Binding.Targets t, int field, String fieldName, String... names) {
        return OptionSpec.builder(names).paramLabel("<" + fieldName + ">").type(boolean.class).initialValue(false)
                .getter(bind(t, field)).setter(bind(t, field)).build();
    }

    private static Binding bind(Binding.Targets t, int field) {
        return new Binding(t, field, null);
    }

    /**
     * Gets and sets one field of the graph command or of its option objects: one class with a switch,
     * where a lambda per field would cost a bootstrap each at start-up.
     */
    static final class Binding implements IGetter, ISetter {
        static final int TRACE = 0;
        static final int FORMAT = 1;
        static final int VIEW = 2;
        static final int WEIGHT = 3;
        static final int RECALC = 4;
        static final int TOPOLOGY = 5;
        static final int SPEC = 6;
        static final int PLACEMENT = 7;
        static final int CENTRE = 8;
        static final int COLLECTIVES = 9;
        static final int CLOCK_CORRECTION = 10;
        static final int NO_WAITS = 11;
        static final int STATS = 12;
        static final int SKIP_MISSING = 13;
        static final int SKIP_DAMAGED = 14;
        static final int THREADS = 15;
        static final int TEMP_DIR = 16;
        static final int OUTPUT = 17;
        static final int QUIET = 18;
        static final int TIMING = 19;
        static final int WINDOW = 20;
        static final int RANKS = 21;
        static final int REGION = 22;
        static final int HELP = 23;
        static final int VERSION = 24;

        /** The objects the fields belong to, and the help options' values (picocli's help mixin keeps them likewise). */
        static final class Targets {
            final GraphCommand graph;
            boolean helpRequested;
            boolean versionRequested;

            Targets(GraphCommand graph) {
                this.graph = graph;
            }
        }

        /** The argument group's object, as picocli sets it when one of the group's options is given. */
        static final class GroupScope implements IScope {
            private Object value;

            @Override
            @SuppressWarnings("unchecked")
            public <T> T get() {
                return (T) value;
            }

            @Override
            @SuppressWarnings("unchecked")
            public <T> T set(T newValue) {
                T old = (T) value;
                value = newValue;
                return old;
            }
        }

        final Targets targets;
        final int field;
        private final GroupScope group;

        Binding(Targets targets, int field, GroupScope group) {
            this.targets = targets;
            this.field = field;
            this.group = group;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            GraphCommand g = targets.graph;
            TopologyOptions topology = group == null ? null : group.get();
            Object v = switch (field) {
                case TRACE -> g.trace.trace;
                case FORMAT -> g.format;
                case VIEW -> g.view;
                case WEIGHT -> g.weight;
                case RECALC -> g.recalc;
                case TOPOLOGY -> g.topology;
                case SPEC -> topology == null ? null : topology.spec;
                case PLACEMENT -> topology == null ? null : topology.placement;
                case CENTRE -> topology == null ? null : topology.centre;
                case COLLECTIVES -> g.collectives;
                case CLOCK_CORRECTION -> g.clockCorrection;
                case NO_WAITS -> g.noWaits;
                case STATS -> g.stats;
                case SKIP_MISSING -> g.reading.skipMissing;
                case SKIP_DAMAGED -> g.reading.skipDamaged;
                case THREADS -> g.reading.threads;
                case TEMP_DIR -> g.reading.tempDir;
                case OUTPUT -> g.output.output;
                case QUIET -> g.output.quiet;
                case TIMING -> g.timing;
                case WINDOW -> g.selectionOptions.window;
                case RANKS -> g.selectionOptions.ranks;
                case REGION -> g.selectionOptions.region;
                case HELP -> targets.helpRequested;
                case VERSION -> targets.versionRequested;
                default -> throw new IllegalStateException("no field " + field);
            };
            return (T) v;
        }

        @Override
        public <T> T set(T value) {
            T old = get();
            GraphCommand g = targets.graph;
            TopologyOptions topology = group == null ? null : group.get();
            switch (field) {
                case TRACE -> g.trace.trace = (Path) value;
                case FORMAT -> g.format = (OutputFormat) value;
                case VIEW -> g.view = (GraphView) value;
                case WEIGHT -> g.weight = (EdgeWeight) value;
                case RECALC -> g.recalc = (Recalculation) value;
                case TOPOLOGY -> g.topology = (TopologyOptions) value;
                case SPEC -> topology.spec = (TopologySpec) value;
                case PLACEMENT -> topology.placement = (Path) value;
                case CENTRE -> topology.centre = (Integer) value;
                case COLLECTIVES -> g.collectives = (Boolean) value;
                case CLOCK_CORRECTION -> g.clockCorrection = (ClockCorrection) value;
                case NO_WAITS -> g.noWaits = (Boolean) value;
                case STATS -> g.stats = (Boolean) value;
                case SKIP_MISSING -> g.reading.skipMissing = (Boolean) value;
                case SKIP_DAMAGED -> g.reading.skipDamaged = (Boolean) value;
                case THREADS -> g.reading.threads = (Integer) value;
                case TEMP_DIR -> g.reading.tempDir = (Path) value;
                case OUTPUT -> g.output.output = (Path) value;
                case QUIET -> g.output.quiet = (Boolean) value;
                case TIMING -> g.timing = (Boolean) value;
                case WINDOW -> g.selectionOptions.window = (String) value;
                case RANKS -> g.selectionOptions.ranks = (String) value;
                case REGION -> g.selectionOptions.region = (String) value;
                case HELP -> targets.helpRequested = (Boolean) value;
                case VERSION -> targets.versionRequested = (Boolean) value;
                default -> throw new IllegalStateException("no field " + field);
            }
            return old;
        }
    }
}
