package org.igtrace.core.wait;

/**
 * The blocking probe ({@code MPI_Probe}, {@code MPI_Mprobe}) a location left whose message has not been received yet
 * (definitions section 8). A probe waits for a message and records no event of it; the receive after it takes the
 * message at once, so that the receive, entered once the message had come, waited for nothing. The next receive end of
 * the location takes the probe: when it is a blocking receive ({@code MPI_Recv}, {@code MPI_Mrecv}) entered after the
 * probe was left, its waiting call is the probe (the late-sender wait from the probe's enter to the send's enter, at most
 * the probe's own length; the critical path jumps there; the network fit times the transfer to the probe's leave), and
 * its post stays its own enter (a rendezvous sender waits for the receive itself). Any other receive end, one a selection
 * left out included, forgets it. Of several probes before one receive, the first is kept: it is the one that waited.
 */
final class ProbedReceive {
    private boolean pending;
    private long enter;
    private long leave;

    /** A blocking probe entered at {@code enter} was left at {@code leave}; kept unless one is kept already. */
    void left(long enter, long leave) {
        if (!pending) {
            this.pending = true;
            this.enter = enter;
            this.leave = leave;
        }
    }

    /**
     * Whether a receive end in a call of kind {@code call} entered at {@code callEnter} takes the probe's wait; the probe is
     * forgotten either way. {@link #enter} and {@link #leave} then give the waiting call.
     *
     * @param blockingReceive whether the end's call is a blocking receive posted at its own enter
     * @param callEnter       the enter of the end's call
     * @return whether it takes it
     */
    boolean takenBy(boolean blockingReceive, long callEnter) {
        boolean taken = pending && blockingReceive && callEnter >= leave;
        pending = false;
        return taken;
    }

    /** Forgets the probe: a receive end that cannot take it came. */
    void forget() {
        pending = false;
    }

    /** Whether a probe waits for its receive (a receive end may take it). */
    boolean pending() {
        return pending;
    }

    /** The probe's enter. */
    long enter() {
        return enter;
    }

    /** The probe's leave. */
    long leave() {
        return leave;
    }
}
