package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Issue 34 item 3: clocks that agree get offsets 0, however the messages are laid out. The
 * messages are fed to {@link ClockConstraints} as the join would hand them on (raw ticks, here
 * microseconds), and {@link ClockOffsets#solve(int, ClockConstraints)} chooses the offsets.
 * Issue 13's choice (each pair's quickest transfer as short as possible, counting only pairs whose
 * receive was waiting) gave rank 1 of the first case 5, and offsets of t per pair accumulated
 * along the ring.
 */
class ConsistentClocksTest {

    /**
     * The two ranks: rank 0 sends at 10, rank 1 receives at 51 (its receive entered at
     * 50, after the send: not a transfer); rank 1 sends back at 60, rank 0 receives at 65 (its
     * receive entered at 11, waiting: a transfer of 5). No conflict: the offsets stay 0.
     */
    @Test
    void twoRanksOneMessageEachWay() {
        ClockConstraints c = new ClockConstraints();
        c.message(message(0, 1, 10, 50, 51));
        c.message(message(1, 0, 60, 11, 65));
        assertEquals(0, c.conflicts());
        ClockOffsets o = ClockOffsets.solve(2, c);
        assertTrue(o.settled());
        assertArrayEquals(new long[2], o.ticks());
    }

    /**
     * A 64-rank halo exchange on an 8 x 8 grid (no wrap-around), exact clocks, every transfer
     * T = 2: rank p starts at s_p = (37 p) mod 64 (imbalance), posts its receives, sends to its
     * neighbours at s_p + i (i = 0.. its neighbour count - 1), and enters MPI_Waitall at s_p + 4.
     * A message is received at max(send + T, enter of the receiver's Waitall): the receive
     * operation (the Waitall) waited when it entered at or before the send, and then the transfer
     * is exactly T. No receive precedes its send: no conflict, offsets 0.
     */
    @Test
    void haloExchangeOnExactClocks() {
        int side = 8, n = side * side;
        long transfer = 2;
        ClockConstraints c = new ClockConstraints();
        long[] start = new long[n];
        for (int p = 0; p < n; p++) {
            start[p] = (37L * p) % n;
        }
        int waited = 0;
        for (int p = 0; p < n; p++) {
            int i = 0;
            for (int q : neighbours(p, side)) {
                long send = start[p] + i++, waitall = start[q] + 4;
                c.message(message(p, q, send, waitall, Math.max(send + transfer, waitall)));
                waited += waitall <= send ? 1 : 0;
            }
        }
        assertTrue(waited > 0 && waited < 4 * n - 4 * side, "some transfers seen, some not: " + waited);
        assertEquals(0, c.conflicts());
        ClockOffsets o = ClockOffsets.solve(n, c);
        assertTrue(o.settled());
        assertArrayEquals(new long[n], o.ticks());
    }

    /**
     * A ring of 4096 ranks, exact clocks, every transfer T = 1: rank p sends to p + 1 at
     * s_p = 4096 - p, then enters its receive from p - 1 at s_p + 1. Rank p + 1 entered that
     * receive at s_(p+1) + 1 = s_p, so every message but the last (4095 -> 0: rank 0's receive
     * entered at 4097, after the send at 1) is a transfer of exactly T; the last is received at
     * 4097. No conflict, offsets 0; issue 13's choice made each of the 4095 transfers 0, one
     * after the other, up to 4095 T.
     */
    @Test
    void longRingOnExactClocks() {
        int n = 4096;
        ClockConstraints c = new ClockConstraints();
        for (int p = 0; p < n; p++) {
            int q = (p + 1) % n;
            long send = n - p, enter = n - q + 1;
            c.message(message(p, q, send, enter, Math.max(send + 1, enter)));
        }
        assertEquals(0, c.conflicts());
        long started = System.nanoTime();
        ClockOffsets o = ClockOffsets.solve(n, c);
        assertTrue(o.settled());
        assertArrayEquals(new long[n], o.ticks());
        assertTrue(System.nanoTime() - started < 5_000_000_000L, "solved quickly");
    }

    private static int[] neighbours(int p, int side) {
        int x = p % side, y = p / side;
        int[] all = new int[4];
        int k = 0;
        if (x > 0) {
            all[k++] = p - 1;
        }
        if (x < side - 1) {
            all[k++] = p + 1;
        }
        if (y > 0) {
            all[k++] = p - side;
        }
        if (y < side - 1) {
            all[k++] = p + side;
        }
        return java.util.Arrays.copyOf(all, k);
    }

    /** A message as the join hands it on: send event (its call entered then too), receive call entered, receive event. */
    static MatchedMessage message(int sender, int receiver, long send, long receiveEnter, long receive) {
        MatchedMessage m = new MatchedMessage();
        m.sender = sender;
        m.receiver = receiver;
        m.sendTime = m.sendEnter = send;
        m.sendLeave = send + 1;
        m.receiveEnter = receiveEnter;
        m.receiveTime = receive;
        m.receiveLeave = receive;
        return m;
    }
}
