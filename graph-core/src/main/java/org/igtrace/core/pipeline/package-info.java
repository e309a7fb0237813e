/**
 * One read of a trace into the analyses asked for: a format's {@link TraceSource}, {@link Pipeline} running
 * the profile and the wait analysis behind one tee, {@link EventTaps} adding filters and further analyses to
 * the same read.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.trace},
 * {@code org.igtrace.core.wait}, {@code org.igtrace.core.profile}; it must not import any other igtrace
 * package (checked by PackageLayersTest).
 */
package org.igtrace.core.pipeline;
