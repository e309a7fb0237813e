package org.igtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import org.igtrace.formats.Escape;

/**
 * The output format of a command: {@code --format} if given, else the one the {@code -o} file's
 * extension names, else the command's default. A {@code --format} that disagrees with the
 * extension is a usage error.
 */
final class FormatChoice {
    private FormatChoice() {
    }

    static <E extends Enum<E>> E resolve(E given, OutputOptions output, Map<String, E> byExtension, E fallback) throws UsageError {
        String extension = output.extension();
        E implied = extension == null ? null : byExtension.get(extension);
        if (given != null && implied != null && given != implied) {
            throw new UsageError("--format " + name(given) + " does not match the output file " + output.output
                    + " (." + extension + " is " + name(implied) + "): change one of them");
        }
        return given != null ? given : implied != null ? implied : fallback;
    }

    static String name(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Warns on standard error that {@code -o FILE}'s extension is one no format of the command
     * claims ({@code -o graph.png}), so a GraphML file named .png is not written silently. A warning
     * (an output almost surely not meant), so {@code -q} does not silence it.
     *
     * @param err         where notes go
     * @param output      the -o file, or null
     * @param formatGiven whether --format named the format (then the name is the user's choice)
     * @param claimed     the extensions the command's formats claim, lower case
     * @param writing     what the file will hold, as the note names it
     */
    static void warnUnclaimed(PrintWriter err, Path output, boolean formatGiven, Collection<String> claimed, String writing) {
        warnUnclaimed(err, output, formatGiven, claimed, writing, true);
    }

    /**
     * As {@link #warnUnclaimed(PrintWriter, Path, boolean, Collection, String)}, for a command
     * that may have no {@code --format} to suggest ({@code hasFormat} false: the report). An empty name is a usage
     * error here, before the trace is read.
     */
    static void warnUnclaimed(PrintWriter err, Path output, boolean formatGiven, Collection<String> claimed, String writing,
                              boolean hasFormat) {
        if (output != null && output.toString().isEmpty()) { // -o '' (an unset shell variable): the working directory
            throw new UsageError("-o needs a file name, and the one given is empty");
        }
        if (output == null || formatGiven || output.getFileName() == null) {
            return;
        }
        String name = output.getFileName().toString();
        if (java.nio.file.Files.exists(output) && AtomicOutput.TRACE_FILE.matcher(name).matches()) {
            return; // refused when written (a file of a trace): "will hold ..." would be a line the refusal contradicts
        }
        int dot = name.lastIndexOf('.');
        String extension = dot <= 0 ? null : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        if (extension != null && !claimed.contains(extension)) {
            err.println("igtrace: warning: " + Escape.line(output.toString()) + " will hold " + writing + ": no format of this command writes ." + extension
                    + " (" + String.join(", ", claimed.stream().sorted().map(e -> "." + e).toList()) + (hasFormat ? " do; or give --format)" : " do)"));
        }
    }
}
