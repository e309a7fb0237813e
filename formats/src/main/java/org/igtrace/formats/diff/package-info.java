/**
 * What {@code igtrace diff} writes (definitions section 15): the story of two runs, the contributors along the
 * critical paths and the side-by-side tables, as text or JSON, made from core's comparison. Data in, text out:
 * nothing here parses options, reads a trace or compares runs.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.formats.stats},
 * {@code org.igtrace.core.util}, {@code org.igtrace.core.wait}, {@code org.igtrace.core.compare}; it must not import
 * any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.formats.diff;
