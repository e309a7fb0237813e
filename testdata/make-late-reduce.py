#!/usr/bin/python3
"""Writes a 3-rank OTF2 trace of one MPI_Reduce whose root waits for its first member, then for its last.

    /usr/bin/python3 testdata/make-late-reduce.py DST_DIR [LATE [ROOT]]

Timer 1 MHz (a tick is a microsecond); no message; MPI_COMM_WORLD = ranks 0, 1, 2; L = LATE (default 250), the time
rank 2 enters the reduce; R = ROOT (default 100), the time the root enters it. Each rank runs main [0, end] with `work` inside it, around one MPI_Reduce to root 0
(MpiCollectiveBegin at its enter, MpiCollectiveEnd at its leave):
    rank 0: work [0, R];       MPI_Reduce root 0 [R, L + 10];    work [L + 10, L + 50];  main ends at L + 50
    rank 1: work [0, 150];     MPI_Reduce        [150, 160];     work [160, 290];        main ends at 290
    rank 2: work [0, L];       MPI_Reduce        [L, L + 10];    work [L + 10, L + 40];  main ends at L + 40
            (with `inner` [50, 150] inside its first work: main -> work -> inner)
The clocks need no correction (the root leaves at L + 10, after the last member entered at L): offsets 0.
Waits (definitions section 8): early reduce, the root from its enter to the first other member's: 150 - R = 50 us,
charged to rank 1 (R = 100); nobody else waits. With R = 200 (`root-late`) the root entered after rank 1 and waits
for nobody, but still leaves only after rank 2 entered.
Critical path (section 14), from the end of rank 0 (it ends last, at L + 50) back: its MPI_Reduce leaves only after
the last member entered (whether or not its root waited for the first): jump to rank 2 at L, then back on rank 2 to
the start:
    rank 0 [L, L + 50]: 10 us in MPI_Reduce, 40 us in work;  rank 2 [0, L]: L us in work, of it 100 us in inner.
Length L + 50, the measured run time. Per outermost user region below main (section 14): work L + 40 us; per
innermost region (each one's exclusive time, as diff takes it, section 15): work L - 60 us, inner 100 us. With L = 250: 300 us, of it 290 us compute and 10 us MPI; with L = 300 (the
same program with rank 2 computing 50 us more before the reduce) 350 us, 340 us compute: a run time 50 us longer, all of it rank 2's work.
"""
import shutil
import sys

import otf2
from otf2.enums import CollectiveOp, GroupType, LocationGroupType, LocationType, Paradigm, RegionRole


def main():
    target = sys.argv[1]
    late = int(sys.argv[2]) if len(sys.argv) > 2 else 250
    root = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    # per rank: (work before, reduce enter, reduce leave, end)
    ranks = {0: (root, root, late + 10, late + 50), 1: (150, 150, 160, 290), 2: (late, late, late + 10, late + 40)}
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        reduce = d.region("MPI_Reduce", paradigm=Paradigm.MPI, region_role=RegionRole.COLL_ALL2ONE)
        main_region = d.region("main", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        work = d.region("work", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        inner = d.region("inner", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        threads = []
        for rank in (0, 1, 2):
            g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=[0, 1, 2]))
        for rank in (0, 1, 2):
            before, enter, leave, end = ranks[rank]
            w = trace.event_writer_from_location(threads[rank])
            w(otf2.events.Enter(0, main_region))
            w(otf2.events.Enter(0, work))
            if rank == 2:
                w(otf2.events.Enter(50, inner))
                w(otf2.events.Leave(150, inner))
            w(otf2.events.Leave(before, work))
            w(otf2.events.Enter(enter, reduce))
            w(otf2.events.MpiCollectiveBegin(enter))
            w(otf2.events.MpiCollectiveEnd(leave, CollectiveOp.REDUCE, comm, 0, 8, 8 if rank == 0 else 0))
            w(otf2.events.Leave(leave, reduce))
            w(otf2.events.Enter(leave, work))
            w(otf2.events.Leave(end, work))
            w(otf2.events.Leave(end, main_region))


if __name__ == "__main__":
    main()
