/**
 * Why the run is slow (definitions section 14): the waits kept with the process each waited for
 * ({@link org.igtrace.core.why.WaitLog}, a tap on the wait analysis's join), each process's time cut into region
 * slices ({@link org.igtrace.core.why.RegionSlices}), the critical path walked back through the waits
 * ({@link org.igtrace.core.why.CriticalPath}) and what lies on it ({@link org.igtrace.core.why.PathProfile}), the
 * delay costs of the causes ({@link org.igtrace.core.why.DelayCosts}) and the what-if replays
 * ({@link org.igtrace.core.why.WhatIf}; those likely tried replayed ahead, beside the delay costs, on runs with many
 * waits: {@link org.igtrace.core.why.WhatIfAhead}). One algorithm per class.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.trace},
 * {@code org.igtrace.core.wait}, {@code org.igtrace.core.replay}, {@code org.igtrace.core.diagnostic}; it must not
 * import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.core.why;
