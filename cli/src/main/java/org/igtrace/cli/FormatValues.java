package org.igtrace.cli;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.igtrace.formats.OutputFormat;
import org.igtrace.formats.predict.PredictionWriter;

/**
 * The values of a command's {@code --format} as the bash completion offers them: its Format enum's
 * constants in lower case ({@link #of}), as the help and the docs write them (the completion offered
 * {@code GRAPHML DOT} for one command, lower case for another, nothing for timeline and predict). The
 * lists of formats kept in {@code formats} are here; a command whose enum is its own keeps its list
 * beside it.
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

    /** {@code igtrace predict --format}. */
    static final class Predict implements Iterable<String> {
        public Iterator<String> iterator() {
            return of(PredictionWriter.Format.class).iterator();
        }
    }

    /** {@code igtrace graph --graph} (picocli offered the enum's names: FULL TREE). */
    static final class Views implements Iterable<String> {
        public Iterator<String> iterator() {
            return of(org.igtrace.core.graph.GraphView.class).iterator();
        }
    }

    /** {@code igtrace graph --weight}. */
    static final class Weights implements Iterable<String> {
        public Iterator<String> iterator() {
            return of(org.igtrace.core.graph.EdgeWeight.class).iterator();
        }
    }

    /** {@code igtrace graph --recalc}. */
    static final class Recalcs implements Iterable<String> {
        public Iterator<String> iterator() {
            return of(org.igtrace.core.graph.Recalculation.class).iterator();
        }
    }

    /** {@code igtrace why --format}. */
    static final class TextJson implements Iterable<String> {
        public Iterator<String> iterator() {
            return List.of("text", "json").iterator();
        }
    }

    /** {@code igtrace predict --contention}. */
    static final class OnOff implements Iterable<String> {
        public Iterator<String> iterator() {
            return List.of("on", "off").iterator();
        }
    }

    /** {@code igtrace predict --network}. */
    static final class Measured implements Iterable<String> {
        public Iterator<String> iterator() {
            return List.of("measured").iterator();
        }
    }
}
