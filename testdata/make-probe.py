#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace in which rank 1 waits for rank 0's message in MPI_Probe, then receives it:

    /usr/bin/python3 testdata/make-probe.py DST_DIR

Timer resolution 1 GHz; times in ms:

    rank 0: main [0, 100]
            MPI_Send [50, 50.01] to rank 1, tag 5, 200 bytes, its send event at 50.005
            MPI_Send [55, 55.01] to rank 1, tag 6, 300 bytes, its send event at 55.005
    rank 1: main [0, 100]
            MPI_Probe [1, 50.02]                       waits for the tag-5 message: from 1 until its send began at 50
            MPI_Recv [50.03, 50.04], receive event at 50.035, from rank 0, tag 5, 200 bytes
            MPI_Probe [60, 60.001]                     the tag-6 message had come (sent at 55): no wait
            MPI_Recv [60.002, 60.003], receive event at 60.0025, from rank 0, tag 6, 300 bytes

A blocking probe waits for the message the receive after it takes (definitions section 8): rank 1's late-sender wait
is 50 - 1 = 49 ms, in the first probe (the receive, entered after the message came, waits for nothing; read as two
calls, rank 1 waited 0 s). T = 100 ms each; Tcomm_0 = 0.02 ms, Tcomm_1 = 49.02 + 0.01 + 0.001 + 0.001 = 49.032 ms.
`why`'s critical path goes from the end back to the first probe's wait, jumps to rank 0 at 50 ms and runs on rank 0's
main down to 0: rank 0's main (its 50 ms before the send) is what rank 1 waited for.
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole


def ns(ms):
    return int(round(ms * 1e6))


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        main_region = d.region("main", region_role=RegionRole.FUNCTION, paradigm=Paradigm.USER)
        p2p = {n: d.region(n, region_role=RegionRole.POINT2POINT, paradigm=Paradigm.MPI)
               for n in ("MPI_Send", "MPI_Recv", "MPI_Probe")}
        threads = [d.location("Master thread", type=LocationType.CPU_THREAD,
                              group=d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                                                     system_tree_parent=node)) for r in range(2)]
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                     members=[0, 1]))
        enter, leave = otf2.events.Enter, otf2.events.Leave
        w = trace.event_writer_from_location(threads[0])
        w(enter(ns(0), main_region))
        for at, tag, size in ((50, 5, 200), (55, 6, 300)):
            w(enter(ns(at), p2p["MPI_Send"]))
            w(otf2.events.MpiSend(ns(at + 0.005), 1, comm, tag, size))
            w(leave(ns(at + 0.01), p2p["MPI_Send"]))
        w(leave(ns(100), main_region))
        w = trace.event_writer_from_location(threads[1])
        w(enter(ns(0), main_region))
        for probe, receive, event, tag, size in (((1, 50.02), (50.03, 50.04), 50.035, 5, 200),
                                                 ((60, 60.001), (60.002, 60.003), 60.0025, 6, 300)):
            w(enter(ns(probe[0]), p2p["MPI_Probe"]))
            w(leave(ns(probe[1]), p2p["MPI_Probe"]))
            w(enter(ns(receive[0]), p2p["MPI_Recv"]))
            w(otf2.events.MpiRecv(ns(event), 0, comm, tag, size))
            w(leave(ns(receive[1]), p2p["MPI_Recv"]))
        w(leave(ns(100), main_region))


if __name__ == "__main__":
    main()
