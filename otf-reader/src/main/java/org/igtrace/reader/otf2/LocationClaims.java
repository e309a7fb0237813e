package org.igtrace.reader.otf2;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.LongFunction;
import java.util.function.LongUnaryOperator;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.reader.otf2.nativelib.EventVisitor;

/**
 * Locations handed out to reading threads as the threads become free, instead of split among them
 * beforehand: every thread walks the same list, largest location first (by the events the
 * definitions announce), and reads each location it is the first to claim. A thread that runs
 * faster (a core less loaded, locations that read quicker than their event counts say) takes more
 * of them, so the threads finish within about one location of each other. A claim is one
 * compare-and-set in an array indexed by the location's place in the list (found in a primitive
 * table made once): no boxed key and no map node per location and thread (issue 41 item 6).
 */
final class LocationClaims {
    private final long[] order;
    private final LongIntMap place = new LongIntMap();
    private final AtomicIntegerArray claimed;

    /** @param events the events the definitions announce for a location (the claiming order) */
    LocationClaims(long[] locations, LongUnaryOperator events) {
        int n = locations.length;
        // (events descending, index ascending) as one sortable long per location: the events'
        // complement to 2^39 - 1 in the high bits, the index in the low 24; counts or locations
        // beyond that are sorted as boxed indices
        long[] announced = new long[n];
        for (int i = 0; i < n; i++) {
            announced[i] = events.applyAsLong(locations[i]);
        }
        Integer[] bySize = null;
        long[] keys = new long[n];
        boolean packable = n < (1 << 24);
        for (int i = 0; i < n && packable; i++) {
            packable = announced[i] >= 0 && announced[i] < (1L << 39);
        }
        order = new long[n];
        if (packable) {
            for (int i = 0; i < n; i++) {
                keys[i] = (((1L << 39) - 1 - announced[i]) << 24) | i;
            }
            Arrays.sort(keys);
            for (int i = 0; i < n; i++) {
                order[i] = locations[(int) (keys[i] & ((1 << 24) - 1))];
            }
        } else {
            bySize = new Integer[n];
            for (int i = 0; i < n; i++) {
                bySize[i] = i;
            }
            Arrays.sort(bySize, java.util.Comparator.comparingLong((Integer i) -> announced[i]).reversed().thenComparingInt(i -> i));
            for (int i = 0; i < n; i++) {
                order[i] = locations[bySize[i]];
            }
        }
        for (int i = 0; i < n; i++) {
            place.put(order[i], i);
        }
        claimed = new AtomicIntegerArray(n);
    }

    /** Every location, in the order the threads walk them (each thread gets this list). */
    long[] order() {
        return order.clone();
    }

    /** {@code visitors}, but null (skip it) for a location another thread claimed first; {@code location} must be one of {@link #order}. */
    LongFunction<EventVisitor> claiming(LongFunction<EventVisitor> visitors) {
        return location -> claimed.compareAndSet(place.get(location, -1), 0, 1) ? visitors.apply(location) : null;
    }
}
