package org.igtrace.cli;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.igtrace.formats.OutputFormat;
import org.igtrace.formats.predict.PredictionWriter;

/**
 * The values of each command's {@code --format} as the bash completion offers them: one list per
 * command, its Format enum's constants in lower case, as the help and the docs write them (the
 * completion offered {@code GRAPHML DOT} for one command, lower case for another, nothing for
 * timeline and predict).
 */
final class FormatValues {
    private FormatValues() {
    }

    static List<String> of(Class<? extends Enum<?>> formats) {
        return Arrays.stream(formats.getEnumConstants()).map(f -> f.name().toLowerCase(Locale.ROOT)).toList();
    }

    /** {@code igtrace graph --format}. */
    static final class Graph implements Iterable<String> {
        public Iterator<String> iterator() {
            return of(OutputFormat.class).iterator();
        }
    }

    /** {@code igtrace stats --format}. */
    static final class Stats implements Iterable<String> {
        public Iterator<String> iterator() {
            return of(StatsCommand.Format.class).iterator();
        }
    }

    /** {@code igtrace info --format}. */
    static final class Info implements Iterable<String> {
        public Iterator<String> iterator() {
            return of(InfoCommand.Format.class).iterator();
        }
    }

    /** {@code igtrace timeline --format}. */
    static final class Timeline implements Iterable<String> {
        public Iterator<String> iterator() {
            return java.util.Arrays.stream(TimelineCommand.Format.values()).map(TimelineCommand.Format::toString).iterator();
        }
    }

    /** {@code igtrace predict --format}. */
    static final class Predict implements Iterable<String> {
        public Iterator<String> iterator() {
            return of(PredictionWriter.Format.class).iterator();
        }
    }

    /** {@code igtrace diff --format}. */
    static final class Diff implements Iterable<String> {
        public Iterator<String> iterator() {
            return of(DiffCommand.Format.class).iterator();
        }
    }
}
