/**
 * The Spark engine: the same per-location read and joins as tasks of a Spark job (the seam: records of one
 * location in, matches out).
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.cli}, {@code org.igtrace.core.util},
 * {@code org.igtrace.core.trace}, {@code org.igtrace.core.wait}, {@code org.igtrace.core.profile},
 * {@code org.igtrace.core.pipeline}, {@code org.igtrace.core.select}, {@code org.igtrace.reader},
 * {@code org.igtrace.reader.otf1}, {@code org.igtrace.reader.otf2}; it must not import any other igtrace
 * package (checked by PackageLayersTest).
 */
package org.igtrace.spark;
