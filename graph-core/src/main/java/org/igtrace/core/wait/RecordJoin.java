package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.igtrace.core.util.Workers;
import org.igtrace.core.util.PairLongs;

/**
 * Joins the {@link MatchRecords} of a trace by key (definitions section 8): each directed pair of
 * processes ({@link PairJoin}) and each communicator ({@link CommunicatorJoin}) on its own, so the
 * work splits over threads, and hands every matched message and complete collective instance to a
 * {@link MatchListener}, one listener per thread, telling it where each task begins. The order in
 * which matches arrive is not the trace's time order; listeners add up what they see (or keep it
 * by task: tasks are numbered in the order one thread runs them). A {@link MatchedMessage} handed on is reused
 * for the next one: copy what you keep.
 */
public final class RecordJoin {
    private RecordJoin() {
    }

    /** What the join found: the listeners (one per thread that ran) and the counts. */
    public static final class Joined<L> {
        private final List<L> listeners;
        private final PairJoin.JoinCounts counts;
        private final long collectivesOfNonMembers;

        Joined(List<L> listeners, PairJoin.JoinCounts counts, long collectivesOfNonMembers) {
            this.listeners = listeners;
            this.counts = counts;
            this.collectivesOfNonMembers = collectivesOfNonMembers;
        }

        /** Counts added up elsewhere (a distributed join), with the listeners that saw the matches. */
        public static <L> Joined<L> of(List<L> listeners, long matched, PairLongs unmatchedSends, PairLongs unmatchedReceives,
                                       long collectivesMatched, long collectivesIncomplete, long collectivesDisagreeing,
                                       long collectivesOfNonMembers) {
            PairJoin.JoinCounts counts = new PairJoin.JoinCounts();
            counts.matched = matched;
            unmatchedSends.forEach(counts.unmatchedSends::add);
            unmatchedReceives.forEach(counts.unmatchedReceives::add);
            counts.collectivesMatched = collectivesMatched;
            counts.collectivesIncomplete = collectivesIncomplete;
            counts.collectivesDisagreeing = collectivesDisagreeing;
            return new Joined<>(listeners, counts, collectivesOfNonMembers);
        }

        public List<L> listeners() {
            return listeners;
        }

        /** Messages with both ends matched. */
        public long matchedMessages() {
            return counts.matched;
        }

        /** Sends left without a receive, per (sender, receiver). */
        public PairLongs unmatchedSends() {
            return counts.unmatchedSends;
        }

        /** Receives left without a send, per (sender, receiver). */
        public PairLongs unmatchedReceives() {
            return counts.unmatchedReceives;
        }

        public long collectivesMatched() {
            return counts.collectivesMatched;
        }

        /** Collective instances some member never recorded. */
        public long collectivesIncomplete() {
            return counts.collectivesIncomplete;
        }

        /** Arrivals at a collective instance that name another operation than its first arrival. */
        public long collectivesDisagreeing() {
            return counts.collectivesDisagreeing;
        }

        /** The listeners of this join with the counts of both: the parts of one join run as two. */
        <M> Joined<L> withCountsOf(Joined<M> other) {
            PairJoin.JoinCounts sum = new PairJoin.JoinCounts();
            sum.add(counts);
            sum.add(other.counts);
            return new Joined<>(listeners, sum, collectivesOfNonMembers);
        }

        /** Collective events on a communicator their process is not a member of (ignored). */
        public long collectivesOfNonMembers() {
            return collectivesOfNonMembers;
        }
    }

    /** The pairs by their records, most first (ties: in the order given). */
    private static List<MatchRecords.PairStreams> largestFirst(List<MatchRecords.PairStreams> pairs) {
        // each pair's records counted once, not at every comparison (a stable sort, as before)
        record Sized(long records, MatchRecords.PairStreams pair) {
        }
        List<Sized> sized = new ArrayList<>(pairs.size());
        for (MatchRecords.PairStreams p : pairs) {
            sized.add(new Sized(p.records(), p));
        }
        sized.sort((x, y) -> Long.compare(y.records(), x.records()));
        List<MatchRecords.PairStreams> sorted = new ArrayList<>(pairs.size());
        for (Sized s : sized) {
            sorted.add(s.pair());
        }
        return sorted;
    }

    /** Joins on one thread into {@code listener}. */
    public static <L extends MatchListener> Joined<L> join(MatchRecords records, L listener) {
        return join(records, 1, () -> listener);
    }

    /**
     * Joins on up to {@code threads} threads, each with its own listener from {@code listeners}.
     * The records must be complete ({@link MatchRecords#finish()}).
     */
    public static <L extends MatchListener> Joined<L> join(MatchRecords records, int threads, Supplier<L> listeners) {
        return join(records, threads, listeners, (s, r) -> false);
    }

    /** As above, leaving out the directed pairs (sender, receiver) {@code skipped} accepts (their messages are not counted). */
    static <L extends MatchListener> Joined<L> join(MatchRecords records, int threads, Supplier<L> listeners,
                                                    PairMessageWaits.PairSelection skipped) {
        return join(records, threads, listeners, skipped, true);
    }

    /**
     * As above; the communicators' collective instances only if {@code communicators} (the counts
     * of a join without them hold messages only, and of one that skips every pair collectives only).
     */
    static <L extends MatchListener> Joined<L> join(MatchRecords records, int threads, Supplier<L> listeners,
                                                    PairMessageWaits.PairSelection skipped, boolean communicators) {
        return join(records, threads, listeners, skipped, communicators, false);
    }

    /**
     * As above; if {@code pairsFirst}, the pairs are taken before the communicators: a listener that stops feeding a
     * tap at the first message in clock conflict then stops before the collectives, not after them (a communicator's
     * instances are joined in ranges of at most {@link MatchRecords#INSTANCES_PER_RANGE}, tasks no larger than a
     * pair's, so the threads still run out of work together). The tasks keep their numbers (communicators first);
     * only the order they are taken in changes.
     */
    static <L extends MatchListener> Joined<L> join(MatchRecords records, int threads, Supplier<L> listeners,
                                                    PairMessageWaits.PairSelection skipped, boolean communicators, boolean pairsFirst) {
        List<MatchRecords.PairStreams> pairs = largestFirst(records.pairs());
        pairs.removeIf(p -> skipped.test(p.sender, p.receiver));
        List<MatchRecords.InstanceRange> instances = communicators ? records.collectives() : List.of();
        return join(records, threads, listeners, pairs, instances, pairsFirst ? pairs.size() : 0);
    }

    private static <L extends MatchListener> Joined<L> join(MatchRecords records, int threads, Supplier<L> listeners,
                                                            List<MatchRecords.PairStreams> pairs,
                                                            List<MatchRecords.InstanceRange> communicators) {
        return join(records, threads, listeners, pairs, communicators, 0);
    }

    /** The join, the first {@code lead} pairs taken before the communicators. */
    private static <L extends MatchListener> Joined<L> join(MatchRecords records, int threads, Supplier<L> listeners,
                                                            List<MatchRecords.PairStreams> pairs,
                                                            List<MatchRecords.InstanceRange> communicators, int lead) {
        int tasks = pairs.size() + communicators.size();
        int ranges = communicators.size();
        int n = Math.max(1, Math.min(threads, tasks));
        AtomicInteger next = new AtomicInteger();
        List<L> made = new ArrayList<>();
        List<PairJoin.JoinCounts> counted = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            made.add(listeners.get());
            counted.add(new PairJoin.JoinCounts());
        }
        try {
            // every worker ends before the store they read is closed: a failure waits for the others
            Workers.run("igtrace-join", n, false, worker -> {
                L listener = made.get(worker);
                PairJoin.JoinCounts counts = counted.get(worker);
                PairJoin pairJoin = new PairJoin(records.store());
                CommunicatorJoin commJoin = new CommunicatorJoin(records.definitions(), records.store());
                // Communicators first (a large communicator's instance range is the largest task), then pairs from the
                // largest: the threads run out of work together; the first lead pairs before the communicators.
                for (int taken = next.getAndIncrement(); taken < tasks; taken = next.getAndIncrement()) {
                    // the task's number: communicators 0..ranges-1, then pairs; the lead's pairs taken first
                    int i = taken < lead ? ranges + taken : taken < lead + ranges ? taken - lead : taken;
                    listener.task(i);
                    if (i < communicators.size()) {
                        MatchRecords.InstanceRange c = communicators.get(i);
                        commJoin.join(c.communicator(), c.streams(), listener, counts);
                    } else {
                        pairJoin.join(pairs.get(i - communicators.size()), listener, counts);
                    }
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while joining match records", e);
        }
        PairJoin.JoinCounts total = new PairJoin.JoinCounts();
        for (PairJoin.JoinCounts c : counted) {
            total.add(c);
        }
        return new Joined<>(made, total, records.collectivesOfNonMembers());
    }
}
