package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The model a run of graph is parsed with (built without annotations, {@link GraphRunModel}) against
 * the one picocli reads from the annotations, which help, the man page and the completion use.
 */
class GraphRunModelTest {
    /** The annotation model's graph (and top) command, as help builds it. */
    private static CommandLine annotated() {
        return IgtraceCommand.commandLine();
    }

    static CommandLine built() {
        return GraphRunModel.commandLine(new IgtraceCommand());
    }

    /** What parsing depends on, for one option or positional parameter. */
    private static String describe(ArgSpec a) {
        StringBuilder s = new StringBuilder();
        if (a instanceof OptionSpec o) {
            s.append(Arrays.toString(o.names())).append(" usageHelp=").append(o.usageHelp()).append(" versionHelp=")
                    .append(o.versionHelp()).append(" negatable=").append(o.negatable()).append(" fallback=").append(o.fallbackValue())
                    .append(" order=").append(o.order());
        } else if (a instanceof PositionalParamSpec p) {
            s.append("positional index=").append(p.index());
        }
        s.append(" type=").append(a.type().getName()).append(" aux=").append(Arrays.toString(a.auxiliaryTypes()))
                .append(" arity=").append(a.arity()).append(" label=").append(a.paramLabel()).append(" default=")
                .append(a.defaultValue()).append(" hasInitial=").append(a.hasInitialValue()).append(" initial=")
                .append(a.initialValue()).append(" required=").append(a.required()).append(" hidden=").append(a.hidden())
                .append(" split=").append(a.splitRegex()).append(" interactive=").append(a.interactive())
                .append(" inGroup=").append(a.group() != null).append(" converters=");
        for (CommandLine.ITypeConverter<?> c : a.converters()) {
            s.append(c.getClass().getName()).append(' ');
        }
        s.append(" candidates=");
        if (a.completionCandidates() != null) {
            a.completionCandidates().forEach(c -> s.append(c).append(' '));
        }
        return s.toString();
    }

    private static List<String> describe(CommandSpec spec) {
        List<String> lines = new ArrayList<>();
        lines.add("command " + spec.qualifiedName());
        for (OptionSpec o : spec.options()) {
            lines.add(describe(o));
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            lines.add(describe(p));
        }
        for (ArgGroupSpec g : spec.argGroups()) {
            lines.add("group exclusive=" + g.exclusive() + " multiplicity=" + g.multiplicity() + " validate=" + g.validate()
                    + " order=" + g.order() + " heading=" + g.heading() + " type=" + Arrays.toString(g.typeInfo().getAuxiliaryTypes())
                    + " args=" + g.args().stream().map(ArgSpec::paramLabel).toList() + " synopsis=" + g.synopsis());
        }
        return lines;
    }

    @Test
    void theRunModelHasTheAnnotationModelsArguments() {
        CommandLine a = annotated();
        CommandLine b = built();
        assertEquals(describe(a.getSubcommands().get("graph").getCommandSpec()), describe(b.getSubcommands().get("graph").getCommandSpec()));
        List<String> top = describe(a.getCommandSpec());
        assertEquals(top, describe(b.getCommandSpec()));
        assertEquals(List.of("graph"), new ArrayList<>(b.getSubcommands().keySet()));
    }

    /** The command's fields after parsing, its option objects' fields included. */
    static String fields(Object o, int depth) throws IllegalAccessException {
        if (o instanceof int[] ints) {
            return Arrays.toString(ints);
        }
        if (o == null || depth > 3 || o.getClass().isEnum() || !o.getClass().getName().startsWith("org.igtrace.")) {
            return String.valueOf(o);
        }
        StringBuilder s = new StringBuilder(o.getClass().getSimpleName()).append('{');
        for (Field f : o.getClass().getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || f.getName().equals("parent")) {
                continue;
            }
            f.setAccessible(true);
            s.append(f.getName()).append('=').append(fields(f.get(o), depth + 1)).append(' ');
        }
        return s.append('}').toString();
    }

    /** The graph command's fields after parsing {@code args} with {@code cl}, or the error's class and message. */
    static String parse(CommandLine cl, String... args) throws IllegalAccessException {
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        try {
            CommandLine.ParseResult r = cl.parseArgs(args);
            return fields(r.subcommand().commandSpec().userObject(), 0);
        } catch (CommandLine.ParameterException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage() + " at " + (e.getArgSpec() == null ? null : e.getArgSpec().paramLabel());
        }
    }

    @Test
    void bothModelsParseCommandLinesAlike() throws Exception {
        String[][] lines = {
            {"graph", "t.otf2"},
            {"graph", "t.otf2", "-o", "g.dot", "--format", "DOT", "--graph", "tree", "--weight", "wait", "--recalc", "paper"},
            {"graph", "-qo", "x.csv", "t.otf2", "--collectives", "--no-waits", "--stats", "--timing", "--clock-correction", "none"},
            {"graph", "t.otf2", "--skip-missing", "--skip-damaged", "-j", "3", "--temp-dir", "/tmp", "--window", "1s:2s",
                "--ranks", "0-3", "--region", "main"},
            {"graph", "t.otf2", "--topology", "torus:2x2x2", "--placement", "p.map"},
            {"graph", "t.otf2", "--topology", "star", "--centre", "1"},
            {"graph", "t.otf2", "--topology", "nonsense"},
            {"graph", "t.otf2", "--placement", "p.map"},
            {"graph", "t.otf2", "--centre", "2"},
            {"graph", "t.otf2", "--weight", "wat"},
            {"graph", "t.otf2", "--frmat", "dot"},
            {"graph", "t.otf2", "second"},
            {"graph"},
            {"graph", "t.otf2", "-j"},
            {"graph", "t.otf2", "-j", "x"},
            {"graph", "t.otf2", "--collectives=false"},
            {"graph", "t.otf2", "--quiet", "--quiet"},
            {"graph", "t.otf2", "--", "-o"},
            {"graph", "t.otf2", "--output=o.graphml", "--threads=2"},
        };
        for (String[] line : lines) {
            assertEquals(parse(annotated(), line), parse(built(), line), String.join(" ", line));
        }
    }

    @Test
    void helpAndVersionComeFromTheAnnotations() {
        assertTrue(GraphRunModel.runs(new String[] {"graph", "t.otf2", "-qo", "x.dot", "--window", "1s:2s"}));
        for (String ask : List.of("-h", "--help", "-V", "--version", "-qh", "-hq", "-qV", "--help=true")) {
            assertFalse(GraphRunModel.runs(new String[] {"graph", "t.otf2", ask}), ask);
        }
        SubcommandsTest.Run help = SubcommandsTest.igtrace("graph", "--help");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("Usage: igtrace graph [-hqV]"), help.out());
        assertTrue(help.out().contains("Formats (--format, or the extension of the -o file):"), help.out());
    }

    /**
     * An argument file ({@code @FILE}) is expanded by picocli after the model is chosen, and may ask for help or the
     * version: the annotation model reads it (the built model printed a help without texts, and nothing for -V).
     */
    @Test
    void anArgumentFileAsksTheAnnotationModel(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        assertFalse(GraphRunModel.runs(new String[] {"graph", "@args"}));
        Path help = java.nio.file.Files.writeString(dir.resolve("help"), "--help\n");
        SubcommandsTest.Run run = SubcommandsTest.igtrace("@" + help);
        assertEquals(0, run.code());
        assertTrue(run.out().contains("Formats (--format, or the extension of the -o file):"), run.out());
        Path version = java.nio.file.Files.writeString(dir.resolve("version"), "-V\n");
        run = SubcommandsTest.igtrace("graph", "@" + version);
        assertEquals(0, run.code());
        assertTrue(run.out().startsWith("igtrace "), run.out());
    }

    /**
     * A run of graph in a fresh JVM reads no annotation: the JDK makes no annotation proxy (the
     * annotation model made one class per annotation type of picocli's, a sixth of a tiny run's CPU);
     * nor does it load picocli's parser.
     * The trace does not exist, so libotf2 (and JNA, which reads one annotation of its own) is not loaded.
     */
    @Test
    void aRunOfGraphReadsNoAnnotation() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:off",
                "-Xlog:class+load=info:stdout", "-Digtrace.isolate=false", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "no-such-folder/traces.otf2", "-o", "no-such-folder/g.dot").start();
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), err);
        assertTrue(err.contains("no-such-folder"), err);
        assertTrue(out.contains("org.igtrace.cli.GraphCommand "), "the graph command ran");
        assertFalse(out.contains("__dynamic_proxy__"), out.lines().filter(l -> l.contains("__dynamic_proxy__")).toList().toString());
        assertFalse(out.contains("picocli.CommandLine "), "picocli's parser is not loaded: the usual command line is bound by GraphArguments");
    }
}
