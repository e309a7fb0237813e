/**
 * Waits and clocks (definitions section 8): one location's events recorded as match records, joined per pair
 * and per communicator, the clock offsets solved from the matches' constraints, the waits measured at those
 * offsets into a {@link WaitReport}. One algorithm per class; per-event code allocates nothing.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.diagnostic},
 * {@code org.igtrace.core.trace}; it must not import any other igtrace package (checked by
 * PackageLayersTest).
 */
package org.igtrace.core.wait;
