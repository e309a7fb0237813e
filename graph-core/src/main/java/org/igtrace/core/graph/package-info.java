/**
 * The information graph (definitions sections 4-6) on JGraphT: {@link InformationGraph} built from a profile,
 * Prim's maximum spanning forest, the recalculation of removed edges onto the tree, and the
 * {@link AttributedGraph} view writers format.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.profile}, {@code org.igtrace.core.wait}; it
 * must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.core.graph;
