/**
 * {@link TraceInput}, the one call that reads a trace of either format into a profile: it finds the format, opens
 * the format package's source and runs the pipeline over one read. It stands above the format packages, which
 * import only the shared types of {@code org.igtrace.reader} beneath it (no package of the reader imports one above
 * itself).
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.reader}, {@code org.igtrace.reader.otf1},
 * {@code org.igtrace.reader.otf2}, {@code org.igtrace.reader.spill}, {@code org.igtrace.core.trace},
 * {@code org.igtrace.core.profile}, {@code org.igtrace.core.pipeline}; it must not import any other igtrace package
 * (checked by PackageLayersTest).
 */
package org.igtrace.reader.input;
