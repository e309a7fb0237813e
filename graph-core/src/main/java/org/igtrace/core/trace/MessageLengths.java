package org.igtrace.core.trace;

/**
 * Message lengths no run sends (definitions section 4): negative, which is 2^63 bytes or more as OTF2's unsigned number,
 * or over 1 TiB in one message: a damaged or junk length field (APEX 1.2.0 writes such receive lengths; EZTrace once
 * wrote the receive buffer's bytes). The graph leaves them out with a note, the replay takes them as 0 bytes.
 */
public final class MessageLengths {
    /** A single message longer than this (1 TiB) is a damaged length, not traffic. */
    public static final long MOST = 1L << 40;

    private MessageLengths() {
    }

    /**
     * @param bytes a length as the trace gives it
     * @return whether no run sends it
     */
    public static boolean impossible(long bytes) {
        return bytes < 0 || bytes > MOST;
    }
}
