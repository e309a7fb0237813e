package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.BlockStreamReader;
import org.igtrace.core.util.IndexSort;
import org.igtrace.core.util.RecordBlocks;

/**
 * An external sort of records of {@code width} longs by their first {@code keys} fields (signed,
 * compared in order): records are gathered in a chunk of at most {@link #CHUNK} on the heap, each
 * full chunk sorted and written as a run into the {@link RecordBlocks} store (spilled to the
 * temporary area by the command line), and the runs read back merged ({@link #merge}). Memory: one
 * chunk while writing, one block per run while merging; not the records. One writer per instance;
 * the runs of several instances (one per join thread) merge together.
 */
final class SortedRecords {
    /** Records per run. */
    static final int CHUNK = 1 << 15;

    private final RecordBlocks store;
    private final int width;
    private final int keys;
    private final List<BlockStream> runs = new ArrayList<>();
    private long[] chunk;
    private int count;
    private long size;

    SortedRecords(RecordBlocks store, int width, int keys) {
        this.store = store;
        this.width = width;
        this.keys = keys;
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

    /** The chunk gathered so far, sorted, written as a run. */
    private void spill() {
        if (count == 0) {
            return;
        }
        int[] order = new int[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        long[] c = chunk;
        IndexSort.sort(order, (a, b) -> compare(c, a * width, c, b * width, keys));
        BlockStream run = new BlockStream(store);
        for (int i : order) {
            for (int f = 0; f < width; f++) {
                run.putSigned(c[i * width + f]);
            }
        }
        run.seal();
        runs.add(run);
        count = 0;
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

    /** Every record of {@code parts} (all of the same width and keys), in order; the parts take no more records. */
    static Merged merge(List<SortedRecords> parts) {
        int width = parts.isEmpty() ? 0 : parts.get(0).width, keys = parts.isEmpty() ? 0 : parts.get(0).keys;
        List<BlockStream> all = new ArrayList<>();
        for (SortedRecords p : parts) {
            p.spill();
            p.chunk = null;
            all.addAll(p.runs);
        }
        return new Merged(all, width, keys);
    }

    /** The merged records: {@link #next} fills a record in order until none is left. */
    static final class Merged {
        private final PriorityQueue<Run> queue;
        private final int width;

        private Merged(List<BlockStream> runs, int width, int keys) {
            this.width = width;
            // ties between runs go to the earlier run
            this.queue = new PriorityQueue<>(Math.max(1, runs.size()), (a, b) -> {
                int d = compare(a.current, 0, b.current, 0, keys);
                return d != 0 ? d : Integer.compare(a.index, b.index);
            });
            for (int i = 0; i < runs.size(); i++) {
                Run r = new Run(runs.get(i).reader(), width, i);
                if (r.advance()) {
                    queue.add(r);
                }
            }
        }

        /** Fills {@code into} with the next record; false when none is left. */
        boolean next(long[] into) {
            Run r = queue.poll();
            if (r == null) {
                return false;
            }
            System.arraycopy(r.current, 0, into, 0, width);
            if (r.advance()) {
                queue.add(r);
            }
            return true;
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
