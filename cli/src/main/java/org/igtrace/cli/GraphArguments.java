package org.igtrace.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.formats.OutputFormat;

/**
 * The graph command's usual command lines bound to a {@link GraphCommand} without picocli: building
 * picocli's model of the command and parsing with it took 40-70 ms of the main thread at each start
 * (its classes, its built-in converters, the old verifier on its Java 5 class files), a sixth of a
 * tiny trace's run. It binds only what it can bind exactly as picocli would: the trace once, and
 * each of graph's options once, by its full name or its one-letter name, its value in the next
 * argument or after {@code =} (long names). Anything else (a cluster such as {@code -qo}, an
 * attached short value, a value starting with {@code -} or empty, an option given twice, a second
 * trace, {@code --}, the network options, help, a value that does not convert, a {@code picocli.*}
 * system property) returns null: picocli
 * parses that command line as before, and its messages stay the one source of every usage error.
 * {@code GraphArgumentsTest} checks that both bind alike.
 */
final class GraphArguments {
    private GraphArguments() {
    }

    /**
     * The graph command {@code args} (starting with {@code graph}) give, its parent {@code top}; null when
     * picocli is to parse them.
     *
     * @param top the igtrace command, the graph command's parent
     * @param args the command line, {@code graph} first
     * @return the bound command, or null
     */
    static GraphCommand bind(Invocation top, String[] args) {
        if (args.length < 2 || !args[0].equals("graph") || RawArguments.relativeBase() != null || picocliConfigured()) {
            return null; // (a working folder that is not UTF-8: paths convert otherwise)
        }
        GraphCommand g = new GraphCommand();
        g.parent = top;
        g.trace = new TraceArgument();
        g.reading = new ReadingOptions();
        g.output = new OutputOptions();
        // the defaults picocli gives, converted as picocli converts them
        g.view = enumValue(GraphView.class, "full");
        g.weight = enumValue(EdgeWeight.class, "avg");
        g.recalc = enumValue(Recalculation.class, "path");
        Set<String> given = new HashSet<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.isEmpty()) {
                return null;
            }
            if (a.charAt(0) != '-') {
                if (g.trace.trace != null || (g.trace.trace = path(a)) == null) {
                    return null;
                }
                continue;
            }
            String name = a;
            String value = null;
            int eq = a.indexOf('=');
            if (eq > 2 && a.startsWith("--")) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            name = switch (name) {
                case "-o" -> "--output";
                case "-q" -> "--quiet";
                case "-j" -> "--threads";
                default -> name;
            };
            if (!given.add(name)) {
                return null;
            }
            if (flag(g, name)) {
                if (value != null) {
                    return null;
                }
                continue;
            }
            if (value == null) {
                if (i + 1 == args.length) {
                    return null;
                }
                value = args[++i];
            }
            if (value.isEmpty() || value.charAt(0) == '-' || !option(g, name, value)) {
                return null;
            }
        }
        return g.trace.trace == null ? null : g;
    }

    /** Whether a system property configures picocli ({@code -Dpicocli.trimQuotes=true}, ...): picocli then parses. */
    private static boolean picocliConfigured() {
        for (Object key : System.getProperties().keySet()) {
            if (key instanceof String k && k.startsWith("picocli.")) {
                return true;
            }
        }
        return false;
    }

    /** Sets the flag {@code name}; false when graph has no such flag. */
    private static boolean flag(GraphCommand g, String name) {
        switch (name) {
            case "--collectives" -> g.collectives = true;
            case "--no-waits" -> g.noWaits = true;
            case "--stats" -> g.stats = true;
            case "--skip-missing" -> g.reading.skipMissing = true;
            case "--skip-damaged" -> g.reading.skipDamaged = true;
            case "--quiet" -> g.output.quiet = true;
            case "--timing" -> g.timing = true;
            default -> {
                return false;
            }
        }
        return true;
    }

    /** Sets the option {@code name} to {@code value} converted; false when graph has no such option or the value does not convert. */
    private static boolean option(GraphCommand g, String name, String value) {
        return switch (name) {
            case "--format" -> (g.format = enumValue(OutputFormat.class, value)) != null;
            case "--graph" -> (g.view = enumValue(GraphView.class, value)) != null;
            case "--weight" -> (g.weight = enumValue(EdgeWeight.class, value)) != null;
            case "--recalc" -> (g.recalc = enumValue(Recalculation.class, value)) != null;
            case "--clock-correction" -> (g.clockCorrection = enumValue(ClockCorrection.class, value)) != null;
            // picocli's Integer.valueOf, for the digits on which it cannot differ from any other reading
            case "--threads" -> value.matches("0|[1-9][0-9]{0,8}") && (g.reading.threads = Integer.valueOf(value)) != null;
            case "--temp-dir" -> (g.reading.tempDir = path(value)) != null;
            case "--output" -> !value.endsWith("/") && (g.output.output = path(value)) != null; // "out/": refused by picocli
            case "--window" -> (g.selectionOptions.window = value) != null;
            case "--ranks" -> (g.selectionOptions.ranks = value) != null;
            case "--region" -> (g.selectionOptions.region = value) != null;
            default -> false;
        };
    }

    /** {@code text} as picocli's path converter makes it, or null where it would refuse it. */
    private static Path path(String text) {
        if (text.isEmpty()) {
            return null; // refused by igtrace's converter
        }
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /**
     * The constant {@code text} names as picocli's enum converter finds it with case-insensitive values allowed: the
     * exact name first, then in declaration order the first whose text or name equals it, then ignoring case; null
     * when none does.
     */
    private static <E extends Enum<E>> E enumValue(Class<E> type, String text) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(text)) {
                return e;
            }
        }
        for (E e : type.getEnumConstants()) {
            String s = e.toString();
            if (text.equals(s) || text.equals(e.name()) || text.equalsIgnoreCase(s) || text.equalsIgnoreCase(e.name())) {
                return e;
            }
        }
        return null;
    }
}
