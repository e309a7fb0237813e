package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.diagnostic.DiagnosticKind;
import org.igtrace.core.diagnostic.Diagnostics;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.Numbers;

/**
 * The wait analysis igtrace ran before issue 15, kept as a reference for tests: who makes whom wait (definitions section 8), in two replays of the trace's events merged in time
 * order: the first matches messages and collectives and collects clock constraints, the offsets
 * are solved, and the second matches again and measures waiting on corrected times. Without
 * correction one replay does. Memory holds what {@link ReferenceEventMatcher} has in flight, the
 * constraints per pair of processes and the results per process and pair.
 */
final class ReferenceWaitAnalysis {
    /** Replays every event of the trace into the sink, locations merged in time order. */
    @FunctionalInterface
    public interface Replay<E extends Exception> {
        void run(LocationSink sink) throws E;
    }

    private ReferenceWaitAnalysis() {
    }

    public static <E extends Exception> WaitReport analyse(TraceDefinitions definitions, boolean correct, Replay<E> replay)
            throws E {
        int n = definitions.processCount();
        ClockOffsets offsets = ClockOffsets.none(n);
        long conflictsBefore = -1;
        ClockConstraints constraints = null;
        if (correct) {
            constraints = new ClockConstraints();
            ReferenceEventMatcher first = new ReferenceEventMatcher(definitions, constraints);
            replay.run(first);
            first.finish();
            offsets = ClockOffsets.solve(n, constraints);
            conflictsBefore = constraints.conflicts();
        }
        WaitStates waits = new WaitStates(offsets.ticks());
        OneCallWaitsOnce calls = new OneCallWaitsOnce(waits, offsets.ticks());
        ReferenceEventMatcher matcher = new ReferenceEventMatcher(definitions, calls);
        replay.run(matcher);
        matcher.finish();
        calls.charge();
        if (!correct) {
            conflictsBefore = waits.conflicts();
        }
        return report(definitions, correct, offsets, conflictsBefore, constraints, waits, matcher);
    }

    /**
     * Definitions section 8's "one call waits once", kept apart from graph-core's spill: the messages of
     * each call that completed several receives, held in memory by call, each call charged
     * {@code min(leave, max enter(send)) - enter}, to the sender whose send entered last (ties: the
     * lowest rank). {@link WaitStates} measures every other message.
     */
    private static final class OneCallWaitsOnce implements MatchListener {
        private final WaitStates waits;
        private final long[] o;
        /** Per call: receiver, enter, leave (raw), latest corrected send enter, its sender. */
        private final Map<Long, long[]> calls = new TreeMap<>();

        OneCallWaitsOnce(WaitStates waits, long[] o) {
            this.waits = waits;
            this.o = o;
        }

        @Override
        public void message(MatchedMessage m) {
            waits.message(m);
            if (m.receiveSharedCall < 0 || !m.receiveCall.waitsForReceive() || m.sender == m.receiver || m.sender < 0
                    || m.receiver < 0 || m.sender >= o.length || m.receiver >= o.length) {
                return;
            }
            long send = m.sendEnter + o[m.sender];
            long[] c = calls.get(m.receiveSharedCall);
            if (c == null) {
                calls.put(m.receiveSharedCall, new long[] {m.receiver, m.receiveEnter, m.receiveLeave, send, m.sender});
            } else if (send > c[3] || send == c[3] && m.sender < c[4]) {
                c[3] = send;
                c[4] = m.sender;
            }
        }

        @Override
        public void collective(CollectiveInstance instance) {
            waits.collective(instance);
        }

        void charge() {
            for (long[] c : calls.values()) {
                int r = (int) c[0];
                long w = Math.min(c[2] + o[r], c[3]) - (c[1] + o[r]);
                if (w > 0) {
                    waits.chargeMessages(WaitPattern.LATE_SENDER, r, (int) c[4], w);
                }
            }
        }
    }

    private static WaitReport report(TraceDefinitions definitions, boolean correct, ClockOffsets offsets, long conflictsBefore,
                                     ClockConstraints constraints, WaitStates waits, ReferenceEventMatcher matcher) {
        int n = definitions.processCount();
        double ticksPerSecond = definitions.ticksPerSecond();
        long[][] ticks = new long[WaitPattern.values().length][n];
        for (WaitPattern pattern : WaitPattern.values()) {
            for (int p = 0; p < n; p++) {
                ticks[pattern.ordinal()][p] = waits.ticks(pattern, p);
            }
        }
        List<WaitReport.PairWait> pairs = new ArrayList<>();
        waits.pairs().forEach((a, b, t) -> pairs.add(new WaitReport.PairWait(a, b, t / ticksPerSecond)));
        pairs.sort(Comparator.comparingInt(WaitReport.PairWait::a).thenComparingInt(WaitReport.PairWait::b));

        List<WaitReport.Unmatched> unmatched = new ArrayList<>();
        long[] totals = new long[2];
        matcher.unmatchedSends().forEach((s, r, c) -> {
            unmatched.add(new WaitReport.Unmatched(s, r, c, matcher.unmatchedReceives().get(s, r, 0)));
            totals[0] += c;
        });
        matcher.unmatchedReceives().forEach((s, r, c) -> {
            if (matcher.unmatchedSends().get(s, r, 0) == 0) {
                unmatched.add(new WaitReport.Unmatched(s, r, 0, c));
            }
            totals[1] += c;
        });
        unmatched.sort(Comparator.comparingInt(WaitReport.Unmatched::sender).thenComparingInt(WaitReport.Unmatched::receiver));

        Diagnostics notes = new Diagnostics()
                .addIf(DiagnosticKind.UNMATCHED_SENDS, totals[0])
                .addIf(DiagnosticKind.UNMATCHED_RECEIVES, totals[1]);
        if (!offsets.settled()) {
            notes.add(Diagnostic.of(DiagnosticKind.CLOCK_DRIFT, waits.conflicts(), offsets.rounds()));
        }
        notes.addIf(DiagnosticKind.COLLECTIVES_INCOMPLETE, matcher.collectivesIncomplete())
                .addIf(DiagnosticKind.COLLECTIVES_DISAGREEING, matcher.collectivesDisagreeing());
        if (constraints != null) {
            notes.addIf(DiagnosticKind.COLLECTIVES_APPROXIMATED, constraints.approximatedCollectives(), ClockConstraints.EXACT_MEMBERS);
        }
        return new WaitReport(correct, offsets.settled(), Arrays.copyOf(offsets.ticks(), n), offsets.bounded(), conflictsBefore,
                waits.conflicts(), matcher.matchedMessages(), matcher.peakMessagesInFlight(), ticks, ticksPerSecond, pairs, unmatched,
                matcher.collectivesMatched(), matcher.collectivesIncomplete(), notes.list());
    }

    /** "12.3 ms" style, for notes. */
    static String millis(double seconds) {
        return Numbers.format(seconds * 1000) + " ms";
    }
}
