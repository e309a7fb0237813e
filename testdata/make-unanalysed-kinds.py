#!/usr/bin/python3
"""Writes an OTF2 archive with the event kinds igtrace reads only to count them (a note names each):
non-blocking collectives, one-sided (RMA) transfers and a cancelled request:

    /usr/bin/python3 testdata/make-unanalysed-kinds.py DST_DIR

33 MPI ranks, one CPU thread each, times in microseconds (timer resolution 1 MHz); every rank is in
main from 0 to 1000, so T = 1000 us each. Ranks 3-32 do nothing else.

  ranks 0, 1, 2  MPI_Iallreduce on the communicator SUB (world ranks 0, 1, 2), with its
                 NonBlockingCollectiveRequest, entered at 10, 20, 300 and left 2 us later; then
                 MPI_Wait with the NonBlockingCollectiveComplete (8 bytes sent, 8 received) from
                 50, 60, 303 to 310.                                  3 non-blocking collectives
  rank 0         MPI_Put [600, 605] (RmaPut to rank 1, 1000 bytes), MPI_Get [610, 615] (RmaGet from
                 rank 2, 500 bytes), MPI_Accumulate [620, 625] (RmaAtomic on rank 1, 8 bytes):
                                                                      3 one-sided transfers
  rank 1         MPI_Isend [800, 801] to rank 2 (2000 bytes, request 7), MPI_Cancel [802, 803],
                 MPI_Wait [804, 805] with MpiRequestCancelled(7):     1 cancelled request
  rank 1 -> 2    MPI_Send [850, 855] (64 bytes, the MpiSend at 851); rank 2's MPI_Recv [850, 860]
                 (its MpiRecv at 858).

Time in MPI: rank 0 2 + 260 + 5 + 5 + 5 = 277 us, rank 1 2 + 250 + 1 + 1 + 1 + 5 = 260 us, rank 2
2 + 7 + 10 = 19 us. The pair 1-2 has 2 messages, 2064 bytes: the cancelled MPI_Isend counts, and has no
receive. The non-blocking collectives and the one-sided transfers add no edge.

33 ranks so that rank 1's count of cancelled requests is the reader's count number 100 (after 33
counts of regions never left and 33 of each of the two other kinds), the first that Spark's tasks
must send under a key of its own (the profile's counts end before 100).
"""
import sys

import otf2
from otf2.enums import (CollectiveOp, GroupType, LocationGroupType, LocationType, Paradigm, RegionRole,
                        RmaAtomicType)
from otf2.events import (Enter, Leave, MpiIsend, MpiRecv, MpiRequestCancelled, MpiSend,
                         NonBlockingCollectiveComplete, NonBlockingCollectiveRequest, RmaAtomic, RmaGet,
                         RmaOpCompleteBlocking, RmaPut)

RANKS = 33
NO_ROOT = 0xFFFFFFFF


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        region = {"main": d.region("main", paradigm=Paradigm.USER)}
        for name, role in (("MPI_Iallreduce", RegionRole.COLL_ALL2ALL), ("MPI_Wait", RegionRole.POINT2POINT),
                           ("MPI_Put", RegionRole.RMA), ("MPI_Get", RegionRole.RMA), ("MPI_Accumulate", RegionRole.RMA),
                           ("MPI_Isend", RegionRole.POINT2POINT), ("MPI_Cancel", RegionRole.POINT2POINT),
                           ("MPI_Send", RegionRole.POINT2POINT), ("MPI_Recv", RegionRole.POINT2POINT)):
            region[name] = d.region(name, paradigm=Paradigm.MPI, region_role=role)
        threads = []
        for rank in range(RANKS):
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        world = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                      members=list(range(RANKS))))
        sub = d.comm("SUB", group=d.group("sub", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                          members=[0, 1, 2]))
        window = d.rma_win("window", world)
        events = {rank: [Enter(0, region["main"])] for rank in range(RANKS)}

        def call(rank, name, enter, leave, inside=()):
            events[rank].append(Enter(enter, region[name]))
            events[rank].extend(inside)
            events[rank].append(Leave(leave, region[name]))

        for rank, (enter, wait, complete) in {0: (10, 50, 305), 1: (20, 60, 306), 2: (300, 303, 309)}.items():
            call(rank, "MPI_Iallreduce", enter, enter + 2, [NonBlockingCollectiveRequest(enter + 1, 1)])
            call(rank, "MPI_Wait", wait, 310,
                 [NonBlockingCollectiveComplete(complete, CollectiveOp.ALLREDUCE, sub, NO_ROOT, 8, 8, 1)])
        call(0, "MPI_Put", 600, 605, [RmaPut(601, window, 1, 1000, 1), RmaOpCompleteBlocking(604, window, 1)])
        call(0, "MPI_Get", 610, 615, [RmaGet(611, window, 2, 500, 2), RmaOpCompleteBlocking(614, window, 2)])
        call(0, "MPI_Accumulate", 620, 625,
             [RmaAtomic(621, window, 1, RmaAtomicType.ACCUMULATE, 8, 0, 3), RmaOpCompleteBlocking(624, window, 3)])
        call(1, "MPI_Isend", 800, 801, [MpiIsend(800, 2, world, 0, 2000, 7)])
        call(1, "MPI_Cancel", 802, 803)
        call(1, "MPI_Wait", 804, 805, [MpiRequestCancelled(804, 7)])
        call(1, "MPI_Send", 850, 855, [MpiSend(851, 2, world, 0, 64)])
        call(2, "MPI_Recv", 850, 860, [MpiRecv(858, 1, world, 0, 64)])
        for rank in range(RANKS):
            events[rank].append(Leave(1000, region["main"]))
            write = trace.event_writer_from_location(threads[rank])
            for event in events[rank]:
                write(event)


if __name__ == "__main__":
    main()
