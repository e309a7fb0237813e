#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace whose two messages have the same sender, receiver and tag on two communicators.

    /usr/bin/python3 testdata/make-two-communicators.py DST_DIR

Timer 1 MHz (a tick is a microsecond); communicators MPI_COMM_WORLD and a duplicate of it ("dup", the same two
ranks), tag 0 on both:
    rank 0: compute [0, 100]; MPI_Send [100, 101] to 1 on MPI_COMM_WORLD, 1000 bytes;
            MPI_Send [101, 102] to 1 on dup, 50000 bytes;
            MPI_Send [102, 103] to 1 on MPI_COMM_WORLD, 8 bytes, tag 2147483647 (Open MPI's MPI_TAG_UB)
    rank 1: compute [0, 10]; MPI_Recv [10, 620] from 0 on dup (50000 bytes, event at 619);
            MPI_Recv [620, 630] from 0 on MPI_COMM_WORLD (1000 bytes, event at 629);
            MPI_Recv [630, 640] from 0 on MPI_COMM_WORLD, tag 2147483647 (8 bytes, event at 639)
MPI matches each receive with the send of its own communicator. The run starts at the first event, rank 1's at
10 us (rank 0's first is at 100 us). On a given network (definitions section 9: L = 10 us, B = 100 MB/s, both
messages eager, no send overhead) both sends leave at 100 us (a blocking eager send takes no time), the dup message
arrives at 100 + 10 + 50000 / 100 = 610 us, rank 1's first receive ends there and its second at once (its message
arrived at 100 + 10 + 10 = 120 us), and its third too (at 100 + 10 + 0.08 us): the run takes 610 - 10 = 600 us,
rank 0 ends at 100 - 10 = 90 us. The largest tag leaves no value above every tag for the dup's tag 0 in SMPI. SMPI's replay knows no
communicator: given the same tag for both, it matched rank 1's first receive (50000 bytes) with the 1000-byte send
and stopped with MPI_ERR_TRUNCATE.
"""
import shutil
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole


def main():
    target = sys.argv[1]
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        threads = []
        for rank in (0, 1):
            g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        ranks = d.group("world ranks", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0, 1])
        world = d.comm("MPI_COMM_WORLD", group=ranks)
        dup = d.comm("dup", group=ranks, parent=world)
        send = d.region("MPI_Send", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        recv = d.region("MPI_Recv", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        w = trace.event_writer_from_location(threads[0])
        for start, comm, tag, size in ((100, world, 0, 1000), (101, dup, 0, 50000), (102, world, 2147483647, 8)):
            w(otf2.events.Enter(start, send))
            w(otf2.events.MpiSend(start, 1, comm, tag, size))
            w(otf2.events.Leave(start + 1, send))
        w = trace.event_writer_from_location(threads[1])
        for start, end, comm, tag, size in ((10, 620, dup, 0, 50000), (620, 630, world, 0, 1000), (630, 640, world, 2147483647, 8)):
            w(otf2.events.Enter(start, recv))
            w(otf2.events.MpiRecv(end - 1, 0, comm, tag, size))
            w(otf2.events.Leave(end, recv))


if __name__ == "__main__":
    main()
