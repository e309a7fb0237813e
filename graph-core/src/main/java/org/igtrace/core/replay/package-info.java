/**
 * The replay (definitions section 9): each location's outermost MPI calls recorded as activity streams,
 * matched once, replayed on one or several model machines, and the network fitted to the run. Per-event code
 * allocates nothing.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.trace},
 * {@code org.igtrace.core.profile}, {@code org.igtrace.core.topology}, {@code org.igtrace.core.diagnostic} (counted
 * nouns of its notes), {@code org.igtrace.core.wait} (the wait analysis' matched messages, for the calibration's
 * first fit: {@link org.igtrace.core.replay.MatchedTransfers}); it must not import any other igtrace
 * package (checked by PackageLayersTest).
 */
package org.igtrace.core.replay;
