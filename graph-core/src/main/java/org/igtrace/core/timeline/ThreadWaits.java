package org.igtrace.core.timeline;

import org.igtrace.core.wait.CollectiveInstance;
import org.igtrace.core.wait.MatchListener;
import org.igtrace.core.wait.MatchedMessage;

/**
 * What one join thread adds to a timeline from the matches it sees: the waiting parts of the calls
 * (as {@link org.igtrace.core.wait.WaitStates} charges them: none in a call whose whole time is off, recording off or
 * inside MPI_Init or MPI_Finalize), the messages' arrows and the
 * collective marks. It shares nothing with the other threads; {@link JoinedWaits} merges them.
 */
final class ThreadWaits implements MatchListener {
    private final WaitsFrame frame;
    final WaitingParts waiting;
    final ArrowCandidates arrows;
    final CollectiveMarks marks;
    private int[] ranks = new int[0];

    ThreadWaits(WaitsFrame frame) {
        this.frame = frame;
        this.waiting = new WaitingParts(frame);
        this.arrows = new ArrowCandidates(frame);
        this.marks = new CollectiveMarks(frame);
    }

    @Override
    public void task(int index) {
        waiting.task(index);
        arrows.task(index);
        marks.task(index);
    }

    @Override
    public void message(MatchedMessage m) {
        int s = m.sender(), r = m.receiver();
        if (s == r || s < 0 || r < 0 || !frame.isShown(s) || !frame.isShown(r)) {
            return;
        }
        long os = frame.offset(s), or = frame.offset(r);
        long sendEnter = m.sendEnter() + os, receiveEnter = m.receiveEnter() + or, post = m.receivePost() + or;
        if (m.receiveCall().waitsForReceive() && !m.receiveCallShared() && m.receiveOff() < m.receiveLeave() - m.receiveEnter()) {
            waiting.add(r, m.receiveEnter(), Math.min(sendEnter - receiveEnter, m.receiveLeave() - m.receiveEnter()));
        }
        if (m.sendCall().blocksSender() && m.sendLeave() + os > post && m.sendOff() < m.sendLeave() - m.sendEnter()) {
            waiting.add(s, m.sendEnter(), Math.min(post - sendEnter, m.sendLeave() - m.sendEnter()));
        }
        arrows.add(s, r, m.sendTime() + os, m.receiveTime() + or);
    }

    /** A call's late-sender waiting, combined over the receives it completed (a receive's own is left out above). */
    @Override
    public void callWait(int process, long enter, long ticks) {
        if (frame.isShown(process)) {
            waiting.add(process, enter, ticks);
        }
    }

    @Override
    public void collective(CollectiveInstance c) {
        int n = c.size();
        if (n < 2) {
            return;
        }
        long firstEnter = Long.MAX_VALUE, lastEnter = Long.MIN_VALUE;
        int lastIndex = -1; // the last to arrive of those the others wait for (CollectiveInstance#waitedFor)
        for (int i = 0; i < n; i++) {
            long e = enter(c, i);
            firstEnter = Math.min(firstEnter, e);
            lastEnter = Math.max(lastEnter, e);
            if (c.waitedFor(i) && (lastIndex < 0 || e > enter(c, lastIndex))) {
                lastIndex = i;
            }
        }
        chargeCollective(c, n, lastIndex);
        if (ranks.length < n) {
            ranks = new int[n];
        }
        int shown = 0;
        for (int i = 0; i < n; i++) {
            if (frame.isShown(c.member(i))) {
                ranks[shown++] = c.member(i);
            }
        }
        marks.add(ranks, shown, firstEnter, lastEnter, c.kind());
    }

    /** The waiting parts of definitions section 8's collective patterns, as WaitStates charges them. */
    private void chargeCollective(CollectiveInstance c, int n, int last) {
        switch (c.kind().shape()) {
            case BARRIER, ALL_TO_ALL -> {
                for (int p = 0; p < n; p++) {
                    if (p != last) {
                        memberWait(c, p, enter(c, last) - enter(c, p));
                    }
                }
            }
            case ONE_TO_ALL -> {
                int root = c.rootIndex();
                for (int p = 0; root >= 0 && p < n; p++) {
                    if (p != root) {
                        memberWait(c, p, enter(c, root) - enter(c, p));
                    }
                }
            }
            case ALL_TO_ONE -> {
                int root = c.rootIndex(), first = -1;
                for (int q = 0; q < n; q++) {
                    if (q != root && c.waitedFor(q) && (first < 0 || enter(c, q) < enter(c, first))) {
                        first = q;
                    }
                }
                if (root >= 0 && first >= 0) {
                    memberWait(c, root, enter(c, first) - enter(c, root));
                }
            }
            default -> {
            }
        }
    }

    /** The corrected enter of member {@code i}. */
    private long enter(CollectiveInstance c, int i) {
        return c.enter(i) + frame.offset(c.member(i));
    }

    private void memberWait(CollectiveInstance c, int i, long ticks) {
        int p = c.member(i);
        if (frame.isShown(p) && c.off(i) < c.leave(i) - c.enter(i)) {
            waiting.add(p, c.enter(i), Math.min(ticks, c.leave(i) - c.enter(i)));
        }
    }
}
