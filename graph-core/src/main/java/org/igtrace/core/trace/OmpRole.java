package org.igtrace.core.trace;

/**
 * What an OpenMP region means for the OpenMP waiting and the hybrid efficiencies (definitions section 10a): OTF2
 * regions of paradigm OPENMP, by their region role, as Score-P records them.
 */
public enum OmpRole {
    /** Not an OpenMP construct that counts (user code, worksharing, MPI). */
    NONE,
    /** A parallel region (role PARALLEL): a thread of its team works inside it. */
    PARALLEL,
    /** The implicit barrier of a parallel region or worksharing construct (role IMPLICIT_BARRIER). */
    IMPLICIT_BARRIER,
    /** An explicit {@code omp barrier} (role BARRIER). */
    BARRIER,
    /** The OpenMP runtime's own work: {@code omp_*} calls (role WRAPPER), task wait, flush. */
    RUNTIME;

    /** OTF2_PARADIGM_OPENMP. */
    public static final int PARADIGM_OPENMP = 3;

    /**
     * The role of an OTF2 region of paradigm {@code paradigm} (an OTF2_Paradigm code) and role {@code role} (an
     * OTF2_RegionRole code: PARALLEL 5, BARRIER 15, IMPLICIT_BARRIER 16, WRAPPER 2, FLUSH 17, TASK_WAIT 22).
     */
    public static OmpRole ofOtf2(int paradigm, int role) {
        if (paradigm != PARADIGM_OPENMP) {
            return NONE;
        }
        return switch (role) {
            case 5 -> PARALLEL;
            case 15 -> BARRIER;
            case 16 -> IMPLICIT_BARRIER;
            case 2, 17, 22 -> RUNTIME;
            default -> NONE;
        };
    }

    public boolean isBarrier() {
        return this == IMPLICIT_BARRIER || this == BARRIER;
    }
}
