#!/usr/bin/python3
"""Writes a small OTF2 archive whose region events are calling-context events, as lo2s and Score-P
with unwinding record them, with every time known:

    /usr/bin/python3 testdata/make-calling-context.py DST_DIR --events calling-context|enter-leave|both

Two MPI ranks (clock in microseconds, timer resolution 1e6) run main, MPI_Init, compute, one
message each way, MPI_Finalize; a third location group, "Metric Location Group" (type PROCESS, as
lo2s writes it), holds only a METRIC location with three metric samples. --events chooses how the
regions are recorded: CallingContextEnter/Leave only (calling contexts main -> MPI_Init, compute,
MPI_Send, MPI_Recv, MPI_Finalize), Enter/Leave only, or both at the same times (each call
recorded twice). The numbers are the same for all three (SPEC section 3):

  rank 0: main [100, 2100], MPI_Init [100, 300], compute [300, 1300], MPI_Send [1300, 1400]
          (800 bytes to rank 1 at 1350), MPI_Recv [1400, 2000] (400 bytes from rank 1 at 1900),
          MPI_Finalize [2000, 2100]
          T = (2100 - 100) - 200 (MPI_Init) - 100 (MPI_Finalize) = 1700 us
          Tcomm = 100 (MPI_Send) + 600 (MPI_Recv) = 700 us
  rank 1: main [150, 2200], MPI_Init [150, 350], MPI_Recv [350, 1400] (800 bytes from rank 0 at
          1380), compute [1400, 1850], MPI_Send [1850, 1900] (400 bytes to rank 0 at 1870),
          MPI_Finalize [1900, 2150]
          T = (2200 - 150) - 200 - 250 = 1600 us
          Tcomm = 1050 + 50 = 1100 us
"""
import argparse

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

# (time, "enter" | "leave", region) and (time, "send" | "recv", partner, bytes), per rank
TIMELINE = {
    0: [(100, "enter", "main"), (100, "enter", "MPI_Init"), (300, "leave", "MPI_Init"),
        (300, "enter", "compute"), (1300, "leave", "compute"),
        (1300, "enter", "MPI_Send"), (1350, "send", 1, 800), (1400, "leave", "MPI_Send"),
        (1400, "enter", "MPI_Recv"), (1900, "recv", 1, 400), (2000, "leave", "MPI_Recv"),
        (2000, "enter", "MPI_Finalize"), (2100, "leave", "MPI_Finalize"), (2100, "leave", "main")],
    1: [(150, "enter", "main"), (150, "enter", "MPI_Init"), (350, "leave", "MPI_Init"),
        (350, "enter", "MPI_Recv"), (1380, "recv", 0, 800), (1400, "leave", "MPI_Recv"),
        (1400, "enter", "compute"), (1850, "leave", "compute"),
        (1850, "enter", "MPI_Send"), (1870, "send", 0, 400), (1900, "leave", "MPI_Send"),
        (1900, "enter", "MPI_Finalize"), (2150, "leave", "MPI_Finalize"), (2200, "leave", "main")],
}
METRIC_SAMPLES = [(100, 1.0), (1100, 2.0), (2100, 3.0)]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("target")
    p.add_argument("--events", choices=["calling-context", "enter-leave", "both"], required=True)
    a = p.parse_args()
    with otf2.writer.open(a.target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        mpi = Paradigm.MPI
        regions = {"main": d.region("main", paradigm=Paradigm.USER),
                   "compute": d.region("compute", paradigm=Paradigm.USER)}
        for name in ("MPI_Init", "MPI_Send", "MPI_Recv", "MPI_Finalize"):
            role = RegionRole.POINT2POINT if name in ("MPI_Send", "MPI_Recv") else RegionRole.FUNCTION
            regions[name] = d.region(name, paradigm=mpi, region_role=role)
        contexts = {"main": d.calling_context(regions["main"], parent=None)}
        for name in ("MPI_Init", "compute", "MPI_Send", "MPI_Recv", "MPI_Finalize"):
            contexts[name] = d.calling_context(regions[name], parent=contexts["main"])
        threads = []
        for rank in TIMELINE:
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        world = d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=mpi, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=mpi, members=[0, 1]))
        del world
        metric_group = d.location_group("Metric Location Group", location_group_type=LocationGroupType.PROCESS,
                                        system_tree_parent=node)
        metric_location = d.location("cpu counters", type=LocationType.METRIC, group=metric_group)
        member = d.metric_member("instructions")
        metric = d.metric_class([member])
        for rank, events in TIMELINE.items():
            write = trace.event_writer_from_location(threads[rank])
            for e in events:
                if e[1] in ("enter", "leave"):
                    write_region(write, a.events, e[0], e[1] == "enter", regions[e[2]], contexts[e[2]])
                elif e[1] == "send":
                    write(otf2.events.MpiSend(e[0], e[2], comm, 0, e[3]))
                else:
                    write(otf2.events.MpiRecv(e[0], e[2], comm, 0, e[3]))
        write = trace.event_writer_from_location(metric_location)
        for time, value in METRIC_SAMPLES:
            write(otf2.events.Metric(time, metric, [value]))


def write_region(write, kind, time, enter, region, context):
    """Enter: Enter before CallingContextEnter; leave: the reverse, so that both nest."""
    plain = otf2.events.Enter(time, region) if enter else otf2.events.Leave(time, region)
    calling = otf2.events.CallingContextEnter(time, context, 1) if enter else otf2.events.CallingContextLeave(time, context)
    order = [plain, calling] if enter else [calling, plain]
    for event in order:
        if kind == "both" or (kind == "enter-leave") == (event is plain):
            write(event)


if __name__ == "__main__":
    main()
