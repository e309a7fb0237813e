package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.igtrace.core.util.Background;
import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.BlockStreamReader;
import org.igtrace.core.util.RecordBlocks;

/**
 * An external sort of records of {@code width} longs by their first {@code keys} fields (signed,
 * compared in order): records are gathered in a chunk of at most {@link #CHUNK} on the heap, each
 * full chunk sorted and written as a run into the {@link RecordBlocks} store (spilled to the
 * temporary area by the command line), and the runs read back merged ({@link #merge}). Memory: one
 * chunk while writing, one block per run while merging (at most {@link #FAN_IN} runs at once); not the
 * records. One writer per instance; the runs of several instances (one per join thread) merge together. {@linkplain #SortedRecords(RecordBlocks, int, int,
 * boolean) Beside} the writer, a full chunk is sorted and written on a thread of its own while the writer fills the
 * next (two chunks then, and the same runs in the same order).
 */
final class SortedRecords {
    /** Records per run. */
    static final int CHUNK = 1 << 15;

    private final RecordBlocks store;
    private final int width;
    private final int keys;
    private final boolean beside;
    private final List<BlockStream> runs = new ArrayList<>();
    private long[] chunk;
    private int count;
    private long size;
    /** The run being sorted and written beside (its place in {@link #runs} held by null), or null. */
    private Background<BlockStream> writing;
    /** The chunk {@link #writing} sorts; once written, the next chunk to fill. */
    private long[] written;

    SortedRecords(RecordBlocks store, int width, int keys) {
        this(store, width, keys, false);
    }

    /** With {@code beside}, each full chunk is sorted and written on a thread of its own while the next is filled. */
    SortedRecords(RecordBlocks store, int width, int keys, boolean beside) {
        this.store = store;
        this.width = width;
        this.keys = keys;
        this.beside = beside;
        this.chunk = new long[16 * width];
    }

    /** Adds the record {@code r} (its first {@code width} fields are copied). */
    void add(long[] r) {
        if ((count + 1) * width > chunk.length) {
            if (count == CHUNK) {
                spill();
            } else {
                chunk = Arrays.copyOf(chunk, Math.min(CHUNK, count * 2) * width);
            }
        }
        System.arraycopy(r, 0, chunk, count * width, width);
        count++;
        size++;
    }

    /** The records added. */
    long size() {
        return size;
    }

    /** The chunk gathered so far, sorted, written as a run (beside: a full one on a thread of its own). */
    private void spill() {
        if (count == 0) {
            return;
        }
        if (!beside || count < CHUNK) {
            runs.add(run(chunk, count));
            count = 0;
            return;
        }
        finishWriting();
        long[] c = chunk;
        int k = count;
        runs.add(null);
        writing = Background.started("igtrace-sort", () -> run(c, k));
        chunk = written != null ? written : new long[CHUNK * width];
        written = c;
        count = 0;
    }

    /** Waits for the run being written beside, and puts it in its place. */
    private void finishWriting() {
        if (writing != null) {
            runs.set(runs.lastIndexOf(null), writing.joined());
            writing = null;
        }
    }

    /** The first {@code k} records of {@code c}, sorted, written as a run. */
    private BlockStream run(long[] c, int k) {
        int[] order = new int[k];
        for (int i = 0; i < k; i++) {
            order[i] = i * width;
        }
        sort(c, order.clone(), order, 0, k);
        BlockStream run = new BlockStream(store);
        for (int at : order) {
            for (int f = 0; f < width; f++) {
                run.putSigned(c[at + f]);
            }
        }
        run.seal();
        return run;
    }

    /**
     * Sorts the records at the offsets {@code src[from..to)} of {@code c} into {@code dst[from..to)} (both start as the same
     * offsets) by their keys, stably (a merge sort: records of equal keys keep the order they were added in).
     */
    private void sort(long[] c, int[] src, int[] dst, int from, int to) {
        int n = to - from;
        if (n < 16) {
            for (int i = from + 1; i < to; i++) {
                int v = dst[i];
                int j = i;
                while (j > from && compare(c, dst[j - 1], c, v, keys) > 0) {
                    dst[j] = dst[j - 1];
                    j--;
                }
                dst[j] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        sort(c, dst, src, from, mid);
        sort(c, dst, src, mid, to);
        if (compare(c, src[mid - 1], c, src[mid], keys) <= 0) {
            System.arraycopy(src, from, dst, from, n);
            return;
        }
        for (int i = from, p = from, q = mid; i < to; i++) {
            if (q >= to || p < mid && compare(c, src[p], c, src[q], keys) <= 0) {
                dst[i] = src[p++];
            } else {
                dst[i] = src[q++];
            }
        }
    }

    static int compare(long[] a, int at, long[] b, int bt, int keys) {
        for (int f = 0; f < keys; f++) {
            int d = Long.compare(a[at + f], b[bt + f]);
            if (d != 0) {
                return d;
            }
        }
        return 0;
    }

    /**
     * Runs read at once at most by a merge: with more (about {@value #FAN_IN} x {@link #CHUNK} records, 4 M), runs that
     * follow each other are first merged {@value #FAN_IN} at a time into longer runs, so that the merge holds at most
     * {@value #FAN_IN} readers (a block and a buffer each) whatever the number of records. Without the bound a merge held
     * one reader a run: 744 (49 MB) on a 980 M-event trace, ten times as many as on a 98 M-event one.
     */
    static final int FAN_IN = 128;

    /** Every record of {@code parts} (all of the same width and keys), in order; the parts take no more records. */
    static Merged merge(List<SortedRecords> parts) {
        return merge(parts, FAN_IN);
    }

    /** As {@link #merge(List)}, reading at most {@code fanIn} runs at once (at least 2). */
    static Merged merge(List<SortedRecords> parts, int fanIn) {
        int width = parts.isEmpty() ? 0 : parts.get(0).width, keys = parts.isEmpty() ? 0 : parts.get(0).keys;
        List<BlockStream> all = new ArrayList<>();
        for (SortedRecords p : parts) {
            p.spill();
            p.finishWriting();
            p.chunk = null;
            p.written = null;
            all.addAll(p.runs);
        }
        // runs next to each other merged into one keep the order of equal records: those of an earlier run first
        while (all.size() > fanIn) {
            List<BlockStream> fewer = new ArrayList<>();
            for (int i = 0; i < all.size(); i += fanIn) {
                List<BlockStream> group = all.subList(i, Math.min(all.size(), i + fanIn));
                fewer.add(group.size() == 1 ? group.get(0) : merged(group, width, keys, parts.get(0).store));
            }
            all = fewer;
        }
        return new Merged(all, width, keys);
    }

    /** The records of {@code runs}, merged, written as one run into {@code store}. */
    private static BlockStream merged(List<BlockStream> runs, int width, int keys, RecordBlocks store) {
        Merged m = new Merged(runs, width, keys);
        BlockStream run = new BlockStream(store);
        long[] r = new long[width];
        while (m.next(r)) {
            for (int f = 0; f < width; f++) {
                run.putSigned(r[f]);
            }
        }
        run.seal();
        return run;
    }

    /** The merged records: {@link #next} fills a record in order until none is left. */
    static final class Merged {
        /** The runs not yet read to their end, a binary heap by their current record (ties: the earlier run first). */
        private final Run[] heap;
        private int size;
        private final int width;
        private final int keys;

        private Merged(List<BlockStream> runs, int width, int keys) {
            this.width = width;
            this.keys = keys;
            this.heap = new Run[runs.size()];
            for (int i = 0; i < runs.size(); i++) {
                Run r = new Run(runs.get(i).reader(), width, i);
                if (r.advance()) {
                    heap[size] = r;
                    up(size++);
                }
            }
        }

        /** The runs this merge reads (for tests). */
        int runs() {
            return heap.length;
        }

        /** Fills {@code into} with the next record; false when none is left. */
        boolean next(long[] into) {
            if (size == 0) {
                return false;
            }
            Run r = heap[0];
            System.arraycopy(r.current, 0, into, 0, width);
            if (!r.advance()) {
                heap[0] = heap[--size];
                heap[size] = null;
            }
            if (size > 1) {
                down(0);
            }
            return true;
        }

        private boolean before(Run a, Run b) {
            int d = compare(a.current, 0, b.current, 0, keys);
            return d != 0 ? d < 0 : a.index < b.index;
        }

        private void up(int k) {
            Run r = heap[k];
            while (k > 0) {
                int parent = (k - 1) >>> 1;
                if (!before(r, heap[parent])) {
                    break;
                }
                heap[k] = heap[parent];
                k = parent;
            }
            heap[k] = r;
        }

        private void down(int k) {
            Run r = heap[k];
            while (true) {
                int child = 2 * k + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && before(heap[child + 1], heap[child])) {
                    child++;
                }
                if (!before(heap[child], r)) {
                    break;
                }
                heap[k] = heap[child];
                k = child;
            }
            heap[k] = r;
        }
    }

    private static final class Run {
        final BlockStreamReader reader;
        final long[] current;
        final int index;

        Run(BlockStreamReader reader, int width, int index) {
            this.reader = reader;
            this.current = new long[width];
            this.index = index;
        }

        boolean advance() {
            if (!reader.hasMore()) {
                return false;
            }
            for (int f = 0; f < current.length; f++) {
                current[f] = reader.readSigned();
            }
            return true;
        }
    }
}
