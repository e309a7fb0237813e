package org.igtrace.core.timeline;

import java.util.List;

/**
 * A time-space diagram of a run, ready to draw (definitions section 12): one row per process, x in
 * corrected seconds from the start of the run. Its size is bounded by the number of columns and
 * rows, never by the number of events: a row holds either its exact states (when it has at most
 * {@link TimelineBuilder#exactStates} of them) or, per pixel column, the share of each
 * {@link StateClass}; arrows and collective marks are capped.
 *
 * @param columns      pixel columns of the time axis
 * @param start        seconds (from the start of the run) at the left edge
 * @param end          seconds at the right edge
 * @param rows         in rank order
 * @param arrows       messages drawn, at most {@link TimelineBuilder#MAX_ARROWS}
 * @param arrowsLeftOut matched messages not drawn (beyond the cap)
 * @param collectives  collective instances marked
 * @param collectivesLeftOut instances not marked (beyond the cap, or of members not drawn)
 * @param regionNames  the user regions that have a compute colour, by slot
 * @param corrected    whether clocks were corrected (x = raw time + offset)
 */
public record Timeline(int columns, double start, double end, List<Row> rows, List<Arrow> arrows, long arrowsLeftOut,
                       List<CollectiveMark> collectives, long collectivesLeftOut, List<String> regionNames,
                       boolean corrected) {

    /**
     * The messages the drawn arrows stand for: an arrow is drawn once for the messages sharing both its ends' pixels.
     *
     * @return their number, at least the arrows'
     */
    public long arrowMessages() {
        long n = 0;
        for (Arrow a : arrows) {
            n += a.count();
        }
        return n;
    }

    /** An interval of one state class, in seconds from the start of the run. */
    public record State(double start, double end, int stateClass) {
    }

    /**
     * One process, or one thread of a process of several threads (definitions section 12).
     *
     * @param states  the exact states (outermost MPI calls, compute bursts, waiting parts over
     *                the calls), or null when the row has too many and {@code shares} holds it
     * @param shares  per state class and pixel column, the share of the column's time (0..1 per
     *                thread), or null when {@code states} holds it
     * @param thread  the row's place under its process (0: the process's own row, its master thread's: the thread
     *                with the longest span; then the other threads with events in location order)
     * @param place   of a process drawn one row per thread, the row's thread among the process's threads with events in
     *                location order (as {@code stats} numbers them); -1 for a process drawn as one row
     */
    public record Row(int rank, String name, List<State> states, float[][] shares, int thread, int place) {
        /** A process's row (or its only thread's). */
        public Row(int rank, String name, List<State> states, float[][] shares) {
            this(rank, name, states, shares, 0, -1);
        }
    }

    /** A message: from the send event to the receive event; a conflict points back in time. */
    public record Arrow(int sender, int receiver, double sendTime, double receiveTime, int count) {
        public boolean conflict() {
            return receiveTime < sendTime;
        }
    }

    /** A collective instance: its members' rows, from the first member's enter to the last one's. */
    public record CollectiveMark(int[] ranks, double firstEnter, double lastEnter, String kind) {
    }
}
