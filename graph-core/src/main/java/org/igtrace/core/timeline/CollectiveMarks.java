package org.igtrace.core.timeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongToDoubleFunction;
import org.igtrace.core.trace.CollectiveKind;

/**
 * The marks of the collective instances one join thread sees: one mark per bucket of 3 pixel
 * columns (denser instances would hide the rows behind them), at most
 * {@link TimelineBuilder#MAX_COLLECTIVES}, first come first served. A thread keeps its instances
 * as runs (consecutive instances of a task in one bucket: the first and how many more), at most
 * about one per bucket and task; {@link #select} goes through all threads' runs in the order of
 * one thread taking the tasks in order, as that thread would have.
 */
final class CollectiveMarks {
    private final long bucketTicks;
    private final List<Run> runs = new ArrayList<>();
    /** Instances with fewer than two members drawn. */
    private long notShown;
    private int task;

    /** Consecutive instances of one task in one bucket: the first's mark and how many more followed. */
    private static final class Run {
        final int task;
        final long bucket;
        final int[] ranks;
        final long firstEnter;
        final long lastEnter;
        final CollectiveKind kind;
        long more;

        Run(int task, long bucket, int[] ranks, long firstEnter, long lastEnter, CollectiveKind kind) {
            this.task = task;
            this.bucket = bucket;
            this.ranks = ranks;
            this.firstEnter = firstEnter;
            this.lastEnter = lastEnter;
            this.kind = kind;
        }
    }

    CollectiveMarks(WaitsFrame frame) {
        this.bucketTicks = 3 * frame.columnTicks();
    }

    void task(int index) {
        task = index;
    }

    /** An instance whose members {@code ranks} (the first {@code shown} drawn) entered from {@code firstEnter} to {@code lastEnter}. */
    void add(int[] ranks, int shown, long firstEnter, long lastEnter, CollectiveKind kind) {
        if (shown < 2) {
            notShown++;
            return;
        }
        long bucket = Math.floorDiv(lastEnter, bucketTicks);
        Run last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
        if (last != null && last.task == task && last.bucket == bucket) {
            last.more++;
            return;
        }
        runs.add(new Run(task, bucket, java.util.Arrays.copyOf(ranks, shown), firstEnter, lastEnter, kind));
    }

    /** The marks drawn and the instances not marked (beyond the cap, in a bucket taken, or of fewer than two rows). */
    record Selected(List<Timeline.CollectiveMark> marks, long leftOut) {
    }

    static Selected select(List<CollectiveMarks> threads, LongToDoubleFunction seconds) {
        long leftOut = 0;
        List<Run> all = new ArrayList<>();
        for (CollectiveMarks t : threads) {
            leftOut += t.notShown;
            all.addAll(t.runs);
        }
        all.sort(Comparator.comparingInt(r -> r.task)); // stable: a task's runs stay in their order
        List<Timeline.CollectiveMark> marks = new ArrayList<>();
        Set<Long> buckets = new HashSet<>();
        for (Run r : all) {
            if (marks.size() >= TimelineBuilder.MAX_COLLECTIVES) {
                leftOut += 1 + r.more;
                continue;
            }
            if (buckets.add(r.bucket)) {
                marks.add(new Timeline.CollectiveMark(r.ranks, seconds.applyAsDouble(r.firstEnter), seconds.applyAsDouble(r.lastEnter),
                        r.kind.shape().name().toLowerCase(Locale.ROOT).replace('_', '-')));
            } else {
                leftOut++;
            }
            leftOut += r.more; // the rest of the run: its bucket is taken (or the cap reached)
        }
        return new Selected(marks, leftOut);
    }
}
