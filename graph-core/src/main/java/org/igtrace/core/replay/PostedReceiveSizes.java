package org.igtrace.core.replay;

import java.util.HashMap;
import java.util.Map;

/**
 * The size of the receive a non-blocking receive's post names, for SimGrid's {@code irecv} action
 * ({@link TimeIndependentTrace}): the post (MPI_Irecv) records only which receive completes it, and that receive,
 * with its size, comes later in the stream. A second cursor over the same process runs ahead to it and holds the
 * sizes of the receives it passed until the writer's own cursor reaches them, so what it holds is the receives
 * between the two cursors.
 */
final class PostedReceiveSizes {
    private final ActivityCursor ahead;
    private long aheadCall = -1;
    private boolean ended;
    /** Receives the cursor ahead passed and the writer has not: (key, sequence) to bytes. */
    private final Map<Long, Long> sizes = new HashMap<>();

    PostedReceiveSizes(ActivityCursor ahead) {
        this.ahead = ahead;
    }

    private static long id(int key, long sequence) {
        return (long) key << 40 | sequence;
    }

    /**
     * The bytes of the receive ({@code key}, {@code sequence}) a post in the writer's call number {@code call}
     * names; -1 when the window ends before it.
     */
    long bytes(int key, long sequence, long call) {
        Long known = sizes.get(id(key, sequence));
        while (known == null && !ended) {
            if (!ahead.next()) {
                ended = true;
                break;
            }
            aheadCall++;
            if (aheadCall < call) {
                continue; // the writer passed these receives already
            }
            for (int i = 0; i < ahead.events; i++) {
                if (ahead.type[i] == LocationActivities.RECEIVE) {
                    sizes.put(id(ahead.key[i], ahead.sequence[i]), ahead.bytes[i]);
                }
            }
            known = sizes.get(id(key, sequence));
        }
        return known == null ? -1 : known;
    }

    /** The writer reached the receive ({@code key}, {@code sequence}). */
    void passed(int key, long sequence) {
        sizes.remove(id(key, sequence));
    }
}
