#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace whose phases run at the outermost level, with no main around them (the critical path's
outermost regions, definitions section 14):

    /usr/bin/python3 testdata/make-no-main.py DST_DIR

Timer 1 MHz (a tick is a microsecond); clocks consistent; one message of 8 bytes, tag 0, on MPI_COMM_WORLD.
    rank 0: phase1 [0, 200] (kernelA [20, 120] inside); MPI_Send [200, 210] to rank 1 (its event at 201);
            phase2 [210, 400] (kernelB [250, 350] inside)
    rank 1: phase1 [0, 50] (kernelA [10, 40] inside); MPI_Recv [50, 220] from rank 0 (its event at 219);
            phase2 [220, 420] (kernelB [230, 330] inside)
Rank 1 waits in its MPI_Recv from 50 until rank 0's send entered at 200 (late sender, 150 us). Critical path (section
14), from rank 1's end at 420 back: its MPI_Recv waited, jump to rank 0 at 200: rank 1 [200, 420] (20 us in MPI_Recv,
200 us in phase2), rank 0 [0, 200] (200 us in phase1). Each rank enters two root regions, so the outermost regions are
the phases, each with its kernel: phase1 200 us, phase2 200 us (one level below each root, they read kernelA 100,
phase1 100, kernelB 100, phase2 100).
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

TIMELINE = {
    0: [(0, "enter", "phase1"), (20, "enter", "kernelA"), (120, "leave", "kernelA"), (200, "leave", "phase1"),
        (200, "enter", "MPI_Send"), (201, "send", 1), (210, "leave", "MPI_Send"),
        (210, "enter", "phase2"), (250, "enter", "kernelB"), (350, "leave", "kernelB"), (400, "leave", "phase2")],
    1: [(0, "enter", "phase1"), (10, "enter", "kernelA"), (40, "leave", "kernelA"), (50, "leave", "phase1"),
        (50, "enter", "MPI_Recv"), (219, "recv", 0), (220, "leave", "MPI_Recv"),
        (220, "enter", "phase2"), (230, "enter", "kernelB"), (330, "leave", "kernelB"), (420, "leave", "phase2")],
}


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        regions = {n: d.region(n, paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
                   for n in ("phase1", "phase2", "kernelA", "kernelB")}
        for n in ("MPI_Send", "MPI_Recv"):
            regions[n] = d.region(n, paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        threads = []
        for rank in TIMELINE:
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=list(TIMELINE)))
        for rank, events in TIMELINE.items():
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
