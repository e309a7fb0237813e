package org.igtrace.reader.otf2;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.util.LongIntMap;

/**
 * What translating a location's events needs from the resolved global definitions: OTF2 region,
 * calling context and communicator ids to dense numbers, and communicator ranks to world ranks
 * (definitions section 2). Serializable, so that a process reading some locations elsewhere gets
 * them without reading the global definitions again.
 */
final class Otf2IdMaps implements Serializable {
    private static final long serialVersionUID = 1L;

    private final LongIntMap regionIndex = new LongIntMap();
    private final LongIntMap communicatorIndex = new LongIntMap();
    private final LongIntMap callingContextRegion = new LongIntMap();
    /** World ranks by dense communicator number; null for a COMM_SELF communicator. */
    private final List<int[]> communicatorRanks = new ArrayList<>();
    /** Per inter-communicator's dense number: group A's world ranks, sorted, group B's, sorted. */
    private final java.util.Map<Integer, int[][]> interSides = new java.util.HashMap<>();
    private final List<Integer> regionIds = new ArrayList<>();
    private final List<Integer> communicatorIds = new ArrayList<>();
    private final List<Integer> callingContextIds = new ArrayList<>();
    // The same, for the lookups of every event (made by seal()).
    private IdLookup regionOf;
    private IdLookup communicatorOf;
    private IdLookup callingContextRegionOf;

    /**
     * The earliest and latest times an event may have (ticks): the trace's time range its clock properties give (the
     * global offset and the trace's length), widened by {@link #margin} on both sides; unbounded when no length is given
     * or the writer's is not to be trusted.
     */
    private long earliestTime = Long.MIN_VALUE;
    private long latestTime = Long.MAX_VALUE;
    private long declaredStart;
    private long declaredLength;

    /**
     * The trace's time range by its clock properties: from {@code offset} for {@code length} ticks (0 or less: none given,
     * or not to be trusted). The events of every Score-P trace here lie in it to the tick (21 traces of Score-P 1.3 to
     * 9.0, with OpenMP, CUDA, clock offsets between nodes); an event more than {@link #margin} outside it is a damaged
     * timestamp. The margin was the whole length, so a damaged byte that put an event 4.7 ms after a 13 ms run's end
     * made the run 45 % longer, exit 0.
     */
    void timeRange(long offset, long length) {
        if (length <= 0) {
            earliestTime = Long.MIN_VALUE;
            latestTime = Long.MAX_VALUE;
            return;
        }
        declaredStart = offset;
        declaredLength = length;
        earliestTime = saturated(offset, -margin(length));
        latestTime = saturated(saturated(offset, length), margin(length));
    }

    /** @return how far outside a range of {@code length} ticks an event may lie: a hundredth of it, 1,000 ticks at least */
    static long margin(long length) {
        return Math.max(length / 100, 1000);
    }

    private static long saturated(long a, long b) {
        long s = a + b;
        if (((a ^ s) & (b ^ s)) < 0) { // overflowed: the range has no bound on that side
            return b < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return s;
    }

    long earliestTime() {
        return earliestTime;
    }

    /** One second in ticks (the clock properties' resolution); unbounded until it is known. */
    private long oneSecond = Long.MAX_VALUE;

    /** The clock's ticks per second (the clock properties), for {@link #oneSecond}; 0 or less: not known. */
    void ticksPerSecond(long ticks) {
        oneSecond = ticks > 0 ? ticks : Long.MAX_VALUE;
    }

    /** @return one second in ticks, {@code Long.MAX_VALUE} when the clock's resolution is not known */
    long oneSecond() {
        return oneSecond;
    }

    long latestTime() {
        return latestTime;
    }

    /** The trace's time range as its clock properties give it, for a message: "[START, START + LENGTH] ticks". */
    String declaredRange() {
        return "[" + Long.toUnsignedString(declaredStart) + ", " + Long.toUnsignedString(declaredStart + declaredLength) + "] ticks";
    }

    void addRegion(int otf2Region, int dense) {
        regionIndex.put(otf2Region, dense);
        regionIds.add(otf2Region);
    }

    void addCallingContext(int otf2CallingContext, int otf2Region) {
        callingContextRegion.put(otf2CallingContext, regionIndex.get(otf2Region, -1));
        callingContextIds.add(otf2CallingContext);
    }

    /** A communicator with the dense number {@code dense} and its members' world ranks (null: COMM_SELF). */
    void addCommunicator(int otf2Comm, int dense, int[] worldRanks) {
        communicatorIndex.put(otf2Comm, dense);
        communicatorRanks.add(worldRanks);
        communicatorIds.add(otf2Comm);
    }

    /**
     * An inter-communicator with the dense number {@code dense}: the world ranks of its two groups (definitions section 2:
     * a message on it names a rank of the group its caller is not in).
     */
    void addInterCommunicator(int otf2Comm, int dense, int[] groupA, int[] groupB) {
        communicatorIndex.put(otf2Comm, dense);
        communicatorRanks.add(null);
        communicatorIds.add(otf2Comm);
        interSides.put(dense, new int[][] {groupA, sortedCopy(groupA), groupB, sortedCopy(groupB)});
    }

    private static int[] sortedCopy(int[] ranks) {
        int[] sorted = ranks.clone();
        java.util.Arrays.sort(sorted);
        return sorted;
    }

    /**
     * The world rank of rank {@code commRank} of the group {@code callingProcess} is not in, of an inter-communicator's
     * groups {@code groupA} and {@code groupB} (world ranks); -1 when the caller is in neither or the rank is out of range.
     *
     * @param groupA one group's world ranks, in its order
     * @param groupB the other's
     * @param commRank the partner's rank in its group
     * @param callingProcess the caller's world rank
     * @return the partner's world rank, or -1
     */
    static int remoteRank(int[] groupA, int[] groupB, int commRank, int callingProcess) {
        int[] remote = contains(groupA, callingProcess) ? groupB : contains(groupB, callingProcess) ? groupA : null;
        return remote != null && commRank >= 0 && commRank < remote.length ? remote[commRank] : -1;
    }

    private static boolean contains(int[] ranks, int rank) {
        for (int r : ranks) {
            if (r == rank) {
                return true;
            }
        }
        return false;
    }

    /**
     * Keeps the definitions' copy of each communicator's world ranks instead of its own (the same values:
     * MPI_COMM_WORLD's 10^6 members took 4 MB twice).
     */
    void shareRanks(org.igtrace.core.trace.TraceDefinitions definitions) {
        for (int c = 0; c < communicatorRanks.size(); c++) {
            int[] own = communicatorRanks.get(c);
            if (own != null && java.util.Arrays.equals(own, definitions.communicatorMembers(c))) {
                communicatorRanks.set(c, definitions.communicatorMembers(c));
            }
        }
    }

    /** Makes the per-event lookups once every id is added (before any event is translated). */
    void seal() {
        regionOf = new IdLookup(regionIds, regionIndex);
        communicatorOf = new IdLookup(communicatorIds, communicatorIndex);
        callingContextRegionOf = new IdLookup(callingContextIds, callingContextRegion);
    }

    /** The dense region number of an OTF2 region id, or -1. */
    int region(int otf2Region) {
        return regionOf.get(otf2Region);
    }

    /** The dense region number of the region an OTF2 calling context is in, or -1. */
    int callingContextRegion(int otf2CallingContext) {
        return callingContextRegionOf.get(otf2CallingContext);
    }

    /** The dense communicator number of an OTF2 communicator id, or -1. */
    int communicator(int otf2Comm) {
        return communicatorOf.get(otf2Comm);
    }

    /**
     * The world rank of rank {@code commRank} in the communicator (definitions section 2), or -1 when the
     * trace does not say; on a COMM_SELF communicator it is the calling process itself.
     */
    int worldRank(int otf2Comm, int commRank, int callingProcess) {
        int c = communicatorOf.get(otf2Comm);
        if (c < 0) {
            return -1;
        }
        int[] ranks = communicatorRanks.get(c);
        if (ranks == null) {
            int[][] sides = interSides.isEmpty() ? null : interSides.get(c);
            if (sides != null) {
                int[] remote = java.util.Arrays.binarySearch(sides[1], callingProcess) >= 0 ? sides[2]
                        : java.util.Arrays.binarySearch(sides[3], callingProcess) >= 0 ? sides[0] : null;
                return remote != null && commRank >= 0 && commRank < remote.length ? remote[commRank] : -1;
            }
            return commRank == 0 ? callingProcess : -1;
        }
        return commRank >= 0 && commRank < ranks.length ? ranks[commRank] : -1;
    }
}
