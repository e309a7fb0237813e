package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message length no run sends (over 1 TiB, or 2^63 bytes or more: negative to igtrace) is left out of the graph with
 * a note, and the replay takes it as 0 bytes, with a note: it took it as recorded, so a 1 TiB + 1 byte message on a
 * 1 GB/s network made the run 1100 s long (and the fitted network rested on it), one of 2^64 - 1 bytes an eager message of
 * at most 0 bytes, without a word. Two ranks written by python3-otf2 at 1 MHz: rank 0 main [0, 100] us with MPI_Send [10,
 * 11], rank 1 main [0, 100] with MPI_Recv [5, 12]; on L = 1 us, B = 1 GB/s (no send overhead: a given network) rank 0
 * sends at 10 and computes its last 89 us, to 99 us; the message of 0 bytes arrives at 10 + 1 = 11 us, where rank 1's
 * receive ends, and its last 88 us end it at 99 us too.
 */
class ImpossibleLengthsReplayTest {
    private static final String WRITER = String.join("\n",
            "import sys, otf2",
            "from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole",
            "with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:",
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
            "    n = int(sys.argv[2])",
            "    E, L = otf2.events.Enter, otf2.events.Leave",
            "    w = trace.event_writer_from_location(th[0])",
            "    w(E(0, main)); w(E(10, send)); w(otf2.events.MpiSend(10, 1, comm, 0, n)); w(L(11, send)); w(L(100, main))",
            "    w = trace.event_writer_from_location(th[1])",
            "    w(E(0, main)); w(E(5, recv)); w(otf2.events.MpiRecv(12, 0, comm, 0, n)); w(L(12, recv)); w(L(100, main))");

    private static String trace(Path dir, String bytes) throws Exception {
        Path target = dir.resolve("b" + bytes);
        SubcommandsTest.python(WRITER, target.toString(), bytes);
        return target.resolve("traces.otf2").toString();
    }

    @Test
    void anImpossibleLengthIsReplayedAsZeroBytes(@TempDir Path dir) throws Exception {
        for (String bytes : new String[] {String.valueOf((1L << 40) + 1), "18446744073709551615"}) {
            SubcommandsTest.Run run = SubcommandsTest.igtrace("predict", trace(dir, bytes), "--latency", "1us", "--bandwidth", "1e9",
                    "--format", "json");
            assertEquals(0, run.code(), run.err());
            double predicted = Double.parseDouble(SubcommandsTest.python(
                    "import json, sys; print(json.loads(sys.argv[1])['predicted_runtime'])", run.out()));
            assertEquals(99e-6, predicted, 1e-12, bytes);
            // its send and its receive event
            assertTrue(run.err().contains("2 message and collective events with a length no run sends (negative, or over 1 TiB:"
                    + " a damaged length field) replayed as 0 bytes"), run.err());
        }
    }
}
