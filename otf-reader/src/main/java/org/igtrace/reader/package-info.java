/**
 * Reading a trace: recognising its format ({@link TraceFormat}) and what every format reader shares (options,
 * progress, parts, {@link TraceReadException}). The format packages import these shared types; the one call that
 * reads a trace of either format into a profile sits above them all, in {@code org.igtrace.reader.input}.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.trace}, {@code org.igtrace.core.profile},
 * {@code org.igtrace.core.pipeline}; it must not import any other igtrace package (checked by
 * PackageLayersTest).
 */
package org.igtrace.reader;
