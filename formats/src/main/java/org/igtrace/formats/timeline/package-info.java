/**
 * Draws a computed timeline as SVG with the notes under it, and writes the calls as trace events (Perfetto, Chrome
 * JSON).
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.core.timeline},
 * {@code org.igtrace.core.util}, {@code org.igtrace.core.diagnostic}, {@code org.igtrace.core.profile},
 * {@code org.igtrace.core.select}, {@code org.igtrace.core.wait}; it
 * must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.formats.timeline;
