#!/usr/bin/python3
"""Writes an OTF2 archive whose region and process names are not UTF-8 (bytes a tracer copied from a
program built under a Latin-1 locale):

    /usr/bin/python3 testdata/make-undecodable-names.py DST_DIR

Two ranks, times in microseconds. The regions are named b"region\\xff\\xff" and b"region\\xfe\\xfe"
(otf2-print shows two regions), the processes b"proc\\xff\\xff" and b"proc\\xfe\\xfe". Rank 0 computes in the
first region from 0 to 50 and in the second from 50 to 100, then MPI_Send [100, 101] (100 bytes,
the MpiSend at 100); rank 1 computes in them 0-10 and 10-20, then MPI_Recv [20, 102] (its MpiRecv at
102). So each region has 50 us of rank 0's time on the critical path, and rank 1 waits 80 us (late
sender) for rank 0, whose two regions each made it 40 us late. The names are written as other
names of the same length, then the bytes replaced in the definitions file.
"""
import os
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("node")
        first = d.region("regionQA", paradigm=Paradigm.USER)
        second = d.region("regionQB", paradigm=Paradigm.USER)
        send = d.region("MPI_Send", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        recv = d.region("MPI_Recv", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        threads = []
        for rank in range(2):
            group = d.location_group("procQ%d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        world = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                      members=[0, 1]))
        Enter, Leave = otf2.events.Enter, otf2.events.Leave
        for rank, (a, b) in enumerate([(50, 100), (10, 20)]):
            write = trace.event_writer_from_location(threads[rank])
            for event in (Enter(0, first), Leave(a, first), Enter(a, second), Leave(b, second)):
                write(event)
            if rank == 0:
                for event in (Enter(100, send), otf2.events.MpiSend(100, 1, world, 0, 100), Leave(101, send)):
                    write(event)
            else:
                for event in (Enter(20, recv), otf2.events.MpiRecv(102, 0, world, 0, 100), Leave(102, recv)):
                    write(event)
    path = os.path.join(sys.argv[1], "traces.def")
    with open(path, "rb") as f:
        data = f.read()
    for written, meant in ((b"regionQA", b"region\xff\xff"), (b"regionQB", b"region\xfe\xfe"),
                           (b"procQ0", b"proc\xff\xff"), (b"procQ1", b"proc\xfe\xfe")):
        assert data.count(written) == 1, written
        data = data.replace(written, meant)
    with open(path, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
