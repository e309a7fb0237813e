package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.reader.otf2.nativelib.EventVisitor;
import org.junit.jupiter.api.Test;

/**
 * A location's times that go back (definitions section 3): taken at the time before them, unless the step back is more
 * than a second and more than the location's span so far, which no clock correction makes and a damaged timestamp does
 * (a time far ahead of the events around it, then the next one back where they are): refused. Clock of 1000 ticks a
 * second, region 7 the only one.
 */
class TimesGoingBackTest {
    private static final long SECOND = 1000;

    /** The times the events were taken at, and the count of those clamped. */
    private static final class Times implements LocationEvents {
        final List<Long> at = new ArrayList<>();
        long clamped;

        @Override
        public void enter(long time, int region) {
            at.add(time);
        }

        @Override
        public void leave(long time, int region) {
            at.add(time);
        }

        @Override
        public void timesClamped(long n) {
            clamped = n;
        }
    }

    private static Otf2LocationTranslator translator(Times target) {
        Otf2IdMaps ids = new Otf2IdMaps();
        ids.addRegion(7, 0);
        ids.seal();
        ids.ticksPerSecond(SECOND);
        return new Otf2LocationTranslator(ids, 0, target, ReaderCounts.of(1), 0);
    }

    @Test
    void aSmallStepBackIsTakenAtTheTimeBeforeIt() {
        Times t = new Times();
        Otf2LocationTranslator l = translator(t);
        l.enter(100, 7);
        l.leave(5000, 7);
        l.enter(4990, 7); // 10 ticks back: a clock correction
        l.leave(6000, 7);
        l.end();
        assertEquals(List.of(100L, 5000L, 5000L, 6000L), t.at);
        assertEquals(1, t.clamped);
    }

    /** A step back of 2 s on a location that has run 100 s so far (a wall clock stepped back): clamped, not refused. */
    @Test
    void aStepBackOfSecondsInALongRunIsTakenAtTheTimeBeforeIt() {
        Times t = new Times();
        Otf2LocationTranslator l = translator(t);
        l.enter(0, 7);
        l.leave(100 * SECOND, 7);
        l.enter(98 * SECOND, 7);
        l.end();
        assertEquals(List.of(0L, 100 * SECOND, 100 * SECOND), t.at);
    }

    /** A step back of half a second, more than the 0.2 s span so far but under a second: clamped. */
    @Test
    void aStepBackUnderASecondIsTakenAtTheTimeBeforeIt() {
        Times t = new Times();
        Otf2LocationTranslator l = translator(t);
        l.enter(0, 7);
        l.leave(700, 7);
        l.enter(200, 7);
        l.end();
        assertEquals(List.of(0L, 700L, 700L), t.at);
    }

    /** 1,095 s ahead on a location 0.1 s into its run, then back: (1095100 - 150) / 1000 = 1,094.95 s back, more than a second and than 0.15 s. */
    @Test
    void aTimeFarAheadOfTheEventsAroundItIsRefused() {
        Times t = new Times();
        Otf2LocationTranslator l = translator(t);
        l.enter(0, 7);
        l.leave(1_095_000 + 100, 7);
        EventVisitor.Damaged damaged = assertThrows(EventVisitor.Damaged.class, () -> l.enter(150, 7));
        assertTrue(damaged.getMessage().startsWith("damaged: an event at tick 150 lies 1.09e+03 s before the event before it (tick 1095100)"),
                damaged.getMessage());
    }
}
