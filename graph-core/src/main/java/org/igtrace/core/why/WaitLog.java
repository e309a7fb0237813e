package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.util.IndexSort;
import org.igtrace.core.wait.CollectiveInstance;
import org.igtrace.core.wait.MatchListener;
import org.igtrace.core.wait.MatchTap;
import org.igtrace.core.wait.MatchedMessage;

/**
 * Every wait of definitions section 8, kept with the process it waited for: a tap on the join that
 * measures the waits ({@link org.igtrace.core.wait.WaitStates} charges the same ones, with the same
 * caps). A wait is kept as: waiter, cause, the waiting call's enter and leave, the cause's enter
 * and leave of the call it was waited for (for the late sender its send's call; for a collective its
 * own call), and the waiting (ticks), all on corrected clocks. A wait holds 48 bytes; nothing else
 * per event is kept. Per waiter the waits are sorted by enter once the join is done.
 */
public final class WaitLog implements MatchTap {
    private final long[] o;
    private final List<Part> parts = new ArrayList<>();
    private int[] waiter = new int[0];
    private int[] cause = new int[0];
    private long[] enter = new long[0];
    private long[] leave = new long[0];
    private long[] causeEnter = new long[0];
    private long[] causeLeave = new long[0];
    private long[] ticks = new long[0];
    private boolean[] collective = new boolean[0];
    /** Per process, the indexes of its waits (as waiter) sorted by enter; built by {@link #joined()}. */
    private int[][] byWaiter;

    /** @param offsets the clock offsets (ticks per process) the join measures with */
    public WaitLog(long[] offsets) {
        this.o = offsets.clone();
        this.byWaiter = new int[offsets.length][0];
    }

    @Override
    public synchronized MatchListener forThread() {
        Part p = new Part();
        parts.add(p);
        return p;
    }

    @Override
    public synchronized void joined() {
        int total = size();
        for (Part p : parts) {
            total += p.count;
        }
        int at = size();
        waiter = Arrays.copyOf(waiter, total);
        cause = Arrays.copyOf(cause, total);
        enter = Arrays.copyOf(enter, total);
        leave = Arrays.copyOf(leave, total);
        causeEnter = Arrays.copyOf(causeEnter, total);
        causeLeave = Arrays.copyOf(causeLeave, total);
        ticks = Arrays.copyOf(ticks, total);
        collective = Arrays.copyOf(collective, total);
        for (Part p : parts) {
            System.arraycopy(p.waiter, 0, waiter, at, p.count);
            System.arraycopy(p.cause, 0, cause, at, p.count);
            System.arraycopy(p.enter, 0, enter, at, p.count);
            System.arraycopy(p.leave, 0, leave, at, p.count);
            System.arraycopy(p.causeEnter, 0, causeEnter, at, p.count);
            System.arraycopy(p.causeLeave, 0, causeLeave, at, p.count);
            System.arraycopy(p.ticks, 0, ticks, at, p.count);
            System.arraycopy(p.collective, 0, collective, at, p.count);
            at += p.count;
        }
        parts.clear();
        int n = o.length;
        int[] counts = new int[n];
        for (int i = 0; i < total; i++) {
            counts[waiter[i]]++;
        }
        byWaiter = new int[n][];
        for (int p = 0; p < n; p++) {
            byWaiter[p] = new int[counts[p]];
            counts[p] = 0;
        }
        for (int i = 0; i < total; i++) {
            byWaiter[waiter[i]][counts[waiter[i]]++] = i;
        }
        for (int[] list : byWaiter) {
            sortByEnter(list);
        }
    }

    private void sortByEnter(int[] list) {
        IndexSort.sort(list, (a, b) -> enter[a] != enter[b] ? Long.compare(enter[a], enter[b]) : Integer.compare(a, b));
    }

    /** The number of waits kept. */
    public int size() {
        return waiter.length;
    }

    public int processCount() {
        return o.length;
    }

    public int waiter(int i) {
        return waiter[i];
    }

    public int cause(int i) {
        return cause[i];
    }

    /** The waiting call's enter (corrected ticks). */
    public long enter(int i) {
        return enter[i];
    }

    /** The waiting call's leave (corrected ticks; for a call that completed several receives, the end of its waiting). */
    public long leave(int i) {
        return leave[i];
    }

    /** The enter of the cause's call the waiter waited for (corrected ticks). */
    public long causeEnter(int i) {
        return causeEnter[i];
    }

    /** The leave of the cause's call (corrected ticks; its enter where not known). */
    public long causeLeave(int i) {
        return causeLeave[i];
    }

    /** The waiting, ticks (more than 0). */
    public long ticks(int i) {
        return ticks[i];
    }

    /** Whether the wait was in a collective (a synchronisation of all its members), else a message's. */
    public boolean collective(int i) {
        return collective[i];
    }

    /** When the waiting ended: {@code enter + ticks}. */
    public long end(int i) {
        return enter[i] + ticks[i];
    }

    /** The waits of {@code process} as waiter, sorted by their call's enter. */
    public int[] ofWaiter(int process) {
        return byWaiter[process];
    }

    /** The clock offset of {@code process}, ticks. */
    public long offset(int process) {
        return process >= 0 && process < o.length ? o[process] : 0;
    }

    /** One join thread's waits. */
    private final class Part implements MatchListener {
        int count;
        int[] waiter = new int[64];
        int[] cause = new int[64];
        long[] enter = new long[64];
        long[] leave = new long[64];
        long[] causeEnter = new long[64];
        long[] causeLeave = new long[64];
        long[] ticks = new long[64];
        boolean[] collective = new boolean[64];
        private boolean inCollective;

        void add(int w, int c, long e, long l, long ce, long cl, long wait) {
            long t = Math.min(wait, l - e);
            if (t <= 0 || w == c || w < 0 || c < 0 || w >= o.length || c >= o.length) {
                return;
            }
            if (count == waiter.length) {
                int size = count * 2;
                waiter = Arrays.copyOf(waiter, size);
                cause = Arrays.copyOf(cause, size);
                enter = Arrays.copyOf(enter, size);
                leave = Arrays.copyOf(leave, size);
                causeEnter = Arrays.copyOf(causeEnter, size);
                causeLeave = Arrays.copyOf(causeLeave, size);
                ticks = Arrays.copyOf(ticks, size);
                collective = Arrays.copyOf(collective, size);
            }
            collective[count] = inCollective;
            waiter[count] = w;
            cause[count] = c;
            enter[count] = e;
            leave[count] = l;
            causeEnter[count] = ce;
            causeLeave[count] = Math.max(ce, cl);
            ticks[count] = t;
            count++;
        }

        @Override
        public void message(MatchedMessage m) {
            int s = m.sender(), r = m.receiver();
            if (s == r || s < 0 || r < 0 || s >= o.length || r >= o.length) {
                return;
            }
            long os = o[s], or = o[r];
            long sendEnter = m.sendEnter() + os, receiveEnter = m.receiveEnter() + or;
            if (m.receiveCall().waitsForReceive() && !m.receiveCallShared()) {
                add(r, s, receiveEnter, m.receiveLeave() + or, sendEnter, m.sendLeave() + os, sendEnter - receiveEnter);
            }
            long post = m.receivePost() + or;
            if (m.sendCall().blocksSender() && m.sendLeave() + os > post) {
                add(s, r, sendEnter, m.sendLeave() + os, post, m.receiveLeave() + or, post - sendEnter);
            }
        }

        @Override
        public void callWait(int process, int sender, long callEnter, long wait) {
            long e = callEnter + offset(process);
            add(process, sender, e, e + wait, e + wait, e + wait, wait);
        }

        @Override
        public void collective(CollectiveInstance c) {
            int n = c.size();
            inCollective = true;
            charge(c, n);
            inCollective = false;
        }

        private void charge(CollectiveInstance c, int n) {
            if (c.kind() == CollectiveKind.BARRIER || c.kind() == CollectiveKind.ALL_TO_ALL) {
                int last = 0;
                for (int i = 1; i < n; i++) {
                    if (at(c, i) > at(c, last)) {
                        last = i;
                    }
                }
                for (int p = 0; p < n; p++) {
                    if (p != last) {
                        member(c, p, last);
                    }
                }
            } else if (c.kind() == CollectiveKind.ONE_TO_ALL) {
                int root = c.rootIndex();
                for (int p = 0; root >= 0 && p < n; p++) {
                    if (p != root) {
                        member(c, p, root);
                    }
                }
            } else if (c.kind() == CollectiveKind.ALL_TO_ONE) {
                int root = c.rootIndex(), first = -1;
                for (int q = 0; q < n; q++) {
                    if (q != root && (first < 0 || at(c, q) < at(c, first))) {
                        first = q;
                    }
                }
                if (root >= 0 && first >= 0) {
                    member(c, root, first);
                }
            }
        }

        /** Member {@code p} waited for member {@code q}. */
        private void member(CollectiveInstance c, int p, int q) {
            long op = offset(c.member(p));
            add(c.member(p), c.member(q), c.enter(p) + op, c.leave(p) + op, at(c, q), c.leave(q) + offset(c.member(q)), at(c, q) - c.enter(p) - op);
        }

        private long at(CollectiveInstance c, int i) {
            return c.enter(i) + offset(c.member(i));
        }
    }
}
