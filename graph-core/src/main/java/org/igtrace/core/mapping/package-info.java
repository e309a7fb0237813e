/**
 * Placing ranks on a machine (definitions section 13, {@code igtrace map}): the rank graph, the
 * hop distances of a topology (between nodes, and the mean between sets of them), the constructions
 * (rank order, recursive bisection with its machine halves and graph bisection, greedy grouping), the
 * improvement by annealing and swaps and the search that keeps the best placement. One algorithm per class.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.profile},
 * {@code org.igtrace.core.graph}, {@code org.igtrace.core.topology}; it must not import any other
 * igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.core.mapping;
