package org.igtrace.core.trace;

/**
 * What an MPI call means for waiting (definitions section 8): whether a send inside it blocks until the
 * receiver takes the message, and whether a receive completed inside it made the caller wait.
 */
public enum MpiCall {
    /** MPI_Send, MPI_Ssend, MPI_Bsend, MPI_Rsend: a blocking send (late receiver). */
    BLOCKING_SEND,
    /** MPI_Recv, MPI_Mrecv: a blocking receive (late sender; after a blocking probe, the probe waited: {@link #isBlockingProbe}). */
    BLOCKING_RECEIVE,
    /** MPI_Sendrecv, MPI_Sendrecv_replace: both at once; its waiting counts as late sender. */
    SENDRECV,
    /** MPI_Wait, MPI_Waitall, MPI_Waitany, MPI_Waitsome: completes non-blocking receives, waiting (late sender). */
    WAIT,
    /**
     * MPI_Test, MPI_Testall, MPI_Testany, MPI_Testsome: completes non-blocking receives when it succeeds; a receive it
     * completes was waited for within the call, as in MPI_Wait* (definitions section 8; one that completes none waits for
     * nothing).
     */
    TEST,
    /** Any other MPI call (MPI_Isend, MPI_Irecv, collectives, ...). */
    OTHER_MPI,
    /** Not an MPI call. */
    NONE;

    /**
     * Whether a send event inside a call of this kind starts a blocking send that can wait for its
     * receiver (late receiver). Not MPI_Sendrecv: its one wait is already counted once, as late
     * sender of the message it receives; counting its send too would count the same time twice.
     */
    public boolean blocksSender() {
        return this == BLOCKING_SEND;
    }

    /** Whether a receive event inside a call of this kind ends a receive its caller waited for. */
    public boolean waitsForReceive() {
        return this == BLOCKING_RECEIVE || this == SENDRECV || this == WAIT || this == TEST;
    }

    public boolean isMpi() {
        return this != NONE;
    }

    /**
     * Whether an MPI region of this name is a blocking probe: MPI_Probe or MPI_Mprobe wait for a message and record no
     * event of it; the receive after them (MPI_Recv, MPI_Mrecv) takes it at once. Not an enum value: the match records
     * keep a call in 3 bits, and a probe holds no message end.
     *
     * @param name the region's name
     * @return whether it is one
     */
    public static boolean isBlockingProbe(String name) {
        String n = name == null ? "" : name.strip();
        return n.equals("MPI_Probe") || n.equals("MPI_Mprobe");
    }

    /** Classifies a region by its name, given whether {@link RegionKind#classify} called it MPI. */
    public static MpiCall classify(String name, RegionKind kind) {
        if (kind == RegionKind.OTHER) {
            return NONE;
        }
        String n = name == null ? "" : name.strip();
        return switch (n) {
            case "MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend" -> BLOCKING_SEND;
            case "MPI_Recv", "MPI_Mrecv" -> BLOCKING_RECEIVE;
            case "MPI_Sendrecv", "MPI_Sendrecv_replace" -> SENDRECV;
            case "MPI_Wait", "MPI_Waitall", "MPI_Waitany", "MPI_Waitsome" -> WAIT;
            case "MPI_Test", "MPI_Testall", "MPI_Testany", "MPI_Testsome" -> TEST;
            default -> OTHER_MPI;
        };
    }
}
