package org.igtrace.core.wait;

/** The wait-state patterns of definitions section 8, with their attribute names in the output. */
public enum WaitPattern {
    LATE_SENDER("wait_late_sender", "late sender"),
    LATE_RECEIVER("wait_late_receiver", "late receiver"),
    BARRIER("wait_barrier", "wait at barrier"),
    NXN("wait_nxn", "wait at N x N"),
    LATE_BROADCAST("wait_late_broadcast", "late broadcast"),
    EARLY_REDUCE("wait_early_reduce", "early reduce");

    private final String attribute;
    private final String label;

    WaitPattern(String attribute, String label) {
        this.attribute = attribute;
        this.label = label;
    }

    /** The vertex attribute holding a process's seconds of this pattern. */
    public String attribute() {
        return attribute;
    }

    public String label() {
        return label;
    }
}
