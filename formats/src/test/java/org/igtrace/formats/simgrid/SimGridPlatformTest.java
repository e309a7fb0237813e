package org.igtrace.formats.simgrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.topology.Mesh;
import org.igtrace.core.topology.Placement;
import org.junit.jupiter.api.Test;

/** The SimGrid platform of a topology: its links, hosts and routes are igtrace's (issue 36). */
class SimGridPlatformTest {

    /**
     * mesh:2x3 (2 rows, 3 columns; node n at x = n mod 3, y = n div 3). Mesh numbers the R (C - 1) = 4 horizontal
     * links first, link y (C - 1) + x joining (x, y) and (x + 1, y), then link 4 + y C + x joining (x, y) and
     * (x, y + 1). Routing is X first, then Y: node 0 (0, 0) to node 5 (2, 1) crosses links 0 and 1 eastwards, then
     * link 4 + 2 = 6 southwards, each from its source to its target (UP); node 5 back to node 0 goes west along y = 1
     * over links 1 * 2 + 1 = 3 and 1 * 2 + 0 = 2, then north over link 4 + 0 = 4, each from its target (DOWN).
     */
    @Test
    void routesAreIgtracesRoutesWithTheirDirections() {
        Mesh mesh = new Mesh(2, 3);
        assertEquals(List.of(new SimGridPlatform.Hop(0, true), new SimGridPlatform.Hop(1, true), new SimGridPlatform.Hop(6, true)),
                SimGridPlatform.route(mesh, 0, 5));
        assertEquals(List.of(new SimGridPlatform.Hop(3, false), new SimGridPlatform.Hop(2, false), new SimGridPlatform.Hop(4, false)),
                SimGridPlatform.route(mesh, 5, 0));
    }

    /**
     * Two ranks, rank 0 on node 5 and rank 1 on node 0 of mesh:2x3, L = 5 us, B = 1 GB/s, H = 1 us, local latency
     * 0.5 us and bandwidth 10 GB/s: two hosts (h0, h5: only nodes holding a rank), the host file h5 then h0, links
     * lat (L, B, FATPIPE), local (0.5 us, 10 GB/s) and the six links the routes use (t0 t1 t2 t3 t4 t6; not t5)
     * with latency H and bandwidth B, SPLITDUPLEX; the route h0 to h5 is lat, t0 t1 t6 UP (L + 3 H = 8 us), h5 to
     * h0 lat, t3 t2 t4 DOWN, and each host's route to itself local.
     */
    @Test
    void aTopologyPlatformHasTheTopologysLinksAndRoutes() throws Exception {
        Placement placement = Placement.of(new int[] {5, 0}, "test");
        ReplayParameters p = new ReplayParameters(5e-6, 1e9, 65536, 1, 1e-6, new ReplayParameters.Network(new Mesh(2, 3), placement),
                0.5e-6, 1e10);
        StringBuilder xml = new StringBuilder();
        SimGridPlatform.routed(p, xml);
        String s = xml.toString();
        assertEquals("h5\nh0\n", SimGridPlatform.hostfile(2, p.network()));
        assertEquals(2, s.split("<host ", -1).length - 1, s);
        assertTrue(s.contains("<host id=\"h0\" speed=\"1Gf\"/>") && s.contains("<host id=\"h5\" speed=\"1Gf\"/>"), s);
        assertTrue(s.contains("<link id=\"lat\" bandwidth=\"1000000000.0000000Bps\" latency=\"5.0000000000000000e-06s\" sharing_policy=\"FATPIPE\"/>"), s);
        assertTrue(s.contains("<link id=\"local\" bandwidth=\"10000000000.000000Bps\" latency=\"5.0000000000000000e-07s\" sharing_policy=\"FATPIPE\"/>"), s);
        for (int l : new int[] {0, 1, 2, 3, 4, 6}) {
            assertTrue(s.contains("<link id=\"t" + l + "\" bandwidth=\"1000000000.0000000Bps\" latency=\"1.0000000000000000e-06s\" sharing_policy=\"SPLITDUPLEX\"/>"), s);
        }
        assertFalse(s.contains("id=\"t5\""), s);
        assertTrue(s.contains("<route src=\"h0\" dst=\"h5\" symmetrical=\"NO\"><link_ctn id=\"lat\"/><link_ctn id=\"t0\" direction=\"UP\"/>"
                + "<link_ctn id=\"t1\" direction=\"UP\"/><link_ctn id=\"t6\" direction=\"UP\"/></route>"), s);
        assertTrue(s.contains("<route src=\"h5\" dst=\"h0\" symmetrical=\"NO\"><link_ctn id=\"lat\"/><link_ctn id=\"t3\" direction=\"DOWN\"/>"
                + "<link_ctn id=\"t2\" direction=\"DOWN\"/><link_ctn id=\"t4\" direction=\"DOWN\"/></route>"), s);
        assertTrue(s.contains("<route src=\"h0\" dst=\"h0\" symmetrical=\"NO\"><link_ctn id=\"local\"/></route>"), s);
        assertTrue(s.contains("<route src=\"h5\" dst=\"h5\" symmetrical=\"NO\"><link_ctn id=\"local\"/></route>"), s);
    }
}
