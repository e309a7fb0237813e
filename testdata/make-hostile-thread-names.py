#!/usr/bin/python3
"""Writes a 1-process OTF2 trace of two threads whose names are hostile to every output language.

    /usr/bin/python3 testdata/make-hostile-thread-names.py DST_DIR

The thread names reach stats' table of the threads (text, CSV, JSON), the report, the timeline's row labels and
Chrome's and Perfetto's thread names. Each holds the tail HOSTILE of make-hostile-names.py: markup, both quotes, a
backslash, a tab, a newline, the control bytes 0x01 and 0x1f and an ANSI escape sequence. Events (microseconds; timer
1 MHz), one process, no MPI:
    thread "master ..." (location 0): main [0, 100]
    thread "worker ..." (location 1): work [10, 90]
"""
import sys

import otf2
from otf2.enums import LocationGroupType, LocationType, Paradigm

HOSTILE = "<b>&amp;\"q\" 'a' \\ \t|\n|\x01|\x1f|\x1b[31m|]]>--"


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("host", class_name="node")
        main_region = d.region("main", paradigm=Paradigm.USER)
        work = d.region("work", paradigm=Paradigm.USER)
        group = d.location_group("process", location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        master = d.location("master " + HOSTILE, type=LocationType.CPU_THREAD, group=group)
        worker = d.location("worker " + HOSTILE, type=LocationType.CPU_THREAD, group=group)
        w0 = trace.event_writer_from_location(master)
        w0(otf2.events.Enter(0, main_region))
        w0(otf2.events.Leave(100, main_region))
        w1 = trace.event_writer_from_location(worker)
        w1(otf2.events.Enter(10, work))
        w1(otf2.events.Leave(90, work))


if __name__ == "__main__":
    main()
