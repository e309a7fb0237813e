/**
 * Per-location accumulation of times and traffic with no per-event allocation, merged into a
 * {@link TraceProfile} (which carries the wait analysis's {@link org.igtrace.core.wait.WaitReport}).
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.diagnostic},
 * {@code org.igtrace.core.trace}, {@code org.igtrace.core.wait}; it must not import any other igtrace package
 * (checked by PackageLayersTest).
 */
package org.igtrace.core.profile;
