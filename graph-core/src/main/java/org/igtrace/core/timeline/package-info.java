/**
 * What the timeline shows, computed from one read: rows, bars, arrows and collective marks in pixel columns,
 * with no drawing (formats.timeline draws).
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.trace},
 * {@code org.igtrace.core.wait}, {@code org.igtrace.core.pipeline}; it must not import any other igtrace
 * package (checked by PackageLayersTest).
 */
package org.igtrace.core.timeline;
