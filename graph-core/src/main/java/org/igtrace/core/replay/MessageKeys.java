package org.igtrace.core.replay;

import java.util.Arrays;

/**
 * The (partner, communicator, tag) keys one location's messages use, numbered densely in order of
 * first use, with the number of sends and receives recorded on each so far (the sequence number
 * of the next one: what matching by key needs) and the size of the last message on each (a
 * message of the same size is recorded without it). An open-addressing index finds a key's number
 * without allocating.
 */
final class MessageKeys {
    int count;
    int[] peer = new int[8];
    int[] communicator = new int[8];
    int[] tag = new int[8];
    long[] sends = new long[8];
    long[] receives = new long[8];
    long[] lastBytes = new long[8];
    /** Per key: sends and receives a selection left out before the first one recorded ({@link LocationActivities#outsideMessage}). */
    long[] outsideSends = new long[8];
    long[] outsideReceives = new long[8];
    /** Per key: sends and receives left out after a recorded one, not yet followed by another recorded one. */
    long[] pendingSends = new long[8];
    long[] pendingReceives = new long[8];
    private int[] index = new int[16];
    private int last = -1;

    MessageKeys() {
        Arrays.fill(index, -1);
    }

    /** The number of (partner, communicator, tag), made on first use. */
    int id(int partner, int comm, int t) {
        if (last >= 0 && peer[last] == partner && communicator[last] == comm && tag[last] == t) {
            return last;
        }
        int mask = index.length - 1;
        int i = slot(partner, comm, t, mask);
        while (index[i] >= 0) {
            int k = index[i];
            if (peer[k] == partner && communicator[k] == comm && tag[k] == t) {
                last = k;
                return k;
            }
            i = (i + 1) & mask;
        }
        int k = add(partner, comm, t);
        index[i] = k;
        if (count * 2 > index.length) {
            rehash();
        }
        last = k;
        return k;
    }

    private int add(int partner, int comm, int t) {
        if (count == peer.length) {
            int n = count * 2;
            peer = Arrays.copyOf(peer, n);
            communicator = Arrays.copyOf(communicator, n);
            tag = Arrays.copyOf(tag, n);
            sends = Arrays.copyOf(sends, n);
            receives = Arrays.copyOf(receives, n);
            lastBytes = Arrays.copyOf(lastBytes, n);
            outsideSends = Arrays.copyOf(outsideSends, n);
            outsideReceives = Arrays.copyOf(outsideReceives, n);
            pendingSends = Arrays.copyOf(pendingSends, n);
            pendingReceives = Arrays.copyOf(pendingReceives, n);
        }
        peer[count] = partner;
        communicator[count] = comm;
        tag[count] = t;
        return count++;
    }

    private static int slot(int partner, int comm, int t, int mask) {
        int h = (partner * 0x9E3779B9) ^ (comm * 0x85EBCA6B) ^ (t * 0xC2B2AE35);
        return (h ^ (h >>> 15)) & mask;
    }

    private void rehash() {
        index = new int[index.length * 2];
        Arrays.fill(index, -1);
        int mask = index.length - 1;
        for (int k = 0; k < count; k++) {
            int i = slot(peer[k], communicator[k], tag[k], mask);
            while (index[i] >= 0) {
                i = (i + 1) & mask;
            }
            index[i] = k;
        }
    }

    /** Drops the index and the counters: the keys (and the ends left out before them) are kept for the replay. */
    void seal() {
        index = null;
        peer = Arrays.copyOf(peer, count);
        communicator = Arrays.copyOf(communicator, count);
        tag = Arrays.copyOf(tag, count);
        outsideSends = Arrays.copyOf(outsideSends, count);
        outsideReceives = Arrays.copyOf(outsideReceives, count);
        pendingSends = null;
        pendingReceives = null;
        sends = null;
        receives = null;
        lastBytes = null;
    }
}
