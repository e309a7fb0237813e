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
 * <p>The sample is the instances whose difference has the smallest hash (a bottom-k sample): the
 * same whatever order the instances arrive in and however the joins that saw them are merged, so
 * threads and a distributed join keep the same sample as one join does. Memory per pair is bounded;
 * communicators of more than {@value #MOST_MEMBERS} members add none.
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
    private long[][] values = new long[16][];
    private int[] counts = new int[16];
    /** Per pair, the value kept that comes last in the sample's order. */
    private long[] last = new long[16];
    private int pairs;

    /** Adds one instance's difference {@code leave(member) - leave(first)}, raw ticks. */
    void add(int firstMember, int other, long difference) {
        long at = index.get(firstMember, other, 0);
        int k = at == 0 ? newPair(firstMember, other) : (int) at - 1;
        insert(k, difference);
    }

    private int newPair(int firstMember, int other) {
        int k = pairs++;
        if (k == values.length) {
            values = Arrays.copyOf(values, 2 * k);
            counts = Arrays.copyOf(counts, 2 * k);
            first = Arrays.copyOf(first, 2 * k);
            member = Arrays.copyOf(member, 2 * k);
            last = Arrays.copyOf(last, 2 * k);
        }
        values[k] = new long[KEPT];
        first[k] = firstMember;
        member[k] = other;
        index.max(firstMember, other, k + 1L);
        return k;
    }

    /**
     * Keeps the {@value #KEPT} values of the smallest hash (ties: the smaller value); a value kept
     * already is not added again. Once a pair's sample is full, a value that would come last is
     * turned away at one comparison with the last kept (most values of a long run).
     */
    private void insert(int k, long v) {
        long[] kept = values[k];
        int n = counts[k];
        if (n == KEPT && !after(last[k], v)) {
            return;
        }
        for (int i = 0; i < n; i++) {
            if (kept[i] == v) {
                return;
            }
        }
        if (n < KEPT) {
            kept[n] = v;
            counts[k] = n + 1;
        } else {
            for (int i = 0; i < n; i++) {
                if (kept[i] == last[k]) {
                    kept[i] = v;
                    break;
                }
            }
        }
        long worst = kept[0];
        for (int i = 1; i < counts[k]; i++) {
            if (after(kept[i], worst)) {
                worst = kept[i];
            }
        }
        last[k] = worst;
    }

    /** Whether a comes after b in the sample's order (larger hash, or the same hash and a larger value). */
    private static boolean after(long a, long b) {
        long ha = hash(a), hb = hash(b);
        return ha != hb ? Long.compareUnsigned(ha, hb) > 0 : a > b;
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

    /** Calls {@code visitor} with every value kept: (first member, member, difference). */
    void forEachSample(PairLongs.PairVisitor visitor) {
        for (int k = 0; k < pairs; k++) {
            for (int i = 0; i < counts[k]; i++) {
                visitor.pair(first[k], member[k], values[k][i]);
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
