/**
 * Draws a computed timeline as SVG.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.core.timeline},
 * {@code org.igtrace.core.util}; it
 * must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.formats.timeline;
