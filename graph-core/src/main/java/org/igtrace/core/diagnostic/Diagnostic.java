package org.igtrace.core.diagnostic;

import java.util.List;

/**
 * Something the user should know about a trace or an analysis, as data: what it is
 * ({@link DiagnosticKind}), how many times it happened, a second number where the kind has one
 * ({@link DiagnosticKind#detailName()}), and the names of what it concerns (files, locations).
 * The summary, the JSON outputs and reports all make their words from it with
 * {@link #sentence()}, the one place where a diagnostic becomes prose.
 *
 * @param kind   what happened; {@link DiagnosticKind#NOTE} for a note written as text
 * @param count  how many times (events, messages, calls, ...), 0 for a plain note
 * @param detail the kind's second number (e.g. directions, rounds), 0 when it has none
 * @param names  what it concerns (e.g. "location 0, \"P#0T#0\""), possibly empty
 * @param text   a plain note's text; empty for the other kinds
 */
public record Diagnostic(DiagnosticKind kind, long count, long detail, List<String> names, String text) {
    public Diagnostic {
        names = List.copyOf(names);
        text = text == null ? "" : text;
    }

    /** A diagnostic of {@code kind} that happened {@code count} times. */
    public static Diagnostic of(DiagnosticKind kind, long count) {
        return new Diagnostic(kind, count, 0, List.of(), "");
    }

    /** A diagnostic of {@code kind} with its second number. */
    public static Diagnostic of(DiagnosticKind kind, long count, long detail) {
        return new Diagnostic(kind, count, detail, List.of(), "");
    }

    /** A note that is already prose (readers and analyses that have no kind for it yet). */
    public static Diagnostic note(String text) {
        return new Diagnostic(DiagnosticKind.NOTE, 0, 0, List.of(), text);
    }

    /** Notes that are already prose, as diagnostics. */
    public static List<Diagnostic> notes(List<String> texts) {
        return texts.stream().map(Diagnostic::note).toList();
    }

    /** The diagnostic in words, e.g. "1 message a process sent to itself: not an edge". */
    public String sentence() {
        return kind.sentence(this);
    }

    /** {@code n} and the noun, singular for 1: "1 process", "3 processes". */
    public static String count(long n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }
}
