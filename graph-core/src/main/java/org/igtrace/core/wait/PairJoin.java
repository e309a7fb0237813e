package org.igtrace.core.wait;

import java.util.ArrayDeque;
import java.util.List;
import org.igtrace.core.util.PairLongs;
import org.igtrace.core.util.RecordBlocks;
import org.igtrace.core.util.Rings;

/**
 * Joins the message ends of one directed pair of processes (definitions section 8): the k-th send from p
 * to q on (communicator, tag) matches the k-th receive at q from p on the same key, MPI's
 * non-overtaking rule, so the two sides are walked in their own event orders with a first-in
 * first-out queue per key; no time order between them is needed. While no end waits in a queue
 * and each side is one location's stream, the next send and the next receive are taken together
 * and matched directly when their keys agree (the common case costs no queue). Otherwise the side
 * that has consumed the smaller share of its records goes next, which keeps the queues short when
 * both sides hold the same messages. A process with several locations contributes its streams merged by time (ties:
 * location order). What is left in the queues at the end is unmatched.
 */
final class PairJoin {
    private final RecordBlocks store;
    private final MatchedMessage message = new MatchedMessage();
    private final KeyQueues queues = new KeyQueues();
    private final byte[][] scratch = {new byte[RecordStream.BLOCK_BYTES], new byte[RecordStream.BLOCK_BYTES]};
    /** In a queued end's call: the end is the place of one a selection left out. */
    private static final int OUTSIDE = 1 << 8;
    private MatchRecords.PairStreams currentPair;
    /** The two sides, set again for each pair: no objects per pair but the stream readers (issue 41 item 6). */
    private final Side sendSide = new Side();
    private final Side receiveSide = new Side();

    PairJoin(RecordBlocks store) {
        this.store = store;
    }

    /** Joins one pair into {@code listener}; counts into {@code counts}. */
    void join(MatchRecords.PairStreams pair, MatchListener listener, JoinCounts counts) {
        currentPair = pair;
        Side sends = sendSide.reset(pair.send, pair.moreSends, store, scratch[0]);
        Side receives = receiveSide.reset(pair.receive, pair.moreReceives, store, scratch[1]);
        queues.clear();
        message.sender = pair.sender;
        message.receiver = pair.receiver;
        message.sendSeen = true;
        message.receiveSeen = true;
        walk(pair, sends, receives, listener, counts);
        queues.forEach(q -> {
            int kept = q.keptEnds();
            if (kept > 0) {
                (q.sendSide ? counts.unmatchedSends : counts.unmatchedReceives).add(pair.sender, pair.receiver, kept);
            }
        });
    }

    /**
     * Matches every end of the two sides: the per-message loop, a method of its own so that the
     * JIT compiles the setting up and the ends left over (above) apart from it, into less code.
     */
    private void walk(MatchRecords.PairStreams pair, Side sends, Side receives, MatchListener listener, JoinCounts counts) {
        long sendTotal = sends.total, receiveTotal = receives.total;
        boolean lockstep = sends.single != null && receives.single != null;
        while (sends.taken < sendTotal || receives.taken < receiveTotal) {
            if (lockstep && queues.waiting == 0 && sends.taken < sendTotal && receives.taken < receiveTotal) {
                // Nothing waits: the next send and the next receive are the first unmatched ends of
                // their keys, so when their keys agree they match each other, without a queue.
                RecordStream.Reader send = sends.next(), receive = receives.next();
                if (send.communicator == receive.communicator && send.tag == receive.tag) {
                    if (send.outside || receive.outside) {
                        outside(pair, send.outside, receive.outside, counts);
                        continue;
                    }
                    message.send(send.time, send.enter, send.leave, send.call, send.size, send.off);
                    message.receive(receive.time, receive.enter, receive.leave, receive.call, receive.post, receive.stream().order(),
                            receive.sharedCall, receive.size, receive.off);
                    counts.matched++;
                    listener.message(message);
                } else {
                    take(send, true, listener, counts);
                    take(receive, false, listener, counts);
                }
                continue;
            }
            boolean takeSend = receives.taken == receiveTotal
                    || (sends.taken < sendTotal && sends.taken * receiveTotal <= receives.taken * sendTotal);
            take((takeSend ? sends : receives).next(), takeSend, listener, counts);
        }
    }

    /**
     * A send and a receive matched by their order of which one or both are places of ends a
     * selection left out: the message is outside the selection, and an end of it that was kept
     * has no partner in it (definitions section 11).
     */
    private static void outside(MatchRecords.PairStreams pair, boolean sendOutside, boolean receiveOutside, JoinCounts counts) {
        if (!sendOutside) {
            counts.unmatchedSends.add(pair.sender, pair.receiver, 1);
        } else if (!receiveOutside) {
            counts.unmatchedReceives.add(pair.sender, pair.receiver, 1);
        }
    }

    /** One end: matched with the first waiting end of the other side on its key, or queued. */
    private void take(RecordStream.Reader end, boolean send, MatchListener listener, JoinCounts counts) {
        KeyQueues.Queue queue = queues.of(end.communicator, end.tag);
        if (!queue.isEmpty() && queue.sendSide != send) {
            int at = queues.poll(queue);
            boolean queuedOutside = (queue.call[at] & OUTSIDE) != 0;
            if (end.outside || queuedOutside) {
                outside(currentPair, send ? end.outside : queuedOutside, send ? queuedOutside : end.outside, counts);
                return;
            }
            if (send) {
                message.send(end.time, end.enter, end.leave, end.call, end.size, end.off);
                message.receive(queue.time[at], queue.enter[at], queue.leave[at], RecordStream.call(queue.call[at] & 7), queue.post[at],
                        queue.location[at], queue.shared[at], queue.bytes[at], queue.off(at));
            } else {
                message.send(queue.time[at], queue.enter[at], queue.leave[at], RecordStream.call(queue.call[at] & 7), queue.bytes[at],
                        queue.off(at));
                message.receive(end.time, end.enter, end.leave, end.call, end.post, end.stream().order(), end.sharedCall, end.size,
                        end.off);
            }
            counts.matched++;
            listener.message(message);
        } else {
            queue.sendSide = send;
            queues.add(queue, end.time, end.enter, end.leave, end.call.ordinal() | (end.outside ? OUTSIDE : 0), end.post,
                    end.stream().order(), end.sharedCall, end.size, end.off);
        }
    }

    /** One side of the pair: its streams (one per location), merged by time when there are several. */
    private static final class Side {
        /** The readers when the side has several streams, else null. */
        RecordStream.Reader[] readers;
        /** The one reader when the side is one location's stream, else null. */
        RecordStream.Reader single;
        boolean[] loaded;
        long total;
        long taken;

        /**
         * This side set to its one stream {@code one} or (null) to {@code streams} (null: none);
         * {@code scratch} for the blocks of a single stream (several streams get their own).
         */
        Side reset(RecordStream one, List<RecordStream> streams, RecordBlocks store, byte[] scratch) {
            taken = 0;
            int n = one != null ? 1 : streams == null ? 0 : streams.size();
            if (n == 1) {
                RecordStream s = one != null ? one : streams.get(0);
                single = s.reader(store, scratch);
                readers = null;
                loaded = null;
                total = s.records();
                return this;
            }
            single = null;
            readers = new RecordStream.Reader[n];
            loaded = new boolean[n];
            long records = 0;
            for (int i = 0; i < n; i++) {
                readers[i] = streams.get(i).reader(store, null);
                records += streams.get(i).records();
            }
            total = records;
            return this;
        }

        RecordStream.Reader next() {
            taken++;
            RecordStream.Reader one = single;
            if (one != null) {
                one.nextMessage();
                return one;
            }
            int best = -1;
            for (int i = 0; i < readers.length; i++) {
                if (!loaded[i] && readers[i].hasNext()) {
                    readers[i].nextMessage();
                    loaded[i] = true;
                }
                if (loaded[i] && (best < 0 || earlier(readers[i], readers[best]))) {
                    best = i;
                }
            }
            loaded[best] = false;
            return readers[best];
        }

        private static boolean earlier(RecordStream.Reader a, RecordStream.Reader b) {
            return a.time != b.time ? a.time < b.time : a.stream().order() < b.stream().order();
        }
    }

    /** First-in first-out queues of one side's waiting ends, per (communicator, tag). */
    static final class KeyQueues {
        private final java.util.HashMap<Long, Queue> byKey = new java.util.HashMap<>();
        private final ArrayDeque<Queue> spare = new ArrayDeque<>();
        private int lastCommunicator = Integer.MIN_VALUE;
        private int lastTag;
        private Queue last;
        /** Ends waiting in all queues together. */
        int waiting;

        void add(Queue q, long t, long e, long l, int c, long p, long location, long shared, long z, long off) {
            q.add(t, e, l, c, p, location, shared, z, off);
            waiting++;
        }

        /** Removes the head of {@code q} and returns its slot (valid until the next add). */
        int poll(Queue q) {
            waiting--;
            return q.poll();
        }

        Queue of(int communicator, int tag) {
            if (last != null && communicator == lastCommunicator && tag == lastTag) {
                return last;
            }
            Long key = ((long) communicator << 32) | (tag & 0xffffffffL);
            Queue q = byKey.get(key);
            if (q == null) {
                q = spare.isEmpty() ? new Queue() : spare.poll();
                byKey.put(key, q);
            }
            lastCommunicator = communicator;
            lastTag = tag;
            last = q;
            return q;
        }

        void clear() {
            for (Queue q : byKey.values()) {
                q.reset();
                spare.add(q);
            }
            byKey.clear();
            last = null;
            waiting = 0;
        }

        void forEach(java.util.function.Consumer<Queue> action) {
            byKey.values().forEach(action);
        }

        /** A ring buffer of ends, all of one side. */
        static final class Queue {
            boolean sendSide;
            long[] time = new long[4];
            long[] enter = new long[4];
            long[] leave = new long[4];
            int[] call = new int[4];
            /** A receive's post, location order and shared call number (sends: unused). */
            long[] post = new long[4];
            long[] location = new long[4];
            long[] shared = new long[4];
            /** The end's size in bytes, or -1 (not recorded). */
            long[] bytes = new long[4];
            /** Ticks recording was off inside the end's call; null until an end has some. */
            private long[] off;
            private int head;
            private int size;

            boolean isEmpty() {
                return size == 0;
            }

            int size() {
                return size;
            }

            /** The ends waiting that a selection kept (not places of ends it left out). */
            int keptEnds() {
                int n = 0;
                for (int i = 0; i < size; i++) {
                    if ((call[(head + i) & (time.length - 1)] & OUTSIDE) == 0) {
                        n++;
                    }
                }
                return n;
            }

            long off(int at) {
                return off == null ? 0 : off[at];
            }

            void add(long t, long e, long l, int c, long p, long loc, long s, long z, long o) {
                if (size == time.length) {
                    grow();
                }
                int at = (head + size++) & (time.length - 1);
                if (o != 0 && off == null) {
                    off = new long[time.length];
                }
                if (off != null) {
                    off[at] = o;
                }
                time[at] = t;
                enter[at] = e;
                leave[at] = l;
                call[at] = c;
                post[at] = p;
                location[at] = loc;
                shared[at] = s;
                bytes[at] = z;
            }

            /** Removes the head and returns its slot (valid until the next add). */
            int poll() {
                int at = head;
                head = (head + 1) & (time.length - 1);
                size--;
                return at;
            }

            void reset() {
                head = size = 0;
            }

            private void grow() {
                int n = time.length * 2;
                time = Rings.unrolled(time, head, size, n);
                enter = Rings.unrolled(enter, head, size, n);
                leave = Rings.unrolled(leave, head, size, n);
                call = Rings.unrolled(call, head, size, n);
                post = Rings.unrolled(post, head, size, n);
                location = Rings.unrolled(location, head, size, n);
                shared = Rings.unrolled(shared, head, size, n);
                bytes = Rings.unrolled(bytes, head, size, n);
                if (off != null) {
                    off = Rings.unrolled(off, head, size, n);
                }
                head = 0;
            }
        }
    }

    /** What the join counted, summed over pairs and communicators. */
    static final class JoinCounts {
        long matched;
        final PairLongs unmatchedSends = new PairLongs();
        final PairLongs unmatchedReceives = new PairLongs();
        long collectivesMatched;
        long collectivesIncomplete;
        long collectivesDisagreeing;

        void add(JoinCounts o) {
            matched += o.matched;
            o.unmatchedSends.forEach(unmatchedSends::add);
            o.unmatchedReceives.forEach(unmatchedReceives::add);
            collectivesMatched += o.collectivesMatched;
            collectivesIncomplete += o.collectivesIncomplete;
            collectivesDisagreeing += o.collectivesDisagreeing;
        }
    }
}
