/**
 * Model networks (one class per network), placements of processes on them and the projection of the graph's
 * pairs onto their links ({@link TopologyProjection}).
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.diagnostic}, {@code org.igtrace.core.profile},
 * {@code org.igtrace.core.graph}; it must not import any other igtrace package (checked by
 * PackageLayersTest).
 */
package org.igtrace.core.topology;
