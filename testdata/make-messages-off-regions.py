#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace laid out as APEX 1.2.0 lays out an HPX run: each process's messages on a thread with no
region event, its work on two other threads, junk lengths in the receive events, and no OpenMP construct.

    /usr/bin/python3 testdata/make-messages-off-regions.py DST_DIR

Timer 1 MHz (a tick is a microsecond). Each rank has three CPU threads, "thread 0", "thread 1" and "thread 2":
    thread 0 (no region event): rank 0 sends 64 bytes to rank 1 at 100 and receives from it at 300; rank 1 receives at
              150 and sends 64 bytes to rank 0 at 250. Every receive event gives the length 2^64 - 16 (-16 read
              signed), as APEX wrote junk there (122 of the 1,747 messages of its MovieLens trace).
    thread 1: `work` [0, 400]; thread 2: `work` [0, 300], with a Leave of `eval` at 150, a region never entered (APEX
              leaves an HPX action about 1,200 times more than it enters it on each thread).
What igtrace should say (definitions sections 4, 9 and 10a): 2 messages of 64 bytes, one each way, counted from their
sends (edge 0-1: 128 bytes); a note that 2 receive events had an impossible length; the threads' table headed as
threads without OpenMP constructs, each thread useful its own span (400 and 300 us), the hybrid efficiency "x threads"
(MPI 1.000 x threads (400 + 300) / (2 x 400) = 0.875); and predict, which replays one thread with regions per process,
a note that the 4 message events of ranks 0-1 lie on a thread with no region event; and a note on the 2 Leave events
of a user region that was not open, on 2 locations.
"""
import shutil
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

JUNK = 2 ** 64 - 16


def main():
    target = sys.argv[1]
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        work = d.region("work", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        action = d.region("eval", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        threads = []
        for rank in (0, 1):
            g = d.location_group("process %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
            threads.append([d.location("thread %d" % t, type=LocationType.CPU_THREAD, group=g) for t in (0, 1, 2)])
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI,
                members=[threads[0][0], threads[1][0]])
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=[0, 1]))
        w = trace.event_writer_from_location(threads[0][0])
        w(otf2.events.MpiSend(100, 1, comm, 0, 64))
        w(otf2.events.MpiRecv(300, 1, comm, 0, JUNK))
        w = trace.event_writer_from_location(threads[1][0])
        w(otf2.events.MpiRecv(150, 0, comm, 0, JUNK))
        w(otf2.events.MpiSend(250, 0, comm, 0, 64))
        for rank in (0, 1):
            for t, end in ((1, 400), (2, 300)):
                w = trace.event_writer_from_location(threads[rank][t])
                w(otf2.events.Enter(0, work))
                if t == 2:
                    w(otf2.events.Leave(150, action))
                w(otf2.events.Leave(end, work))


if __name__ == "__main__":
    main()
