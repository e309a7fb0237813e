package org.igtrace.core.wait;

/**
 * A further analysis of the matches of a join ({@link RecordJoin}) with a listener of its own per
 * join thread, so the threads share no lock: {@link #forThread()} is called on the thread that
 * starts the join, once per join thread, and {@link #joined()} on it once that join is done. The
 * listeners learn where each task begins ({@link MatchListener#task(int)}), so the tap can merge
 * their results in the order one thread would have seen them.
 */
public interface MatchTap {
    /** The listener of one more join thread. */
    MatchListener forThread();

    /** The join is done: every listener {@link #forThread()} made has seen all its matches. */
    void joined();

    /** Both taps (either may be null): each thread's matches go to {@code a}'s listener, then to {@code b}'s. */
    static MatchTap both(MatchTap a, MatchTap b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return new MatchTap() {
            @Override
            public MatchListener forThread() {
                return new BothListeners(a.forThread(), b.forThread());
            }

            @Override
            public void joined() {
                a.joined();
                b.joined();
            }
        };
    }

    /** Two listeners of one join thread, in order. */
    record BothListeners(MatchListener a, MatchListener b) implements MatchListener {
        @Override
        public void message(MatchedMessage message) {
            a.message(message);
            b.message(message);
        }

        @Override
        public void collective(CollectiveInstance instance) {
            a.collective(instance);
            b.collective(instance);
        }

        @Override
        public void task(int index) {
            a.task(index);
            b.task(index);
        }

        @Override
        public void callWait(int process, long enter, long ticks) {
            a.callWait(process, enter, ticks);
            b.callWait(process, enter, ticks);
        }

        @Override
        public void callWait(int process, int cause, long enter, long ticks) {
            a.callWait(process, cause, enter, ticks);
            b.callWait(process, cause, enter, ticks);
        }

        @Override
        public void callWait(int process, int cause, long enter, long leave, long ticks) {
            a.callWait(process, cause, enter, leave, ticks);
            b.callWait(process, cause, enter, leave, ticks);
        }
    }
}
