package org.igtrace.cli;

import java.util.Locale;
import java.util.Map;

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
}
