package org.igtrace.formats.timeline;

import org.igtrace.core.timeline.StateClass;

/** How each {@link StateClass} is drawn: its colour and its CSS class (definitions section 12). */
final class StateStyle {
    private static final String[] REGION_COLOURS = {"#81c784", "#ffd54f", "#4db6ac", "#dce775", "#ffb74d", "#f48fb1",
        "#b0bec5", "#bcaaa4"};
    private static final String COMPUTE_COLOUR = "#c8e6c9";
    private static final String P2P_COLOUR = "#64b5f6";
    private static final String COLLECTIVE_COLOUR = "#9575cd";
    private static final String OTHER_MPI_COLOUR = "#4dd0e1";
    /** Waiting is drawn as this shade over the call, so each kind of call gets darker where it waits. */
    static final String WAIT_COLOUR = "#000000";
    static final String WAIT_OPACITY = "0.5";
    private static final String WAIT_SWATCH = "#1f3a5c";
    /** Time in an OpenMP barrier: darker than any compute colour, as MPI waiting is (definitions section 12). */
    private static final String OMP_WAIT_COLOUR = "#3e2723";
    /** The master's OpenMP fork and join (the runtime's, section 10a): a grey no compute or MPI colour is. */
    private static final String OMP_RUNTIME_COLOUR = "#757575";

    private StateStyle() {
    }

    /**
     * A colour under the waiting overlay ({@link #WAIT_COLOUR} at {@link #WAIT_OPACITY}): each channel halved.
     *
     * @param colour {@code #rrggbb}
     * @return the colour a call of that colour is drawn in where it waits
     */
    static String halfBlack(String colour) {
        int rgb = Integer.parseInt(colour.substring(1), 16);
        int r = (rgb >> 16 & 0xff) / 2, g = (rgb >> 8 & 0xff) / 2, b = (rgb & 0xff) / 2;
        return String.format(java.util.Locale.ROOT, "#%02x%02x%02x", r, g, b);
    }

    /** The colour of a state class. */
    static String colour(int stateClass) {
        return switch (stateClass) {
            case StateClass.COMPUTE -> COMPUTE_COLOUR;
            case StateClass.MPI_POINT_TO_POINT -> P2P_COLOUR;
            case StateClass.MPI_COLLECTIVE -> COLLECTIVE_COLOUR;
            case StateClass.MPI_OTHER -> OTHER_MPI_COLOUR;
            case StateClass.WAITING -> WAIT_SWATCH;
            case StateClass.OMP_WAITING -> OMP_WAIT_COLOUR;
            case StateClass.OMP_RUNTIME -> OMP_RUNTIME_COLOUR;
            default -> REGION_COLOURS[(stateClass - 1) % REGION_COLOURS.length];
        };
    }

    /** The CSS classes of a state class's shapes. */
    static String cssClass(int k) {
        return switch (k) {
            case StateClass.COMPUTE -> "compute";
            case StateClass.MPI_POINT_TO_POINT -> "mpi mpi-p2p";
            case StateClass.MPI_COLLECTIVE -> "mpi mpi-collective";
            case StateClass.MPI_OTHER -> "mpi mpi-other";
            case StateClass.WAITING -> "wait";
            case StateClass.OMP_WAITING -> "omp-barrier";
            case StateClass.OMP_RUNTIME -> "omp-runtime";
            default -> "compute region-" + (k - 1);
        };
    }
}
