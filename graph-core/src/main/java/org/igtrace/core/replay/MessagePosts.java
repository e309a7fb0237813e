package org.igtrace.core.replay;

/**
 * The post times of the matched messages a replay has in flight, per channel (one sender, one
 * receiver, one communicator and tag) and message number: the send's and the receive's, NaN
 * until published. A message is forgotten once both its sides are done with it and every
 * earlier message of its channel is forgotten, so what is kept is the messages between the
 * slower and the faster side of each channel, not the run.
 */
final class MessagePosts {
    private static final byte SENDER_DONE = 1, RECEIVER_DONE = 2;

    /** One channel's messages from {@code head} on, in a circular buffer (a power of two long). */
    private static final class Ring {
        long head;
        int first;
        int size;
        double[] send = new double[4];
        double[] receive = new double[4];
        byte[] done = new byte[4];

        /** The buffer index of message k, made if new; -1 when it was forgotten. */
        int slot(long k) {
            if (k < head) {
                return -1;
            }
            if (k >= head + size) {
                grow((int) (k - head + 1));
            }
            return (int) ((first + (k - head)) & (send.length - 1));
        }

        private void grow(int newSize) {
            if (newSize > send.length) {
                int capacity = send.length * 2;
                while (capacity < newSize) {
                    capacity *= 2;
                }
                double[] s = new double[capacity], r = new double[capacity];
                byte[] d = new byte[capacity];
                for (int i = 0; i < size; i++) {
                    int from = (first + i) & (send.length - 1);
                    s[i] = send[from];
                    r[i] = receive[from];
                    d[i] = done[from];
                }
                send = s;
                receive = r;
                done = d;
                first = 0;
            }
            for (int i = size; i < newSize; i++) {
                int at = (first + i) & (send.length - 1);
                send[at] = Double.NaN;
                receive[at] = Double.NaN;
                done[at] = 0;
            }
            size = newSize;
        }

        void finish(long k, byte side) {
            int at = slot(k);
            if (at < 0) {
                return;
            }
            done[at] |= side;
            while (size > 0 && done[first] == (SENDER_DONE | RECEIVER_DONE)) {
                first = (first + 1) & (send.length - 1);
                head++;
                size--;
            }
        }
    }

    private final Ring[] rings;

    MessagePosts(int channels) {
        rings = new Ring[channels];
    }

    private Ring ring(int channel) {
        Ring r = rings[channel];
        if (r == null) {
            r = new Ring();
            rings[channel] = r;
        }
        return r;
    }

    double send(int channel, long k) {
        Ring r = ring(channel);
        int at = r.slot(k);
        return at < 0 ? Double.NaN : r.send[at];
    }

    double receive(int channel, long k) {
        Ring r = ring(channel);
        int at = r.slot(k);
        return at < 0 ? Double.NaN : r.receive[at];
    }

    void setSend(int channel, long k, double time) {
        Ring r = ring(channel);
        int at = r.slot(k);
        if (at >= 0) {
            r.send[at] = time;
        }
    }

    void setReceive(int channel, long k, double time) {
        Ring r = ring(channel);
        int at = r.slot(k);
        if (at >= 0) {
            r.receive[at] = time;
        }
    }

    /** The sender needs message k no more. */
    void senderDone(int channel, long k) {
        ring(channel).finish(k, SENDER_DONE);
    }

    /** The receiver needs message k no more. */
    void receiverDone(int channel, long k) {
        ring(channel).finish(k, RECEIVER_DONE);
    }

    /** Messages kept now, over all channels (for tests and notes). */
    long kept() {
        long n = 0;
        for (Ring r : rings) {
            n += r == null ? 0 : r.size;
        }
        return n;
    }

}
