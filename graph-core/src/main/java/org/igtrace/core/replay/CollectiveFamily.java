package org.igtrace.core.replay;

import org.igtrace.core.trace.CollectiveKind;

/**
 * The collective families of definitions section 9, each with its cost formula: with {@code P} members,
 * {@code l = ceil(log2 P)} steps and {@code S} the most bytes any member sent, a family costs
 * {@code divisor(P) * (L + stepBytes(P, S) / B)}: barrier {@code l * L}; one-to-all and all-to-one
 * {@code l * (L + S / B)}; all-reduce, all-gather, reduce-scatter, scan {@code 2 l (L + S / B)}; all-to-all
 * {@code (P - 1) (L + S / (P - 1) / B)}. The family is the collective's {@link CollectiveKind}; the kind
 * {@link CollectiveKind#ALL_TO_ALL} (which OTF2's and OTF's records give to MPI_Allreduce and MPI_Alltoall
 * alike) is split by the call: MPI_Alltoall* is the all-to-all family, the others all-reduce.
 */
public enum CollectiveFamily {
    BARRIER("barrier"),
    ONE_TO_ALL("one-to-all"),
    ALL_TO_ONE("all-to-one"),
    ALL_REDUCE("all-reduce/all-gather/reduce-scatter/scan"),
    ALL_TO_ALL("all-to-all");

    private static final CollectiveFamily[] FAMILIES = values();
    private final String words;

    CollectiveFamily(String words) {
        this.words = words;
    }

    /** Its name in the output. */
    public String words() {
        return words;
    }

    static CollectiveFamily of(int ordinal) {
        return FAMILIES[ordinal];
    }

    /** The family of a collective of {@code kind} in a call that is ({@code personalised}) an MPI_Alltoall*; null: no modelled traffic. */
    static CollectiveFamily of(CollectiveKind kind, boolean personalised) {
        return switch (kind) {
            case BARRIER -> BARRIER;
            case ONE_TO_ALL -> ONE_TO_ALL;
            case ALL_TO_ONE -> ALL_TO_ONE;
            case ALL_TO_ALL -> personalised ? ALL_TO_ALL : ALL_REDUCE;
            default -> null;
        };
    }

    /** Whether a region of this name is an all-to-all exchange of personal blocks (MPI_Alltoall, -v, -w and their I- forms). */
    static boolean personalised(String regionName) {
        return regionName.startsWith("MPI_Alltoall") || regionName.startsWith("MPI_Ialltoall");
    }

    /** {@code l = ceil(log2 P)}. */
    static int steps(int members) {
        return members <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(members - 1);
    }

    /** How many times the family's formula counts {@code L + x / B}: l, 2 l, or P - 1. */
    int divisor(int members) {
        return switch (this) {
            case BARRIER, ONE_TO_ALL, ALL_TO_ONE -> steps(members);
            case ALL_REDUCE -> 2 * steps(members);
            case ALL_TO_ALL -> Math.max(0, members - 1);
        };
    }

    /** The bytes {@code x} of one step: none for a barrier, S / (P - 1) for all-to-all, else S. */
    double stepBytes(int members, long bytes) {
        return switch (this) {
            case BARRIER -> 0;
            case ALL_TO_ALL -> members <= 1 ? 0 : (double) bytes / (members - 1);
            default -> bytes;
        };
    }

    /** Whether a member leaves when its own part is done rather than at the instance's latest enter (issue 34). */
    boolean rooted() {
        return this == ONE_TO_ALL;
    }

    /** One step's cost {@code L + x / B} with latency {@code l} and bandwidth {@code b}. */
    double step(double l, double b, int members, long bytes) {
        return l + (this == BARRIER || Double.isInfinite(b) ? 0 : stepBytes(members, bytes) / b);
    }

    /** The family's cost with latency {@code l} and bandwidth {@code b} (bytes/s, may be infinite). */
    double cost(double l, double b, int members, long bytes) {
        int d = divisor(members);
        if (d == 0) {
            return 0;
        }
        if (this == BARRIER) {
            return d * l;
        }
        return d * (l + (Double.isInfinite(b) ? 0 : stepBytes(members, bytes) / b));
    }
}
