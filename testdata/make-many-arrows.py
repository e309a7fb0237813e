#!/usr/bin/python3
"""Writes an OTF2 archive of PAIRS pairs of ranks, 2p sending to 2p + 1, with more arrow candidates than a timeline keeps:

    /usr/bin/python3 testdata/make-many-arrows.py DST_DIR MESSAGES PAIRS

1 GHz; every rank's main starts at tick 123457 (so pixels counted from tick 0 and from the run's start differ); pair p
sends MESSAGES messages of 8 bytes, message k in MPI_Send [t, t + 1 us] at t = 123457 + 1000 + k x 100 us + p x 7 us,
received in MPI_Recv [t + d - 5 us, t + d], d = 500 + 450 sin(2 pi k / 40) us (the receives in order, each pair's
messages over two pixel columns of the receive). TimelineThreadsTest writes it into a temporary folder (20 pairs of
5,000 messages: 2 x 10^5 message events) and checks that the arrows drawn do not depend on the join's threads; nothing
made by it is kept in testdata/.
"""
import math
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

START = 123457


def main():
    target, messages, pairs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    ranks = 2 * pairs
    with otf2.writer.open(target, timer_resolution=1000000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        main_region = d.region("main", paradigm=Paradigm.USER)
        send = d.region("MPI_Send", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        recv = d.region("MPI_Recv", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        threads = [d.location("Master thread", type=LocationType.CPU_THREAD,
                              group=d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                                                     system_tree_parent=node)) for r in range(ranks)]
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                     members=list(range(ranks))))
        enter, leave = otf2.events.Enter, otf2.events.Leave
        end = START + 1000 + messages * 100000 + 2000000
        for p in range(pairs):
            s, r = 2 * p, 2 * p + 1
            ws, wr = trace.event_writer_from_location(threads[s]), trace.event_writer_from_location(threads[r])
            ws(enter(START, main_region))
            wr(enter(START, main_region))
            for k in range(messages):
                t = START + 1000 + k * 100000 + p * 7000
                delay = int(500000 + 450000 * math.sin(2 * math.pi * k / 40))
                ws(enter(t, send))
                ws(otf2.events.MpiSend(t, r, comm, 0, 8))
                ws(leave(t + 1000, send))
                wr(enter(t + delay - 5000, recv))
                wr(otf2.events.MpiRecv(t + delay, s, comm, 0, 8))
                wr(leave(t + delay, recv))
            ws(leave(end, main_region))
            wr(leave(end, main_region))


if __name__ == "__main__":
    main()
