package org.igtrace.reader;

/**
 * Told how far a read has come: first the total amount of work the trace announces, then the
 * work done, in small steps and possibly from several reading threads at once.
 */
public interface ReadProgress {
    /** Reports nothing. */
    ReadProgress NONE = new ReadProgress() {
        @Override
        public void start(long total, String unit) {
        }

        @Override
        public void advance(long done) {
        }
    };

    /**
     * Called once, before reading events: the work ahead, in {@code unit}s ("events" when the
     * definitions announce them, as OTF2's do; "bytes" of event files otherwise).
     */
    void start(long total, String unit);

    /** {@code done} more units were read; must be safe to call from several threads. */
    void advance(long done);
}
