#!/usr/bin/python3
"""Writes an OTF2 archive whose one event file spans two chunks (the smallest chunk libotf2
allows, 256 KiB), to test event files cut after their first chunk:

    /usr/bin/python3 testdata/make-two-chunks.py DST_DIR [CREATOR]

One process, one thread, 12000 calls of "work" (Enter at 10 i us, Leave at 10 i + 5 us). CREATOR, when
given, is written as the anchor's creator (a test names a writer igtrace trusts to count events exactly).
"""
import sys

import otf2
from otf2.enums import LocationType


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000, chunk_size_events=256 * 1024) as trace:
        if len(sys.argv) > 2:
            trace.creator = sys.argv[2]
        d = trace.definitions
        group = d.location_group("Process 0", system_tree_parent=d.system_tree_node("localhost"))
        write = trace.event_writer_from_location(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        work = d.region("work")
        for i in range(12000):
            write(otf2.events.Enter(10 * i, work))
            write(otf2.events.Leave(10 * i + 5, work))


if __name__ == "__main__":
    main()
