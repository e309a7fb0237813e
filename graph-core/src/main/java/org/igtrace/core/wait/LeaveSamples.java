package org.igtrace.core.wait;

import java.util.Arrays;
import org.igtrace.core.util.PairLongs;

/**
 * How much later each member of a barrier or N x N collective left it than its communicator's first
 * member did, in raw ticks, per ordered pair (first member, member): a sample of at most
 * {@value #KEPT} of its instances (definitions section 8, "Which offsets": where no message shows a
 * transfer, the offsets make the members of such collectives leave them together as far as the
 * rules allow). Every member of a barrier or N x N collective leaves it shortly after the last
 * member entered, so on clocks that agree the members' leave times differ little; on clocks that
 * disagree, the median of these differences is the offset between the two clocks.
 *
 * <p>An instance is known by its first member's leave time (raw ticks: no two instances of a
 * communicator share it). The sample is the instances whose key has the smallest hash (a bottom-k
 * sample of the instances, each counted once however many times it is added, whatever its
 * difference: equal differences of different instances all count, so the median is over
 * instances): the same whatever order the instances arrive in and however the joins that saw them
 * are merged, so threads and a distributed join keep the same sample as one join does. Memory per
 * pair is bounded; communicators of more than {@value #MOST_MEMBERS} members add none.
 */
final class LeaveSamples {
    /** Instances kept per pair. */
    static final int KEPT = 15;
    /** Largest communicator whose instances are sampled. */
    static final int MOST_MEMBERS = 4096;

    /** Pair to 1 + its slot. */
    private final PairLongs index = new PairLongs();
    private int[] first = new int[16];
    private int[] member = new int[16];
    /** Per pair, the kept instances' keys and differences. */
    private long[][] keys = new long[16][];
    private long[][] values = new long[16][];
    private int[] counts = new int[16];
    /** Per pair, the index of the kept instance that comes last in the sample's order. */
    private int[] last = new int[16];
    private int pairs;

    /**
     * Adds one instance's difference {@code leave(member) - leave(first)}, raw ticks.
     *
     * @param key the instance's key: its first member's leave time, raw ticks
     */
    void add(int firstMember, int other, long key, long difference) {
        long at = index.get(firstMember, other, 0);
        int k = at == 0 ? newPair(firstMember, other) : (int) at - 1;
        insert(k, key, difference);
    }

    private int newPair(int firstMember, int other) {
        int k = pairs++;
        if (k == values.length) {
            keys = Arrays.copyOf(keys, 2 * k);
            values = Arrays.copyOf(values, 2 * k);
            counts = Arrays.copyOf(counts, 2 * k);
            first = Arrays.copyOf(first, 2 * k);
            member = Arrays.copyOf(member, 2 * k);
            last = Arrays.copyOf(last, 2 * k);
        }
        keys[k] = new long[KEPT];
        values[k] = new long[KEPT];
        first[k] = firstMember;
        member[k] = other;
        index.max(firstMember, other, k + 1L);
        return k;
    }

    /**
     * Keeps the {@value #KEPT} instances of the smallest key hash (ties: the smaller key, then the smaller
     * difference); an instance kept already is not added again. Once a pair's sample is full, an
     * instance that would come last is turned away at one comparison (most instances of a long run).
     */
    private void insert(int k, long key, long v) {
        long[] ks = keys[k], vs = values[k];
        int n = counts[k];
        if (n == KEPT && !after(ks[last[k]], vs[last[k]], key, v)) {
            return;
        }
        for (int i = 0; i < n; i++) {
            if (ks[i] == key && vs[i] == v) {
                return;
            }
        }
        int at = n < KEPT ? n : last[k];
        ks[at] = key;
        vs[at] = v;
        counts[k] = Math.max(n, at + 1);
        int worst = 0;
        for (int i = 1; i < counts[k]; i++) {
            if (after(ks[i], vs[i], ks[worst], vs[worst])) {
                worst = i;
            }
        }
        last[k] = worst;
    }

    /** Whether instance (ka, va) comes after (kb, vb) in the sample's order. */
    private static boolean after(long ka, long va, long kb, long vb) {
        long ha = hash(ka), hb = hash(kb);
        if (ha != hb) {
            return Long.compareUnsigned(ha, hb) > 0;
        }
        return ka != kb ? ka > kb : va > vb;
    }

    /** A mix of the value's bits (the 64-bit finaliser of MurmurHash3). */
    static long hash(long v) {
        long h = v;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    /** Adds what {@code other} sampled (on another thread, or in another task of a distributed join). */
    void add(LeaveSamples other) {
        other.forEachSample(this::add);
    }

    /** Calls {@code visitor} with every instance kept: (first member, member, key, difference). */
    void forEachSample(ClockConstraints.PointVisitor visitor) {
        for (int k = 0; k < pairs; k++) {
            for (int i = 0; i < counts[k]; i++) {
                visitor.point(first[k], member[k], keys[k][i], values[k][i]);
            }
        }
    }

    boolean isEmpty() {
        return pairs == 0;
    }

    /**
     * Per pair whose ranks are below {@code processes}, the median of its sample (the lower of the two
     * middle values when they are even) as a transfer from the first member to the member: a corrected
     * transfer {@code q + o_member - o_first} of 0 means that the two leave together.
     */
    ClockOffsets.Transfers targets(int processes) {
        int[] s = new int[pairs], r = new int[pairs];
        long[] q = new long[pairs];
        int n = 0;
        for (int k = 0; k < pairs; k++) {
            if (first[k] < 0 || first[k] >= processes || member[k] < 0 || member[k] >= processes) {
                continue;
            }
            long[] sorted = Arrays.copyOf(values[k], counts[k]);
            Arrays.sort(sorted);
            s[n] = first[k];
            r[n] = member[k];
            q[n++] = sorted[(sorted.length - 1) / 2];
        }
        return new ClockOffsets.Transfers(s, r, q, n);
    }
}
