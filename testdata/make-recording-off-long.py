#!/usr/bin/python3
"""Writes testdata/recording-off-long: two ranks, rank 0's recording switched off for 40 of its 100 us
(MeasurementOnOff), so predict's self-prediction misses and its warning must name the switched-off time.

Times in us (timer 1e6). Both: main [0, 100], MPI_Init [0, 1], MPI_Barrier, MPI_Finalize [95, 96].
rank 0: recording off [10, 50], MPI_Barrier [70, 90]; rank 1: MPI_Barrier [30, 90].
Measured run time: 0 to 100 us. The replay leaves the 40 us out of rank 0's compute (definitions section 3),
so it predicts about 100 - 40 = 60 us or less: more than 10 % short, and the reason is the switched-off time.

    /usr/bin/python3 testdata/make-recording-off-long.py testdata/recording-off-long
"""
import shutil
import sys

import otf2
from otf2.enums import (CollectiveOp, GroupType, LocationGroupType, LocationType, MeasurementMode, Paradigm,
                        RegionRole)


def barrier(a, b):
    return [("enter", a, "MPI_Barrier"), ("cbegin", a), ("cend", b - 1), ("leave", b, "MPI_Barrier")]


TIMELINE = {
    0: [("enter", 0, "main"), ("enter", 0, "MPI_Init"), ("leave", 1, "MPI_Init"), ("off", 10), ("on", 50)]
       + barrier(70, 90) + [("enter", 95, "MPI_Finalize"), ("leave", 96, "MPI_Finalize"), ("leave", 100, "main")],
    1: [("enter", 0, "main"), ("enter", 0, "MPI_Init"), ("leave", 1, "MPI_Init")]
       + barrier(30, 90) + [("enter", 95, "MPI_Finalize"), ("leave", 96, "MPI_Finalize"), ("leave", 100, "main")],
}
MPI = {"MPI_Init", "MPI_Finalize", "MPI_Barrier"}


def main(target):
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        regions = {}
        for n in sorted({e[2] for ev in TIMELINE.values() for e in ev if e[0] in ("enter", "leave")}):
            if n in MPI:
                role = RegionRole.BARRIER if n == "MPI_Barrier" else RegionRole.POINT2POINT
                regions[n] = d.region(n, paradigm=Paradigm.MPI, region_role=role)
            else:
                regions[n] = d.region(n, paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        threads = []
        for rank in sorted(TIMELINE):
            g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                 system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=sorted(TIMELINE)))
        for rank in sorted(TIMELINE):
            w = trace.event_writer_from_location(threads[rank])
            for e in TIMELINE[rank]:
                k, t = e[0], e[1]
                if k == "enter":
                    w(otf2.events.Enter(t, regions[e[2]]))
                elif k == "leave":
                    w(otf2.events.Leave(t, regions[e[2]]))
                elif k == "off":
                    w(otf2.events.MeasurementOnOff(t, MeasurementMode.OFF))
                elif k == "on":
                    w(otf2.events.MeasurementOnOff(t, MeasurementMode.ON))
                elif k == "cbegin":
                    w(otf2.events.MpiCollectiveBegin(t))
                elif k == "cend":
                    w(otf2.events.MpiCollectiveEnd(t, CollectiveOp.BARRIER, comm, 0xFFFFFFFF, 0, 0))


if __name__ == "__main__":
    main(sys.argv[1])
