/**
 * What {@code igtrace why} writes (definitions section 14): the story, the critical path's tables, the causes and
 * the what-ifs as text or JSON, and the same as the report's "why" section in HTML, made from core's {@code Why}.
 * Data in, text out: nothing here parses options, reads a trace or walks the critical path.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.core.util},
 * {@code org.igtrace.core.profile}, {@code org.igtrace.core.efficiency}, {@code org.igtrace.core.select},
 * {@code org.igtrace.core.why}; it must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.formats.why;
