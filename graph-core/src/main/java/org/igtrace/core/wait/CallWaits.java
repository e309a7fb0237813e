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

    /** One join thread's messages of calls that completed several receives, by bucket. */
    final class Spill {
        private final LongIntMap index = new LongIntMap();
        private final List<BlockStream> streams = new ArrayList<>();
        private final List<Long> keys = new ArrayList<>();
        private long[] lastEnter = new long[4];

        /** A matched message whose receive's call completed several receives (raw times). */
        void add(MatchedMessage m) {
            long key = m.receiveLocation << (40 - BUCKET_BITS) | m.receiveSharedCall >>> BUCKET_BITS;
            int at = index.get(key, -1);
            if (at < 0) {
                at = streams.size();
                index.put(key, at);
                streams.add(new BlockStream(store, BLOCK));
                keys.add(key);
                if (at == lastEnter.length) {
                    lastEnter = Arrays.copyOf(lastEnter, at * 2);
                }
            }
            BlockStream s = streams.get(at);
            s.putUnsigned(m.receiveSharedCall & (BUCKET_CALLS - 1));
            s.putUnsigned(m.receiver);
            s.putUnsigned(m.sender);
            s.putSigned(m.receiveEnter - lastEnter[at]);
            s.putSigned(m.receiveLeave - m.receiveEnter);
            s.putSigned(m.receiveOff); // recording off inside the call: not waiting (section 8)
            s.putSigned(m.sendEnter - m.receiveEnter - m.receiveOff);
            lastEnter[at] = m.receiveEnter;
        }
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
        TreeMap<Long, List<BlockStream>> byKey = new TreeMap<>();
        synchronized (this) {
            for (Spill s : spills) {
                for (int i = 0; i < s.streams.size(); i++) {
                    s.streams.get(i).seal();
                    byKey.computeIfAbsent(s.keys.get(i), k -> new ArrayList<>()).add(s.streams.get(i));
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
        for (Map.Entry<Long, List<BlockStream>> bucket : byKey.entrySet()) {
            int count = 0;
            for (BlockStream stream : bucket.getValue()) {
                BlockStreamReader r = stream.reader();
                long previous = 0;
                while (r.record()) {
                    int slot = (int) r.unsignedInRecord();
                    int rec = (int) r.unsignedInRecord(), snd = (int) r.unsignedInRecord();
                    long e = previous + r.signedInRecord();
                    long l = e + r.signedInRecord();
                    long f = r.signedInRecord();
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
