package org.igtrace.core.profile;

import java.util.Arrays;
import org.igtrace.core.util.PairCounters;

/**
 * A location's counters per directed pair once the location has ended: the entries of its
 * {@link PairCounters} in plain arrays of their exact length, in the table's order. A table keeps
 * at least twice the slots it uses (32 for the 6 partners of a stencil: 856 bytes, three per
 * location), and every location's counters stay until the trace is read: at 10^5 ranks that was
 * 0.3 GB of the heap. An empty one is {@link #EMPTY}.
 */
final class PairList {
    static final PairList EMPTY = new PairList(new int[0], new int[0], new double[0], new long[0]);

    private final int[] from;
    private final int[] to;
    private final double[] bytes;
    private final long[] messages;

    private PairList(int[] from, int[] to, double[] bytes, long[] messages) {
        this.from = from;
        this.to = to;
        this.bytes = bytes;
        this.messages = messages;
    }

    /** The entries of {@code table}, in its order. */
    static PairList of(PairCounters table) {
        int n = table.size();
        if (n == 0) {
            return EMPTY;
        }
        int[] from = new int[n];
        int[] to = new int[n];
        double[] bytes = new double[n];
        long[] messages = new long[n];
        int[] i = {0};
        table.forEach((a, b, byteCount, count) -> {
            int k = i[0]++;
            from[k] = a;
            to[k] = b;
            bytes[k] = byteCount;
            messages[k] = count;
        });
        return new PairList(from, to, bytes, messages);
    }

    int size() {
        return from.length;
    }

    /** Every entry, in the order of the table it was made from. */
    void forEach(PairCounters.PairConsumer consumer) {
        for (int k = 0; k < from.length; k++) {
            consumer.accept(from[k], to[k], bytes[k], messages[k]);
        }
    }

    /** A table of these entries (made anew at each call). */
    PairCounters table() {
        PairCounters table = new PairCounters(Math.max(1, from.length));
        forEach(table::add);
        return table;
    }

    @Override
    public String toString() {
        return "PairList" + Arrays.toString(messages);
    }
}
