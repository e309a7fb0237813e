/**
 * Which part of a trace the analyses see: a {@link Selection} (processes, window, region) and the filter that
 * applies it in front of them.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.trace}, {@code org.igtrace.core.pipeline}; it
 * must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.core.select;
