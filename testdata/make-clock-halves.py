#!/usr/bin/python3
"""Writes a 2-rank OTF2 archive whose clock lies where OTF2's unsigned 64-bit timestamps pass 2^63 ticks:

    /usr/bin/python3 testdata/make-clock-halves.py DST_DIR RANK0_START RANK1_START

A 1 GHz clock; each rank, from its start b (an unsigned tick count, in decimal):
    rank 0: main [b, b + 1000]; MPI_Send [b + 100, b + 200] to rank 1, its send event at b + 101
    rank 1: main [b, b + 1000]; MPI_Recv [b + 50, b + 210] from rank 0, its receive event at b + 205
so T_i = 1000 ticks = 1 us and w_0 = 1 - 100/1000 = 0.9 wherever b lies. The tests (ClockHalvesTest and the Spark job's)
write it into a temporary folder with starts that cross 2^63 on one rank, put the ranks on either side of it, or put
both after it; nothing made by it is kept in testdata/.
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole


def main():
    target, starts = sys.argv[1], [int(sys.argv[2]), int(sys.argv[3])]
    with otf2.writer.open(target, timer_resolution=1000000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        main_region = d.region("main", paradigm=Paradigm.USER)
        send = d.region("MPI_Send", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        recv = d.region("MPI_Recv", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        threads = [d.location("Master thread", type=LocationType.CPU_THREAD,
                              group=d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                                                     system_tree_parent=node)) for r in range(2)]
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                     members=[0, 1]))
        enter, leave = otf2.events.Enter, otf2.events.Leave
        b = starts[0]
        w = trace.event_writer_from_location(threads[0])
        w(enter(b, main_region))
        w(enter(b + 100, send))
        w(otf2.events.MpiSend(b + 101, 1, comm, 0, 4))
        w(leave(b + 200, send))
        w(leave(b + 1000, main_region))
        b = starts[1]
        w = trace.event_writer_from_location(threads[1])
        w(enter(b, main_region))
        w(enter(b + 50, recv))
        w(otf2.events.MpiRecv(b + 205, 0, comm, 0, 4))
        w(leave(b + 210, recv))
        w(leave(b + 1000, main_region))


if __name__ == "__main__":
    main()
