#!/usr/bin/python3
"""Writes a 3-rank OTF2 trace of one MPI_Allgatherv and one MPI_Gatherv in which rank 2 contributes 0 bytes and
enters after the others left: the others do not wait for it (definitions section 8, members that send nothing).

    /usr/bin/python3 testdata/make-silent-members.py DST_DIR

Timer 1 MHz (a tick is a microsecond); no message; MPI_COMM_WORLD = ranks 0, 1, 2. Each rank runs main [0, 400] with
`work` around two collectives (MpiCollectiveBegin at the call's enter, MpiCollectiveEnd at its leave):
    rank 0: work [0, 100]; MPI_Allgatherv [100, 210] sent 8;  work [210, 250]; MPI_Gatherv root 0 [250, 260] sent 8;
            work [260, 400]
    rank 1: work [0, 200]; MPI_Allgatherv [200, 210] sent 8;  work [210, 240]; MPI_Gatherv [240, 250] sent 8;
            work [250, 400]
    rank 2: work [0, 300]; MPI_Allgatherv [300, 310] sent 0;  work [310, 350]; MPI_Gatherv [350, 360] sent 0;
            work [360, 400]
Rank 2 sends nothing in either (an MPI_Allgatherv or MPI_Gatherv count of 0), as VampirTrace recorded 80 such
MPI_Allgatherv instances of an FD4 run of 1,024 ranks whose zero-count members entered after others had left.
Rank 0 and 1 left both calls before rank 2 entered them, which is possible only because no one needed rank 2's data:
the clocks agree (offsets 0, no conflict). Waits: in MPI_Allgatherv rank 0 waits for rank 1, the last of the members
that sent data, 200 - 100 = 100 us (wait at N x N, edge 0-1); rank 1 and rank 2 wait 0. In MPI_Gatherv the root's
first contributing member, rank 1, entered at 240, before the root (250): no early reduce. Waiting in all: 100 us.
Had rank 2 counted as a member the others wait for, its enter at 300 after their leave at 210 would have read as
clocks 90 us apart.
"""
import shutil
import sys

import otf2
from otf2.enums import CollectiveOp, GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

UNDEFINED_ROOT = 0xFFFFFFFF
# per rank: (allgatherv enter, leave, sent), (gatherv enter, leave, sent)
CALLS = {0: ((100, 210, 8), (250, 260, 8)), 1: ((200, 210, 8), (240, 250, 8)), 2: ((300, 310, 0), (350, 360, 0))}


def main():
    target = sys.argv[1]
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        allgatherv = d.region("MPI_Allgatherv", paradigm=Paradigm.MPI, region_role=RegionRole.COLL_ALL2ALL)
        gatherv = d.region("MPI_Gatherv", paradigm=Paradigm.MPI, region_role=RegionRole.COLL_ALL2ONE)
        main_region = d.region("main", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        work = d.region("work", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        threads = []
        for rank in (0, 1, 2):
            g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=[0, 1, 2]))
        for rank in (0, 1, 2):
            (a_enter, a_leave, a_sent), (g_enter, g_leave, g_sent) = CALLS[rank]
            w = trace.event_writer_from_location(threads[rank])
            w(otf2.events.Enter(0, main_region))
            w(otf2.events.Enter(0, work))
            w(otf2.events.Leave(a_enter, work))
            w(otf2.events.Enter(a_enter, allgatherv))
            w(otf2.events.MpiCollectiveBegin(a_enter))
            w(otf2.events.MpiCollectiveEnd(a_leave, CollectiveOp.ALLGATHERV, comm, UNDEFINED_ROOT, a_sent, 16))
            w(otf2.events.Leave(a_leave, allgatherv))
            w(otf2.events.Enter(a_leave, work))
            w(otf2.events.Leave(g_enter, work))
            w(otf2.events.Enter(g_enter, gatherv))
            w(otf2.events.MpiCollectiveBegin(g_enter))
            w(otf2.events.MpiCollectiveEnd(g_leave, CollectiveOp.GATHERV, comm, 0, g_sent, 16 if rank == 0 else 0))
            w(otf2.events.Leave(g_leave, gatherv))
            w(otf2.events.Enter(g_leave, work))
            w(otf2.events.Leave(400, work))
            w(otf2.events.Leave(400, main_region))


if __name__ == "__main__":
    main()
