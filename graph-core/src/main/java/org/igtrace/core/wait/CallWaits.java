package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.BlockStreamReader;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.core.util.RecordBlocks;

/**
 * One call waits once (definitions section 8, issue 19): an {@code MPI_Wait*} or {@code MPI_Test*} that completed several
 * receives waits {@code min(leave, max over its messages of enter(send)) - enter(call)}, charged
 * (late sender) to its process and to the edge of the message whose send entered last (ties: the
 * lowest sender rank), instead of each receive's wait counted on its own (they overlap).
 *
 * <p>The join meets a call's receives in the joins of their pairs, apart from each other, so the
 * messages of such calls are spilled (offset-free: raw times) by the join threads into
 * {@link RecordBlocks}, in buckets of {@value #BUCKET_CALLS} calls of one location, and combined per
 * call once the offsets are known ({@link #charge}): memory is one bucket's arrays and a block per
 * open bucket, whatever the number of events.
 */
final class CallWaits {
    /** Calls per bucket: log2 and count. */
    private static final int BUCKET_BITS = 16;
    static final int BUCKET_CALLS = 1 << BUCKET_BITS;
    /**
     * Bytes of a bucket's stream block: what an open bucket holds in memory until the block is full
     * (1 KB per receiving location with such calls and join thread; a record is about 12 bytes).
     */
    private static final int BLOCK = 1024;

    private final RecordBlocks store;
    private final List<Spill> spills = new ArrayList<>();

    CallWaits(RecordBlocks store) {
        this.store = store;
    }

    /** A spill for one join thread. */
    synchronized Spill spill() {
        Spill s = new Spill();
        spills.add(s);
        return s;
    }

    /**
     * One join thread's messages of calls that completed several receives, by bucket. A record per message: its call's
     * place in the bucket with two flags (recording off inside the call; a receiver other than the stream's first), the
     * sender, the call's enter (as its difference from the record before), its length, the ticks off (when flagged), the
     * receiver (when flagged) and the send's enter less the call's. The last bucket written is kept at hand: the messages
     * of one pair's join come in its receiver's order, so most follow one of their bucket (a map's look-up and seven
     * values a message were half of the default command's join on a trace whose receives are posted first).
     */
    final class Spill {
        private final LongIntMap index = new LongIntMap();
        private final List<BlockStream> streams = new ArrayList<>();
        private final List<Long> keys = new ArrayList<>();
        /** Per stream, the receiver of its first record (its location's process). */
        private int[] receivers = new int[4];
        private long[] lastEnter = new long[4];
        /** The stream of the last record, and its key (valid once {@link #lastStream} is set). */
        private long lastKey;
        private int lastAt;
        private BlockStream lastStream;

        /** A matched message whose receive's call completed several receives (raw times). */
        void add(MatchedMessage m) {
            long key = m.receiveLocation << (40 - BUCKET_BITS) | m.receiveSharedCall >>> BUCKET_BITS;
            int at;
            BlockStream s;
            if (lastStream != null && key == lastKey) {
                at = lastAt;
                s = lastStream;
            } else {
                at = index.get(key, -1);
                if (at < 0) {
                    at = streams.size();
                    index.put(key, at);
                    streams.add(new BlockStream(store, BLOCK));
                    keys.add(key);
                    if (at == lastEnter.length) {
                        lastEnter = Arrays.copyOf(lastEnter, at * 2);
                        receivers = Arrays.copyOf(receivers, at * 2);
                    }
                    receivers[at] = m.receiver;
                }
                s = streams.get(at);
                lastKey = key;
                lastAt = at;
                lastStream = s;
            }
            long off = m.receiveOff;
            boolean otherReceiver = m.receiver != receivers[at];
            s.putUnsigned((m.receiveSharedCall & (BUCKET_CALLS - 1)) << 2 | (off != 0 ? 2 : 0) | (otherReceiver ? 1 : 0));
            s.putUnsigned(m.sender);
            s.putSigned(m.receiveEnter - lastEnter[at]);
            s.putSigned(m.receiveLeave - m.receiveEnter);
            if (off != 0) {
                s.putSigned(off); // recording off inside the call: not waiting (section 8)
            }
            if (otherReceiver) {
                s.putUnsigned(m.receiver);
            }
            s.putSigned(m.sendEnter - m.receiveEnter - off);
            lastEnter[at] = m.receiveEnter;
        }
    }

    /** One spill's stream of a bucket, with the receiver its records name unless they say another. */
    private record Part(BlockStream stream, int receiver) {
    }

    /**
     * Receives one call's waiting: {@code ticks} (more than 0) of {@code process} from {@code enter} for {@code cause}, in
     * the call that ends at {@code leave} (both on the process's own clock).
     */
    @FunctionalInterface
    interface Charge {
        void call(int process, int cause, long enter, long leave, long ticks);
    }

    /**
     * Combines the spilled messages per call at offsets {@code o} (every spill's thread done) and
     * hands each call's waiting to {@code charge}, by location and call in order. Sealing the
     * spills, a second call reads them again.
     */
    void charge(long[] o, Charge charge) {
        TreeMap<Long, List<Part>> byKey = new TreeMap<>();
        synchronized (this) {
            for (Spill s : spills) {
                for (int i = 0; i < s.streams.size(); i++) {
                    s.streams.get(i).seal();
                    byKey.computeIfAbsent(s.keys.get(i), k -> new ArrayList<>()).add(new Part(s.streams.get(i), s.receivers[i]));
                }
            }
        }
        if (byKey.isEmpty()) {
            return;
        }
        int[] receiver = new int[BUCKET_CALLS];
        int[] sender = new int[BUCKET_CALLS];
        long[] enter = new long[BUCKET_CALLS];
        long[] leave = new long[BUCKET_CALLS];
        long[] off = new long[BUCKET_CALLS];
        long[] lastSend = new long[BUCKET_CALLS];
        boolean[] seen = new boolean[BUCKET_CALLS];
        int[] touched = new int[BUCKET_CALLS];
        for (Map.Entry<Long, List<Part>> bucket : byKey.entrySet()) {
            int count = 0;
            for (Part part : bucket.getValue()) {
                BlockStreamReader r = part.stream().reader();
                long previous = 0;
                while (r.record()) {
                    long head = r.unsignedInRecord();
                    int slot = (int) (head >>> 2);
                    int snd = (int) r.unsignedInRecord();
                    long e = previous + r.signedInRecord();
                    long l = e + r.signedInRecord();
                    long f = (head & 2) != 0 ? r.signedInRecord() : 0;
                    int rec = (head & 1) != 0 ? (int) r.unsignedInRecord() : part.receiver();
                    long send = e + r.signedInRecord() + offset(o, snd);
                    previous = e;
                    if (!seen[slot]) {
                        seen[slot] = true;
                        touched[count++] = slot;
                        receiver[slot] = rec;
                        enter[slot] = e;
                        leave[slot] = l;
                        off[slot] = f;
                        lastSend[slot] = send;
                        sender[slot] = snd;
                    } else if (later(send - lastSend[slot], snd - sender[slot])) {
                        lastSend[slot] = send;
                        sender[slot] = snd;
                    }
                }
            }
            Arrays.sort(touched, 0, count);
            for (int i = 0; i < count; i++) {
                int slot = touched[i];
                seen[slot] = false;
                long w = Math.min(leave[slot] - enter[slot] - off[slot], lastSend[slot] - offset(o, receiver[slot]) - enter[slot]);
                if (w > 0) {
                    charge.call(receiver[slot], sender[slot], enter[slot], leave[slot], w);
                }
            }
        }
    }

    /**
     * Whether a send {@code dt} ticks after the latest so far, from a rank {@code dRank} above its
     * sender's, is the later one: later in time, or as late from a lower rank. One branch for the
     * caller, both ways common: a tie's own branch, rare, was left out by C2 and trapped, and the
     * loop recompiled (issue 38).
     */
    static boolean later(long dt, int dRank) {
        return 2 * Long.signum(dt) + (dRank >>> 31) > 0;
    }

    private static long offset(long[] o, int process) {
        return process < o.length ? o[process] : 0;
    }
}
