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
    /** {@link #pairList} in (sender, receiver) order, made once after the last {@link #add}. */
    private List<PairStreams> sortedPairs;
    /** Collective streams by communicator and instance range: (communicator << 32) | range. */
    private final Map<Long, List<RecordStream>> collectives = new HashMap<>();
    /** Instances per range by communicator (see {@link CommunicatorJoin}). */
    private final int[] instancesPerRange;
    private final AtomicLong collectivesOfNonMembers = new AtomicLong();

    /**
     * The send and receive streams of one directed pair of processes: mostly one stream a side
     * (one location per process), held in an immutable list of one until a second comes.
     */
    static final class PairStreams {
        final int sender;
        final int receiver;
        List<RecordStream> sends = List.of();
        List<RecordStream> receives = List.of();

        PairStreams(int sender, int receiver) {
            this.sender = sender;
            this.receiver = receiver;
        }

        private static List<RecordStream> plus(List<RecordStream> streams, RecordStream s) {
            if (streams.isEmpty()) {
                return List.of(s);
            }
            List<RecordStream> more = streams.size() == 1 ? new ArrayList<>(streams) : streams;
            more.add(s);
            return more;
        }

        /** Records on both sides. */
        long records() {
            long n = 0;
            for (RecordStream s : sends) {
                n += s.records();
            }
            for (RecordStream s : receives) {
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
            PairStreams p = pair(s.process(), s.key());
            p.sends = PairStreams.plus(p.sends, s);
        }
        for (RecordStream s : receives) {
            PairStreams p = pair(s.key(), s.process());
            p.receives = PairStreams.plus(p.receives, s);
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
            p.sends.forEach(s -> visitor.accept(Side.SENDS, s));
            p.receives.forEach(s -> visitor.accept(Side.RECEIVES, s));
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
        long key = pairKey(sender, receiver);
        int i = pairIndex.get(key, -1);
        if (i < 0) {
            i = pairList.size();
            pairList.add(new PairStreams(sender, receiver));
            pairIndex.put(key, i);
            sortedPairs = null;
        }
        return pairList.get(i);
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
                sorted.add(pairList.get(pairIndex.get(key, -1)));
            }
            sortedPairs = sorted;
        }
        return new ArrayList<>(sortedPairs);
    }

    /** Instances per range of a communicator's collectives (a power of two). */
    int instancesPerRange(int communicator) {
        return communicator >= 0 && communicator < instancesPerRange.length ? instancesPerRange[communicator] : 1;
    }

    /** The collective streams per communicator and instance range, in ascending order. */
    synchronized List<InstanceRange> collectives() {
        List<InstanceRange> all = new ArrayList<>(collectives.size());
        collectives.forEach((k, streams) -> all.add(new InstanceRange((int) (k >> 32), (int) (long) k, streams)));
        all.sort((a, b) -> a.communicator() != b.communicator() ? Integer.compare(a.communicator(), b.communicator())
                : Integer.compare(a.range(), b.range()));
        return all;
    }

    /** Collective events on a communicator their process is not a member of (ignored). */
    public long collectivesOfNonMembers() {
        return collectivesOfNonMembers.get();
    }
}
