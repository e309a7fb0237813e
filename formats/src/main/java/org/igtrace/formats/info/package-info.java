/**
 * What {@code igtrace info} writes (the trace's inventory as its reader reports it) as text or JSON. Data in, text
 * out: nothing here parses options or reads a trace.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.core.trace},
 * {@code org.igtrace.core.util}, {@code org.igtrace.core.diagnostic}; it must not import any other igtrace package
 * (checked by PackageLayersTest).
 */
package org.igtrace.formats.info;
