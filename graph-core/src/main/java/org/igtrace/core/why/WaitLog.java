package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.util.RecordBlocks;
import org.igtrace.core.wait.CollectiveInstance;
import org.igtrace.core.wait.MatchListener;
import org.igtrace.core.wait.MatchTap;
import org.igtrace.core.wait.MatchedMessage;

/**
 * Every wait of definitions section 8, kept with the process it waited for: a tap on the join that
 * measures the waits ({@link org.igtrace.core.wait.WaitStates} charges the same ones, with the same
 * caps). A wait is kept as: waiter, cause, the waiting call's enter and leave, the cause's enter
 * and leave of the call it was waited for (for the late sender its send's call; for a collective its
 * own call), and the waiting (ticks), all on corrected clocks, with its number in the order the join
 * found it ({@link Waits#seq}: the order ties are broken in). The waits are not kept on the heap: each join
 * thread sorts them in chunks into runs in the {@link RecordBlocks} store (spilled to the temporary area by
 * the command line), and once the join is done the runs are merged into each waiter's waits sorted by enter,
 * read by position block by block ({@link #ofWaiter}).
 */
public final class WaitLog implements MatchTap {
    /**
     * The sorted fields: waiter, enter, seq, cause, leave, cause's enter, cause's leave, ticks, and twice the ticks
     * recording was off inside the waiting call (taken out of ticks) plus 1 for a collective.
     */
    private static final int WIDTH = 9;
    private final long[] o;
    private final RecordBlocks store;
    private final List<SortedRecords> parts = new ArrayList<>();
    /**
     * The critical path's jumps that are no wait (records of the same fields; their ticks the time from the call's enter
     * to the jump): an all-to-one's root leaves only after its last member entered (definitions section 14), where its
     * early-reduce wait, if any, ended at its first member's enter.
     */
    private final List<SortedRecords> jumpParts = new ArrayList<>();
    private RecordTable table;
    private RecordTable jumps;
    private long size;
    /** Per part, per process: its waits for its own other threads (ticks), kept out of the log ({@link #ownThreads}). */
    private final List<long[]> ownParts = new ArrayList<>();
    private long[] own;
    /** Per part, per process: the waiting of others for it ({@link #caused}). */
    private final List<long[]> causedParts = new ArrayList<>();
    private long[] caused;

    /** @param offsets the clock offsets (ticks per process) the join measures with; the waits kept in memory */
    public WaitLog(long[] offsets) {
        this(offsets, new MemoryRecordBlocks());
    }

    /** @param offsets the clock offsets (ticks per process) the join measures with; the waits kept in {@code store} */
    public WaitLog(long[] offsets, RecordBlocks store) {
        this.o = offsets.clone();
        this.store = store;
    }

    @Override
    public synchronized MatchListener forThread() {
        SortedRecords records = new SortedRecords(store, WIDTH, 3), jumpRecords = new SortedRecords(store, WIDTH, 3);
        Part p = new Part(records, jumpRecords, (long) parts.size() << 32);
        ownParts.add(p.own);
        causedParts.add(p.caused);
        parts.add(records);
        jumpParts.add(jumpRecords);
        return p;
    }

    @Override
    public synchronized void joined() {
        for (SortedRecords p : parts) {
            size += p.size();
        }
        own = new long[o.length];
        for (long[] part : ownParts) {
            for (int q = 0; q < own.length; q++) {
                own[q] += part[q];
            }
        }
        ownParts.clear();
        caused = new long[o.length];
        for (long[] part : causedParts) {
            for (int q = 0; q < caused.length; q++) {
                caused[q] += part[q];
            }
        }
        causedParts.clear();
        // the waits split latest first read a cause's waits and a waiter's across block edges back and forth: blocks kept
        table = new RecordTable(store, SortedRecords.merge(parts), WIDTH, true);
        jumps = new RecordTable(store, SortedRecords.merge(jumpParts), WIDTH);
        parts.clear();
        jumpParts.clear();
    }

    /** The number of waits kept. */
    public long size() {
        return size;
    }

    /**
     * Process {@code p}'s waits for its own other threads (a message one thread of it sent another, MPI_THREAD_MULTIPLE),
     * ticks: the wait analysis counts them in the process's waiting (definitions section 8), the log keeps none (the
     * critical path does not jump from a process to itself).
     *
     * @param p a process
     * @return its waits for itself, ticks (0 before the join is over)
     */
    public long ownThreads(int p) {
        return own == null || p < 0 || p >= own.length ? 0 : own[p];
    }

    /**
     * The waiting of other processes for process {@code p} (the ticks of the waits whose cause it is): what it caused
     * directly, before the delay costs pass waiting on to its origin (definitions section 14).
     *
     * @param p a process
     * @return the waiting it caused directly, ticks (0 before the join is over)
     */
    public long caused(int p) {
        return caused == null || p < 0 || p >= caused.length ? 0 : caused[p];
    }

    public int processCount() {
        return o.length;
    }

    /** The waits of {@code process} as waiter, sorted by their call's enter (then {@link Waits#seq}). */
    public Waits ofWaiter(int process) {
        if (table == null) {
            joined();
        }
        return new Waits(table.group(process));
    }

    /**
     * The critical path's jumps from {@code process} that are no wait, sorted as {@link #ofWaiter}'s: {@link Waits#cause}
     * the process the path goes on from, at {@link Waits#end} (their {@link Waits#ticks} are the time from the call's enter
     * to it, no waiting).
     */
    public Waits jumpsOf(int process) {
        if (table == null) {
            joined();
        }
        return new Waits(jumps.group(process));
    }

    /** Where the waits are kept (the analyses of the waits sort theirs there too). */
    RecordBlocks store() {
        return store;
    }

    /** The clock offset of {@code process}, ticks. */
    public long offset(int process) {
        return process >= 0 && process < o.length ? o[process] : 0;
    }

    /** One waiter's waits, read by position k (0 first). */
    public static final class Waits {
        private final RecordTable.Group g;

        Waits(RecordTable.Group g) {
            this.g = g;
        }

        public int size() {
            return g.size();
        }

        /** The waiting call's enter (corrected ticks). */
        public long enter(int k) {
            return g.get(k, 1);
        }

        /** The wait's number: its join task's, then its place in the task (ties of time are broken by it; {@link Part}). */
        public long seq(int k) {
            return g.get(k, 2);
        }

        public int cause(int k) {
            return (int) g.get(k, 3);
        }

        /** The waiting call's leave (corrected ticks; for a call that completed several receives, the end of its waiting). */
        public long leave(int k) {
            return g.get(k, 4);
        }

        /** The enter of the cause's call the waiter waited for (corrected ticks). */
        public long causeEnter(int k) {
            return g.get(k, 5);
        }

        /** The leave of the cause's call (corrected ticks; its enter where not known). */
        public long causeLeave(int k) {
            return g.get(k, 6);
        }

        /** The waiting, ticks (more than 0). */
        public long ticks(int k) {
            return g.get(k, 7);
        }

        /** Whether the wait was in a collective (a synchronisation of all its members), else a message's. */
        public boolean collective(int k) {
            return (g.get(k, 8) & 1) != 0;
        }

        /**
         * When the waiting ended: {@code enter + ticks}, and the time recording was off inside the call, which is
         * not counted as waiting (definitions section 8) but passed before the wait ended.
         */
        public long end(int k) {
            return enter(k) + ticks(k) + (g.get(k, 8) >> 1);
        }

        /** The first position whose call enters at {@code t} or later ({@link #size()}: none). */
        public int lowerBound(long t) {
            return g.lowerBound(t);
        }
    }

    /**
     * One join thread's waits. A wait's number is its task's (the join's, {@link MatchListener#task}) in the high
     * 32 bits and its place in the task in the low: the order one thread taking the tasks in order finds them, on
     * any number of threads and whatever order the join takes its tasks in (ties of time are broken by it).
     */
    private final class Part implements MatchListener {
        private final SortedRecords records;
        private final SortedRecords jumpRecords;
        private long seq;
        private final long[] r = new long[WIDTH];
        private long count;
        private boolean inCollective;
        /** Per process, its waits for itself this thread found (ticks). */
        final long[] own = new long[o.length];
        /** Per process, the waiting of others for it this thread found (ticks). */
        final long[] caused = new long[o.length];

        Part(SortedRecords records, SortedRecords jumpRecords, long seq) {
            this.records = records;
            this.jumpRecords = jumpRecords;
            this.seq = seq;
        }

        @Override
        public void task(int index) {
            seq = (long) index << 32;
            count = 0;
        }

        /** The path's jump from {@code w}'s call [{@code e}, {@code l}] to {@code c} at {@code at} (in the call), no wait. */
        void jump(int w, int c, long e, long l, long at) {
            if (at <= e || w == c || w < 0 || c < 0 || w >= o.length || c >= o.length) {
                return;
            }
            jumpRecords.add(record(w, c, e, l, at, at, Math.min(at, l) - e, 0));
        }

        /**
         * {@code w} waited {@code wait} for {@code c} (at most its call's {@code l - e}), less {@code off} ticks recording was
         * off in the call. False: no wait (none left).
         */
        boolean add(int w, int c, long e, long l, long ce, long cl, long wait, long off) {
            long t = Math.min(wait, l - e) - off;
            if (t <= 0 || w < 0 || c < 0 || w >= o.length || c >= o.length) {
                return false;
            }
            if (w == c) { // a wait for another thread of the process: counted, not logged
                own[w] += t;
                return false;
            }
            records.add(record(w, c, e, l, ce, Math.max(ce, cl), t, off));
            caused[c] += t;
            return true;
        }

        /** The record's fields ({@link #WIDTH}), numbered in this part's order. */
        private long[] record(int w, int c, long e, long l, long ce, long cl, long t, long off) {
            r[0] = w;
            r[1] = e;
            r[2] = seq + count++;
            r[3] = c;
            r[4] = l;
            r[5] = ce;
            r[6] = cl;
            r[7] = t;
            r[8] = off << 1 | (inCollective ? 1 : 0);
            return r;
        }

        @Override
        public void message(MatchedMessage m) {
            int s = m.sender(), r = m.receiver();
            if (s < 0 || r < 0 || s >= o.length || r >= o.length) {
                return; // a message to the process itself goes on: its wait is counted as its own threads' (add)
            }
            long os = o[s], or = o[r];
            long sendEnter = m.sendEnter() + os, receiveEnter = m.receiveEnter() + or;
            if (m.receiveCall().waitsForReceive() && !m.receiveCallShared()) {
                // as WaitStates charges it: recording switched off inside the call is not waiting (definitions section 8)
                add(r, s, receiveEnter, m.receiveLeave() + or, sendEnter, m.sendLeave() + os, sendEnter - receiveEnter, m.receiveOff());
            }
            long post = m.receivePost() + or;
            if (m.sendCall().blocksSender() && m.sendLeave() + os > post) {
                add(s, r, sendEnter, m.sendLeave() + os, post, m.receiveLeave() + or, post - sendEnter, m.sendOff());
            }
        }

        @Override
        public void callWait(int process, int sender, long callEnter, long wait) {
            callWait(process, sender, callEnter, callEnter + wait, wait); // the call's leave not given: taken as the wait's end
        }

        @Override
        public void callWait(int process, int sender, long callEnter, long callLeave, long wait) {
            // the call's leave kept: the path's jump through it goes on in the call until then (definitions section 14)
            long e = callEnter + offset(process);
            add(process, sender, e, Math.max(e + wait, callLeave + offset(process)), e + wait, e + wait, wait, 0);
        }

        @Override
        public void collective(CollectiveInstance c) {
            int n = c.size();
            inCollective = true;
            charge(c, n);
            inCollective = false;
        }

        private void charge(CollectiveInstance c, int n) {
            if (c.kind() == CollectiveKind.BARRIER || c.kind().shape() == CollectiveKind.ALL_TO_ALL) {
                int last = -1; // of the members the others wait for (CollectiveInstance#waitedFor)
                for (int i = 0; i < n; i++) {
                    if (c.waitedFor(i) && (last < 0 || at(c, i) > at(c, last))) {
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
                // the root waits until the first member enters (early reduce), but leaves only after the last did: the
                // critical path goes on from the last (definitions section 14; the first entered wins a tie, the last the
                // first of equals, so a reduce whose members all entered at once jumps where the wait ended)
                int root = c.rootIndex(), first = -1, last = -1;
                for (int q = 0; q < n; q++) {
                    if (q == root || !c.waitedFor(q)) {
                        continue;
                    }
                    if (first < 0 || at(c, q) < at(c, first)) {
                        first = q;
                    }
                    if (last < 0 || at(c, q) > at(c, last)) {
                        last = q;
                    }
                }
                if (root >= 0 && first >= 0) {
                    // the early-reduce wait, if any (none: the root entered after its first member, or its recording was off
                    // until then), and the path's jump to the last member, where the two differ
                    boolean waited = member(c, root, first);
                    if (last != first || !waited) {
                        long op = offset(c.member(root));
                        jump(c.member(root), c.member(last), c.enter(root) + op, c.leave(root) + op, at(c, last));
                    }
                }
            }
        }

        /** Member {@code p} waited for member {@code q} (as WaitStates charges it: recording off inside the call is not waiting); false: not at all. */
        private boolean member(CollectiveInstance c, int p, int q) {
            long op = offset(c.member(p));
            return add(c.member(p), c.member(q), c.enter(p) + op, c.leave(p) + op, at(c, q), c.leave(q) + offset(c.member(q)),
                    at(c, q) - c.enter(p) - op, c.off(p));
        }

        private long at(CollectiveInstance c, int i) {
            return c.enter(i) + offset(c.member(i));
        }
    }
}
