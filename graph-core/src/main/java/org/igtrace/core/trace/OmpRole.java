package org.igtrace.core.trace;

/**
 * What an OpenMP region means for the OpenMP waiting and the hybrid efficiencies (definitions section 10a): OTF2
 * regions of paradigm OPENMP, by their region role, as Score-P records them; EZTrace's, which are of paradigm USER, by
 * their names ({@link #ofEzTraceName}).
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
    RUNTIME,
    /** A task run (role TASK or TASK_UNTIED): work, also where a thread runs it inside a barrier or a task wait. */
    TASK;

    /** OTF2_PARADIGM_OPENMP. */
    public static final int PARADIGM_OPENMP = 3;

    /**
     * The role of an OTF2 region of paradigm {@code paradigm} (an OTF2_Paradigm code) and role {@code role} (an
     * OTF2_RegionRole code: PARALLEL 5, BARRIER 15, IMPLICIT_BARRIER 16, WRAPPER 2, FLUSH 17, TASK_WAIT 22, TASK 20,
     * TASK_UNTIED 34).
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
            case 20, 34 -> TASK;
            default -> NONE;
        };
    }

    /**
     * The role of a region EZTrace 2 records for an OpenMP construct (its {@code omp} module, with the OPARI2
     * instrumentation of {@code eztrace_cc}): a region of paradigm USER and role FUNCTION named {@code OpenMP Parallel},
     * {@code OpenMP implicit barrier}, {@code OpenMP barrier}, {@code OpenMP Task wait} or one of the lock calls; its
     * teams are marked by thread fork, join and team events as Score-P's are. Worksharing ({@code OpenMP For},
     * {@code Section}, {@code Workshare}, {@code Ordered}, {@code critical}) is work, as Score-P's; a task run
     * ({@code OpenMP Task run}) is work also inside a barrier or a task wait.
     *
     * @param name a region's name (stripped)
     * @return its role, {@link #NONE} for any other name
     */
    public static OmpRole ofEzTraceName(String name) {
        if (name == null || !name.startsWith("OpenMP ")) {
            return NONE;
        }
        return switch (name) {
            case "OpenMP Parallel" -> PARALLEL;
            case "OpenMP implicit barrier" -> IMPLICIT_BARRIER;
            case "OpenMP barrier" -> BARRIER;
            case "OpenMP Task wait", "OpenMP Set Lock", "OpenMP Unset Lock", "OpenMP Test Lock", "OpenMP Set Nest Lock",
                 "OpenMP Unset Nest Lock", "OpenMP Test Nest Lock" -> RUNTIME;
            case "OpenMP Task run", "OpenMP Untied  Task run", "OpenMP Untied Task run" -> TASK;
            default -> NONE;
        };
    }

    public boolean isBarrier() {
        return this == IMPLICIT_BARRIER || this == BARRIER;
    }
}
