package org.igtrace.core.wait;

/** What the join ({@link RecordJoin}) hands on: each message and each collective instance once complete. */
public interface MatchListener {
    void message(MatchedMessage message);

    void collective(CollectiveInstance instance);

    /**
     * The join starts its task {@code index} (a communicator or a directed pair, all of whose matches
     * come from this thread, in order). A thread's tasks come in increasing order, except in a join
     * that feeds a tap at a guess of the clock offsets, which takes the pairs before the communicators
     * (lower numbers); so a listener that keeps order-dependent results per thread merges them by
     * task number, not by the order it saw them in.
     */
    default void task(int index) {
    }

    /**
     * The late-sender waiting of a call that completed several receives, measured once for all of
     * them (definitions section 8): {@code ticks} of {@code process} from the call's {@code enter}
     * (its own clock). Handed on after the join's matches, by the analysis that combines them.
     */
    default void callWait(int process, long enter, long ticks) {
    }

    /**
     * As {@link #callWait(int, long, long)}, also naming the process waited for ({@code cause}: the sender
     * whose send entered last). By default the call without it.
     */
    default void callWait(int process, int cause, long enter, long ticks) {
        callWait(process, enter, ticks);
    }

    /**
     * As {@link #callWait(int, int, long, long)}, also giving the call's {@code leave} (its own clock). By default the call
     * without it.
     */
    default void callWait(int process, int cause, long enter, long leave, long ticks) {
        callWait(process, cause, enter, ticks);
    }
}
