package org.igtrace.core.diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosticsTest {
    @Test
    void sentencesAgreeInNumber() {
        assertEquals("1 message a process sent to itself: not edges", Diagnostic.of(DiagnosticKind.SELF_MESSAGES, 1).sentence());
        assertEquals("1 message on 1 sender->receiver direction counted from receive events (no send events recorded)",
                Diagnostic.of(DiagnosticKind.RECEIVE_SIDE_COUNTED, 1, 1).sentence());
        assertEquals("5 messages on 2 sender->receiver directions counted from receive events (no send events recorded)",
                Diagnostic.of(DiagnosticKind.RECEIVE_SIDE_COUNTED, 5, 2).sentence());
        assertEquals("1 sent message has no matching receive event: counted from the send side, no wait measured for it "
                + "(per edge: unmatched_sends)", Diagnostic.of(DiagnosticKind.UNMATCHED_SENDS, 1).sentence());
        assertEquals("a note as written", Diagnostic.note("a note as written").sentence());
    }

    @Test
    void onlyHappenedDiagnosticsAreAdded() {
        List<Diagnostic> list = new Diagnostics().addIf(DiagnosticKind.SELF_MESSAGES, 0).addIf(DiagnosticKind.BACKWARD_TIMES, 2)
                .add("plain").list();
        assertEquals(List.of(DiagnosticKind.BACKWARD_TIMES, DiagnosticKind.NOTE), list.stream().map(Diagnostic::kind).toList());
    }

    /**
     * The matcher's unmatched ends replace the profile's count of the same fact, also when the
     * counts differ (3 receives beyond the sends per pair, 5 unmatched FIFO: told as 5 only; both
     * together read as a contradiction); the profile's stays where the matcher found none.
     */
    @Test
    void aFactFoundTwiceIsToldOnce() {
        List<Diagnostic> profile = List.of(Diagnostic.of(DiagnosticKind.SENDS_WITHOUT_RECEIVE, 8),
                Diagnostic.of(DiagnosticKind.RECEIVES_WITHOUT_SEND, 3), Diagnostic.note("kept"));
        List<Diagnostic> waits = List.of(Diagnostic.of(DiagnosticKind.UNMATCHED_SENDS, 8),
                Diagnostic.of(DiagnosticKind.UNMATCHED_RECEIVES, 5));
        List<DiagnosticKind> joined = Diagnostics.join(profile, waits).stream().map(Diagnostic::kind).toList();
        assertEquals(List.of(DiagnosticKind.NOTE, DiagnosticKind.UNMATCHED_SENDS, DiagnosticKind.UNMATCHED_RECEIVES), joined);
        List<DiagnosticKind> alone = Diagnostics.join(profile, List.of(Diagnostic.of(DiagnosticKind.UNMATCHED_SENDS, 8)))
                .stream().map(Diagnostic::kind).toList();
        assertEquals(List.of(DiagnosticKind.RECEIVES_WITHOUT_SEND, DiagnosticKind.NOTE, DiagnosticKind.UNMATCHED_SENDS), alone);
    }
}
