#!/usr/bin/python3
"""Writes two 1-rank OTF2 traces whose region with the most time comes back late, after the timeline's colours are out.

    /usr/bin/python3 testdata/make-late-long-region.py DST_DIR

Timer 1 MHz (a tick is a microsecond). The timeline has 7 colours of its own per location and a shared one ("other
regions", definitions section 12).

DST_DIR/after: rank 0 runs, one after the other, A [0, 100], B [100, 150], C [150, 190], D [190, 220], E [220, 240],
F [240, 255], G [255, 266], H [266, 278], I [278, 291], then G again [291, 891]. Compute per name: G 11 + 600 =
611 us, A 100, B 50, C 40, D 30, E 20, F 15, I 13, H 12. A-G take the 7 colours as they come, H takes the place of G
(the least so far, 11 us), I that of H (12 us). By its time G gets the first colour of the legend; its block
[291, 891] was drawn in the shared colour all the same (G had lost its place for good).

DST_DIR/inside: main [0, 3700] holds A-F (100 us each, from 1 + 100 k), G [601, 611] and G [700, 1700]. Compute per
name: main 1 + 89 + 2000 = 2090 us, G 1010, A-F 100 each: the legend's first colour is main's, its second G's. main
and A-F take the 7 colours, G takes main's (the least so far, 1 us); main's stretch [1700, 3700] then takes back a
colour (its time is more than twice the least), and took G's, whose block [700, 1700] had been given G's colour
before that stretch ended: G's block was drawn in main's colour.
"""
import shutil
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

RUNS = [("A", 0, 100), ("B", 100, 150), ("C", 150, 190), ("D", 190, 220), ("E", 220, 240), ("F", 240, 255),
        ("G", 255, 266), ("H", 266, 278), ("I", 278, 291), ("G", 291, 891)]


INSIDE = [("enter", 0, "main")] + [e for k, n in enumerate("ABCDEF") for e in (("enter", 1 + 100 * k, n), ("leave", 101 + 100 * k, n))] \
    + [("enter", 601, "G"), ("leave", 611, "G"), ("enter", 700, "G"), ("leave", 1700, "G"), ("leave", 3700, "main")]


def main():
    shutil.rmtree(sys.argv[1], ignore_errors=True)
    write(sys.argv[1] + "/after", [e for name, start, end in RUNS for e in (("enter", start, name), ("leave", end, name))])
    write(sys.argv[1] + "/inside", INSIDE)


def write(target, events):
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        g = d.location_group("MPI Rank 0", location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        thread = d.location("Master thread", type=LocationType.CPU_THREAD, group=g)
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=[thread])
        d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0]))
        regions = {}
        w = trace.event_writer_from_location(thread)
        for kind, time, name in events:
            if name not in regions:
                regions[name] = d.region(name, paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
            w((otf2.events.Enter if kind == "enter" else otf2.events.Leave)(time, regions[name]))


if __name__ == "__main__":
    main()
