"""Writes a run of 2 MPI ranks whose rank 1 runs on a location of type UNKNOWN (as a writer that gives no type, or a
damaged byte that turned CPU_THREAD (1) into UNKNOWN (0), leaves it), one message of 64 bytes from rank 0 to rank 1:

    /usr/bin/python3 testdata/make-unknown-location.py testdata/unknown-location

Rank 0 enters MPI_Send at 10 us and sends at 11; rank 1 enters MPI_Recv at 5 and receives at 20: a late sender of
10 - 5 = 5 us. Read as "not a CPU thread", rank 1 was left out and the message unmatched; it is read as a CPU thread
(a member of MPI_COMM_WORLD runs on one): 2 processes, 1 matched message, 5 us of waiting.
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole
with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
    d = trace.definitions
    node = d.system_tree_node("localhost")
    main = d.region("main", paradigm=Paradigm.COMPILER, region_role=RegionRole.FUNCTION)
    send = d.region("MPI_Send", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
    recv = d.region("MPI_Recv", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
    locs = []
    for r in range(2):
        g = d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        locs.append(d.location("Master thread", type=LocationType.CPU_THREAD if r == 0 else LocationType.UNKNOWN, group=g))
    d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=locs)
    comm = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0, 1]))
    w = trace.event_writer_from_location(locs[0])
    w(otf2.events.Enter(0, main)); w(otf2.events.Enter(10, send)); w(otf2.events.MpiSend(11, 1, comm, 0, 64)); w(otf2.events.Leave(12, send)); w(otf2.events.Leave(100, main))
    w = trace.event_writer_from_location(locs[1])
    w(otf2.events.Enter(0, main)); w(otf2.events.Enter(5, recv)); w(otf2.events.MpiRecv(20, 0, comm, 0, 64)); w(otf2.events.Leave(21, recv)); w(otf2.events.Leave(100, main))
