package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The requests in flight of a recorded location, kept in a ring (issue 38: the oldest goes without moving the others). */
class OpenRequestsTest {
    /** The ids of the open requests, oldest first, as the ring gives them (oldest, then removing nothing). */
    private static List<Long> ids(OpenRequests open, List<Long> expected) {
        List<Long> out = new ArrayList<>();
        for (long id : expected) {
            int at = open.latest(id, LocationActivities.SEND);
            out.add(at < 0 ? -1 : open.request[at]);
        }
        return out;
    }

    @Test
    void theOldestGoesFirstAndTheRingWrapsAndGrowsInOrder() {
        OpenRequests open = new OpenRequests(8);
        for (long id = 0; id < 6; id++) {
            open.add(id, LocationActivities.SEND, 100 + id, (int) id, id, 8);
        }
        for (int k = 0; k < 5; k++) { // 0 .. 4 completed in turn: the oldest each time
            assertTrue(open.remove(open.oldest()));
            assertEquals(100 + k + 1, open.oldestOffset(), "the hold moves to the next oldest");
        }
        for (long id = 6; id < 14; id++) { // places 6, 7, then 0 .. : wrapped; the 9th open request makes it grow
            assertFalse(open.add(id, LocationActivities.SEND, 100 + id, (int) id, id, 8), "one is open already");
        }
        assertEquals(9, open.count);
        assertEquals(105, open.oldestOffset());
        assertEquals(13, open.request[open.newest()]);
        for (long id = 5; id < 14; id++) {
            int at = open.latest(id, LocationActivities.SEND);
            assertEquals(id, open.request[at]);
            assertEquals(100 + id, open.offset[at]);
            assertEquals(id, open.sequence[at]);
        }
        // one from the middle: the others keep their order, the oldest stays
        assertFalse(open.remove(open.latest(9, LocationActivities.SEND)));
        assertEquals(-1, open.latest(9, LocationActivities.SEND));
        assertEquals(105, open.oldestOffset());
        long[] left = {5, 6, 7, 8, 10, 11, 12, 13};
        for (long id : left) {
            assertTrue(open.remove(open.oldest()));
            assertEquals(id == 13 ? Long.MAX_VALUE : 100 + next(left, id), open.oldestOffset());
        }
        assertEquals(0, open.count);
    }

    private static long next(long[] ids, long id) {
        for (int i = 0; i + 1 < ids.length; i++) {
            if (ids[i] == id) {
                return ids[i + 1];
            }
        }
        return -1;
    }

    /** The latest of a kind with an id: an id reused by a later request, and another kind with the same id. */
    @Test
    void theLatestOfAKindWithTheId() {
        OpenRequests open = new OpenRequests(8);
        open.add(7, LocationActivities.SEND, 1, 0, 0, 8);
        open.add(7, LocationActivities.RECEIVE_POST, 2, 0, 0, 0);
        open.add(7, LocationActivities.SEND, 3, 0, 0, 8);
        assertEquals(3, open.offset[open.latest(7, LocationActivities.SEND)]);
        assertEquals(2, open.offset[open.latest(7, LocationActivities.RECEIVE_POST)]);
        assertEquals(-1, open.latest(8, LocationActivities.SEND));
    }

    /** Against a list, through 20,000 random adds and removes (oldest, newest, any), across growth and wrap-around. */
    @Test
    void asAListThroughRandomChanges() {
        Random random = new Random(38);
        OpenRequests open = new OpenRequests(8);
        List<Long> list = new ArrayList<>();
        long next = 0;
        for (int step = 0; step < 20_000; step++) {
            int what = random.nextInt(4);
            if (list.isEmpty() || what == 0 || what == 1 && list.size() < 40) {
                long id = next++;
                assertEquals(list.isEmpty(), open.add(id, LocationActivities.SEND, 1000 + id, 0, id, id));
                list.add(id);
            } else {
                int i = what == 2 ? 0 : what == 3 ? list.size() - 1 : random.nextInt(list.size());
                long id = list.remove(i);
                assertEquals(i == 0, open.remove(open.latest(id, LocationActivities.SEND)));
            }
            assertEquals(list.size(), open.count);
            assertEquals(list.isEmpty() ? Long.MAX_VALUE : 1000 + list.get(0), open.oldestOffset());
            if (!list.isEmpty()) {
                assertEquals(list.get(list.size() - 1), open.request[open.newest()]);
            }
        }
        assertEquals(list, ids(open, list));
    }
}
