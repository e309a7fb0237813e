"""Writes a run of 2 MPI ranks whose rank 1's location record is written twice, the same both times (a writer that
repeats a definition; libotf2 counts both among the locations the anchor announces: 3), one message of 64 bytes from
rank 0 to rank 1:

    /usr/bin/python3 testdata/make-repeated-location.py testdata/repeated-location

Rank 0 enters MPI_Send at 10 us and sends at 11; rank 1 enters MPI_Recv at 5 and receives at 20: a late sender of
10 - 5 = 5 us. otf2-print warns of the duplicate Location definition and reads it; igtrace reads it with a note (a
definition repeats an id): 2 processes, 1 matched message, 5 us of waiting. A repeat that differs (another group: an id
made another's by a damaged byte) is refused.
"""
import sys

import otf2
import otf2.definitions
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

write_location = otf2.definitions.Location.write


def written_twice(self, writer, registry):
    """Rank 1's location (the second defined) written a second time, as it was."""
    write_location(self, writer, registry)
    if self._ref == 1:
        write_location(self, writer, registry)


otf2.definitions.Location.write = written_twice
with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
    d = trace.definitions
    node = d.system_tree_node("localhost")
    main = d.region("main", paradigm=Paradigm.COMPILER, region_role=RegionRole.FUNCTION)
    send = d.region("MPI_Send", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
    recv = d.region("MPI_Recv", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
    locs = []
    for r in range(2):
        g = d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        locs.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
    d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=locs)
    comm = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0, 1]))
    w = trace.event_writer_from_location(locs[0])
    w(otf2.events.Enter(0, main)); w(otf2.events.Enter(10, send)); w(otf2.events.MpiSend(11, 1, comm, 0, 64)); w(otf2.events.Leave(12, send)); w(otf2.events.Leave(100, main))
    w = trace.event_writer_from_location(locs[1])
    w(otf2.events.Enter(0, main)); w(otf2.events.Enter(5, recv)); w(otf2.events.MpiRecv(20, 0, comm, 0, 64)); w(otf2.events.Leave(21, recv)); w(otf2.events.Leave(100, main))
