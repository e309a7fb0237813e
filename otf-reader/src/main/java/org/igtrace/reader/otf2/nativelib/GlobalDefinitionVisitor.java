package org.igtrace.reader.otf2.nativelib;

/**
 * Receives an OTF2 archive's global definitions, in file order, as plain Java values. String
 * references are OTF2 string ids; resolve them with the strings seen so far.
 */
public interface GlobalDefinitionVisitor {
    /** Before any definition: the archive's creator as its anchor file names it ("" when none, e.g. "Score-P 7.1"). */
    default void creator(String creator) {
    }

    default void clockProperties(long ticksPerSecond, long globalOffset, long traceLength) {
    }

    /** @param value the string's bytes as the trace holds them (null: none); the reader decodes them */
    default void string(int id, byte[] value) {
    }

    default void systemTreeNode(int id, int name, int className, int parent) {
    }

    default void locationGroup(int id, int name, LocationGroupKind kind, int systemTreeParent) {
    }

    default void location(long id, int name, LocationKind kind, long numberOfEvents, int locationGroup) {
    }

    default void region(int id, int name, boolean mpiParadigm) {
    }

    /**
     * A region with its OTF2_Paradigm code and OTF2_RegionRole code: by default {@link #region} with whether the
     * paradigm is MPI.
     */
    default void regionOfParadigm(int id, int name, int role, int paradigm) {
        region(id, name, paradigm == PARADIGM_MPI);
    }

    /** A node of the calling-context tree; {@code region} is the region it is in. */
    default void callingContext(int id, int region, int parent) {
    }

    /** A group; for communication groups {@code members} are indices into the paradigm's COMM_LOCATIONS group. */
    default void group(int id, int name, GroupKind kind, boolean mpiParadigm, long[] members) {
    }

    /**
     * A group with its paradigm, an OTF2_Paradigm code (MPI 4, OpenMP 3, CUDA 5, ...): by default
     * {@link #group} with whether the paradigm is MPI.
     */
    default void groupOfParadigm(int id, int name, GroupKind kind, int paradigm, long[] members) {
        group(id, name, kind, paradigm == PARADIGM_MPI, members);
    }

    /** OTF2_PARADIGM_MPI. */
    int PARADIGM_MPI = 4;

    default void communicator(int id, int name, int group, int parent) {
    }

    /**
     * An inter-communicator (OTF2 3.0's InterComm): two groups of MPI ranks; a message on it names its partner by its
     * rank in the other group than the caller's (MPI standard 6.6).
     *
     * @param id the communicator's id, as message events name it
     * @param name its name's string id
     * @param groupA one group (a COMM_GROUP or COMM_SELF group's id)
     * @param groupB the other
     */
    default void interCommunicator(int id, int name, int groupA, int groupB) {
    }

    /** OTF2 location group types. */
    enum LocationGroupKind { PROCESS, ACCELERATOR, OTHER }

    /** OTF2 location types. */
    enum LocationKind { CPU_THREAD, ACCELERATOR_STREAM, METRIC, OTHER }

    /** OTF2 group types that matter for rank translation. */
    enum GroupKind { COMM_LOCATIONS, COMM_GROUP, COMM_SELF, OTHER }
}
