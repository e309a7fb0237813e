package org.igtrace.reader;

/**
 * Told how far a read has come: first the total amount of work the trace announces, then the
 * work done, in small steps and possibly from several reading threads at once.
 */
public interface ReadProgress {
    /** Reports nothing. */
    ReadProgress NONE = new ReadProgress() {
        @Override
        public void start(long total) {
        }

        @Override
        public void advance(long done) {
        }
    };

    /** Called once, before reading events: the number of events the definitions announce. */
    void start(long total);

    /** {@code done} more events were read; must be safe to call from several threads. */
    void advance(long done);
}
