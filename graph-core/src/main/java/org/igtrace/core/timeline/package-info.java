/**
 * What the timeline shows, computed from one read: rows, bars, arrows and collective marks in pixel columns,
 * with no drawing (formats.timeline draws); and, for the trace-event exports, every call and matched message
 * of the read kept by {@link CallCapture} and handed to a {@link CallSink} once the clock offsets are known.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.trace},
 * {@code org.igtrace.core.wait}, {@code org.igtrace.core.pipeline}; it must not import any other igtrace
 * package (checked by PackageLayersTest).
 */
package org.igtrace.core.timeline;
