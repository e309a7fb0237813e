#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace whose names are hostile to every output language.

    /usr/bin/python3 testdata/make-hostile-names.py DST_DIR

Every name a trace carries into igtrace's outputs (host, process, thread, regions, communicator)
holds markup, both quotes, a backslash, a tab, a newline, the control bytes 0x01 and 0x1f and an
ANSI escape sequence (ESC [ 3 1 m, which would turn a terminal red): see HOSTILE below. Events
(microseconds; timer 1 MHz), two ranks:
    rank 0: main [0, 100]; MPI_Send [10, 20] sends 800 bytes to rank 1, tag 3; "solve..." [20, 90]
    rank 1: main [0, 100]; MPI_Recv [5, 30] receives the 800 bytes; "solve..." [30, 90]
So: one edge 0-1 of 1 message, 800 bytes; rank 0's T = 100 us, Tcomm = 10 us; rank 1's T = 100 us,
Tcomm = 25 us; the receive entered 5 us before the send: a late sender of 5 us on rank 1.
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

HOSTILE = "<b>&amp;\"q\" 'a' \\ \t|\n|\x01|\x1f|\x1b[31m|]]>--"


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("host " + HOSTILE, class_name="node")
        mpi = Paradigm.MPI
        main_region = d.region("main " + HOSTILE, paradigm=Paradigm.USER)
        solve = d.region("solve " + HOSTILE, paradigm=Paradigm.USER)
        send = d.region("MPI_Send", paradigm=mpi, region_role=RegionRole.POINT2POINT)
        recv = d.region("MPI_Recv", paradigm=mpi, region_role=RegionRole.POINT2POINT)
        threads = []
        for rank in range(2):
            group = d.location_group("rank %d %s" % (rank, HOSTILE), location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("thread " + HOSTILE, type=LocationType.CPU_THREAD, group=group))
        d.group("world " + HOSTILE, group_type=GroupType.COMM_LOCATIONS, paradigm=mpi, members=threads)
        comm = d.comm("comm " + HOSTILE, group=d.group("ranks " + HOSTILE, group_type=GroupType.COMM_GROUP,
                                                       paradigm=mpi, members=[0, 1]))
        w0 = trace.event_writer_from_location(threads[0])
        w0(otf2.events.Enter(0, main_region))
        w0(otf2.events.Enter(10, send))
        w0(otf2.events.MpiSend(11, 1, comm, 3, 800))
        w0(otf2.events.Leave(20, send))
        w0(otf2.events.Enter(20, solve))
        w0(otf2.events.Leave(90, solve))
        w0(otf2.events.Leave(100, main_region))
        w1 = trace.event_writer_from_location(threads[1])
        w1(otf2.events.Enter(0, main_region))
        w1(otf2.events.Enter(5, recv))
        w1(otf2.events.MpiRecv(29, 0, comm, 3, 800))
        w1(otf2.events.Leave(30, recv))
        w1(otf2.events.Enter(30, solve))
        w1(otf2.events.Leave(90, solve))
        w1(otf2.events.Leave(100, main_region))


if __name__ == "__main__":
    main()
