/**
 * What {@code igtrace stats} and {@code igtrace graph} write about a run: the summary line, the wait and efficiency
 * tables on standard error, the timing and contention lines, and the tables of {@code stats} (text, CSV, JSON),
 * made from the profile, the graph and the efficiency as core computed them. Data in, text out: nothing here parses
 * options, reads a trace or computes a number the tables show.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.core.util},
 * {@code org.igtrace.core.diagnostic}, {@code org.igtrace.core.graph}, {@code org.igtrace.core.profile},
 * {@code org.igtrace.core.efficiency}, {@code org.igtrace.core.topology}, {@code org.igtrace.core.wait}; it must not
 * import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.formats.stats;
