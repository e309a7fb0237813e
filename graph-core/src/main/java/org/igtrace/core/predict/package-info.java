/**
 * The prediction run of {@code igtrace predict} and {@code igtrace map} (definitions sections 9 and 10): from a
 * recorded run, the network fitted to the trace (or given), the model machine, its replays (one, or one per value of
 * a sweep), the ideal network's replay and the efficiencies it gives. The commands only read the options into a
 * {@link org.igtrace.core.predict.ModelRequest}, call {@link org.igtrace.core.predict.PredictionRun} and hand its
 * result to a writer.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.replay}, {@code org.igtrace.core.efficiency},
 * {@code org.igtrace.core.profile}, {@code org.igtrace.core.select}, {@code org.igtrace.core.diagnostic},
 * {@code org.igtrace.core.util}; it must not
 * import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.core.predict;
