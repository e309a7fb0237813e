#!/usr/bin/python3
"""Writes an 8-rank OTF2 trace whose collectives run on communicators smaller than the run, for the SimGrid export
(definitions section 9; predict.md, SimGrid check):

    /usr/bin/python3 testdata/make-sub-communicators.py DST_DIR

Timer 1 MHz (a tick is a microsecond). Communicators (members in communicator-rank order): MPI_COMM_WORLD, A = [1, 4],
B = [5, 2, 0], C = [3] (alone). Rank r computes 1000 + 100 r us, then:
    ranks 1, 4: MPI_Allreduce on A, 8 bytes, entered at 1000 + 100 r, both leave at 1500;
    ranks 5, 2, 0: MPI_Bcast on B, root 1 (world rank 2), 300000 bytes, entered at 1000 + 100 r, all leave at 1600;
    rank 3: MPI_Allreduce on C, 8 bytes, [1300, 1400];
    ranks 6, 7: no collective (they make a copy without the events of ranks 1, 3, 4, 6 and 7 number its processes
    apart from their world ranks: more left out than read, definitions section 2);
then computes 100 us more. SMPI's replay knows no communicator: the export writes A's and B's instances as messages
between their members and C's as nothing (one member: no step, as section 9 costs it; it slept 100 us).
The model's ends (predict at L = 1 ms, B = 1 GB/s; section 9): A (P = 2, l = 1) starts at its last entry, 1400, and
costs 2 (L + 8 / B) = 2000.016 us: ranks 1 and 4 end at 3400.016 + 100 = 3500.016 us. B is a rendezvous broadcast
(300000 bytes) down the binomial tree of world rank 2 (relative 0; world 0 relative 1, reached at step 1; world 5
relative 2, step 2), a step c = L + S / B = 1300 us: world 0 ends at max(1000, 1200) + 1300 + 100 = 2600, world 5 at
max(1500, 1200 + 1300) + 1300 + 100 = 3900, the root at 1200 + 2 c + 100 = 3900 us. Rank 3 ends at 1400, ranks 6 and 7
at 1700 and 1800 us. In SMPI rank 1, A's root, leaves once it has sent its broadcast, one step earlier: 2500 us.
"""
import shutil
import sys

import otf2
from otf2_ranks import mpi_ranks
from otf2.enums import CollectiveOp, GroupType, Paradigm, RegionRole

RANKS = 8


def main():
    target = sys.argv[1]
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        threads, world = mpi_ranks(trace, RANKS)
        comms = {}
        for name, members in (("A", [1, 4]), ("B", [5, 2, 0]), ("C", [3])):
            group = d.group(name, group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=members)
            comms[name] = (d.comm(name, group=group, parent=world), members)
        main_region = d.region("main", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        allreduce = d.region("MPI_Allreduce", paradigm=Paradigm.MPI, region_role=RegionRole.COLL_ALL2ALL)
        bcast = d.region("MPI_Bcast", paradigm=Paradigm.MPI, region_role=RegionRole.COLL_ONE2ALL)
        for rank in range(RANKS):
            w = trace.event_writer_from_location(threads[rank])
            w(otf2.events.Enter(0, main_region))
            enter = 1000 + 100 * rank
            if rank in (1, 4):
                comm, region, op, root, size, leave = comms["A"][0], allreduce, CollectiveOp.ALLREDUCE, -1, 8, 1500
            elif rank in (5, 2, 0):
                comm, region, op, root, size, leave = comms["B"][0], bcast, CollectiveOp.BCAST, 1, 300000, 1600
            elif rank == 3:
                comm, region, op, root, size, leave, enter = comms["C"][0], allreduce, CollectiveOp.ALLREDUCE, -1, 8, 1400, 1300
            else:
                w(otf2.events.Leave(enter + 100, main_region))
                continue
            w(otf2.events.Enter(enter, region))
            w(otf2.events.MpiCollectiveBegin(enter))
            sent = size if op == CollectiveOp.ALLREDUCE or rank == 2 else 0
            w(otf2.events.MpiCollectiveEnd(leave, op, comm, root, sent, size))
            w(otf2.events.Leave(leave, region))
            w(otf2.events.Leave(leave + 100, main_region))


if __name__ == "__main__":
    main()
