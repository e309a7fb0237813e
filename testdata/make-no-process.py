#!/usr/bin/python3
"""Writes an OTF2 archive like those of libotf2's own tests (issue 34, item 9): CPU-thread
locations that belong to no location group (their group is OTF2_UNDEFINED_LOCATION_GROUP), so no
process at all, and no messages:

    /usr/bin/python3 testdata/make-no-process.py DST_DIR

Two locations, "Location 0" and "Location 1", each Enter "work" at 10 us and Leave it at 20 us
(location 1 at 21 us).
"""
import sys

import otf2
from otf2.enums import LocationType


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        work = d.region("work")
        for i in range(2):
            write = trace.event_writer_from_location(d.location("Location %d" % i, type=LocationType.CPU_THREAD, group=None))
            write(otf2.events.Enter(10, work))
            write(otf2.events.Leave(20 + i, work))


if __name__ == "__main__":
    main()
