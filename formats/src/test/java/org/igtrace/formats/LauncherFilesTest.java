package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rankfile's slots (definitions section 13): a rank's position among the ranks of its host, by the host's name. */
class LauncherFilesTest {
    private static String rankfile(int[] node, List<String> hosts) throws IOException {
        StringWriter w = new StringWriter();
        LauncherFiles.rankfile(node, hosts, w);
        return w.toString();
    }

    /** Two nodes of two slots, ranks 0 and 2 on node 0, 1 and 3 on node 1: slots 0, 0, 1, 1. */
    @Test
    void eachHostsRanksTakeItsSlotsInRankOrder() throws IOException {
        assertEquals("rank 0=a slot=0\nrank 1=b slot=0\nrank 2=a slot=1\nrank 3=b slot=1\n",
                rankfile(new int[] {0, 1, 0, 1}, List.of("a", "b")));
    }

    /**
     * A hosts file naming localhost four times is four nodes of the machine (ring:4) but one host to Open MPI, whose
     * slot is a CPU of the host: numbered per node every rank got slot 0, and mpirun bound all four to core 0.
     */
    @Test
    void aHostNamedTwiceNumbersItsSlotsOnce() throws IOException {
        assertEquals("rank 0=localhost slot=0\nrank 1=localhost slot=1\nrank 2=localhost slot=2\nrank 3=localhost slot=3\n",
                rankfile(new int[] {0, 1, 2, 3}, List.of("localhost", "localhost", "localhost", "localhost")));
    }
}
