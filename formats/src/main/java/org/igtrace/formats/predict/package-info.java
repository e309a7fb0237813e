/**
 * Writes {@code igtrace predict}'s prediction (a table, JSON, CSV) and a sweep's SVG line plot.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.formats.timeline},
 * {@code org.igtrace.core.util}, {@code org.igtrace.core.diagnostic}, {@code org.igtrace.core.efficiency},
 * {@code org.igtrace.core.replay}, {@code org.igtrace.core.topology}; it must not import any other igtrace
 * package (checked by PackageLayersTest).
 */
package org.igtrace.formats.predict;
