package org.igtrace.core.wait;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
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
 * instance; the solution may then leave conflicts, which the second pass counts. The n(n-1) pairs of
 * a communicator's instances are kept in a matrix by member index, one per communicator (up to
 * {@value #MATRIX_CELLS} cells in all), and folded into the per-pair table when it is read: one
 * array update per pair instead of a hash lookup.
 */
public final class ClockConstraints implements MatchListener {
    /** Largest communicator whose barrier and N x N instances add every pair. */
    public static final int EXACT_MEMBERS = 256;

    /** Most cells the member matrices of all communicators hold together (8 MB); beyond, pairs go to the table. */
    static final int MATRIX_CELLS = 1 << 20;
    private static final long ABSENT = Long.MIN_VALUE;

    private final PairLongs violations = new PairLongs();
    /** Per communicator (its members array): the largest violation per ordered pair of member indices, or ABSENT. */
    private final Map<int[], long[]> matrices = new IdentityHashMap<>();
    private int matrixCells;
    private int[] lastMembers;
    private long[] lastMatrix;
    private final PairLongs waitedMessages = new PairLongs();
    private final TransferFrontier transfers = new TransferFrontier();
    private final LeaveSamples leaves = new LeaveSamples();
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
        transfers.add(m.sender, m.receiver, m.sendTime - m.receiveEnter, d); // the constraint is its largest d
    }

    @Override
    public void collective(CollectiveInstance c) {
        collectives++;
        int n = c.size();
        switch (c.kind().shape()) {
            case BARRIER, ALL_TO_ALL -> {
                sampleLeaves(c);
                long[] matrix = n <= EXACT_MEMBERS ? matrix(c.members) : null;
                if (matrix != null) {
                    requireAll(c, matrix);
                } else if (n <= EXACT_MEMBERS) {
                    for (int q = 0; q < n; q++) {
                        for (int p = 0; c.waitedFor(q) && p < n; p++) {
                            require(c, q, p);
                        }
                    }
                } else {
                    approximated++;
                    int last = -1, first = 0;
                    for (int i = 0; i < n; i++) {
                        if (c.waitedFor(i) && (last < 0 || c.enter(i) > c.enter(last))) {
                            last = i;
                        }
                        if (c.leave(i) < c.leave(first)) {
                            first = i;
                        }
                    }
                    for (int i = 0; i < n; i++) {
                        require(c, last, i);
                        if (c.waitedFor(i)) {
                            require(c, i, first);
                        }
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
                        if (c.waitedFor(q)) {
                            require(c, q, root);
                        }
                    }
                }
            }
            default -> {
            }
        }
    }

    /** How much later each member left than the communicator's first member ({@link LeaveSamples}). */
    private void sampleLeaves(CollectiveInstance c) {
        int n = c.size();
        if (n > LeaveSamples.MOST_MEMBERS || c.notWaitedFor != null) {
            return; // members that sent nothing need not leave with the others (CollectiveInstance#waitedFor)
        }
        int first = c.member(0);
        long leave = c.leave(0);
        for (int i = 1; i < n; i++) {
            if (c.member(i) != first) {
                leaves.add(first, c.member(i), leave, c.leave(i) - leave);
            }
        }
    }

    /** Every member leaves after every member entered, into the communicator's matrix. */
    private static void requireAll(CollectiveInstance c, long[] matrix) {
        int n = c.size();
        long[] enter = c.enter, leave = c.leave;
        for (int q = 0, row = 0; q < n; q++, row += n) {
            if (!c.waitedFor(q)) {
                continue; // a member sending nothing constrains no one (CollectiveInstance#waitedFor)
            }
            long e = enter[q];
            for (int p = 0; p < n; p++) {
                matrix[row + p] = max(matrix[row + p], e - leave[p]);
            }
        }
    }

    /**
     * The larger of two longs without a branch (JDK 17's {@code Math.max(long, long)} has one):
     * a join whose matrix starts empty takes a branch at every cell that the compiled join, whose
     * matrix had filled, never took, and the join was deoptimised. Hacker's Delight's signed
     * {@code m < v}, overflow included, in the sign bit of {@code lt}.
     */
    private static long max(long m, long v) {
        long d = m - v;
        long lt = (d ^ ((m ^ v) & (d ^ m))) >> 63;
        return m ^ ((m ^ v) & lt);
    }

    /** The matrix of the communicator with {@code members}, made when there is room; else null. */
    private long[] matrix(int[] members) {
        if (members == lastMembers) {
            return lastMatrix;
        }
        long[] m = matrices.get(members);
        if (m == null) {
            int cells = members.length * members.length;
            if (matrixCells + cells > MATRIX_CELLS) {
                return null;
            }
            m = new long[cells];
            Arrays.fill(m, ABSENT);
            matrices.put(members, m);
            matrixCells += cells;
        }
        lastMembers = members;
        lastMatrix = m;
        return m;
    }

    /** Moves the matrices' pairs into the table (member indices become ranks); the matrices start afresh. */
    private void fold() {
        if (matrices.isEmpty()) {
            return;
        }
        matrices.forEach((members, m) -> {
            int n = members.length;
            for (int q = 0; q < n; q++) {
                for (int p = 0; p < n; p++) {
                    long v = m[q * n + p];
                    if (v != ABSENT && members[q] != members[p]) {
                        violations.max(members[q], members[p], v);
                    }
                }
            }
        });
        matrices.clear();
        matrixCells = 0;
        lastMembers = null;
        lastMatrix = null;
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
        other.fold();
        violations.reserve(violations.size() + other.violations.size());
        other.violations.forEach(violations::max);
        waitedMessages.reserve(waitedMessages.size() + other.waitedMessages.size());
        other.waitedMessages.forEach(waitedMessages::max);
        transfers.add(other.transfers);
        leaves.add(other.leaves);
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

    /**
     * Adds one point of a pair's transfers made elsewhere (a distributed join's {@link #forEachTransferPoint}):
     * {@code a = send - enter(receive call)}, {@code b = send - receive}, raw ticks. The counts are
     * not changed ({@link #addCounts}). A pair whose points all come from one collector, in any order,
     * ends as that collector had it ({@link TransferFrontier#add(TransferFrontier)}).
     */
    public void transferPoint(int sender, int receiver, long a, long b) {
        transfers.add(sender, receiver, a, b);
    }

    /** Calls {@code visitor} with each point the transfers of each pair keep (see {@link #transferPoint}). */
    public void forEachTransferPoint(PointVisitor visitor) {
        transfers.forEachPoint(visitor);
    }

    /**
     * Adds one sampled leave difference made elsewhere (a distributed join's {@link #forEachLeaveSample}):
     * {@code leave(member) - leave(first member)} of a barrier or N x N instance, raw ticks, and the
     * instance's key (its first member's leave time).
     */
    public void leaveSample(int firstMember, int member, long key, long difference) {
        leaves.add(firstMember, member, key, difference);
    }

    /** Calls {@code visitor} with each sampled leave difference kept: (first member, member, key, difference). */
    public void forEachLeaveSample(PointVisitor visitor) {
        leaves.forEachSample(visitor);
    }

    /** A point of a pair's transfers: {@code a = send - enter(receive call)}, {@code b = send - receive}. */
    @FunctionalInterface
    public interface PointVisitor {
        void point(int sender, int receiver, long a, long b);
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
        fold();
        transfers.forEachLargest(violations::max);
        return violations;
    }

    /**
     * Per ordered pair (sender, receiver), the messages whose receive operation had started when
     * the send event happened (raw times): their send-to-receive time is a transfer, not a receiver
     * arriving late. The value is minus the quickest of them ({@code send - recv}, largest), ticks.
     */
    public PairLongs waitedMessages() {
        transfers.forEachWaited(waitedMessages::max);
        return waitedMessages;
    }

    /** The sampled leave differences of barrier and N x N instances ({@link LeaveSamples}). */
    LeaveSamples leaves() {
        return leaves;
    }

    /** The messages per pair, to choose the waiting ones again on corrected clocks ({@link TransferFrontier}). */
    TransferFrontier transfers() {
        return transfers;
    }
}
