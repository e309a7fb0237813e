#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace in which one rank leaves a user region it never entered, as APEX 1.2.0 leaves HPX actions
(about 1,200 times more Leave events than Enter events of an action on each thread, alex-r-bigelow/otf2-json-converter):

    /usr/bin/python3 testdata/make-stray-leave.py DST_DIR

writes DST_DIR/with, the run below, and DST_DIR/without, the same run without the Leaves of `eval`, which every
analysis must read alike. Timer 1 MHz (a tick is a microsecond); clocks consistent; one message of 8 bytes, tag 0, on MPI_COMM_WORLD.
    rank 0: main [0, 400]: compute [10, 190] with a Leave of `eval` at 50 (a user region never entered);
            MPI_Send [200, 210] to rank 1 (its event at 201); compute [250, 350]
    rank 1: main [0, 420]: compute [10, 40]; MPI_Recv [50, 220] from rank 0 (its event at 219), with a Leave of `eval`
            at 100; compute [230, 330]
The Leaves of `eval` close nothing: no `eval` is open. Rank 1 waits in its MPI_Recv from 50 until rank 0's send entered
at 200 (late sender, 150 us). Critical path (definitions section 14), from rank 1's end at 420 back: its MPI_Recv
waited, jump to rank 0 at 200: rank 1 [220, 420] (compute [230, 330] 100 us, main's own 100 us), 20 us of rank 1's
MPI_Recv, rank 0 [0, 200] (compute [10, 190] 180 us, main's own 20 us). Outermost regions on the path (one level below
main): compute 280 us, main 120 us. Causes: in the wait's interval (from the start), rank 0 computed in `compute` 180
us and in main 20 us, rank 1 30 and 20 us: the excess is all `compute`'s (150 us), so the 150 us of waiting are rank 0's
`compute`'s delay cost.
Read with a stray Leave closing the innermost region open, rank 0's `compute` would end at 50 and its `main` at 190, and
rank 1's MPI_Recv at 100, before the message it receives.
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

TIMELINE = {
    0: [(0, "enter", "main"), (10, "enter", "compute"), (50, "leave", "eval"), (190, "leave", "compute"),
        (200, "enter", "MPI_Send"), (201, "send", 1), (210, "leave", "MPI_Send"),
        (250, "enter", "compute"), (350, "leave", "compute"), (400, "leave", "main")],
    1: [(0, "enter", "main"), (10, "enter", "compute"), (40, "leave", "compute"),
        (50, "enter", "MPI_Recv"), (100, "leave", "eval"), (219, "recv", 0), (220, "leave", "MPI_Recv"),
        (230, "enter", "compute"), (330, "leave", "compute"), (420, "leave", "main")],
}


def main():
    write(sys.argv[1] + "/with", TIMELINE)
    write(sys.argv[1] + "/without", {r: [e for e in events if e[2] != "eval"] for r, events in TIMELINE.items()})


def write(target, timeline):
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        regions = {n: d.region(n, paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
                   for n in ("main", "compute", "eval")}
        for n in ("MPI_Send", "MPI_Recv"):
            regions[n] = d.region(n, paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        threads = []
        for rank in timeline:
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=list(timeline)))
        for rank, events in timeline.items():
            write = trace.event_writer_from_location(threads[rank])
            for t, kind, arg in events:
                if kind == "enter":
                    write(otf2.events.Enter(t, regions[arg]))
                elif kind == "leave":
                    write(otf2.events.Leave(t, regions[arg]))
                elif kind == "send":
                    write(otf2.events.MpiSend(t, arg, comm, 0, 8))
                else:
                    write(otf2.events.MpiRecv(t, arg, comm, 0, 8))


if __name__ == "__main__":
    main()
