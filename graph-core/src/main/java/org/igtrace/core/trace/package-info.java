/**
 * What readers push and analyses receive: {@link TraceDefinitions}, the per-location event interface
 * {@link LocationEvents} and its {@link LocationSink}, a {@link TeeSink} feeding several, MPI call, region
 * and collective kinds, and the intervals recording was off ({@link MeasurementGaps}). The vocabulary every
 * analysis shares; it computes nothing.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}; it must not import any other igtrace
 * package (checked by PackageLayersTest).
 */
package org.igtrace.core.trace;
