package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongFunction;
import org.igtrace.reader.otf2.nativelib.EventVisitor;
import org.junit.jupiter.api.Test;

/** Locations claimed by reading threads as they become free: each read once, largest first. */
class LocationClaimsTest {
    /** A visitor that is never called (claiming only hands it out). */
    private static final EventVisitor NOTHING = (EventVisitor) java.lang.reflect.Proxy.newProxyInstance(
            EventVisitor.class.getClassLoader(), new Class<?>[] {EventVisitor.class}, (proxy, method, args) -> null);

    /** Events per location 10 -> 5, 11 -> 9, 12 -> 9, 13 -> 1: by size, ties (11, 12) in the given order. */
    @Test
    void threadsWalkTheLocationsLargestFirst() {
        Map<Long, Long> events = Map.of(10L, 5L, 11L, 9L, 12L, 9L, 13L, 1L);
        LocationClaims claims = new LocationClaims(new long[] {10, 11, 12, 13}, events::get);
        assertArrayEquals(new long[] {11, 12, 10, 13}, claims.order());
    }

    /** Two threads walk the same list: the first to reach a location reads it, the other skips it. */
    @Test
    void aLocationClaimedByOneThreadIsSkippedByTheOther() {
        LocationClaims claims = new LocationClaims(new long[] {1, 2, 3}, l -> 1);
        AtomicInteger made = new AtomicInteger();
        LongFunction<EventVisitor> visitors = claims.claiming(l -> {
            made.incrementAndGet();
            return NOTHING;
        });
        assertNotNull(visitors.apply(2));
        assertNull(visitors.apply(2));
        assertNotNull(visitors.apply(1));
        assertEquals(2, made.get());
    }

    /** Four threads over 1000 locations: every location is read exactly once. */
    @Test
    void everyLocationIsReadExactlyOnceAcrossThreads() throws InterruptedException {
        long[] ids = new long[1000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = 5000 + i;
        }
        LocationClaims claims = new LocationClaims(ids, l -> l % 7);
        Map<Long, Integer> reads = new ConcurrentHashMap<>();
        LongFunction<EventVisitor> visitors = claims.claiming(l -> {
            reads.merge(l, 1, Integer::sum);
            return NOTHING;
        });
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (long l : claims.order()) {
                    visitors.apply(l);
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(1000, reads.size());
        reads.values().forEach(n -> assertEquals(1, n));
    }
}
