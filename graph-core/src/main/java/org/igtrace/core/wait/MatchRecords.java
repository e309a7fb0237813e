package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.core.util.RecordBlocks;

/**
 * The match records of a whole trace, written location by location (definitions section 8): each location
 * is read on its own, in any order and on any thread, into a {@link LocationRecorder}, which turns
 * its events into compact records (message ends with their sequence per key, collective arrivals
 * with their instance number) kept in {@link RecordBlocks}. {@link RecordJoin} then joins them by
 * key. Nothing here needs the locations' events merged in time order.
 *
 * <p>This is the engine-neutral seam of the wait analysis: "records of one location" in (one
 * {@link LocationRecorder} per location, or {@link #add} for streams made elsewhere), "matched
 * messages and collective instances" out ({@link RecordJoin} into a {@link MatchListener}).
 */
public final class MatchRecords implements LocationSink {
    private final TraceDefinitions definitions;
    private final RecordBlocks store;
    private final Set<LocationRecorder> open = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
    /**
     * The directed pairs with message ends, in the order they first appeared, and each one's place
     * there by {@link #pairKey}: a primitive table, not a map of boxed keys (a {@code Long}'s hash,
     * sender ^ receiver, put the pairs of a 10^5-rank stencil into a few tree-shaped bins: 587,000
     * tree nodes and boxes, 3 % of the run in their look-ups).
     */
    private final List<PairStreams> pairList = new ArrayList<>();
    private final LongIntMap pairIndex = new LongIntMap();
    /**
     * A sender's first pairs, chained from {@code firstOfSender[sender]} through
     * {@link PairStreams#nextOfSender}, while it has at most {@link #CHAINED} of them (a stencil's
     * few neighbours): a look-up there touches the sender's own few objects, where one in
     * {@link #pairIndex} (587,000 pairs at 10^5 ranks) missed the cache in each of its three arrays
     * and the list, 21 % of the reading threads' samples (issue 41 item 6). A sender with more
     * pairs has them all in {@link #pairIndex} ({@code chained[sender]} is then -1).
     */
    private PairStreams[] firstOfSender = new PairStreams[0];
    private int[] chained = new int[0];
    private static final int CHAINED = 16;
    /** {@link #pairList} in (sender, receiver) order, made once after the last {@link #add}. */
    private List<PairStreams> sortedPairs;
    /** Collective streams by communicator and instance range: (communicator << 32) | range. */
    private final Map<Long, List<RecordStream>> collectives = new HashMap<>();
    /** Instances per range by communicator (see {@link CommunicatorJoin}). */
    private final int[] instancesPerRange;
    private final AtomicLong collectivesOfNonMembers = new AtomicLong();

    /**
     * The send and receive streams of one directed pair of processes: mostly one stream a side
     * (one location per process), held in a field until a second comes, then in a list (a list
     * of one per side was 48 bytes and two objects per pair for the collector to copy: 587,000
     * pairs at 10^5 ranks, issue 41 item 6).
     */
    static final class PairStreams {
        final int sender;
        final int receiver;
        /** The sender's next pair in its chain ({@link #firstOfSender}), or null. */
        PairStreams nextOfSender;
        /** The pair's place in {@link #pairList}. */
        int index;
        /** The side's one stream, or null when it has none or several. */
        RecordStream send;
        RecordStream receive;
        /** The side's streams when it has several, else null. */
        List<RecordStream> moreSends;
        List<RecordStream> moreReceives;

        PairStreams(int sender, int receiver) {
            this.sender = sender;
            this.receiver = receiver;
        }

        /** The send streams (a list of the moment's; a view when there are several). */
        List<RecordStream> sends() {
            return moreSends != null ? moreSends : send != null ? List.of(send) : List.of();
        }

        List<RecordStream> receives() {
            return moreReceives != null ? moreReceives : receive != null ? List.of(receive) : List.of();
        }

        void addSend(RecordStream s) {
            if (send == null && moreSends == null) {
                send = s;
            } else {
                moreSends = more(moreSends, send, s);
                send = null;
            }
        }

        void addReceive(RecordStream s) {
            if (receive == null && moreReceives == null) {
                receive = s;
            } else {
                moreReceives = more(moreReceives, receive, s);
                receive = null;
            }
        }

        private static List<RecordStream> more(List<RecordStream> more, RecordStream one, RecordStream s) {
            List<RecordStream> list = more != null ? more : new ArrayList<>(List.of(one));
            list.add(s);
            return list;
        }

        /** Records on both sides. */
        long records() {
            return records(send, moreSends) + records(receive, moreReceives);
        }

        private static long records(RecordStream one, List<RecordStream> more) {
            if (more == null) {
                return one == null ? 0 : one.records();
            }
            long n = 0;
            for (RecordStream s : more) {
                n += s.records();
            }
            return n;
        }
    }

    /** The arrivals at one communicator's collective instances of one instance range, joined together. */
    record InstanceRange(int communicator, int range, List<RecordStream> streams) {
    }

    /** The default of {@code recordsPerRange}: 16 M arrivals, about 100 MB encoded, per join of an instance range. */
    public static final long RECORDS_PER_RANGE = CommunicatorJoin.RECORDS_PER_RANGE;

    /**
     * At most {@value #INSTANCES_PER_RANGE} instances per range by default: a communicator's
     * instances are then joined in several ranges as soon as it has more, so that the collectives
     * of a small communicator (a stencil's Allreduce on 64 ranks: 5208 instances in 6 ranges)
     * are joined on all threads instead of one.
     */
    public static final int INSTANCES_PER_RANGE = 1024;

    public MatchRecords(TraceDefinitions definitions, RecordBlocks store) {
        this(definitions, store, RECORDS_PER_RANGE, INSTANCES_PER_RANGE);
    }

    /**
     * @param recordsPerRange about how many arrivals one join of a communicator's instance range
     *                        holds: a communicator of m members is joined in ranges of
     *                        {@code recordsPerRange / m} instances (a power of two, at least 1)
     */
    public MatchRecords(TraceDefinitions definitions, RecordBlocks store, long recordsPerRange) {
        this(definitions, store, recordsPerRange, Integer.MAX_VALUE);
    }

    private MatchRecords(TraceDefinitions definitions, RecordBlocks store, long recordsPerRange, int mostInstances) {
        this.definitions = definitions;
        this.store = store;
        instancesPerRange = new int[definitions.communicatorCount()];
        for (int c = 0; c < instancesPerRange.length; c++) {
            instancesPerRange[c] = Math.min(mostInstances,
                    CommunicatorJoin.instancesPerRange(definitions.communicatorMembers(c).length, recordsPerRange));
        }
    }

    private volatile boolean sizes;

    /** Keeps each message end's size in bytes too (for {@link MatchedMessage#sendSize()}); call it before the read. */
    public MatchRecords withSizes() {
        sizes = true;
        return this;
    }

    /** Whether the ends keep their sizes ({@link #withSizes}). */
    boolean sizes() {
        return sizes;
    }

    public TraceDefinitions definitions() {
        return definitions;
    }

    public RecordBlocks store() {
        return store;
    }

    @Override
    public LocationRecorder location(int process, long order) {
        LocationRecorder recorder = new LocationRecorder(this, process, order);
        open.add(recorder);
        return recorder;
    }

    /** Ends every location whose reader did not say it ended. Call once all locations were read. */
    public void finish() {
        List<LocationRecorder> left;
        synchronized (open) {
            left = new ArrayList<>(open);
        }
        for (LocationRecorder r : left) {
            r.end();
        }
    }

    /** Takes the sealed streams of one location (a {@link LocationRecorder} at its end, or an engine that made them). */
    public synchronized void add(List<RecordStream> sends, List<RecordStream> receives, List<RecordStream> collectiveArrivals) {
        for (RecordStream s : sends) {
            pair(s.process(), s.key()).addSend(s);
        }
        for (RecordStream s : receives) {
            pair(s.key(), s.process()).addReceive(s);
        }
        for (RecordStream whole : collectiveArrivals) {
            for (RecordStream s : whole.ranges()) {
                collectives.computeIfAbsent(((long) s.key() << 32) | s.range(), c -> new ArrayList<>()).add(s);
            }
        }
    }

    /** Which end of a match a stream holds. */
    public enum Side { SENDS, RECEIVES, COLLECTIVES }

    /** Receives one sealed stream. */
    @FunctionalInterface
    public interface StreamVisitor {
        void accept(Side side, RecordStream stream);
    }

    /**
     * Every sealed stream taken so far (after {@link #finish()}), for an engine that moves them
     * elsewhere to be joined: sends and receives per directed pair, then collectives per
     * communicator and instance range (join those of one {@link RecordStream#range()} together).
     */
    public synchronized void forEachStream(StreamVisitor visitor) {
        for (PairStreams p : pairs()) {
            p.sends().forEach(s -> visitor.accept(Side.SENDS, s));
            p.receives().forEach(s -> visitor.accept(Side.RECEIVES, s));
        }
        for (InstanceRange c : collectives()) {
            c.streams().forEach(s -> visitor.accept(Side.COLLECTIVES, s));
        }
    }

    /** Counts collective events of non-members recorded elsewhere. */
    public void addCollectivesOfNonMembers(long n) {
        collectivesOfNonMembers.addAndGet(n);
    }

    void ended(LocationRecorder recorder, long nonMembers) {
        open.remove(recorder);
        collectivesOfNonMembers.addAndGet(nonMembers);
    }

    /** A pair's key, whose order as a signed long is (sender, receiver) order as signed ints. */
    private static long pairKey(int sender, int receiver) {
        return ((long) sender << 32) | ((receiver & 0xffffffffL) ^ 0x80000000L);
    }

    private PairStreams pair(int sender, int receiver) {
        PairStreams p = find(sender, receiver);
        if (p != null) {
            return p;
        }
        p = new PairStreams(sender, receiver);
        p.index = pairList.size();
        pairList.add(p);
        sortedPairs = null;
        if (chainable(sender)) {
            if (sender >= chained.length) {
                int n = Math.min(definitions.processCount(), Math.max(sender + 1, Math.max(16, chained.length * 2)));
                firstOfSender = Arrays.copyOf(firstOfSender, n);
                chained = Arrays.copyOf(chained, n);
            }
            if (chained[sender] >= 0 && chained[sender] < CHAINED) {
                p.nextOfSender = firstOfSender[sender];
                firstOfSender[sender] = p;
                chained[sender]++;
                return p;
            }
            if (chained[sender] == CHAINED) { // one pair too many for a chain: the sender's pairs go to the table
                for (PairStreams q = firstOfSender[sender]; q != null; q = q.nextOfSender) {
                    pairIndex.put(pairKey(q.sender, q.receiver), q.index);
                }
                firstOfSender[sender] = null;
                chained[sender] = -1;
            }
        }
        pairIndex.put(pairKey(sender, receiver), p.index);
        return p;
    }

    /** Whether a sender's pairs may be chained: one of the processes (a rank beyond them gets no chain heads up to it). */
    private boolean chainable(int sender) {
        return sender >= 0 && sender < definitions.processCount();
    }

    /** The pair's streams, or null when it has none yet. */
    private PairStreams find(int sender, int receiver) {
        if (chainable(sender) && sender < chained.length && chained[sender] >= 0) {
            for (PairStreams q = firstOfSender[sender]; q != null; q = q.nextOfSender) {
                if (q.receiver == receiver) {
                    return q;
                }
            }
            return null;
        }
        int i = pairIndex.get(pairKey(sender, receiver), -1);
        return i < 0 ? null : pairList.get(i);
    }

    /** Every directed pair with message ends, in (sender, receiver) order (a list of the caller's own). */
    synchronized List<PairStreams> pairs() {
        if (sortedPairs == null) {
            long[] keys = new long[pairList.size()];
            for (int i = 0; i < keys.length; i++) {
                PairStreams p = pairList.get(i);
                keys[i] = pairKey(p.sender, p.receiver);
            }
            Arrays.sort(keys);
            List<PairStreams> sorted = new ArrayList<>(keys.length);
            for (long key : keys) {
                sorted.add(find((int) (key >> 32), (int) ((key & 0xffffffffL) ^ 0x80000000L)));
            }
            sortedPairs = sorted;
        }
        return new ArrayList<>(sortedPairs);
    }

    /** Instances per range of a communicator's collectives (a power of two). */
    int instancesPerRange(int communicator) {
        return communicator >= 0 && communicator < instancesPerRange.length ? instancesPerRange[communicator] : 1;
    }

    /**
     * The collective streams per communicator and instance range, in ascending order. A communicator one of whose
     * processes recorded its collectives on several locations (threads calling in turn) is one range of all its streams:
     * the ranges are cut per location, so a process's k-th call can lie in another range of each of its locations
     * ({@link CommunicatorJoin} reads a location's streams one after the other).
     */
    synchronized List<InstanceRange> collectives() {
        List<InstanceRange> all = new ArrayList<>(collectives.size());
        collectives.forEach((k, streams) -> all.add(new InstanceRange((int) (k >> 32), (int) (long) k, streams)));
        all.sort((a, b) -> a.communicator() != b.communicator() ? Integer.compare(a.communicator(), b.communicator())
                : Integer.compare(a.range(), b.range()));
        List<InstanceRange> joined = new ArrayList<>(all.size());
        for (int i = 0; i < all.size(); ) {
            int c = all.get(i).communicator(), j = i;
            while (j < all.size() && all.get(j).communicator() == c) {
                j++;
            }
            // range 0 of several locations of a process (a join that holds only some ranges of a communicator, as the
            // Spark job's partitions, has all of one whose threads call in turn, and joins the others' apart)
            if (j - i > 1 && all.get(i).range() == 0 && severalLocations(all.get(i).streams())) {
                List<RecordStream> streams = new ArrayList<>();
                for (int k = i; k < j; k++) {
                    streams.addAll(all.get(k).streams());
                }
                joined.add(new InstanceRange(c, 0, streams));
            } else {
                joined.addAll(all.subList(i, j));
            }
            i = j;
        }
        return joined;
    }

    /** Whether a process has streams of several locations among {@code streams} (one range's: a stream per location). */
    private static boolean severalLocations(List<RecordStream> streams) {
        Map<Integer, Long> location = new HashMap<>();
        for (RecordStream s : streams) {
            Long seen = location.putIfAbsent(s.process(), s.order());
            if (seen != null && seen != s.order()) {
                return true;
            }
        }
        return false;
    }

    /** Collective events on a communicator their process is not a member of (ignored). */
    public long collectivesOfNonMembers() {
        return collectivesOfNonMembers.get();
    }
}
