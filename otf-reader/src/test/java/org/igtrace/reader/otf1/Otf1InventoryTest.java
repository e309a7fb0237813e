package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.igtrace.reader.TraceInventory;
import org.junit.jupiter.api.Test;

/** {@code igtrace info}'s event counts of OTF traces, against Debian's otfprint on inflated copies. */
class Otf1InventoryTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @Test
    void eventCountsPerProcessAreTheRecordsOtfprintPrints() throws Exception {
        // VampirTrace writes key-value lists (K lines) before the records they belong to: not events of their own
        int checked = 0;
        for (String trace : new String[] {"vt-md-mpi-cuda/md_mpi_cuda.otf", "vt-jacobi-cpu/jacobi_mpi+cuda.otf",
            "vt-jacobi-cpu/jacobi_cuda.otf", "synth-plain/synth.otf", "synth-z/synth.otf", "synth-long/synth.otf"}) {
            Path master = TESTDATA.resolve("otf1").resolve(trace);
            if (!master.toFile().exists()) {
                continue;
            }
            Map<Long, Long> expected = Otf1PrintOracle.of(master).eventsByProcess;
            Map<Long, Long> counted = new TreeMap<>();
            for (TraceInventory.Location l : Otf1Inventory.read(master).locations()) {
                if (l.events() > 0) {
                    counted.put(Long.parseLong(l.id(), 16), l.events());
                }
            }
            assertTrue(!expected.isEmpty(), trace);
            assertEquals(expected, counted, trace);
            checked++;
        }
        assertEquals(6, checked, "bundled OTF traces found under " + TESTDATA);
    }
}
