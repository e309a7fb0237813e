/**
 * Writers that format an {@link org.igtrace.core.graph.AttributedGraph} (GraphML, DOT, Scotch, METIS,
 * matrices, CSV), a placement for the launchers and a topology for Scotch, and compute nothing but the
 * mapping formats' integer scaling.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.graph},
 * {@code org.igtrace.core.output}, {@code org.igtrace.core.topology}; it must not import any other igtrace package (checked by
 * PackageLayersTest).
 */
package org.igtrace.formats;
