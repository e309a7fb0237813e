/**
 * Draws a computed timeline as SVG ({@link SvgTimelineWriter}), and writes the trace-event exports of the
 * calls and messages core's {@code CallCapture} kept ({@link TraceEventWriter}): Perfetto's protobuf trace
 * ({@link PerfettoTraceWriter} over {@link ProtoBuffer}) and Chrome's trace-event JSON ({@link ChromeJsonWriter}).
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.core.timeline},
 * {@code org.igtrace.core.util}; it
 * must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.formats.timeline;
