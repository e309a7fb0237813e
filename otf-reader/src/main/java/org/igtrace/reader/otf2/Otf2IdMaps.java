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

    /** The largest OTF2 region id the shim's table of calls covers ({@link #endEncoding}); regions beyond are not encoded. */
    private static final int MAX_ENCODED_REGION = 1 << 20;
    /** The calls by OTF2 region id and the encoded communicator for {@link #endEncoding}, made at its first use. */
    private transient volatile int[] encodedCalls;
    private transient int encodedCommunicator = -1;

    /**
     * What the shim needs to encode blocking calls' match records for {@code ends} (the calls by region as {@code ends}
     * says, the communicator with the most members, whose ranks are one partner each), or null when no communicator has
     * ranks. The same for every location of a read.
     */
    org.igtrace.reader.otf2.nativelib.EndEncoding endEncoding(org.igtrace.core.trace.EncodedEnds ends) {
        int[] calls = encodedCalls;
        if (calls == null) {
            int best = -1;
            for (int c = 0; c < communicatorRanks.size(); c++) {
                int[] ranks = communicatorRanks.get(c);
                if (ranks != null && (best < 0 || ranks.length > communicatorRanks.get(best).length)) {
                    best = c;
                }
            }
            int n = 0;
            for (int id : regionIds) {
                if (id >= 0 && id < MAX_ENCODED_REGION) {
                    n = Math.max(n, id + 1);
                }
            }
            calls = new int[n];
            java.util.Arrays.fill(calls, -1);
            for (int id : regionIds) {
                if (id >= 0 && id < n) {
                    calls[id] = ends.call(regionIndex.get(id, -1));
                }
            }
            encodedCommunicator = best;
            encodedCalls = calls;
        }
        int dense = encodedCommunicator;
        return dense < 0 ? null : new org.igtrace.reader.otf2.nativelib.EndEncoding(calls, communicatorIds.get(dense), dense, ends.sized());
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
