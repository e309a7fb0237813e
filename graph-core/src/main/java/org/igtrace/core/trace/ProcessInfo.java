package org.igtrace.core.trace;

/**
 * One MPI process as the definitions describe it.
 *
 * @param rank its number in the analyses: its position in MPI_COMM_WORLD (processes without MPI follow the MPI
 *     ones), unless {@code --skip-missing} left out processes between those analysed
 *     ({@link TraceDefinitions#worldRank})
 * @param name the trace's name for it, e.g. "MPI Rank 3"
 * @param host the system-tree node it ran on, or null when the trace has no system tree
 */
public record ProcessInfo(int rank, String name, String host) implements java.io.Serializable {
}
