package org.igtrace.core.wait;

import org.igtrace.core.util.PairLongs;

/**
 * Collects the causality constraints of definitions section 8 from matched messages and collective
 * instances, in raw times, as {@code o_to >= o_from + d} with {@code d} the largest violation seen
 * for the ordered pair; and counts the clock conflicts (a receive earlier than its send).
 *
 * <ul>
 *   <li>message: {@code recv + o_r >= send + o_s}, so {@code o_r >= o_s + (send - recv)};</li>
 *   <li>barrier and N x N: {@code leave_p + o_p >= enter_q + o_q} for all members p, q;</li>
 *   <li>one-to-all: every non-root member p leaves after the root entered;</li>
 *   <li>all-to-one: the root leaves after every member entered.</li>
 * </ul>
 * A barrier or N x N instance has n(n-1) pairs. Above {@value #EXACT_MEMBERS} members only the
 * pairs through the last member to enter and the first to leave (raw times) are kept: 2n per
 * instance; the solution may then leave conflicts, which the second pass counts.
 */
public final class ClockConstraints implements MatchListener {
    /** Largest communicator whose barrier and N x N instances add every pair. */
    public static final int EXACT_MEMBERS = 256;

    private final PairLongs violations = new PairLongs();
    private final PairLongs waitedMessages = new PairLongs();
    private long conflicts;
    private long messages;
    private long collectives;
    private long approximated;

    @Override
    public void message(MatchedMessage m) {
        messages++;
        if (m.sender == m.receiver) {
            return;
        }
        long d = m.sendTime - m.receiveTime;
        if (d > 0) {
            conflicts++;
        }
        violations.max(m.sender, m.receiver, d);
        if (m.receiveEnter <= m.sendTime) {
            waitedMessages.max(m.sender, m.receiver, d);
        }
    }

    @Override
    public void collective(CollectiveInstance c) {
        collectives++;
        int n = c.size();
        switch (c.kind()) {
            case BARRIER, ALL_TO_ALL -> {
                if (n <= EXACT_MEMBERS) {
                    for (int q = 0; q < n; q++) {
                        for (int p = 0; p < n; p++) {
                            require(c, q, p);
                        }
                    }
                } else {
                    approximated++;
                    int last = 0, first = 0;
                    for (int i = 1; i < n; i++) {
                        if (c.enter(i) > c.enter(last)) {
                            last = i;
                        }
                        if (c.leave(i) < c.leave(first)) {
                            first = i;
                        }
                    }
                    for (int i = 0; i < n; i++) {
                        require(c, last, i);
                        require(c, i, first);
                    }
                }
            }
            case ONE_TO_ALL -> {
                int root = c.rootIndex();
                if (root >= 0) {
                    for (int p = 0; p < n; p++) {
                        require(c, root, p);
                    }
                }
            }
            case ALL_TO_ONE -> {
                int root = c.rootIndex();
                if (root >= 0) {
                    for (int q = 0; q < n; q++) {
                        require(c, q, root);
                    }
                }
            }
            default -> {
            }
        }
    }

    /** Member {@code leaver} leaves after member {@code enterer} entered: o_leaver >= o_enterer + enter - leave. */
    private void require(CollectiveInstance c, int enterer, int leaver) {
        int from = c.member(enterer), to = c.member(leaver);
        if (from != to) {
            violations.max(from, to, c.enter(enterer) - c.leave(leaver));
        }
    }

    /** Adds what {@code other} collected (on another thread) into this. */
    public void add(ClockConstraints other) {
        other.violations.forEach(violations::max);
        other.waitedMessages.forEach(waitedMessages::max);
        conflicts += other.conflicts;
        messages += other.messages;
        collectives += other.collectives;
        approximated += other.approximated;
    }

    /** Adds counts made elsewhere (a distributed join); constraints go through {@link #violations()}. */
    public void addCounts(long conflicts, long messages, long collectives, long approximated) {
        this.conflicts += conflicts;
        this.messages += messages;
        this.collectives += collectives;
        this.approximated += approximated;
    }

    /** Matched messages whose receive is earlier than their send, in raw times. */
    public long conflicts() {
        return conflicts;
    }

    public long messages() {
        return messages;
    }

    public long collectives() {
        return collectives;
    }

    /** Barrier and N x N instances too large for every pair (see the class comment). */
    public long approximatedCollectives() {
        return approximated;
    }

    /** The constraints: {@code o_to >= o_from + d} per ordered pair, d in ticks. */
    public PairLongs violations() {
        return violations;
    }

    /**
     * Per ordered pair (sender, receiver), the messages whose receive operation had started when
     * the send event happened (raw times): their send-to-receive time is a transfer, not a receiver
     * arriving late. The value is minus the quickest of them ({@code send - recv}, largest), ticks.
     */
    public PairLongs waitedMessages() {
        return waitedMessages;
    }
}
