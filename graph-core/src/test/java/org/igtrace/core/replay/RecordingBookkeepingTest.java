package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The recording's book-keeping per location ({@link LocationActivities}): the requests in flight
 * ({@link OpenRequests}) and the message keys ({@link MessageKeys}), against plain lists.
 */
class RecordingBookkeepingTest {
    /**
     * Requests added and removed in a random order (the oldest, the latest, one between) are found, in the same order
     * and with the same fields, as in a list: the latest of a kind with an id, the oldest's offset, whether a removal
     * took the oldest, the number open; also after the arrays are compacted or grown.
     */
    @Test
    void openRequestsAreAListInTheirOrder() {
        Random random = new Random(38);
        OpenRequests open = new OpenRequests(4);
        List<long[]> list = new ArrayList<>(); // id, kind, offset
        long offset = 0;
        for (int step = 0; step < 20_000; step++) {
            if (list.isEmpty() || random.nextInt(100) < 52) {
                long id = random.nextInt(6);
                int kind = random.nextBoolean() ? LocationActivities.RECEIVE_POST : LocationActivities.SEND;
                offset += 1 + random.nextInt(20);
                boolean only = open.add(id, kind, offset, (int) id, step, 8 * id);
                assertEquals(list.isEmpty(), only);
                list.add(new long[] {id, kind, offset});
            } else {
                long id = random.nextInt(6);
                int kind = random.nextBoolean() ? LocationActivities.RECEIVE_POST : LocationActivities.SEND;
                int expected = -1;
                for (int i = list.size() - 1; i >= 0; i--) {
                    if (list.get(i)[0] == id && list.get(i)[1] == kind) {
                        expected = i;
                        break;
                    }
                }
                int found = open.latest(id, kind);
                assertEquals(expected, found < 0 ? -1 : found - open.first);
                int i = found >= 0 ? found : open.first + random.nextInt(open.size()); // else any one: the oldest given up
                assertEquals(list.get(i - open.first)[2], open.offset[i]);
                assertEquals(list.get(i - open.first)[0], open.key[i]);
                int at = i - open.first;
                assertEquals(at == 0, open.remove(i));
                list.remove(at);
            }
            assertEquals(list.size(), open.size());
            assertEquals(list.isEmpty() ? Long.MAX_VALUE : list.get(0)[2], open.oldestOffset());
        }
    }

    /**
     * Keys whose partners are equal modulo 16 but whose communicator or tag differ, used in turn, keep their own
     * numbers (the last key per partner is checked, not trusted); numbers are dense in order of first use.
     */
    @Test
    void messageKeysOfPartnersAliasedInTheRecentTableStayApart() {
        MessageKeys keys = new MessageKeys();
        int[][] used = {{1, 0, 5}, {17, 0, 5}, {1, 1, 5}, {1, 0, 6}, {33, 0, 5}, {2, 0, 5}};
        for (int round = 0; round < 3; round++) {
            for (int k = 0; k < used.length; k++) {
                assertEquals(k, keys.id(used[k][0], used[k][1], used[k][2]));
            }
            for (int k = used.length - 1; k >= 0; k--) {
                assertEquals(k, keys.id(used[k][0], used[k][1], used[k][2]));
            }
        }
        assertEquals(used.length, keys.count);
        for (int k = 0; k < used.length; k++) {
            assertEquals(used[k][0], keys.peer[k]);
            assertEquals(used[k][1], keys.communicator[k]);
            assertEquals(used[k][2], keys.tag[k]);
        }
        Random random = new Random(7);
        List<Long> seen = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            int p = 100 + random.nextInt(200), c = random.nextInt(3), t = random.nextInt(3);
            long packed = (long) p << 32 | c << 16 | t;
            int expected = seen.indexOf(packed);
            if (expected < 0) {
                expected = used.length + seen.size();
                seen.add(packed);
                assertFalse(expected < keys.count);
            } else {
                expected += used.length;
            }
            assertEquals(expected, keys.id(p, c, t));
            assertTrue(keys.count > expected);
        }
    }
}
