#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace whose recording is switched off inside MPI calls (issue 34 item 4).

    /usr/bin/python3 testdata/make-off-inside-mpi.py DST_DIR

Timer 1 MHz (a tick is a microsecond); 8-byte messages, tag 0, MPI_COMM_WORLD; MeasurementOnOff
OFF then ON inside two calls:
    rank 0: main [0, 200]; MPI_Recv [10, 80] from 1, recording off [20, 60], receive event at 79;
            MPI_Recv [150, 160] from 1, receive event at 159
    rank 1: main [0, 200]; MPI_Send [70, 72] to 0 (event at 70);
            MPI_Send [100, 170] to 0 (event at 100), recording off [110, 140]
Time in MPI (definitions section 3: the calls' time less the time recording was off inside them):
rank 0 (70 - 40) + 10 = 40 us, rank 1 2 + (70 - 30) = 42 us.
Waits (SPEC 8; recording off inside the waiting call is not waiting: the wait less that time, at
least 0): rank 0's first receive entered at 10 before the send at 70, late sender 70 - 10 = 60 us
less the 40 us off inside it: 20 us; its second receive entered at 150 after the send at 100: none.
Rank 1's second send was still running when its receive was posted at 150: late receiver
150 - 100 = 50 us less the 30 us off inside it: 20 us. Before issue 34 item 4 they read 60 and 50 us,
more than the ranks' 40 and 42 us in MPI.
"""
import shutil
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, MeasurementMode, Paradigm, RegionRole


def main():
    target = sys.argv[1]
    shutil.rmtree(target, ignore_errors=True)
    timeline = {
        0: [("enter", 0, "main"), ("enter", 10, "MPI_Recv"), ("off", 20), ("on", 60), ("recv", 79, 1),
            ("leave", 80, "MPI_Recv"), ("enter", 150, "MPI_Recv"), ("recv", 159, 1), ("leave", 160, "MPI_Recv"),
            ("leave", 200, "main")],
        1: [("enter", 0, "main"), ("enter", 70, "MPI_Send"), ("send", 70, 0), ("leave", 72, "MPI_Send"),
            ("enter", 100, "MPI_Send"), ("send", 100, 0), ("off", 110), ("on", 140), ("leave", 170, "MPI_Send"),
            ("leave", 200, "main")],
    }
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        regions = {n: d.region(n, paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT) for n in ("MPI_Recv", "MPI_Send")}
        regions["main"] = d.region("main", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        threads = []
        for rank in (0, 1):
            g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=[0, 1]))
        for rank in (0, 1):
            w = trace.event_writer_from_location(threads[rank])
            for e in timeline[rank]:
                k, t = e[0], e[1]
                if k == "enter":
                    w(otf2.events.Enter(t, regions[e[2]]))
                elif k == "leave":
                    w(otf2.events.Leave(t, regions[e[2]]))
                elif k == "send":
                    w(otf2.events.MpiSend(t, e[2], comm, 0, 8))
                elif k == "recv":
                    w(otf2.events.MpiRecv(t, e[2], comm, 0, 8))
                elif k == "off":
                    w(otf2.events.MeasurementOnOff(t, MeasurementMode.OFF))
                elif k == "on":
                    w(otf2.events.MeasurementOnOff(t, MeasurementMode.ON))


if __name__ == "__main__":
    main()
