package org.igtrace.core.diagnostic;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects diagnostics where they are detected, and joins the lists of several stages so that
 * one fact is told once.
 */
public final class Diagnostics {
    private final List<Diagnostic> list = new ArrayList<>();

    /** Adds a diagnostic of {@code kind} when it happened at least once. */
    public Diagnostics addIf(DiagnosticKind kind, long count) {
        return addIf(kind, count, 0);
    }

    /** Adds a diagnostic of {@code kind} with its second number when it happened at least once. */
    public Diagnostics addIf(DiagnosticKind kind, long count, long detail) {
        if (count > 0) {
            list.add(Diagnostic.of(kind, count, detail));
        }
        return this;
    }

    /** Adds a note written as text. */
    public Diagnostics add(String note) {
        list.add(Diagnostic.note(note));
        return this;
    }

    public Diagnostics add(Diagnostic diagnostic) {
        list.add(diagnostic);
        return this;
    }

    public List<Diagnostic> list() {
        return List.copyOf(list);
    }

    /**
     * The diagnostics of the profile followed by those of the wait analysis, with a fact both
     * found told once: the matcher's unmatched sends (receives) replace the profile's count of
     * sends without a receive (receives without a send). The matcher's count is the exact one
     * (FIFO per key, per edge); the profile's only compares totals per pair, and beside a
     * different count of the matcher's read as a contradiction ("1 receive event without a send"
     * and "2 receive events have no matching send event" under one --window).
     */
    public static List<Diagnostic> join(List<Diagnostic> profile, List<Diagnostic> waits) {
        List<Diagnostic> all = new ArrayList<>();
        for (Diagnostic d : profile) {
            boolean toldByWaits = switch (d.kind()) {
                case SENDS_WITHOUT_RECEIVE -> find(waits, DiagnosticKind.UNMATCHED_SENDS) != null;
                case RECEIVES_WITHOUT_SEND -> find(waits, DiagnosticKind.UNMATCHED_RECEIVES) != null;
                default -> false;
            };
            if (!toldByWaits) {
                all.add(d);
            }
        }
        all.addAll(waits);
        return all;
    }

    /** The first diagnostic of {@code kind}, or null. */
    public static Diagnostic find(List<Diagnostic> list, DiagnosticKind kind) {
        return list.stream().filter(d -> d.kind() == kind).findFirst().orElse(null);
    }
}
