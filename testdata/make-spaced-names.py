#!/usr/bin/python3
"""Writes two 1-rank OTF2 traces whose region names carry white space.

    /usr/bin/python3 testdata/make-spaced-names.py DST_DIR

Timer 1 MHz (a tick is a microsecond).
DST_DIR/regions: rank 0 runs, one after the other, "solve" [0, 100], "solve " (a trailing space) [100, 300], " solve"
(a leading space) [300, 600] and "\\tsolve" (a leading tab) [600, 1000]: four regions, their exclusive times 100, 200,
300 and 400 us, the whole run (1000 us) the critical path. igtrace stripped white space from every region name, so the
four were one region "solve" of 1000 us.
DST_DIR/mpi: " MPI_Init" (paradigm MPI) [0, 100], "solve" [100, 900], "MPI_Finalize " [900, 1000]: the measured part
of the run is [100, 900] (definitions section 3), which the timeline draws by default.
"""
import shutil
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

NAMES = [("solve", 0, 100), ("solve ", 100, 300), (" solve", 300, 600), ("\tsolve", 600, 1000)]


def main():
    shutil.rmtree(sys.argv[1], ignore_errors=True)
    write(sys.argv[1] + "/regions", [(name, Paradigm.USER, start, end) for name, start, end in NAMES])
    write(sys.argv[1] + "/mpi", [(" MPI_Init", Paradigm.MPI, 0, 100), ("solve", Paradigm.USER, 100, 900),
                                 ("MPI_Finalize ", Paradigm.MPI, 900, 1000)])


def write(target, runs):
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        g = d.location_group("MPI Rank 0", location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        thread = d.location("Master thread", type=LocationType.CPU_THREAD, group=g)
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=[thread])
        d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0]))
        w = trace.event_writer_from_location(thread)
        for name, paradigm, start, end in runs:
            region = d.region(name, paradigm=paradigm, region_role=RegionRole.FUNCTION)
            w(otf2.events.Enter(start, region))
            w(otf2.events.Leave(end, region))


if __name__ == "__main__":
    main()
