package org.igtrace.core.trace;

/** What a code region means for the compute fraction (definitions section 3). */
public enum RegionKind {
    /** An MPI communication call: its time counts in {@code Tcomm}. */
    COMMUNICATION,
    /** An MPI_Sendrecv call: communication, and a call that should carry message events. */
    SENDRECV,
    /** MPI_Init, MPI_Init_thread, MPI_Finalize: their time is left out of {@code T}. */
    ENVIRONMENT,
    /** Anything else: user code. */
    OTHER;

    public boolean isCommunication() {
        return this == COMMUNICATION || this == SENDRECV;
    }

    /**
     * Classifies a region (definitions section 3): an MPI call is a region of the MPI paradigm (OTF1: of
     * the function group {@code MPI}), or one whose name starts with {@code MPI_} (EZTrace marks MPI
     * calls as paradigm USER).
     *
     * @param name      the region's name
     * @param mpiMarked whether the trace itself marks the region as MPI (paradigm or group)
     */
    public static RegionKind classify(String name, boolean mpiMarked) {
        String n = name == null ? "" : name.strip();
        if (n.equals("MPI_Init") || n.equals("MPI_Init_thread") || n.equals("MPI_Finalize")) {
            return ENVIRONMENT;
        }
        if (!mpiMarked && !n.startsWith("MPI_")) {
            return OTHER;
        }
        if (n.equals("MPI_Sendrecv") || n.equals("MPI_Sendrecv_replace")) {
            return SENDRECV;
        }
        return COMMUNICATION;
    }
}
