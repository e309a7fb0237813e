package org.igtrace.core.diagnostic;

import static org.igtrace.core.diagnostic.Diagnostic.count;

import java.util.Locale;

/**
 * The kinds of {@link Diagnostic}, each with its sentence. A new kind is one constant here; a
 * note that has no kind yet travels as {@link #NOTE} with its text.
 */
public enum DiagnosticKind {
    /** A note written as text by its producer. */
    NOTE(null),
    /** count messages on detail sender->receiver directions taken from receive events. */
    RECEIVE_SIDE_COUNTED("directions"),
    /** count sent messages (per direction) with no receive event. */
    SENDS_WITHOUT_RECEIVE(null),
    /** count receive events (per direction) beyond the sends recorded. */
    RECEIVES_WITHOUT_SEND(null),
    /** count send-receive calls with no message event; detail of them are MPI_Sendrecv_replace's. */
    SILENT_SENDRECV("replace_calls"),
    PARTNER_OUTSIDE(null),
    SELF_MESSAGES(null),
    UNBALANCED_LEAVES(null),
    BACKWARD_TIMES(null),
    IMPLAUSIBLE_LENGTHS(null),
    /** Receive events only (their sends' lengths fine or not recorded): APEX 1.2.0 writes junk there. */
    IMPLAUSIBLE_RECEIVE_LENGTHS(null),
    /** No point-to-point message at all, count collective calls: the traffic is in collectives. */
    COLLECTIVES_ONLY(null),
    /** Same as {@link #COLLECTIVES_ONLY} when {@code --collectives} drew the collectives. */
    COLLECTIVES_ONLY_MODELLED(null),
    /** No point-to-point message and no collective call that carries data (barriers only): no edge at all. */
    COLLECTIVES_WITHOUT_DATA_ONLY(null),
    /** count sends the matcher left without a receive (FIFO per sender, receiver, communicator, tag). */
    UNMATCHED_SENDS(null),
    UNMATCHED_RECEIVES(null),
    /** The offsets did not settle in detail rounds; count clock conflicts remain (the summary says how many). */
    CLOCK_DRIFT("rounds"),
    COLLECTIVES_INCOMPLETE(null),
    COLLECTIVES_DISAGREEING(null),
    COLLECTIVES_OF_NON_MEMBERS(null),
    /** count barrier or N x N instances of more than detail members, constrained approximately. */
    COLLECTIVES_APPROXIMATED("members");

    private final String detailName;

    DiagnosticKind(String detailName) {
        this.detailName = detailName;
    }

    /** What {@link Diagnostic#detail()} counts for this kind, or null when it has no second number. */
    public String detailName() {
        return detailName;
    }

    /** The kind's name in machine-readable outputs: {@code sends_without_receive}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    String sentence(Diagnostic d) {
        long n = d.count();
        return switch (this) {
            case NOTE -> d.text();
            case RECEIVE_SIDE_COUNTED -> count(n, "message", "messages") + " on " + count(d.detail(), "sender->receiver direction",
                    "sender->receiver directions") + " counted from receive events (no send events recorded)";
            case SENDS_WITHOUT_RECEIVE -> count(n, "sent message has", "sent messages have") + " no receive event (counted from the send side)";
            case RECEIVES_WITHOUT_SEND -> count(n, "receive event", "receive events") + " without a send event ignored";
            case SILENT_SENDRECV -> n + " " + (d.detail() == 0 ? "MPI_Sendrecv" : d.detail() == n ? "MPI_Sendrecv_replace"
                    : "MPI_Sendrecv and MPI_Sendrecv_replace") + (n == 1 ? " call" : " calls")
                    + " recorded no message events: their traffic is not in the graph";
            case PARTNER_OUTSIDE -> count(n, "message event names", "message events name") + " a partner outside the known processes: ignored";
            case SELF_MESSAGES -> count(n, "message", "messages") + " a process sent to itself: not edges";
            case UNBALANCED_LEAVES -> count(n, "Leave event", "Leave events") + " without a matching Enter ignored";
            case BACKWARD_TIMES -> count(n, "event goes", "events go") + " back in time on their location (durations clamped at 0)";
            case IMPLAUSIBLE_LENGTHS -> count(n, "message", "messages") + " with an impossible length (negative or over 1 TiB) ignored";
            case IMPLAUSIBLE_RECEIVE_LENGTHS -> count(n, "receive event", "receive events")
                    + " with an impossible length (negative or over 1 TiB) ignored: " + (n == 1 ? "its message counts from its send event, as a"
                    + " sent message without a receive event" : "their messages count from their send events, as sent messages without a receive event");
            case COLLECTIVES_ONLY -> "all traffic is in collective operations (" + count(n, "call", "calls")
                    + ", no point-to-point message): " + Remedy.COLLECTIVES.named() + " draws it as pairwise traffic";
            case COLLECTIVES_ONLY_MODELLED -> "all traffic is in collective operations (" + count(n, "call", "calls")
                    + ", no point-to-point message); " + Remedy.COLLECTIVES.named() + " models what they carry as pairwise traffic";
            case COLLECTIVES_WITHOUT_DATA_ONLY -> "no point-to-point message, and the " + count(n, "collective call", "collective calls")
                    + (n == 1 ? " carries" : " carry") + " no data (barriers and the like): the graph has no edges, with or without "
                    + Remedy.COLLECTIVES.named();
            case UNMATCHED_SENDS -> count(n, "sent message has", "sent messages have") + " no matching receive event: counted from"
                    + " the send side, no wait measured for " + (n == 1 ? "it" : "them") + " (per edge: unmatched_sends)";
            case UNMATCHED_RECEIVES -> count(n, "receive event has", "receive events have") + " no matching send event: no wait"
                    + " measured for " + (n == 1 ? "it" : "them") + " (per edge: unmatched_receives)";
            case CLOCK_DRIFT -> "clock drift: the offsets did not settle in " + count(d.detail(), "round", "rounds")
                    + ", so the clocks drift apart during the run rather than differ by an offset; the last offsets are used";
            case COLLECTIVES_INCOMPLETE -> count(n, "collective instance", "collective instances")
                    + " not recorded by every member of " + (n == 1 ? "its" : "their") + " communicator: no wait is measured for "
                    + (n == 1 ? "it" : "them");
            case COLLECTIVES_DISAGREEING -> count(n, "collective instance", "collective instances") + " whose members recorded different operations";
            case COLLECTIVES_OF_NON_MEMBERS -> count(n, "collective event", "collective events") + " on a communicator whose"
                    + " definition does not list " + (n == 1 ? "its process" : "their processes") + " (the definitions and"
                    + " the events disagree): left out of the waits";
            case COLLECTIVES_APPROXIMATED -> count(n, "barrier or N x N instance", "barrier or N x N instances") + " of more than "
                    + d.detail() + " members " + (n == 1 ? "constrains" : "constrain")
                    + " the clocks through " + (n == 1 ? "its" : "their") + " last arrival and first departure only";
        };
    }
}
