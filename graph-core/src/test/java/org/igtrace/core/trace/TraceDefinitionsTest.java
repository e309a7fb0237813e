package org.igtrace.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** What the recorders ask of a region at every call, from one array. */
class TraceDefinitionsTest {
    /**
     * {@link TraceDefinitions#isMpiCall} is {@code regionKind != ENVIRONMENT && mpiCall.isMpi()} for every region: MPI_Init
     * and MPI_Finalize are MPI's but the environment, MPI_Send and MPI_Waitall calls, a user region and one OpenMP's not;
     * a region out of range none; and so is it on the copies the readers make (left-out ranks, thread names).
     */
    @Test
    void anMpiCallIsAnMpiRegionOutsideTheEnvironment() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        String[] names = {"MPI_Init", "MPI_Send", "main", "MPI_Finalize", "MPI_Waitall", "!$omp parallel", "MPI_Init_thread"};
        for (String n : names) {
            b.addRegion(n, n.startsWith("MPI_"));
        }
        TraceDefinitions d = b.build();
        int calls = 0;
        for (TraceDefinitions each : new TraceDefinitions[] {d, d.withLeftOut(new java.util.BitSet()), d.withThreadNames(java.util.Map.of())}) {
            for (int r = 0; r < names.length; r++) {
                boolean expected = d.regionKind(r) != RegionKind.ENVIRONMENT && d.mpiCall(r).isMpi();
                assertEquals(expected, each.isMpiCall(r), names[r]);
                calls += expected ? 1 : 0;
            }
            assertFalse(each.isMpiCall(-1));
            assertFalse(each.isMpiCall(names.length));
        }
        assertEquals(3 * 2, calls); // MPI_Send and MPI_Waitall, on each of the three
    }
}
