#!/usr/bin/python3
"""Writes a 1-rank OTF2 trace whose tasks are left under another name than they were entered, as APEX 1.2.0 writes HPX
tasks (its Phylanx trace in alex-r-bigelow/otf2-json-converter: `hpx_main` entered, `run_helper` left; 2,399 Leave events
of regions not open there, and as many regions entered and never left):

    /usr/bin/python3 testdata/make-renamed-task.py DST_DIR

Timer 1 MHz (a tick is a microsecond); one thread:
    main [0, 200]: hpx_main entered at 10, run_helper left at 110; hpx_main entered at 120, run_helper left at 170
A Leave closes the innermost region open (definitions section 1), so each task is [10, 110] and [120, 170]: on the
critical path (the run, 200 us) hpx_main 150 us and main's own 50 us, one level below main; nothing outside every
region. Notes: 2 Leave events of user regions that were not open, 2 regions entered and never left.
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

EVENTS = [(0, "enter", "main"), (10, "enter", "hpx_main"), (110, "leave", "run_helper"),
          (120, "enter", "hpx_main"), (170, "leave", "run_helper"), (200, "leave", "main")]


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        regions = {n: d.region(n, paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
                   for n in ("main", "hpx_main", "run_helper")}
        group = d.location_group("process 0", location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        thread = d.location("thread 0", type=LocationType.CPU_THREAD, group=group)
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=[thread])
        d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                members=[0]))
        write = trace.event_writer_from_location(thread)
        for t, kind, name in EVENTS:
            write(otf2.events.Enter(t, regions[name]) if kind == "enter" else otf2.events.Leave(t, regions[name]))


if __name__ == "__main__":
    main()
