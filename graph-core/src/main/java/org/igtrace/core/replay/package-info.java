/**
 * The replay (definitions section 9): each location's outermost MPI calls recorded as activity streams,
 * matched once, replayed on one or several model machines, and the network fitted to the run. Per-event code
 * allocates nothing.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.trace},
 * {@code org.igtrace.core.profile}, {@code org.igtrace.core.topology}, {@code org.igtrace.core.diagnostic} (counted
 * nouns of its notes); it must not import any other igtrace
 * package (checked by PackageLayersTest).
 */
package org.igtrace.core.replay;
