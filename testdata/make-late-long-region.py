#!/usr/bin/python3
"""Writes a 1-rank OTF2 trace of nine regions whose one with the most time comes back late, after the colours are out.

    /usr/bin/python3 testdata/make-late-long-region.py DST_DIR

Timer 1 MHz (a tick is a microsecond). Rank 0 runs, one after the other, A [0, 100], B [100, 150], C [150, 190],
D [190, 220], E [220, 240], F [240, 255], G [255, 266], H [266, 278], I [278, 291], then G again [291, 891].
Compute per name: G 11 + 600 = 611 us, A 100, B 50, C 40, D 30, E 20, F 15, I 13, H 12. The timeline has 7 colours
of its own per location and a shared one ("other regions", definitions section 12): A-G take the 7 as they come,
H takes the place of G (the least so far, 11 us), I that of H (12 us). By its time G gets the first colour of the
legend; its block [291, 891] was drawn in the shared colour all the same (G had lost its place for good).
"""
import shutil
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

RUNS = [("A", 0, 100), ("B", 100, 150), ("C", 150, 190), ("D", 190, 220), ("E", 220, 240), ("F", 240, 255),
        ("G", 255, 266), ("H", 266, 278), ("I", 278, 291), ("G", 291, 891)]


def main():
    target = sys.argv[1]
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        g = d.location_group("MPI Rank 0", location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        thread = d.location("Master thread", type=LocationType.CPU_THREAD, group=g)
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=[thread])
        d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0]))
        regions = {}
        w = trace.event_writer_from_location(thread)
        for name, start, end in RUNS:
            if name not in regions:
                regions[name] = d.region(name, paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
            w(otf2.events.Enter(start, regions[name]))
            w(otf2.events.Leave(end, regions[name]))


if __name__ == "__main__":
    main()
