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
    private final List<Integer> regionIds = new ArrayList<>();
    private final List<Integer> communicatorIds = new ArrayList<>();
    private final List<Integer> callingContextIds = new ArrayList<>();
    // The same, for the lookups of every event (made by seal()).
    private IdLookup regionOf;
    private IdLookup communicatorOf;
    private IdLookup callingContextRegionOf;

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
            return commRank == 0 ? callingProcess : -1;
        }
        return commRank >= 0 && commRank < ranks.length ? ranks[commRank] : -1;
    }
}
