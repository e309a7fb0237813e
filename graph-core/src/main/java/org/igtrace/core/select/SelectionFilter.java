package org.igtrace.core.select;

import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.RegionStack;

/**
 * A {@link Selection} applied between a reader and the analyses (definitions section 11): what passes is
 * exactly what a trace holding only the selected events would hold.
 *
 * <ul>
 *   <li>Ranks: locations of other processes pass nothing; sends to and receives from them are
 *       dropped (the graph keeps the edges among the selected ranks).</li>
 *   <li>Window [from, to] (ticks on each location's own clock): events inside it pass. A region
 *       open when the window starts is entered at {@code from}, one still open when it ends is
 *       left at {@code to}: calls and bursts straddling an end are clipped. A message counts in the
 *       window of its send event (and, for receive-only traffic, of its receive event); a
 *       collective member's operation where its event lies.</li>
 *   <li>Ends left out before the window or outside the region are handed on as
 *       {@link LocationEvents#outsideMessage} / {@link LocationEvents#outsideCollective}: matching by
 *       order on a key counts them, so that a receive in the window whose send came before it is
 *       not matched with the next send (and a cut collective instance not with the next one).</li>
 *   <li>Region: only events inside outermost instances of the region (its own enter and leave
 *       included) pass.</li>
 * </ul>
 * One filter serves every location of the read; it allocates nothing per event.
 */
public final class SelectionFilter implements EventTaps {
    private final Selection selection;
    /** The selected processes by number ({@link Selection#processes}), or null: all. */
    private final java.util.BitSet processes;
    private final long from;
    private final long to;
    private final boolean[] regions;
    private final Queue<Filtered> counted = new ConcurrentLinkedQueue<>();

    SelectionFilter(Selection selection, java.util.BitSet processes, long from, long to, boolean[] regions) {
        this.selection = selection;
        this.processes = processes;
        this.from = from;
        this.to = to;
        this.regions = regions;
    }

    public Selection selection() {
        return selection;
    }

    /** Whether process {@code process} (its number in the analyses, not its world rank) is selected. */
    public boolean selects(int process) {
        return processes == null || (process >= 0 && processes.get(process));
    }

    /**
     * Events of the trace that passed the per-location read, with the clipped ends of the calls and
     * bursts that straddle a window end: a window that lies wholly inside one call keeps that call's
     * time in it, and so keeps something.
     */
    public long keptEvents() {
        long n = 0;
        for (Filtered f : counted) {
            n += f.keptHere;
        }
        return n;
    }

    /** Filters what the read feeds every analysis: the profile, the match records and any further one. */
    @Override
    public LocationSink perLocation(LocationSink analyses) {
        return (process, order) -> selects(process)
                ? new Filtered(analyses.location(process, order)) : LocationEvents.NONE;
    }

    private enum State { BEFORE, INSIDE, AFTER }

    /** One location's events through the window, rank and region gates. */
    private final class Filtered implements LocationEvents {
        private final LocationEvents down;
        private final RegionStack stack = new RegionStack();
        /** Per stack frame: whether its enter was passed down (its leave is then passed too). */
        private boolean[] passed = new boolean[16];
        /** Stack index of the open outermost instance of the selected region, or -1. */
        private int regionFrame = -1;
        private State state;
        private long keptHere;

        Filtered(LocationEvents down) {
            this.down = down;
            this.state = from == Long.MIN_VALUE ? State.INSIDE : State.BEFORE;
            counted.add(this);
        }

        /** Opens or closes the window at an event of time {@code t}. */
        private void advance(long t) {
            if (state == State.BEFORE && t >= from) {
                state = State.INSIDE;
                for (int f = 0; f < stack.depth(); f++) {
                    if (inRegion(f) && !passed[f]) {
                        down.enter(from, stack.region(f));
                        passed[f] = true;
                        kept();
                    }
                }
            }
            if (state == State.INSIDE && t > to) {
                state = State.AFTER;
                for (int f = stack.depth() - 1; f >= 0; f--) {
                    if (passed[f]) {
                        down.leave(to, stack.region(f));
                        passed[f] = false;
                        kept();
                    }
                }
            }
        }

        private boolean inRegion(int frame) {
            return regions == null || (regionFrame >= 0 && frame >= regionFrame);
        }

        /** Whether a point event (message, collective) at the current depth passes. */
        private boolean open() {
            return state == State.INSIDE && (regions == null || regionFrame >= 0);
        }

        private void kept() {
            keptHere++;
        }

        /**
         * Whether an end of a selected pair that does not pass is left out in the middle or at the
         * front of what passes (before the window, outside the region), where it must keep its
         * place in the matching; after the window's end nothing follows it.
         */
        private boolean outside() {
            return state == State.BEFORE || (state == State.INSIDE && regions != null && regionFrame < 0);
        }

        @Override
        public void enter(long time, int region) {
            advance(time);
            stack.push(region, time);
            if (passed.length < stack.capacity()) {
                passed = Arrays.copyOf(passed, stack.capacity());
            }
            int f = stack.depth() - 1;
            passed[f] = false;
            if (regions != null && regionFrame < 0 && region >= 0 && region < regions.length && regions[region]) {
                regionFrame = f;
            }
            if (state == State.INSIDE && inRegion(f)) {
                down.enter(time, region);
                passed[f] = true;
                kept();
            }
        }

        @Override
        public void leave(long time, int region) {
            advance(time);
            if (!stack.pop()) {
                if (state == State.INSIDE && regions == null) {
                    down.leave(time, region); // unbalanced: let the analyses count it
                    kept();
                }
                return;
            }
            int f = stack.depth();
            if (passed[f]) {
                down.leave(time, region);
                passed[f] = false;
                kept();
            }
            if (f == regionFrame) {
                regionFrame = -1;
            }
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            advance(time);
            if (receiver < 0 || selects(receiver)) {
                if (open()) {
                    down.send(time, receiver, communicator, tag, bytes);
                    kept();
                } else if (outside()) {
                    down.outsideMessage(time, true, receiver, communicator, tag);
                }
            } else if (open()) {
                down.messageToUnselected(time);
            }
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            advance(time);
            if (sender < 0 || selects(sender)) {
                if (open()) {
                    down.receive(time, sender, communicator, tag, bytes);
                    kept();
                } else if (outside()) {
                    down.outsideMessage(time, false, sender, communicator, tag);
                }
            } else if (open()) {
                down.receiveFromUnselected(time);
            }
        }

        @Override
        public void isend(long time, int receiver, int communicator, int tag, long bytes, long request) {
            advance(time);
            if (receiver < 0 || selects(receiver)) {
                if (open()) {
                    down.isend(time, receiver, communicator, tag, bytes, request);
                    kept();
                } else if (outside()) {
                    down.outsideMessage(time, true, receiver, communicator, tag);
                }
            } else if (open()) {
                down.messageToUnselected(time);
            }
        }

        @Override
        public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
            advance(time);
            if (sender < 0 || selects(sender)) {
                if (open()) {
                    down.irecv(time, sender, communicator, tag, bytes, request);
                    kept();
                } else if (outside()) {
                    down.outsideMessage(time, false, sender, communicator, tag);
                }
            } else if (open()) {
                down.receiveFromUnselected(time);
            }
        }

        /** A request event passes where it lies (its operation may have been dropped: the analyses ignore unknown requests). */
        @Override
        public void isendComplete(long time, long request) {
            advance(time);
            if (open()) {
                down.isendComplete(time, request);
                kept();
            }
        }

        @Override
        public void irecvRequest(long time, long request) {
            advance(time);
            if (open()) {
                down.irecvRequest(time, request);
                kept();
            }
        }

        @Override
        public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
            advance(time);
            if (open()) {
                down.collective(time, kind, communicator, root, sent, received);
                kept();
            } else if (outside()) {
                down.outsideCollective(time, kind, communicator, root);
            }
        }

        /** Passes where a collective's end would (its traffic: the profile's only use of it). */
        @Override
        public void nonBlockingCollective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
            advance(time);
            if (open()) {
                down.nonBlockingCollective(time, kind, communicator, root, sent, received);
                kept();
            }
        }

        /**
         * Recording switched off or on passes up to the window's end, in time order with the clipped enters and leaves
         * (the analyses count gaps only between the events kept, so one before the window still says whether recording
         * was off when it opened); one after the window's end is dropped. Passed before the clipped leave at the end, it
         * had gone back in time there, and the analyses said so.
         */
        @Override
        public void measurement(long time, boolean on) {
            advance(time);
            if (state != State.AFTER) {
                down.measurement(time, on);
            }
        }

        /** A fork or join passes where the location's events are kept. */
        @Override
        public void threadFork(long time, boolean fork) {
            advance(time);
            if (open()) {
                down.threadFork(time, fork);
            }
        }

        /** The reader's count of events taken at an earlier time passes, whatever the selection kept. */
        @Override
        public void timesClamped(long n) {
            down.timesClamped(n);
        }

        /** The location's end always passes: the analyses close what they hold open. */
        @Override
        public void end() {
            down.end();
        }
    }
}
