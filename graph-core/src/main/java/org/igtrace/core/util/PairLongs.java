package org.igtrace.core.util;

/**
 * One long value per directed pair of ranks ({@link PairTable}): updating a pair allocates
 * nothing. Values either accumulate ({@link #add}) or keep their maximum ({@link #max}); a table
 * is used one way or the other.
 */
public final class PairLongs extends PairTable {
    private long[] values;
    private long[] old;
    private long initial;
    private boolean fresh;

    public PairLongs() {
        super(16);
        values = new long[16];
    }

    /** Adds {@code v} to the pair's value (absent: 0). */
    public void add(int from, int to, long v) {
        int i = slot(from, to); // before reading the field: the table may grow
        values[i] += v;
    }

    /** Raises the pair's value to {@code v} if it is absent or lower. */
    public void max(int from, int to, long v) {
        fresh = false;
        int i = slot(from, to);
        if (fresh || v > values[i]) {
            values[i] = v;
        }
    }

    /** The pair's value, or {@code absent}. */
    public long get(int from, int to, long absent) {
        int i = find(from, to);
        return i < 0 ? absent : values[i];
    }

    /** Calls {@code visitor} once per pair present, in no particular order. */
    public void forEach(PairVisitor visitor) {
        forEachSlot((from, to, slot) -> visitor.pair(from, to, values[slot]));
    }

    public interface PairVisitor {
        void pair(int from, int to, long value);
    }

    @Override
    void created(int slot) {
        fresh = true;
    }

    @Override
    void resize(int capacity) {
        old = values;
        values = new long[capacity];
    }

    @Override
    void moved(int from, int to) {
        values[to] = old[from];
    }

    @Override
    void resized() {
        old = null;
    }
}
