package org.igtrace.reader.otf2;

import java.util.Arrays;
import java.util.Comparator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;
import java.util.function.LongUnaryOperator;
import org.igtrace.reader.otf2.nativelib.EventVisitor;

/**
 * Locations handed out to reading threads as the threads become free, instead of split among them
 * beforehand: every thread walks the same list, largest location first (by the events the
 * definitions announce), and reads each location it is the first to claim. A thread that runs
 * faster (a core less loaded, locations that read quicker than their event counts say) takes more
 * of them, so the threads finish within about one location of each other.
 */
final class LocationClaims {
    private final long[] order;
    private final java.util.Set<Long> claimed = ConcurrentHashMap.newKeySet();

    /** @param events the events the definitions announce for a location (the claiming order) */
    LocationClaims(long[] locations, LongUnaryOperator events) {
        Integer[] bySize = new Integer[locations.length];
        for (int i = 0; i < bySize.length; i++) {
            bySize[i] = i;
        }
        Arrays.sort(bySize, Comparator.comparingLong((Integer i) -> events.applyAsLong(locations[i])).reversed()
                .thenComparingInt(i -> i));
        order = new long[locations.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = locations[bySize[i]];
        }
    }

    /** Every location, in the order the threads walk them (each thread gets this list). */
    long[] order() {
        return order.clone();
    }

    /** {@code visitors}, but null (skip it) for a location another thread claimed first. */
    LongFunction<EventVisitor> claiming(LongFunction<EventVisitor> visitors) {
        return location -> claimed.add(location) ? visitors.apply(location) : null;
    }
}
