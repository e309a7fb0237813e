#!/usr/bin/python3
"""Writes a 3-rank OTF2 trace of a chain of waits whose regions are defined once per rank, as EZTrace 2 defines them.

    /usr/bin/python3 testdata/make-regions-per-rank.py DST_DIR

Each rank has region definitions of its own named "work", "MPI_Send" and "MPI_Recv" (same name, paradigm and role,
the description "rank N": three definitions of each name). Timer 1 MHz (a tick is a microsecond); 8-byte messages, tag 0, MPI_COMM_WORLD:
    rank 2: work [0, 30000]; MPI_Send [30000, 30002] to 1
    rank 1: work [0, 10000]; MPI_Recv [10000, 30005] from 2 (event at 30004); work [30005, 40005];
            MPI_Send [40005, 40007] to 0
    rank 0: work [0, 20000]; MPI_Recv [20000, 40010] from 1 (event at 40009)
Waits (late sender): rank 1 30000 - 10000 = 20000 us, rank 0 40005 - 20000 = 20005 us; 40005 us in all.
Causes (definitions section 14): rank 1's wait is rank 2's: rank 2 computed work 30000 us before its send, rank 1
10000 us before its receive, an excess E of 20000 us in work, nothing flowed into rank 2: 20000 us to (2, work).
Rank 0's wait is rank 1's: since the run's start rank 1 computed work 10000 + 10000 = 20000 us before its send, rank 0
20000 us before its receive: E = 0, and the 20000 us rank 1 waited flowed into it (Q), so all of rank 0's 20005 us
goes on to rank 1's cause: 40005 us to (2, work) and nothing else. With a definition per rank the causes compared
rank 1's "work" with rank 0's as two regions (rank 0's compute in rank 1's region 0): E = 20000 against Q = 20000, so
(2, work) 30.0 ms and (1, work) 10.0 ms.
"""
import shutil
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole


def main():
    target = sys.argv[1]
    shutil.rmtree(target, ignore_errors=True)
    timeline = {
        0: [("enter", 0, "work"), ("leave", 20000, "work"), ("enter", 20000, "MPI_Recv"), ("recv", 40009, 1),
            ("leave", 40010, "MPI_Recv")],
        1: [("enter", 0, "work"), ("leave", 10000, "work"), ("enter", 10000, "MPI_Recv"), ("recv", 30004, 2),
            ("leave", 30005, "MPI_Recv"), ("enter", 30005, "work"), ("leave", 40005, "work"),
            ("enter", 40005, "MPI_Send"), ("send", 40005, 0), ("leave", 40007, "MPI_Send")],
        2: [("enter", 0, "work"), ("leave", 30000, "work"), ("enter", 30000, "MPI_Send"), ("send", 30000, 1),
            ("leave", 30002, "MPI_Send")],
    }
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        regions, threads = {}, []
        for rank in (0, 1, 2):
            mine = "rank %d" % rank  # python3-otf2 writes one definition for equal attributes: the description differs
            regions[rank] = {
                "work": d.region("work", description=mine, paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION),
                "MPI_Send": d.region("MPI_Send", description=mine, paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT),
                "MPI_Recv": d.region("MPI_Recv", description=mine, paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT),
            }
            g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=[0, 1, 2]))
        for rank in (0, 1, 2):
            w = trace.event_writer_from_location(threads[rank])
            for e in timeline[rank]:
                k, t = e[0], e[1]
                if k == "enter":
                    w(otf2.events.Enter(t, regions[rank][e[2]]))
                elif k == "leave":
                    w(otf2.events.Leave(t, regions[rank][e[2]]))
                elif k == "send":
                    w(otf2.events.MpiSend(t, e[2], comm, 0, 8))
                elif k == "recv":
                    w(otf2.events.MpiRecv(t, e[2], comm, 0, 8))


if __name__ == "__main__":
    main()
