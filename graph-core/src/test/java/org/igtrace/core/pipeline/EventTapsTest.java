package org.igtrace.core.pipeline;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How combined taps answer whether the wait analysis's waits are read. */
class EventTapsTest {
    /** A command's taps that read of the wait analysis only the offsets and counts (as predict's do). */
    private static final EventTaps UNREAD = new EventTaps() {
        @Override
        public boolean waitsUnread() {
            return true;
        }
    };
    /** Taps that leave the waits as they are (a filter, or a subscriber that reads waits). */
    private static final EventTaps READ = new EventTaps() {
    };

    @Test
    void twoSubscribersSideBySideSkipTheWaitsOnlyWhenNeitherReadsThem() {
        assertFalse(UNREAD.beside(READ).waitsUnread(), "the second subscriber reads the waits");
        assertFalse(READ.beside(UNREAD).waitsUnread(), "the first subscriber reads the waits");
        assertTrue(UNREAD.beside(UNREAD).waitsUnread());
        assertFalse(READ.beside(READ).waitsUnread());
    }

    @Test
    void aFilterInFrontLeavesItToTheTapsBehindIt() {
        assertTrue(READ.then(UNREAD).waitsUnread(), "a filter (default: waits read) in front of predict's taps");
        assertFalse(READ.then(READ).waitsUnread());
        assertTrue(READ.then(UNREAD.beside(UNREAD)).waitsUnread());
        assertFalse(READ.then(UNREAD.beside(READ)).waitsUnread());
    }
}
