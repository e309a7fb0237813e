/**
 * The replay of definitions section 9 written for SimGrid's SMPI ({@code smpirun -replay}): the time-independent
 * traces, a platform (flat, or the topology's links routed as igtrace routes), the host file and the script.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats} (its escaper), {@code org.igtrace.core.replay},
 * {@code org.igtrace.core.topology}, {@code org.igtrace.core.util} (the script's numbers by {@code Labels}),
 * {@code org.igtrace.core.trace} (the world ranks the script names); it must
 * not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.formats.simgrid;
