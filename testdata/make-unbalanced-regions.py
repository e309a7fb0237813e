#!/usr/bin/python3
"""Writes an OTF2 archive whose regions do not nest (issue 34, item 10), as rank 0 of a Score-P
halo exchange recorded them: a region entered twice and left once, a parent left before its child,
a region still open when the location ends:

    /usr/bin/python3 testdata/make-unbalanced-regions.py DST_DIR

Two processes, one CPU thread each, times in microseconds (timer resolution 1 MHz):

  location 0 ("Master thread 0"):        open regions after the event
    0 Enter main                         main
   10 Enter work                         main work
   20 Enter work (again, never left)     main work work
   30 Leave work                         main work             (the inner work)
   50 Enter phase                        main work phase
   60 Enter inner                        main work phase inner
   70 Leave phase                        main work             inner never left: 1
   80 Leave main                         -                     work never left: 2
  location 1 ("Master thread 1"):
    0 Enter main, 80 Leave main, 90 Enter tail (the location ends with it open): 1

So 3 regions are entered and never left, on 2 locations; T_0 = 80 us, T_1 = 90 us (first to last
region event). No messages.
"""
import sys

import otf2
from otf2.enums import LocationType


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        r = {name: d.region(name) for name in ("main", "work", "phase", "inner", "tail")}
        writers = []
        for rank in range(2):
            group = d.location_group("Process %d" % rank, system_tree_parent=node)
            writers.append(trace.event_writer_from_location(
                d.location("Master thread %d" % rank, type=LocationType.CPU_THREAD, group=group)))
        enter, leave = otf2.events.Enter, otf2.events.Leave
        for event in (enter(0, r["main"]), enter(10, r["work"]), enter(20, r["work"]), leave(30, r["work"]),
                      enter(50, r["phase"]), enter(60, r["inner"]), leave(70, r["phase"]), leave(80, r["main"])):
            writers[0](event)
        for event in (enter(0, r["main"]), leave(80, r["main"]), enter(90, r["tail"])):
            writers[1](event)


if __name__ == "__main__":
    main()
