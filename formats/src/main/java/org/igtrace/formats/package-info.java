/**
 * Writers that format an {@link org.igtrace.core.graph.AttributedGraph} (GraphML, DOT, Scotch, METIS,
 * matrices, CSV), a placement for the launchers and a topology for Scotch, and compute nothing but the
 * mapping formats' integer scaling; the one escaper per output language ({@link Escape}), the JSON
 * writer of igtrace's own outputs ({@link Json}), the tables of numbers in text, CSV and JSON ({@link Table}), the efficiency in words, and the report's page and
 * its sections made of the run's data ({@link ReportPage}, {@link ReportSections}). Data in, text out:
 * nothing here parses options or reads a trace.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.graph},
 * {@code org.igtrace.core.output}, {@code org.igtrace.core.topology}, {@code org.igtrace.core.diagnostic},
 * {@code org.igtrace.core.efficiency}, {@code org.igtrace.core.profile}, {@code org.igtrace.core.wait}; it must not import any other igtrace package (checked by
 * PackageLayersTest).
 */
package org.igtrace.formats;
