#!/usr/bin/python3
"""Writes a 3-rank OTF2 trace whose recording is switched off inside collective calls (issue 34 item 6).

    /usr/bin/python3 testdata/make-off-inside-collective.py DST_DIR

Timer 1 MHz (a tick is a microsecond); no message; MPI_COMM_WORLD = ranks 0, 1, 2; every rank runs main [0, 300].
Each call's MpiCollectiveBegin is at its enter, its MpiCollectiveEnd at its leave; MeasurementOnOff OFF then ON
inside the calls marked "off":
    rank 0: MPI_Barrier [10, 100] off [20, 70];  MPI_Bcast root 1 [110, 160] off [120, 140];
            MPI_Reduce root 0 [200, 260] off [205, 215]
    rank 1: MPI_Barrier [60, 100];               MPI_Bcast root 1 [150, 160];  MPI_Reduce root 0 [240, 250]
    rank 2: MPI_Barrier [80, 100] off [85, 95];  MPI_Bcast root 1 [130, 160];  MPI_Reduce root 0 [230, 250]
The clocks need no correction (no message; every member leaves a barrier at 100 after the last entered at 80, the
broadcast's members leave at 160 after its root entered at 150, the reduce's root leaves at 260 after the last
member entered at 240): offsets 0.
Time in MPI (definitions section 3: the calls' time less the time recording was off inside them):
rank 0 (90 - 50) + (50 - 20) + (60 - 10) = 120 us; rank 1 40 + 10 + 10 = 60 us; rank 2 (20 - 10) + 30 + 20 = 60 us.
Waits (SPEC 8, each at most its call's duration; recording off inside the waiting call is not waiting: the wait
less all the time off inside that call, at least 0, as for point-to-point calls):
    wait at barrier (last to enter: rank 2 at 80): rank 0 min(80 - 10, 90) - 50 = 20 us, rank 1 80 - 60 = 20 us;
        rank 2, the late-arriving member, waits none (its 10 us off change nothing);
    late broadcast (root rank 1 enters at 150): rank 0 min(150 - 110, 50) - 20 = 20 us, rank 2 150 - 130 = 20 us;
    early reduce (root rank 0 enters at 200, the first other member at 230, rank 2): rank 0 min(30, 60) - 10 = 20 us.
Per process: rank 0 20 + 20 + 20 = 60 us (before the fix 70 + 40 + 30 = 140 us, more than its 120 us in MPI, and
its barrier's 70 us more than that call's 40 us in MPI); rank 1 20 us; rank 2 20 us.
Per pair: {0, 1} 20 (broadcast), {0, 2} 20 + 20 = 40 (barrier, reduce), {1, 2} 20 + 20 = 40 (barrier, broadcast).
"""
import shutil
import sys

import otf2
from otf2.enums import (CollectiveOp, GroupType, LocationGroupType, LocationType, MeasurementMode, Paradigm,
                        RegionRole)

ROOTLESS = 0xFFFFFFFF
# per rank: (region, collective operation, root or None, enter, leave, recording off [from, to] or None)
CALLS = {
    0: [("MPI_Barrier", CollectiveOp.BARRIER, None, 10, 100, (20, 70)),
        ("MPI_Bcast", CollectiveOp.BCAST, 1, 110, 160, (120, 140)),
        ("MPI_Reduce", CollectiveOp.REDUCE, 0, 200, 260, (205, 215))],
    1: [("MPI_Barrier", CollectiveOp.BARRIER, None, 60, 100, None),
        ("MPI_Bcast", CollectiveOp.BCAST, 1, 150, 160, None),
        ("MPI_Reduce", CollectiveOp.REDUCE, 0, 240, 250, None)],
    2: [("MPI_Barrier", CollectiveOp.BARRIER, None, 80, 100, (85, 95)),
        ("MPI_Bcast", CollectiveOp.BCAST, 1, 130, 160, None),
        ("MPI_Reduce", CollectiveOp.REDUCE, 0, 230, 250, None)],
}
ROLES = {"MPI_Barrier": RegionRole.BARRIER, "MPI_Bcast": RegionRole.COLL_ONE2ALL, "MPI_Reduce": RegionRole.COLL_ALL2ONE}


def main():
    target = sys.argv[1]
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        regions = {n: d.region(n, paradigm=Paradigm.MPI, region_role=role) for n, role in ROLES.items()}
        regions["main"] = d.region("main", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        threads = []
        for rank in (0, 1, 2):
            g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=[0, 1, 2]))
        for rank in (0, 1, 2):
            w = trace.event_writer_from_location(threads[rank])
            w(otf2.events.Enter(0, regions["main"]))
            for name, op, root, enter, leave, off in CALLS[rank]:
                w(otf2.events.Enter(enter, regions[name]))
                w(otf2.events.MpiCollectiveBegin(enter))
                if off is not None:
                    w(otf2.events.MeasurementOnOff(off[0], MeasurementMode.OFF))
                    w(otf2.events.MeasurementOnOff(off[1], MeasurementMode.ON))
                w(otf2.events.MpiCollectiveEnd(leave, op, comm, ROOTLESS if root is None else root, 8, 8))
                w(otf2.events.Leave(leave, regions[name]))
            w(otf2.events.Leave(300, regions["main"]))


if __name__ == "__main__":
    main()
