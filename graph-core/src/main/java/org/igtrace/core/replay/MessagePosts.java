package org.igtrace.core.replay;

import java.util.Arrays;

/**
 * The post times of the matched messages a replay has in flight, per channel (one sender, one
 * receiver, one communicator and tag) and message number: the send's and the receive's, NaN
 * until published. A message is forgotten once both its sides are done with it and every
 * earlier message of its channel is forgotten, so what is kept is the messages between the
 * slower and the faster side of each channel, not the run.
 *
 * <p>Layout: each channel has a circular buffer of {@value #SMALL} messages in shared flat arrays
 * (few messages are in flight on a channel at once); a channel that needs more moves to a buffer
 * of its own, doubled as needed. A replay of several models at once keeps one post time per model
 * and side: per message the sends of models 0 .. n-1, then their receives (then, for a calibration made in
 * the replay, the send's measured post).
 */
final class MessagePosts {
    private static final int SMALL = 8;
    private static final byte SENDER_DONE = 1, RECEIVER_DONE = 2, BOTH = 3, SENT_EAGERLY = 4;

    /** Per channel: the number of its oldest message kept. */
    private final long[] head;
    /**
     * Per channel c, at {@code c * META}: where its oldest message kept is in its buffer ({@link #FIRST}), how many are
     * kept ({@link #SIZE}), its capacity less one ({@link #MASK}, the capacity a power of two) and where its buffer starts
     * in its array ({@link #BASE}): one array, so that finding a message's place reads one cache line of it, not four.
     */
    private final int[] meta;
    private static final int META = 4, FIRST = 0, SIZE = 1, MASK = 2, BASE = 3;
    /** Per channel: its buffer, [send, receive] per message; its done flags. */
    private final double[][] times;
    private final byte[][] done;
    /**
     * Per channel: the done flags a message starts with: 0, or for a channel whose other side another
     * replay worker replays ({@link #remoteSide}), that side's flag: this copy is only its own side's.
     */
    private final byte[] initial;
    /** Models replayed at once, and doubles per message (a send and a receive time per model). */
    private final int models;
    private final int stride;
    /**
     * How many times a channel's messages moved to a larger buffer ({@link #grow}): a slot {@link #slot} gave stays a
     * message's place while this count is the same (forgetting earlier messages does not move it).
     */
    private int relocations;

    MessagePosts(int channels) {
        this(channels, 1);
    }

    MessagePosts(int channels, int models) {
        this(channels, models, false);
    }

    /**
     * @param measuredSends whether each message also keeps its send's measured post (the send call's
     *                      enter on corrected clocks, {@link #measuredSendAt}), for a calibration made in the replay
     */
    MessagePosts(int channels, int models, boolean measuredSends) {
        this.models = models;
        this.stride = 2 * models + (measuredSends ? 2 : 0);
        head = new long[channels];
        meta = new int[META * channels];
        initial = new byte[channels];
        double[] shared = new double[stride * SMALL * Math.max(1, channels)];
        byte[] sharedDone = new byte[SMALL * Math.max(1, channels)];
        times = new double[channels][];
        done = new byte[channels][];
        for (int c = 0; c < channels; c++) {
            times[c] = shared;
            done[c] = sharedDone;
            meta[META * c + MASK] = SMALL - 1;
            meta[META * c + BASE] = c * SMALL;
        }
    }

    /**
     * Channel c's other side is replayed by another worker, which keeps its own copy: here a message is
     * forgotten once this side is done with it (the other side's values, handed over, are dropped after that).
     * @param senderThere whether the sender is the other side (else the receiver)
     */
    void remoteSide(int c, boolean senderThere) {
        initial[c] = senderThere ? SENDER_DONE : RECEIVER_DONE;
    }

    /**
     * Where message k of channel c is kept (made if new), for the accessors that take it ({@link #sendAt} ...);
     * -1 when it was forgotten. It stays valid until another message of the channel is made.
     */
    int slot(int c, long k) {
        long h = head[c];
        if (k < h) {
            return -1;
        }
        long offset = k - h;
        int m = META * c;
        int n = meta[m + SIZE];
        if (offset >= n) {
            int mask = meta[m + MASK];
            if (offset == n && n <= mask) { // the next message, with room for it: the common case, made here
                int at = meta[m + BASE] + (int) ((meta[m + FIRST] + offset) & mask);
                double[] t = times[c];
                for (int i = stride * at, end = i + stride; i < end; i++) {
                    t[i] = Double.NaN;
                }
                done[c][at] = initial[c];
                meta[m + SIZE] = n + 1;
                return at;
            }
            grow(c, (int) offset + 1);
        }
        return meta[m + BASE] + (int) ((meta[m + FIRST] + offset) & meta[m + MASK]);
    }

    private void grow(int c, int newSize) {
        int m = META * c;
        int cap = meta[m + MASK] + 1;
        if (newSize > cap) {
            int bigger = cap * 2;
            while (bigger < newSize) {
                bigger *= 2;
            }
            double[] t = new double[stride * bigger];
            byte[] d = new byte[bigger];
            for (int i = 0; i < meta[m + SIZE]; i++) {
                int from = meta[m + BASE] + ((meta[m + FIRST] + i) & (cap - 1));
                System.arraycopy(times[c], stride * from, t, stride * i, stride);
                d[i] = done[c][from];
            }
            times[c] = t;
            done[c] = d;
            relocations++;
            meta[m + BASE] = 0;
            meta[m + FIRST] = 0;
            meta[m + MASK] = bigger - 1;
            cap = bigger;
        }
        double[] t = times[c];
        byte[] d = done[c];
        for (int i = meta[m + SIZE]; i < newSize; i++) {
            int at = meta[m + BASE] + ((meta[m + FIRST] + i) & (cap - 1));
            Arrays.fill(t, stride * at, stride * at + stride, Double.NaN);
            d[at] = initial[c];
        }
        meta[m + SIZE] = newSize;
    }

    /**
     * Keeps in cursor c where its event i's message is ({@code s}, {@link #slot}) for the rest of its call
     * ({@link #slotOf}): the replay's later steps of the call find it there instead of looking it up again.
     */
    void keep(ActivityCursor c, int i, int s) {
        c.slot[i] = s;
        c.slotMoves[i] = relocations;
    }

    /** Where event i of c's call has its message: as {@link #keep} kept it unless a buffer moved since, else {@link #slot}. */
    int slotOf(ActivityCursor c, int i) {
        return c.slotMoves[i] == relocations ? c.slot[i] : slot(c.match[i], c.at[i]);
    }

    /** The send's post time of message k of {@code channel} (model 0); NaN if unknown or forgotten. */
    double send(int channel, long k) {
        int at = slot(channel, k);
        return at < 0 ? Double.NaN : times[channel][stride * at];
    }

    void setSend(int channel, long k, double time) {
        int at = slot(channel, k);
        if (at >= 0) {
            times[channel][stride * at] = time;
        }
    }

    /** The send's post time in model {@code model} of the message at {@code slot} of {@code channel} ({@link #slot}); NaN if unknown. */
    double sendAt(int channel, int slot, int model) {
        return times[channel][stride * slot + model];
    }

    double receiveAt(int channel, int slot, int model) {
        return times[channel][stride * slot + models + model];
    }

    void setSendAt(int channel, int slot, int model, double time) {
        times[channel][stride * slot + model] = time;
    }

    void setReceiveAt(int channel, int slot, int model, double time) {
        times[channel][stride * slot + models + model] = time;
    }

    /** The send's measured post of the message at {@code slot} (kept with {@code measuredSends}); NaN if unknown. */
    double measuredSendAt(int channel, int slot) {
        return times[channel][stride * slot + 2 * models];
    }

    void setMeasuredSendAt(int channel, int slot, double time) {
        times[channel][stride * slot + 2 * models] = time;
    }

    /** The receive's measured post (its MPI_Irecv's enter, corrected clocks; kept with {@code measuredSends}); NaN if unknown. */
    double measuredReceiveAt(int channel, int slot) {
        return times[channel][stride * slot + 2 * models + 1];
    }

    void setMeasuredReceiveAt(int channel, int slot, double time) {
        times[channel][stride * slot + 2 * models + 1] = time;
    }

    /** The receive's post time of message k of {@code channel} (model 0); NaN if unknown or forgotten. */
    double receive(int channel, long k) {
        int at = slot(channel, k);
        return at < 0 ? Double.NaN : times[channel][stride * at + models];
    }

    void setReceive(int channel, long k, double time) {
        int at = slot(channel, k);
        if (at >= 0) {
            times[channel][stride * at + models] = time;
        }
    }

    /** Whether the message at {@code slot} was let through a cycle as an eager one ({@link #markSentEagerlyAt}). */
    boolean sentEagerlyAt(int channel, int slot) {
        return (done[channel][slot] & SENT_EAGERLY) != 0;
    }

    /**
     * The message at {@code slot} went eagerly although it is rendezvous-sized: its send was let through a
     * cycle before its receive was posted, so its transfer starts at the send's post.
     */
    void markSentEagerlyAt(int channel, int slot) {
        done[channel][slot] |= SENT_EAGERLY;
    }

    /** The sender needs message k no more. */
    void senderDone(int channel, long k) {
        finish(channel, k, SENDER_DONE);
    }

    /** The receiver needs message k no more. */
    void receiverDone(int channel, long k) {
        finish(channel, k, RECEIVER_DONE);
    }

    /** As {@link #senderDone}, for the message at {@code slot} ({@link #slot}). */
    void senderDoneAt(int channel, int slot) {
        finishAt(channel, slot, SENDER_DONE);
    }

    /** As {@link #receiverDone}, for the message at {@code slot} ({@link #slot}). */
    void receiverDoneAt(int channel, int slot) {
        finishAt(channel, slot, RECEIVER_DONE);
    }

    private void finish(int c, long k, byte side) {
        int at = slot(c, k);
        if (at >= 0) {
            finishAt(c, at, side);
        }
    }

    private void finishAt(int c, int at, byte side) {
        byte[] d = done[c];
        byte flags = (byte) (d[at] | side);
        d[at] = flags;
        if ((flags & BOTH) != BOTH) {
            return; // it stays: a side still needs it
        }
        int m = META * c;
        int b = meta[m + BASE], f = meta[m + FIRST];
        if (at != b + f) {
            return; // only the oldest message kept can go, and it could not before
        }
        int mask = meta[m + MASK], n = meta[m + SIZE];
        long h = head[c];
        do {
            f = (f + 1) & mask;
            h++;
            n--;
        } while (n > 0 && (d[b + f] & BOTH) == BOTH);
        meta[m + FIRST] = f;
        head[c] = h;
        meta[m + SIZE] = n;
    }
}
