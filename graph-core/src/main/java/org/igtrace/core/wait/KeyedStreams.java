package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.util.LongIntMap;

/**
 * One location's streams of one kind by key (partner or communicator), in the order they were
 * made; a key's stream is found in a small direct-mapped cache first (a process has few
 * partners, and ends alternate between them).
 */
final class KeyedStreams {
    private static final int CACHED = 64;
    final List<RecordStream> all = new ArrayList<>();
    private final int process;
    private final long order;
    /** For collective streams, cut into instance ranges as the records say; null for message streams. */
    private final MatchRecords ranges;
    private final LongIntMap index = new LongIntMap();
    private final int[] cachedKeys = new int[CACHED];
    /**
     * Every {@value #FORGET_EVERY}th lookup forgets its cached stream and finds it again: a
     * miss the JIT sees while it profiles the first location (whose few keys are all cached
     * after its first ends), so that the next location's first ends, misses all, run compiled
     * code instead of deoptimising the read path (every method the lookup was inlined in,
     * then recompiled). A lookup in {@link #index} per thousand ends costs nothing measurable.
     */
    private static final int FORGET_EVERY = 1024;
    private int lookups;
    private final RecordStream[] cached = new RecordStream[CACHED];

    KeyedStreams(int process, long order, MatchRecords ranges) {
        this.process = process;
        this.order = order;
        this.ranges = ranges;
        // No key (a rank or a communicator) is negative: an empty slot never matches, and the
        // lookup has no null test that a new location would trip the compiled code over.
        java.util.Arrays.fill(cachedKeys, -1);
    }

    RecordStream of(int key) {
        int c = key & (CACHED - 1);
        if ((++lookups & (FORGET_EVERY - 1)) == 0) {
            cachedKeys[c] = -1;
        }
        if (cachedKeys[c] == key) {
            return cached[c];
        }
        return find(key, c);
    }

    /** Not in the cache: the key's stream, made on its first end, then cached. */
    private RecordStream find(int key, int c) {
        int at = index.get(key, -1);
        if (at < 0) {
            at = all.size();
            all.add(ranges == null ? new RecordStream(process, order, key)
                    : RecordStream.collectives(process, order, key, ranges.instancesPerRange(key)));
            index.put(key, at);
        }
        RecordStream s = all.get(at);
        cachedKeys[c] = key;
        cached[c] = s;
        return s;
    }
}
