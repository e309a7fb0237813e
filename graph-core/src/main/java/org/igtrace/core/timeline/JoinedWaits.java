package org.igtrace.core.timeline;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongToDoubleFunction;
import org.igtrace.core.wait.MatchListener;
import org.igtrace.core.wait.MatchTap;

/**
 * A timeline's part of the join that measures waits: a {@link ThreadWaits} per join thread, no
 * lock between them, merged once the join is done into what one thread taking the join's tasks in
 * order would have made (the same picture whatever the number of threads).
 */
final class JoinedWaits implements MatchTap {
    private final WaitsFrame frame;
    private final LongToDoubleFunction seconds;
    private final List<ThreadWaits> threads = new ArrayList<>();
    private ArrowCandidates.Selected arrows = new ArrowCandidates.Selected(List.of(), 0);
    private CollectiveMarks.Selected marks = new CollectiveMarks.Selected(List.of(), 0);
    private WaitingParts.Merged waiting;

    /** @param seconds corrected ticks to seconds from the timeline's start */
    JoinedWaits(WaitsFrame frame, LongToDoubleFunction seconds) {
        this.frame = frame;
        this.seconds = seconds;
        this.waiting = WaitingParts.merge(List.of(), frame.processes(), frame.exactStates());
    }

    @Override
    public MatchListener forThread() {
        ThreadWaits t = new ThreadWaits(frame);
        threads.add(t);
        return t;
    }

    @Override
    public void joined() {
        arrows = ArrowCandidates.select(threads.stream().map(t -> t.arrows).toList(), frame.columns(), seconds);
        marks = CollectiveMarks.select(threads.stream().map(t -> t.marks).toList(), seconds);
        waiting = WaitingParts.merge(threads.stream().map(t -> t.waiting).toList(), frame.processes(), frame.exactStates());
        threads.clear();
    }

    ArrowCandidates.Selected arrows() {
        return arrows;
    }

    CollectiveMarks.Selected marks() {
        return marks;
    }

    /** Whether {@code process}'s waiting parts are few enough to draw exactly. */
    boolean exactFor(int process) {
        return !waiting.overflowed().get(process);
    }

    /** {@code process}'s waiting parts (start, end on its own clock), or null: none, or too many. */
    List<long[]> exact(int process) {
        return waiting.exact().get(process);
    }

    /** {@code process}'s waiting parts in bins, or null: none. */
    TickBins bins(int process) {
        return waiting.bins()[process];
    }
}
