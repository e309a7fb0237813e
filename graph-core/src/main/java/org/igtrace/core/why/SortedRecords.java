package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * boolean) Beside} the writer, a full chunk is sorted and written by a thread of the instance's own (one for all its
 * chunks) while the writer fills the next (two chunks then, and the same runs in the same order). A run keeps each field
 * as its difference from the record before it, and is read once: its blocks are released to the store as the merge reads
 * them ({@link BlockStream#consumingReader}), their room taken by later runs.
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
    /** The thread that sorts and writes full chunks beside the writer (its run's place in {@link #runs} held by null). */
    private final Sorter sorter = new Sorter();
    /** The chunk the sorter sorts; once written, the next chunk to fill. */
    private long[] written;

    SortedRecords(RecordBlocks store, int width, int keys) {
        this(store, width, keys, false);
    }

    /** With {@code beside}, each full chunk is sorted and written by a thread of this instance's while the next is filled. */
    SortedRecords(RecordBlocks store, int width, int keys, boolean beside) {
        this.store = store;
        this.width = width;
        this.keys = keys;
        this.beside = beside;
        this.chunk = new long[16 * width];
    }

    /** Adds the record {@code r} (its first {@code width} fields are copied). */
    void add(long[] r) {
        room();
        System.arraycopy(r, 0, chunk, count * width, width);
        count++;
        size++;
    }

    /** Adds the record of six fields {@code a} to {@code f} (the width must be 6): as {@link #add(long[])}, without the copy. */
    void add(long a, long b, long c, long d, long e, long f) {
        if (width != 6) {
            throw new IllegalStateException("a record of 6 fields where " + width + " are kept");
        }
        room();
        int at = count * 6;
        long[] k = chunk;
        k[at] = a;
        k[at + 1] = b;
        k[at + 2] = c;
        k[at + 3] = d;
        k[at + 4] = e;
        k[at + 5] = f;
        count++;
        size++;
    }

    /** Makes room in the chunk for one more record: a full chunk is spilled, a smaller one grows. */
    private void room() {
        if ((count + 1) * width > chunk.length) {
            if (count == CHUNK) {
                spill();
            } else {
                chunk = Arrays.copyOf(chunk, Math.min(CHUNK, count * 2) * width);
            }
        }
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
        sorter.submit(c, k);
        runs.add(null);
        chunk = written != null ? written : new long[CHUNK * width];
        written = c;
        count = 0;
    }

    /** Waits for the run being written beside, and puts it in its place. */
    private void finishWriting() {
        BlockStream run;
        try {
            run = sorter.finish();
        } catch (RuntimeException | Error e) { // its chunk is lost: no place left waiting for it
            runs.remove(runs.lastIndexOf(null));
            throw e;
        }
        if (run != null) {
            runs.set(runs.lastIndexOf(null), run);
        }
    }

    /**
     * The thread that sorts and writes the full chunks beside the writer, one at a time: one thread while chunks come (a
     * thread started per chunk waited about a millisecond for its start while both cores were busy, 0.7 s of `why`'s wall
     * time on 3.5 M waits); it ends after a second without a chunk, or when the records are merged, and starts again with
     * the next chunk. What the sorting threw is thrown by {@link #finish}.
     */
    private final class Sorter implements Runnable {
        private Thread thread;
        private long[] job;
        private int jobCount;
        private boolean busy;
        private boolean stopped;
        private BlockStream done;
        private Throwable failure;

        /** Sorts and writes the first {@code k} records of {@code c} beside; the one before must be {@link #finish finished}. */
        synchronized void submit(long[] c, int k) {
            if (thread == null) { // started first: a start that fails (no native thread) leaves nothing waiting
                Thread t = new Thread(this, "igtrace-sort");
                t.setDaemon(true);
                t.start(); // it waits for this lock before it looks for a chunk
                thread = t;
            }
            job = c;
            jobCount = k;
            busy = true;
            stopped = false;
            notifyAll();
        }

        /** Waits for the chunk submitted last to be written: its run, or null when none was submitted since. */
        synchronized BlockStream finish() {
            boolean interrupted = false;
            while (busy) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            Throwable f = failure;
            BlockStream run = done;
            failure = null;
            done = null;
            if (f instanceof RuntimeException r) {
                throw r;
            }
            if (f instanceof Error e) {
                throw e;
            }
            if (f != null) {
                throw new IllegalStateException(f);
            }
            return run;
        }

        /** Lets the thread end once it has no chunk. */
        synchronized void stop() {
            stopped = true;
            notifyAll();
        }

        @Override
        public void run() {
            while (true) {
                long[] c;
                int k;
                synchronized (this) {
                    long idleSince = System.nanoTime();
                    while (job == null && !stopped && System.nanoTime() - idleSince < 1_000_000_000L) {
                        try {
                            wait(250);
                        } catch (InterruptedException e) {
                            // not ours to end on: a chunk may come
                        }
                    }
                    if (job == null) {
                        thread = null;
                        return;
                    }
                    c = job;
                    k = jobCount;
                    job = null;
                }
                BlockStream r = null;
                Throwable f = null;
                try {
                    r = SortedRecords.this.run(c, k);
                } catch (Throwable e) { // NOPMD: every failure is the writer's to throw
                    f = e;
                }
                synchronized (this) {
                    done = r;
                    failure = f;
                    busy = false;
                    notifyAll();
                }
            }
        }
    }

    /** The first {@code k} records of {@code c}, sorted, written as a run. */
    private BlockStream run(long[] c, int k) {
        int[] order = order(c, k, width, keys);
        BlockStream run = new BlockStream(store);
        long[] previous = new long[width];
        for (int at : order) {
            put(run, c, at, previous);
        }
        run.seal();
        return run;
    }

    /**
     * Writes the record at {@code at} of {@code c} into {@code run}, each field as its difference from the same field of
     * the record before it in the run ({@code previous}, all 0 before the first; then set to this one), zigzag-encoded: a
     * sorted run's neighbours are close in their keys and mostly in their other times, so a field takes one to three
     * bytes where its value took four to six ({@link Run#advance} adds them up again; the differences wrap as longs do).
     */
    private static void put(BlockStream run, long[] c, int at, long[] previous) {
        for (int f = 0; f < previous.length; f++) {
            long v = c[at + f];
            run.putSigned(v - previous[f]);
            previous[f] = v;
        }
    }

    /**
     * The offsets in {@code c} of its first {@code k} records of {@code width} fields, sorted by their first {@code keys}
     * fields, stably (records of equal keys in the order they were added in). Each record's leading keys, each less its
     * least value in the chunk, are packed with the record's number into one long, as many keys as fit in 63 bits, and
     * the longs sorted as primitives (a chunk's keys are times within about a second and process numbers: two or three
     * fit); records whose packed keys are equal are then sorted by the other keys. The order is the one a stable sort by
     * every key gives (the merge sort that did it alone took about 2 s of CPU on 3.5 M waits' records).
     *
     * @param c     the records
     * @param k     how many
     * @param width fields per record
     * @param keys  the fields compared, from the first
     * @return each record's offset ({@code i * width}), in sorted order
     */
    static int[] order(long[] c, int k, int width, int keys) {
        int[] order = new int[k];
        int numberBits = 32 - Integer.numberOfLeadingZeros(Math.max(1, k - 1));
        long[] min = new long[keys];
        int[] bits = new int[keys];
        int packedKeys = 0, used = numberBits;
        for (int f = 0; f < keys; f++) {
            long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
            for (int i = 0, at = f; i < k; i++, at += width) {
                long v = c[at];
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            long range = hi - lo; // negative: more than 63 bits apart
            int b = k == 0 || range < 0 ? 64 : 64 - Long.numberOfLeadingZeros(range);
            if (used + b > 63) {
                break;
            }
            min[f] = lo;
            bits[f] = b;
            used += b;
            packedKeys++;
        }
        if (packedKeys == 0) {
            for (int i = 0; i < k; i++) {
                order[i] = i * width;
            }
            sort(c, order.clone(), order, 0, k, keys);
            return order;
        }
        long[] packed = new long[k];
        for (int i = 0, at = 0; i < k; i++, at += width) {
            long p = 0;
            for (int f = 0; f < packedKeys; f++) {
                p = p << bits[f] | c[at + f] - min[f];
            }
            packed[i] = p << numberBits | i;
        }
        Arrays.sort(packed);
        long numberMask = (1L << numberBits) - 1;
        for (int i = 0; i < k; i++) {
            order[i] = (int) (packed[i] & numberMask) * width;
        }
        if (packedKeys < keys) { // records of equal packed keys (in the order added): by the others
            int[] copy = null;
            for (int from = 0; from < k; ) {
                long prefix = packed[from] >>> numberBits;
                int to = from + 1;
                while (to < k && packed[to] >>> numberBits == prefix) {
                    to++;
                }
                if (to - from > 1) {
                    if (copy == null) {
                        copy = order.clone();
                    } else {
                        System.arraycopy(order, from, copy, from, to - from);
                    }
                    sort(c, copy, order, from, to, keys);
                }
                from = to;
            }
        }
        return order;
    }

    /**
     * Sorts the records at the offsets {@code src[from..to)} of {@code c} into {@code dst[from..to)} (both start as the same
     * offsets) by their first {@code keys} fields, stably (a merge sort: records of equal keys keep the order they came in).
     */
    private static void sort(long[] c, int[] src, int[] dst, int from, int to, int keys) {
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
        sort(c, dst, src, from, mid, keys);
        sort(c, dst, src, mid, to, keys);
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
            p.sorter.stop();
            p.chunk = null;
            p.written = null;
            all.addAll(p.runs);
        }
        // runs next to each other merged into one keep the order of equal records: those of an earlier run first. Each
        // pass merges the neighbours with the fewest bytes, as many as it may read at once or as leave fanIn runs: every
        // run merged in groups of fanIn wrote them all again (on 3.5 M waits 136 MB, 1.7 s of the main thread), where
        // 214 runs need 87 merged and 427 need 302
        while (all.size() > fanIn) {
            int g = Math.min(fanIn, all.size() - fanIn + 1);
            int from = smallestWindow(all, g);
            List<BlockStream> fewer = new ArrayList<>(all.subList(0, from));
            fewer.add(merged(all.subList(from, from + g), width, keys, parts.get(0).store));
            fewer.addAll(all.subList(from + g, all.size()));
            all = fewer;
        }
        return new Merged(all, width, keys);
    }

    /** Where the {@code g} neighbouring runs of {@code runs} with the fewest bytes start (the first such). */
    static int smallestWindow(List<BlockStream> runs, int g) {
        long sum = 0;
        for (int i = 0; i < g; i++) {
            sum += runs.get(i).position();
        }
        long best = sum;
        int from = 0;
        for (int i = g; i < runs.size(); i++) {
            sum += runs.get(i).position() - runs.get(i - g).position();
            if (sum < best) {
                best = sum;
                from = i - g + 1;
            }
        }
        return from;
    }

    /** The records of {@code runs}, merged, written as one run into {@code store}. */
    private static BlockStream merged(List<BlockStream> runs, int width, int keys, RecordBlocks store) {
        Merged m = new Merged(runs, width, keys);
        BlockStream run = new BlockStream(store);
        long[] r = new long[width], previous = new long[width];
        while (m.next(r)) {
            put(run, r, 0, previous);
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
                // a run is merged once: its blocks are released as they are read, their room used by later runs
                Run r = new Run(runs.get(i).consumingReader(), width, i);
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
                current[f] += reader.readSigned(); // the difference from the record before it (put)
            }
            return true;
        }
    }
}
