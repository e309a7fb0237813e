#!/usr/bin/python3
"""Writes an OTF2 archive whose anchor claims 16 MiB chunks (libotf2's largest) for definitions
and events, with N locations of a few events each, to see that memory does not grow with the
number of locations (libotf2 gives each reader a buffer of the chunk size, filled):

    /usr/bin/python3 testdata/make-wide-chunks.py DST_DIR N

N processes of one thread each; each calls "work" 10 times (Enter at 10 i us, Leave at 10 i + 5 us).
"""
import sys

import otf2
from otf2.enums import LocationType

CHUNK = 16 * 1024 * 1024


def main():
    n = int(sys.argv[2])
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000, chunk_size_events=CHUNK,
                          chunk_size_definitions=CHUNK) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        work = d.region("work")
        for r in range(n):
            group = d.location_group("Process %d" % r, system_tree_parent=node)
            write = trace.event_writer_from_location(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
            for i in range(10):
                write(otf2.events.Enter(10 * i, work))
                write(otf2.events.Leave(10 * i + 5, work))


if __name__ == "__main__":
    main()
