#!/usr/bin/python3
"""Writes an OTF2 archive of 8 MPI ranks that recorded no event (each location's event file is there,
whole, and holds none), as a run whose measurement was filtered down to nothing:

    /usr/bin/python3 testdata/make-no-events.py DST_DIR

Every rank has T = 0 and no row; `igtrace diff` against one of testdata/diff's 8-rank runs has no
process to compare.
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm

RANKS = 8


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        d.region("main", paradigm=Paradigm.USER)
        threads = []
        for rank in range(RANKS):
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                              members=list(range(RANKS))))
        for location in threads:
            trace.event_writer_from_location(location)  # an event file with no event


if __name__ == "__main__":
    main()
