/**
 * Draws a computed timeline as SVG ({@link SvgTimelineWriter}; its text measured, wrapped and cut by {@link SvgText}, as
 * the prediction sweep's is), and writes the trace-event exports of the
 * calls and messages core's {@code CallCapture} kept ({@link TraceEventWriter}): Perfetto's protobuf trace
 * ({@link PerfettoTraceWriter} over {@link ProtoBuffer}) and Chrome's trace-event JSON ({@link ChromeJsonWriter}), and the notes under a
 * timeline.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.core.timeline},
 * {@code org.igtrace.core.util}, {@code org.igtrace.core.diagnostic}, {@code org.igtrace.core.profile},
 * {@code org.igtrace.core.select}, {@code org.igtrace.core.wait}; it
 * must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.formats.timeline;
