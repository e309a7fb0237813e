package org.igtrace.core.wait;

import org.igtrace.core.util.PairLongs;

/**
 * Waiting time by pattern, per process and per pair (definitions section 8), from matched messages and
 * collective instances on corrected times {@code t + o_p}. Each wait is capped by the duration
 * of the waiting call and never negative; time recording was off inside the waiting call is taken
 * out of both (a point-to-point call's or a collective's). Also counts the clock conflicts left after correction.
 * The late-sender wait of a call that completed several receives is that call's, measured once
 * over all of them ({@link CallWaits}): its messages go to a spill (or are left to the join that
 * spills them) and are charged by {@link #chargeCalls}.
 */
public final class WaitStates implements MatchListener {
    private final long[] offsets;
    private final long[][] ticks;
    private final PairLongs pairs = new PairLongs();
    private long conflicts;
    /** What each directed pair's messages added, or null when not kept. */
    private final PairMessageWaits byPair;
    /** Where the messages of calls that completed several receives go, or null (another join spills them). */
    private final CallWaits.Spill calls;

    /** @param offsets per-process clock offsets in ticks ({@link ClockOffsets#ticks()}) */
    public WaitStates(long[] offsets) {
        this(offsets, false);
    }

    /** @param byPair whether to keep what each directed pair's messages add ({@link #messagesByPair()}) */
    WaitStates(long[] offsets, boolean byPair) {
        this(offsets, byPair, null);
    }

    /** @param calls where the messages of calls that completed several receives go, or null: left out (another join spills them) */
    WaitStates(long[] offsets, boolean byPair, CallWaits.Spill calls) {
        this.offsets = offsets.clone();
        this.ticks = new long[WaitPattern.values().length][offsets.length];
        this.byPair = byPair ? new PairMessageWaits() : null;
        this.calls = calls;
    }

    /** What each directed pair's messages added, if kept (else null). */
    PairMessageWaits messagesByPair() {
        return byPair;
    }

    private long o(int process) {
        return process >= 0 && process < offsets.length ? offsets[process] : 0;
    }

    @Override
    public void message(MatchedMessage m) {
        int s = m.sender, r = m.receiver;
        // a message to the process itself is measured too: one thread of it can wait for another's send (MPI_THREAD_MULTIPLE);
        // with one thread such a wait is 0 (its send is in the same call or before the receive)
        if (s < 0 || r < 0 || s >= offsets.length || r >= offsets.length) {
            return;
        }
        long os = offsets[s], or = offsets[r];
        // a receive recorded before its send on one process is not a clock conflict (one clock): MPI_Sendrecv to itself
        // may record its receive first
        boolean conflict = s != r && m.receiveTime + or < m.sendTime + os;
        if (conflict) {
            conflicts++;
        }
        long sendEnter = m.sendEnter + os, sendLeave = m.sendLeave + os;
        long receiveEnter = m.receiveEnter + or, receiveLeave = m.receiveLeave + or, post = m.receivePost + or;
        long lateSender = 0, lateReceiver = 0;
        if (m.receiveCall.waitsForReceive()) {
            if (m.receiveSharedCall < 0) {
                lateSender = charge(WaitPattern.LATE_SENDER, r, s, sendEnter - receiveEnter - m.receiveOff,
                        receiveLeave - receiveEnter - m.receiveOff);
            } else if (calls != null) {
                calls.add(m);
            }
        }
        if (m.sendCall.blocksSender() && sendLeave > post) {
            lateReceiver = charge(WaitPattern.LATE_RECEIVER, s, r, post - sendEnter - m.sendOff, sendLeave - sendEnter - m.sendOff);
        }
        if (byPair != null) {
            byPair.add(s, r, lateSender, lateReceiver, conflict);
        }
    }

    @Override
    public void collective(CollectiveInstance c) {
        int n = c.size();
        switch (c.kind().shape()) {
            case BARRIER, ALL_TO_ALL -> {
                WaitPattern pattern = c.kind() == org.igtrace.core.trace.CollectiveKind.BARRIER ? WaitPattern.BARRIER : WaitPattern.NXN;
                int last = -1; // the last to arrive of those the others wait for (an all-to-all member sending nothing is not)
                for (int i = 0; i < n; i++) {
                    if (c.waitedFor(i) && (last < 0 || enter(c, i) > enter(c, last))) {
                        last = i;
                    }
                }
                for (int p = 0; p < n; p++) {
                    if (p != last) {
                        charge(pattern, c.member(p), c.member(last), enter(c, last) - enter(c, p) - c.off(p), duration(c, p));
                    }
                }
            }
            case ONE_TO_ALL -> {
                int root = c.rootIndex();
                if (root >= 0) {
                    for (int p = 0; p < n; p++) {
                        if (p != root) {
                            charge(WaitPattern.LATE_BROADCAST, c.member(p), c.member(root), enter(c, root) - enter(c, p) - c.off(p),
                                    duration(c, p));
                        }
                    }
                }
            }
            case ALL_TO_ONE -> {
                int root = c.rootIndex();
                int first = -1;
                for (int q = 0; q < n; q++) {
                    if (q != root && c.waitedFor(q) && (first < 0 || enter(c, q) < enter(c, first))) {
                        first = q;
                    }
                }
                if (root >= 0 && first >= 0) {
                    charge(WaitPattern.EARLY_REDUCE, c.member(root), c.member(first), enter(c, first) - enter(c, root) - c.off(root),
                            duration(c, root));
                }
            }
            default -> {
            }
        }
    }

    private long enter(CollectiveInstance c, int i) {
        return c.enter(i) + o(c.member(i));
    }

    /** Member {@code i}'s call, less the time recording was off inside it: as a wait, off time is not waiting (section 8). */
    private static long duration(CollectiveInstance c, int i) {
        return c.leave(i) - c.enter(i) - c.off(i);
    }

    /**
     * {@code waiter} waited {@code wait} ticks (capped by its call's {@code duration}) for
     * {@code cause}; returns the ticks charged (0: none).
     */
    private long charge(WaitPattern pattern, int waiter, int cause, long wait, long duration) {
        long w = Math.min(wait, duration);
        if (w <= 0) {
            return 0;
        }
        chargeMessages(pattern, waiter, cause, w);
        return w;
    }

    /**
     * Charges the late-sender waits of the calls that completed several receives, combined per call
     * at this instance's offsets ({@link CallWaits#charge}), also handing each to {@code more} (or null); none when
     * {@code combined} is null (not measured).
     */
    void chargeCalls(CallWaits combined, MatchListener more) {
        if (combined == null) {
            return; // not measured (WaitAnalysis.analyse without callWaits)
        }
        combined.charge(offsets, (process, cause, enter, leave, w) -> {
            chargeMessages(WaitPattern.LATE_SENDER, process, cause, w);
            if (more != null) {
                more.callWait(process, cause, enter, leave, w);
            }
        });
    }

    /** Adds {@code w} ticks (more than 0) that messages charged to {@code waiter} for {@code cause}, as measured elsewhere. */
    void chargeMessages(WaitPattern pattern, int waiter, int cause, long w) {
        ticks[pattern.ordinal()][waiter] += w;
        if (waiter != cause) { // a wait for another thread of the process itself: the process's, no pair's (no self edge)
            pairs.add(Math.min(waiter, cause), Math.max(waiter, cause), w);
        }
    }

    /** Adds what {@code other} measured (on another thread, with the same offsets) into this. */
    public void add(WaitStates other) {
        for (int p = 0; p < ticks.length; p++) {
            for (int i = 0; i < ticks[p].length; i++) {
                ticks[p][i] += other.ticks[p][i];
            }
        }
        other.pairs.forEach(pairs::add);
        conflicts += other.conflicts;
        if (byPair != null && other.byPair != null) {
            byPair.add(other.byPair);
        }
    }

    /** Adds waiting measured elsewhere (a distributed join): {@code ticks} of {@code pattern} charged to {@code process}. */
    public void add(WaitPattern pattern, int process, long ticks) {
        this.ticks[pattern.ordinal()][process] += ticks;
    }

    /** Adds clock conflicts counted elsewhere; pair waits go through {@link #pairs()}. */
    public void addConflicts(long n) {
        conflicts += n;
    }

    /** Ticks of {@code pattern} charged to {@code process}. */
    public long ticks(WaitPattern pattern, int process) {
        return ticks[pattern.ordinal()][process];
    }

    /** Waiting per unordered pair (lower rank first), in ticks. */
    public PairLongs pairs() {
        return pairs;
    }

    /** Matched messages whose receive is still earlier than their send after correction. */
    public long conflicts() {
        return conflicts;
    }
}
