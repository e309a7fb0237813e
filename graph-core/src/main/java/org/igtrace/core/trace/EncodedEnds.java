package org.igtrace.core.trace;

/**
 * A location's match records ({@code org.igtrace.core.wait.RecordStream}) taking blocking calls' ends that a reader
 * encoded itself: while nothing of the location waits in the recorder ({@link #clean}), a reader may encode each
 * blocking send or receive ({@link LocationEvents#sendCall}) in the records' encoding, per partner, and hand the
 * recorder each partner's run at once ({@link #append}); it then hands the calls over with
 * {@link LocationEvents#sendCallEncoded}, which the recorder does not record again. Every partner's ends stay in
 * event order: a reader encodes only the calls before the first message end that the recorder writes itself, and
 * hands the runs over before those events.
 */
public interface EncodedEnds {
    /**
     * Whether no message end waits in the recorder (a collective arrival may) and recording was never switched off: the
     * ends may be encoded. A message end the recorder holds behind a collective arrival would be written with the same bytes.
     */
    boolean clean();

    /** Whether the records keep each message's size (the encoding writes a size that changes). */
    boolean sized();

    /** The {@link MpiCall} ordinal of dense region {@code region}, or -1 when it is not an MPI call. */
    int call(int region);

    /**
     * A partner's blocking calls' ends, in event order: the first one's values ({@code time}, {@code enter},
     * {@code leave}, {@code communicator}, {@code tag}, {@code call}, {@code size}), then {@code records - 1} more
     * encoded in {@code bytes[0, length)} against the first as a stream's records are, each one's length in
     * {@code lengths}; {@code lastTime}, {@code lastTag} and {@code lastSize} are the last one's (its
     * communicator the first's).
     */
    void append(boolean send, int partner, int records, long time, long enter, long leave, int communicator, int tag, int call,
                long size, byte[] bytes, int length, byte[] lengths, long lastTime, int lastTag, long lastSize);
}
