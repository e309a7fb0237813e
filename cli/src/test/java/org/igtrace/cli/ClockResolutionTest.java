package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OTF2 timer resolution is an unsigned 64-bit number of ticks per second. Two ranks written by python3-otf2: rank 0
 * in main from tick 0 to 1000 with an MPI_Send from 100 to 200; rank 1 in main from 0 to 1000 with an MPI_Recv from 50 to
 * 210: T = 1000 ticks, w_0 = 1 - 100/1000 = 0.9. A resolution of 0 gives no time in seconds and was read as 1 tick per
 * second (T 1000 s, exit 0); one of 2^63 or more was read as negative, so also as 1 tick per second.
 */
class ClockResolutionTest {
    private static final String WRITER = String.join("\n",
            "import sys, otf2",
            "from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole",
            "with otf2.writer.open(sys.argv[1], timer_resolution=int(sys.argv[2])) as trace:",
            "    d = trace.definitions",
            "    node = d.system_tree_node('localhost')",
            "    main = d.region('main', paradigm=Paradigm.USER)",
            "    send = d.region('MPI_Send', paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)",
            "    recv = d.region('MPI_Recv', paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)",
            "    th = [d.location('Master thread', type=LocationType.CPU_THREAD, group=d.location_group('MPI Rank %d' % r,"
                    + " location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)) for r in range(2)]",
            "    d.group('MPI_COMM_WORLD', group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=th)",
            "    comm = d.comm('MPI_COMM_WORLD', group=d.group('world', group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,"
                    + " members=[0, 1]))",
            "    E, L = otf2.events.Enter, otf2.events.Leave",
            "    w = trace.event_writer_from_location(th[0])",
            "    w(E(0, main)); w(E(100, send)); w(otf2.events.MpiSend(101, 1, comm, 0, 4)); w(L(200, send)); w(L(1000, main))",
            "    w = trace.event_writer_from_location(th[1])",
            "    w(E(0, main)); w(E(50, recv)); w(otf2.events.MpiRecv(205, 0, comm, 0, 4)); w(L(210, recv)); w(L(1000, main))");

    private static String trace(Path dir, String resolution) throws Exception {
        Path target = dir.resolve("r" + resolution);
        SubcommandsTest.python(WRITER, target.toString(), resolution);
        return target.resolve("traces.otf2").toString();
    }

    @Test
    void aResolutionOfZeroIsRefusedNamingTheDefinitions(@TempDir Path dir) throws Exception {
        String anchor = trace(dir, "0");
        for (String command : new String[] {"graph", "info", "stats"}) {
            SubcommandsTest.Run run = SubcommandsTest.igtrace(command, anchor);
            assertEquals(1, run.code(), command + ": " + run.err());
            assertEquals("", run.out(), command);
            assertTrue(run.err().contains("traces.def: timer resolution 0 ticks per second (ClockProperties) is not usable"), run.err());
            assertEquals(1, run.err().strip().lines().count(), run.err());
        }
    }

    /** 2^63 ticks per second: T = 1000 / 2^63 s = 1.0842e-16 s (JSON prints the double). */
    @Test
    void aResolutionOf2To63IsReadAsThatNumber(@TempDir Path dir) throws Exception {
        String anchor = trace(dir, "9223372036854775808");
        SubcommandsTest.Run run = SubcommandsTest.igtrace("stats", anchor, "--format", "json");
        assertEquals(0, run.code(), run.err());
        String t = SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1]); print(d['processes'][0]['time'],"
                + " d['processes'][0]['w'])", run.out());
        String[] v = t.split(" ");
        assertEquals(1000 / Math.pow(2, 63), Double.parseDouble(v[0]), 1e-28, t);
        assertEquals(0.9, Double.parseDouble(v[1]), 1e-12, t);
    }
}
