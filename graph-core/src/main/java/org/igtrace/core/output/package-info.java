/**
 * What an output says about the information graph: attribute names, labels and emphasis of vertices and edges
 * ({@link InformationGraphAttributes}), shared by every writer.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.wait},
 * {@code org.igtrace.core.profile}, {@code org.igtrace.core.graph}, {@code org.igtrace.core.efficiency}; it
 * must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.core.output;
