package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.diagnostic.DiagnosticKind;
import org.igtrace.core.diagnostic.Diagnostics;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;

/**
 * Who makes whom wait (definitions section 8) from the {@link MatchRecords} of one read of the trace.
 * Without correction one join does. With it, the joins of {@link #correctedInParts}: a tap is fed in
 * the join of the messages, made at the collectives' guess of the offsets (for a tap of every match,
 * a timeline's or a `why`'s wait log, only when that join may hold the collectives too: no communicator
 * with collectives has more than {@link ClockConstraints#EXACT_MEMBERS} members), and kept when the
 * messages leave the offsets at the guess (the stencil benchmark, and most traces of one machine, whose
 * guess and offsets are zero); otherwise a join of its own at the final offsets feeds a new one (a tap
 * of every match: a join of everything, which also measures the waits). The tap fed at the guess is
 * dropped on every join thread at the first message in clock conflict there that one of them sees (the
 * offsets then move), and the pairs are joined before the collectives, so it costs little where they
 * move; what a dropped tap kept in the store (a wait log's matches) stays there unread until
 * the store closes. Events are not read again.
 */
public final class WaitAnalysis {
    /** Feeds every event of the trace into the sink, each location in its own order (any interleaving). */
    @FunctionalInterface
    public interface Replay<E extends Exception> {
        void run(LocationSink sink) throws E;
    }

    private WaitAnalysis() {
    }

    /** Records the events {@code replay} feeds (in memory) and analyses them on one thread. */
    public static <E extends Exception> WaitReport analyse(TraceDefinitions definitions, boolean correct, Replay<E> replay)
            throws E {
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            MatchRecords records = new MatchRecords(definitions, store);
            replay.run(records);
            return analyse(records, correct, 1);
        }
    }

    /** Analyses records of every location ({@link MatchRecords#finish()} is called here), joining on {@code threads}. */
    public static WaitReport analyse(MatchRecords records, boolean correct, int threads) {
        return analyse(records, correct, threads, null);
    }

    /**
     * As above; {@code matches} (null: none) makes, from the clock offsets the waits are measured
     * with, a tap that also gets the matches of that join, a listener per join thread.
     */
    public static WaitReport analyse(MatchRecords records, boolean correct, int threads, Function<long[], MatchTap> matches) {
        return analyse(records, correct, threads, matches, false);
    }

    /**
     * As above; with {@code messagesOnly} the tap reads only the messages at the offsets it was made with
     * ({@code EventTaps.tapsMessagesOnly}), and with clock correction it is fed in {@link #correctedInParts}' join of the
     * messages when that join was made at the final offsets (one join of the messages instead of two), else in a join of
     * its own at them.
     */
    public static WaitReport analyse(MatchRecords records, boolean correct, int threads, Function<long[], MatchTap> matches,
                                     boolean messagesOnly) {
        return analyse(records, correct, threads, matches, messagesOnly, true);
    }

    /**
     * As above; without {@code callWaits} the waits of the calls that completed several receives (an {@code MPI_Waitall}'s,
     * combined per call after the join: {@link CallWaits}) are not measured, neither spilled by the join nor charged
     * after it, and no tap is told of them ({@link MatchListener#callWait}): for a command that reads of the report the
     * clock offsets, the counts and the diagnostics, not the waits (predict: {@code EventTaps.waitsUnread}). The report's
     * waits then leave those calls out; everything else in it is as with them.
     */
    public static WaitReport analyse(MatchRecords records, boolean correct, int threads, Function<long[], MatchTap> matches,
                                     boolean messagesOnly, boolean callWaits) {
        records.finish();
        TraceDefinitions definitions = records.definitions();
        int n = definitions.processCount();
        long[] zero = new long[n];
        CallWaits calls = callWaits ? new CallWaits(records.store()) : null;
        if (correct) {
            return correctedInParts(records, threads, calls, matches, messagesOnly);
        }
        MatchTap firstTap = matches == null ? null : matches.apply(zero.clone());
        RecordJoin.Joined<Tally> first = join(records, threads, false, zero, firstTap, (s, r) -> false, calls);
        Tally tally = sum(first);
        tally.waits.chargeCalls(calls, afterJoin(firstTap));
        joined(firstTap);
        return report(definitions, false, ClockOffsets.none(n), tally.waits.conflicts(), null, tally.waits, first);
    }

    /** A further listener of {@code tap} (or null) for the call waits combined after a join, after all its tasks. */
    private static MatchListener afterJoin(MatchTap tap) {
        if (tap == null) {
            return null;
        }
        MatchListener l = tap.forThread();
        l.task(Integer.MAX_VALUE);
        return l;
    }

    /**
     * With clock correction (without a tap; where one is fed, see the class comment): the collectives
     * are joined first, alone, and the offsets
     * their constraints ask for are the guess the messages are then joined at (their waits kept
     * per pair). A pair whose offset difference the offsets of all constraints keep (every pair of
     * the stencil benchmark, where the collectives decide the offsets) keeps those waits; only the
     * pairs whose difference moved (the messages' constraints bound it) are joined again. The collectives are
     * joined again at the guess with the messages (unless it is zero and no tap of every match is
     * fed there, or a communicator with collectives has more than {@link ClockConstraints#EXACT_MEMBERS}
     * members), and at the offsets when
     * those are neither the guess nor zero: when the messages keep the guess, two joins in all
     * instead of three. The collectives' records are joined twice (three times when the messages
     * moved the offsets), the messages' once instead of twice: the same numbers (offsets come
     * from the same constraints; a message's waits depend on the offsets only through
     * {@code o_r - o_s}, {@link PairMessageWaits}).
     */
    private static WaitReport correctedInParts(MatchRecords records, int threads, CallWaits calls, Function<long[], MatchTap> matches,
                                               boolean messagesOnly) {
        TraceDefinitions definitions = records.definitions();
        int n = definitions.processCount();
        long[] zero = new long[n];
        PairMessageWaits.PairSelection allPairs = (s, r) -> true;
        PairMessageWaits.PairSelection noPair = (s, r) -> false;
        RecordJoin.Joined<Tally> collectivesJoined = join(records, threads, true, false, zero, null, allPairs, true, null);
        Tally collectives = sum(collectivesJoined);
        ClockConstraints all = new ClockConstraints();
        all.add(collectives.constraints);
        // the guess as the offsets would be if the messages added nothing: where no message shows a transfer (the stencil
        // benchmark), the members of barrier and N x N collectives leaving together choose them, as they then choose the
        // final offsets, so the messages are joined once (the smallest offsets as the guess had every pair joined again)
        ClockOffsets fromCollectives = ClockOffsets.solve(n, all);
        long[] guess = fromCollectives.settled() ? fromCollectives.ticks().clone() : zero;
        // The collectives at the guess too, in the messages' join, when it is not zero (their waits
        // at zero are the first join's) or a tap of every match is fed there: the offsets are the
        // guess when the messages do not move them (the stencil benchmark, whose collectives decide
        // them; most traces of one machine, whose guess and offsets are zero), and a third join is saved.
        boolean everyMatch = matches != null && !messagesOnly;
        boolean collectivesAtGuess = (!allZero(guess) || everyMatch) && smallCommunicators(records);
        // a tap is fed in the messages' join, made at the guess: right when the guess is the offsets; a tap of every
        // match (a timeline's, a wait log's) only when that join also holds the collectives. Where the messages move
        // the offsets, the tap fed at the guess is dropped and one at the offsets fed in a join of its own; what a
        // dropped tap kept in the store (a wait log's matches) stays there, unread, until the store closes.
        boolean fedAtGuess = matches != null && (messagesOnly || collectivesAtGuess);
        MatchTap atGuess = fedAtGuess ? matches.apply(guess.clone()) : null;
        RecordJoin.Joined<Tally> messagesJoined = join(records, threads, true, collectivesAtGuess, guess, atGuess, noPair,
                collectivesAtGuess, calls);
        Tally messages = sum(messagesJoined);
        all.add(messages.constraints);
        ClockOffsets offsets = ClockOffsets.solve(n, all);
        long[] o = offsets.ticks();
        // a tap fed at the guess is whole only where no message conflicted there (its listeners drop it at the first): on
        // every testdata trace the messages moved the offsets exactly where some did
        boolean tapAtGuess = matches == null || fedAtGuess && Arrays.equals(o, guess) && messages.waits.conflicts() == 0;
        if (!tapAtGuess && !messagesOnly) {
            // a tap of every match, not fed at the offsets: one join of everything at them feeds it and gives the waits
            // (as the second join of a first join of everything would), and the calls the messages' join spilled
            for (Tally t : messagesJoined.listeners()) {
                t.more = null;
            }
            atGuess = null; // dropped: its data need not stay reachable through the join below
            MatchTap tap = matches.apply(o.clone());
            WaitStates waits = sum(join(records, threads, false, o, tap, (s, r) -> false, null)).waits;
            waits.chargeCalls(calls, afterJoin(tap));
            joined(tap);
            RecordJoin.Joined<?> counted = collectivesAtGuess ? messagesJoined : messagesJoined.withCountsOf(collectivesJoined);
            return report(definitions, true, offsets, all.conflicts(), all, waits, counted);
        }
        if (!tapAtGuess) {
            // the tap fed at the guess is not the one wanted: its listeners' data go before a tap at the offsets is fed
            for (Tally t : messagesJoined.listeners()) {
                t.more = null;
            }
            atGuess = null;
        }
        MatchTap tap = tapAtGuess ? atGuess : joinedAlone(records, threads, o, matches);
        RecordJoin.Joined<?> counted = collectivesAtGuess ? messagesJoined : messagesJoined.withCountsOf(collectivesJoined);
        if (collectivesAtGuess && Arrays.equals(o, guess)) {
            // every pair and the collectives were joined at the offsets: the waits are that join's
            messages.waits.chargeCalls(calls, afterJoin(tap));
            joined(tap);
            return report(definitions, true, offsets, all.conflicts(), all, messages.waits, counted);
        }
        PairMessageWaits.PairSelection unchanged = (s, r) -> s >= 0 && r >= 0 && s < n && r < n && o[r] - o[s] == guess[r] - guess[s];
        boolean moved = false;
        for (MatchRecords.PairStreams p : records.pairs()) {
            moved |= !unchanged.test(p.sender, p.receiver);
        }
        // the collectives at the offsets (those at zero offsets are the first join's) and the pairs that moved, in one join
        boolean collectivesAgain = !allZero(o);
        WaitStates waits = moved || collectivesAgain ? sum(join(records, threads, false, false, o, null, unchanged, collectivesAgain, null)).waits
                : new WaitStates(o);
        if (!collectivesAgain) {
            waits.add(collectives.waits);
        }
        messages.waits.messagesByPair().chargeInto(waits, unchanged);
        waits.chargeCalls(calls, afterJoin(tap));
        joined(tap);
        return report(definitions, true, offsets, all.conflicts(), all, waits, counted);
    }

    /** A tap made at offsets {@code o} and fed every match of a join of its own at them (its waits are dropped). */
    private static MatchTap joinedAlone(MatchRecords records, int threads, long[] o, Function<long[], MatchTap> matches) {
        MatchTap tap = matches.apply(o.clone());
        if (tap != null) {
            join(records, threads, false, o, tap, (s, r) -> false, null);
        }
        return tap;
    }

    private static void joined(MatchTap tap) {
        if (tap != null) {
            tap.joined();
        }
    }

    /**
     * Whether every communicator with collectives has at most {@link ClockConstraints#EXACT_MEMBERS}
     * members: the collectives' constraints that the join at the guess collects again, and drops,
     * are then at most a member matrix per communicator ({@link ClockConstraints#MATRIX_CELLS}
     * cells in all), not a table of pairs as large as the first join's.
     */
    private static boolean smallCommunicators(MatchRecords records) {
        for (MatchRecords.InstanceRange c : records.collectives()) {
            if (records.definitions().communicatorMembers(c.communicator()).length > ClockConstraints.EXACT_MEMBERS) {
                return false;
            }
        }
        return true;
    }

    /** The listeners of {@code joined} added up into the first. */
    private static Tally sum(RecordJoin.Joined<Tally> joined) {
        Tally tally = joined.listeners().get(0);
        for (Tally t : joined.listeners().subList(1, joined.listeners().size())) {
            tally.add(t);
        }
        return tally;
    }

    /**
     * One join at {@code offsets}, collecting clock constraints if {@code constrain} (the collectives' into a table that is
     * dropped if {@code scratch}: a join after the one that found them), of the pairs {@code skipped} does not select and
     * the collectives if {@code communicators}, spilling the messages of calls that completed several receives into
     * {@code calls} (or null: not). {@code tap} (or null) is fed at a guess of the offsets: every thread drops it once one
     * of them has seen a message in clock conflict there, and the pairs are joined before the collectives.
     */
    private static RecordJoin.Joined<Tally> join(MatchRecords records, int threads, boolean constrain, boolean scratch, long[] offsets,
                                                 MatchTap tap, PairMessageWaits.PairSelection skipped, boolean communicators,
                                                 CallWaits calls) {
        java.util.concurrent.atomic.AtomicBoolean conflict = new java.util.concurrent.atomic.AtomicBoolean();
        return RecordJoin.join(records, threads, () -> {
            Tally t = new Tally(constrain, scratch, offsets, tap == null ? null : tap.forThread(), calls == null ? null : calls.spill());
            t.conflictSeen = conflict;
            return t;
        }, skipped, communicators, tap != null);
    }

    /**
     * One join of the records at {@code offsets}, collecting clock constraints if {@code constrain},
     * feeding {@code tap} (or null; the caller tells it when it is done), leaving out the pairs
     * {@code skipped} selects, spilling into {@code calls} (or null).
     */
    private static RecordJoin.Joined<Tally> join(MatchRecords records, int threads, boolean constrain, long[] offsets, MatchTap tap,
                                                 PairMessageWaits.PairSelection skipped, CallWaits calls) {
        return RecordJoin.join(records, threads, () -> new Tally(constrain, offsets, tap == null ? null : tap.forThread(),
                calls == null ? null : calls.spill()), skipped);
    }

    /**
     * What one join thread adds up: the clock constraints (first join with correction) and the
     * waits at given offsets. One listener class for every join, so the join's call to it stays
     * monomorphic; and every join collects the message constraints (a join that does not need them
     * drops them), so that the second join runs the first one's compiled code instead of tripping
     * over a branch the first never took. Collective constraints, n^2 per instance, only where
     * needed.
     */
    private static final class Tally implements MatchListener {
        final ClockConstraints constraints = new ClockConstraints();
        /** Where the collectives' constraints go: {@link #constraints}, a scratch table, or null (none). */
        private final ClockConstraints collectiveConstraints;
        final WaitStates waits;
        /** This thread's listener of a further tap, or null (also once that tap is dropped). */
        MatchListener more;
        /**
         * Set by the first of the join's threads to see a message in clock conflict, or null: {@link #more} is then dropped
         * on every thread (a tap fed at a guess of the offsets, which that conflict moves).
         */
        java.util.concurrent.atomic.AtomicBoolean conflictSeen;

        /**
         * @param constrain whether this is the first join with correction (collective constraints, and waits kept per pair)
         * @param calls     where the messages of calls that completed several receives go, or null
         */
        Tally(boolean constrain, long[] offsets, MatchListener more, CallWaits.Spill calls) {
            this(constrain, false, offsets, more, calls);
        }

        /**
         * @param scratch whether the collective constraints go to a table of their own that is
         *                dropped (a join after the first, which found them: the same path as the
         *                join that found them, so the compiled join runs on without a deoptimisation)
         */
        Tally(boolean constrain, boolean scratch, long[] offsets, MatchListener more, CallWaits.Spill calls) {
            collectiveConstraints = !constrain ? null : scratch ? new ClockConstraints() : constraints;
            waits = new WaitStates(offsets, constrain, calls);
            this.more = more;
        }

        void add(Tally other) {
            constraints.add(other.constraints);
            waits.add(other.waits);
        }

        @Override
        public void message(MatchedMessage message) {
            constraints.message(message);
            waits.message(message);
            if (more != null) {
                if (conflictSeen != null && (waits.conflicts() != 0 || conflictSeen.get())) {
                    conflictSeen.set(true);
                    more = null; // a conflict at the guess: the offsets move, and a tap at them is fed in a join of its own
                } else {
                    more.message(message);
                }
            }
        }

        @Override
        public void collective(CollectiveInstance instance) {
            if (collectiveConstraints != null) {
                collectiveConstraints.collective(instance);
            }
            waits.collective(instance);
            if (more != null && conflictSeen != null && conflictSeen.get()) {
                more = null; // another thread saw a message in conflict
            }
            if (more != null) {
                more.collective(instance);
            }
        }

        @Override
        public void task(int index) {
            if (more != null) {
                more.task(index);
            }
        }
    }

    private static boolean allZero(long[] ticks) {
        for (long t : ticks) {
            if (t != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The report from what the joins found: {@code constraints} null without clock correction,
     * {@code waits} measured on {@code offsets}. {@link #analyse} calls it; a distributed engine
     * that joined elsewhere calls it with its totals.
     */
    public static WaitReport report(TraceDefinitions definitions, boolean correct, ClockOffsets offsets, long conflictsBefore,
                                     ClockConstraints constraints, WaitStates waits, RecordJoin.Joined<?> matched) {
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
        matched.unmatchedSends().forEach((s, r, c) -> {
            unmatched.add(new WaitReport.Unmatched(s, r, c, matched.unmatchedReceives().get(s, r, 0)));
            totals[0] += c;
        });
        matched.unmatchedReceives().forEach((s, r, c) -> {
            if (matched.unmatchedSends().get(s, r, 0) == 0) {
                unmatched.add(new WaitReport.Unmatched(s, r, 0, c));
            }
            totals[1] += c;
        });
        unmatched.sort(Comparator.comparingInt(WaitReport.Unmatched::sender).thenComparingInt(WaitReport.Unmatched::receiver));
        Diagnostics notes = new Diagnostics()
                .addIf(DiagnosticKind.UNMATCHED_SENDS, totals[0])
                .addIf(DiagnosticKind.UNMATCHED_RECEIVES, totals[1]);
        boolean settled = offsets.settled() || n == 0; // no process, no constraint: nothing drifts (issue 34 item 9)
        if (!settled) {
            notes.add(Diagnostic.of(DiagnosticKind.CLOCK_DRIFT, waits.conflicts(), offsets.rounds()));
        }
        notes.addIf(DiagnosticKind.COLLECTIVES_INCOMPLETE, matched.collectivesIncomplete())
                .addIf(DiagnosticKind.COLLECTIVES_DISAGREEING, matched.collectivesDisagreeing())
                .addIf(DiagnosticKind.COLLECTIVES_OF_NON_MEMBERS, matched.collectivesOfNonMembers());
        if (constraints != null) {
            notes.addIf(DiagnosticKind.COLLECTIVES_APPROXIMATED, constraints.approximatedCollectives(), ClockConstraints.EXACT_MEMBERS);
        }
        return new WaitReport(correct, settled, Arrays.copyOf(offsets.ticks(), n), offsets.bounded(), conflictsBefore,
                waits.conflicts(), matched.matchedMessages(), 0, ticks, ticksPerSecond, pairs, unmatched,
                matched.collectivesMatched(), matched.collectivesIncomplete(), notes.list());
    }
}
