package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.core.util.RecordBlocks;

/**
 * Joins the collective arrivals on one communicator (definitions section 8): the k-th collective a
 * location records on a communicator is instance k there. Since k is counted per location, the
 * instances split into ranges that are joined apart: range r holds instances {@code r * n} to
 * {@code (r + 1) * n - 1} of every member ({@link #instancesPerRange}: n shrinks as the
 * communicator grows, so that one join holds about {@link #RECORDS_PER_RANGE} arrivals however many
 * members there are), each location's stream cut there ({@link RecordStream#ranges()}); a join
 * is handed the streams of one range and numbers its instances from 0. For each k, every member's arrival is
 * its k-th record (a member with several locations: its records in time order, those of one call, which overlap, taken
 * as one: the earliest); the
 * instance's kind and root are those of its earliest arrival, and arrivals of another kind are
 * counted. An instance is handed on when every member arrived, and counted as incomplete
 * otherwise; one whose arrivals a selection left out (their places, {@link RecordStream}) is
 * outside it, or, with some kept, cut by its edge and incomplete. A process listed twice in the communicator takes its first place (so the instance
 * stays incomplete).
 */
final class CommunicatorJoin {
    /**
     * About how many arrivals one join of an instance range holds by default: 16 M records (about
     * 100 MB encoded), so that a 10^6-member communicator is joined 16 instances at a time and one
     * of 1024 members 16384 at a time.
     */
    static final long RECORDS_PER_RANGE = 1L << 24;
    private final TraceDefinitions definitions;
    private final RecordBlocks store;

    CommunicatorJoin(TraceDefinitions definitions, RecordBlocks store) {
        this.definitions = definitions;
        this.store = store;
    }

    void join(int communicator, List<RecordStream> streams, MatchListener listener, PairJoin.JoinCounts counts) {
        int[] members = definitions.communicatorMembers(communicator);
        LongIntMap index = new LongIntMap();
        for (int i = 0; i < members.length; i++) {
            if (index.get(members[i], -1) < 0) {
                index.put(members[i], i);
            }
        }
        // a location's streams (several: the instance ranges of a communicator joined whole, MatchRecords#collectives)
        // are read one after the other, in range order, by one reader with one scratch block
        java.util.Map<Long, List<RecordStream>> byLocation = new java.util.LinkedHashMap<>();
        for (RecordStream s : streams) {
            if (index.get(s.process(), -1) >= 0) {
                byLocation.computeIfAbsent(s.order(), o -> new ArrayList<>()).add(s);
            }
        }
        int n = byLocation.size();
        RecordStream.Reader[] readers = new RecordStream.Reader[n];
        RecordStream[][] next = new RecordStream[n][];
        int[] nextAt = new int[n];
        byte[][] scratch = new byte[n][];
        int[] memberOf = new int[n];
        int r = 0;
        for (List<RecordStream> chain : byLocation.values()) {
            chain.sort(java.util.Comparator.comparingInt(RecordStream::range));
            scratch[r] = store.spilledBytes() > 0 ? new byte[RecordStream.BLOCK_BYTES] : null;
            readers[r] = chain.get(0).reader(store, scratch[r]);
            next[r] = chain.toArray(new RecordStream[0]);
            nextAt[r] = 1;
            memberOf[r] = index.get(chain.get(0).process(), -1);
            r++;
        }
        Chains chains = new Chains(store, next, nextAt, scratch);
        int[] arrival = new int[members.length];
        boolean[] fresh = new boolean[readers.length];
        boolean[] loaded = new boolean[readers.length];
        // One call per instance: the loop here stays short, so the JIT compiles the instance's
        // work once as a method instead of on-stack-replacing this loop with all of it inlined.
        // Arrays, not lists: the instance's loops compile to less code (the JIT compiles this
        // join's methods at the start of the joins, on one core at the cost of the join itself).
        while (nextInstance(members, readers, chains, memberOf, fresh, loaded, arrival, listener, counts)) {
            continue;
        }
    }

    /**
     * Reads every member's next arrival and joins them; false when no stream has one left. A member with several streams
     * (threads that call the communicator's collectives in turn) arrives by the earliest of their next records; the others
     * stay ({@code loaded}) for its later instances: its k-th call, whichever thread made it (definitions section 8). A
     * record whose call overlaps the chosen one in time is the same call recorded by another location (two threads cannot
     * be in collectives of one communicator at once): it goes with it.
     */
    private static boolean nextInstance(int[] members, RecordStream.Reader[] readers, Chains chains, int[] memberOf, boolean[] fresh,
                                        boolean[] loaded, int[] arrival, MatchListener listener, PairJoin.JoinCounts counts) {
        java.util.Arrays.fill(arrival, -1);
        for (int r = 0; r < readers.length; r++) {
            RecordStream.Reader reader = readers[r];
            fresh[r] = false;
            if (!loaded[r]) {
                while (!reader.hasNext() && chains.nextAt[r] < chains.next[r].length) {
                    reader = readers[r] = chains.next[r][chains.nextAt[r]++].reader(chains.store, chains.scratch[r]);
                }
                if (!reader.hasNext()) {
                    continue;
                }
                reader.nextCollective();
                loaded[r] = true;
            }
            int me = memberOf[r];
            if (arrival[me] < 0 || earlier(reader, readers[arrival[me]])) {
                arrival[me] = r;
            }
        }
        int first = -1;
        for (int r : arrival) {
            if (r >= 0) {
                fresh[r] = true;
                loaded[r] = false;
                if (first < 0 || earlier(readers[r], readers[first])) {
                    first = r;
                }
            }
        }
        for (int r = 0; r < readers.length; r++) { // the same call recorded by another location of the member: its time overlaps
            int a = arrival[memberOf[r]];
            if (loaded[r] && a >= 0 && readers[r].enter <= readers[a].leave && readers[r].leave >= readers[a].enter) {
                fresh[r] = true;
                loaded[r] = false;
            }
        }
        if (first < 0) {
            return false;
        }
        instance(members, readers, fresh, arrival, first, listener, counts);
        return true;
    }

    /** Per location, its streams in range order ({@code next}), the next to read ({@code nextAt}) and its scratch block. */
    private record Chains(RecordBlocks store, RecordStream[][] next, int[] nextAt, byte[][] scratch) {
    }

    private static void instance(int[] members, RecordStream.Reader[] readers, boolean[] fresh, int[] arrival, int first,
                          MatchListener listener, PairJoin.JoinCounts counts) {
        boolean cut = false, kept = false;
        for (int r = 0; r < readers.length; r++) {
            if (fresh[r]) {
                cut |= readers[r].outside;
                kept |= !readers[r].outside;
            }
        }
        if (cut) { // some or all arrivals were left out by a selection: outside it, or cut by its edge
            if (kept) {
                counts.collectivesIncomplete++;
            }
            return;
        }
        RecordStream.Reader head = readers[first];
        CollectiveKind kind = head.kind;
        int root = head.root;
        for (int r = 0; r < readers.length; r++) {
            if (fresh[r] && readers[r].kind != kind) {
                counts.collectivesDisagreeing++;
            }
        }
        int n = members.length;
        for (int i = 0; i < n; i++) {
            if (arrival[i] < 0) {
                counts.collectivesIncomplete++;
                return;
            }
        }
        CollectiveInstance instance = new CollectiveInstance(kind, members);
        instance.root = root < 0 ? -1 : rootIndex(members, root);
        for (int i = 0; i < n; i++) {
            RecordStream.Reader r = readers[arrival[i]];
            instance.arrived[i] = true;
            instance.enter[i] = r.enter;
            instance.leave[i] = r.leave;
            if (r.off > 0) {
                if (instance.off == null) {
                    instance.off = new long[n];
                }
                instance.off[i] = r.off;
            }
        }
        instance.notWaitedFor = notWaitedFor(kind, instance.root, readers, arrival);
        instance.arrivals = n;
        instance.departures = n;
        counts.collectivesMatched++;
        listener.collective(instance);
    }

    /**
     * The members that sent nothing in an all-to-all or all-to-one instance where another member (not the root, in
     * all-to-one) sent data ({@link CollectiveInstance#waitedFor}); null when there is none or no member sent data.
     */
    private static boolean[] notWaitedFor(CollectiveKind kind, int rootIndex, RecordStream.Reader[] readers, int[] arrival) {
        CollectiveKind shape = kind.shape();
        if (shape != CollectiveKind.ALL_TO_ALL && shape != CollectiveKind.ALL_TO_ONE) {
            return null;
        }
        int n = arrival.length, silent = 0, counted = 0;
        for (int i = 0; i < n; i++) {
            if (shape == CollectiveKind.ALL_TO_ALL || i != rootIndex) {
                counted++;
                silent += readers[arrival[i]].sentNothing ? 1 : 0;
            }
        }
        if (silent == 0 || silent == counted) {
            return null;
        }
        boolean[] not = new boolean[n];
        for (int i = 0; i < n; i++) {
            not[i] = (shape == CollectiveKind.ALL_TO_ALL || i != rootIndex) && readers[arrival[i]].sentNothing;
        }
        return not;
    }

    /** Instances per range of a communicator with {@code members} members: a power of two, at least 1. */
    static int instancesPerRange(int members, long recordsPerRange) {
        long n = Math.max(1, recordsPerRange / Math.max(1, members));
        return (int) Long.highestOneBit(Math.min(n, 1L << 30));
    }

    private static int rootIndex(int[] members, int root) {
        for (int i = 0; i < members.length; i++) {
            if (members[i] == root) {
                return i;
            }
        }
        return -1;
    }

    private static boolean earlier(RecordStream.Reader a, RecordStream.Reader b) {
        return a.time != b.time ? a.time < b.time : a.stream().order() < b.stream().order();
    }
}
