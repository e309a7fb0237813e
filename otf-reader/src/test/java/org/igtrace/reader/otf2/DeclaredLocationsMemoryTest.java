package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor.LocationGroupKind;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor.LocationKind;
import org.junit.jupiter.api.Test;

/**
 * The global definitions of 100,000 processes as an archive declares them (a string, a location
 * group and a CPU-thread location each, as bench/make-otf2-trace writes them) are collected in
 * primitive arrays (issue 41 item 6): the bytes the collecting thread allocates for them, the
 * strings themselves made beforehand, stay under 120 per process, the arrays' growth by doubling
 * included (85 measured: ids that are 0, 1, 2, ... are not kept, neither in a column nor in an index by
 * id, the names' lengths are one byte before their bytes, event counts are ints; 192 before that, with
 * the names' bytes copied into 64 KiB chunks, which keep about 22 bytes a name where the string kept
 * about 60; 157 when the strings were kept; the reader sizes the tables at once from the anchor's count,
 * which this test does not); before, boxed maps of the strings, groups and locations: 266-272 allocated
 * (10^7 declared locations took 4.8 GB to report a missing file).
 */
class DeclaredLocationsMemoryTest {
    @Test
    void declaredProcessesCostFewBytesEach() {
        int n = 100_000;
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = "MPI Rank " + i;
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Otf2Definitions definitions = new Otf2Definitions();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < n; i++) {
            definitions.string(i, names[i]);
            definitions.locationGroup(i, i, LocationGroupKind.PROCESS, 0);
            definitions.location(i, i, LocationKind.CPU_THREAD, 76, i);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        System.out.println("declared definitions: " + allocated / n + " bytes allocated per declared process");
        assertTrue(allocated < 120L * n, allocated / n + " bytes per declared process");
        assertEquals("MPI Rank 99999", definitions.locationName(99_999));
        assertEquals(76, definitions.locationEvents(12_345));
    }
}
