#!/usr/bin/python3
"""Writes two 2-rank OTF2 traces (timer 1 MHz: times in microseconds) of a blocking send whose completion
does not follow the message size:

    /usr/bin/python3 testdata/make-send-modes.py [DIR]      (default testdata/send-modes) -> DIR/ssend/traces.otf2, DIR/bsend/traces.otf2

ssend: rank 0 MPI_Ssend [0, 30010] of 100 bytes to rank 1 (MpiSend at 1), then computes to 60000.
       rank 1 computes to 30000, MPI_Recv [30000, 30010] (MpiRecv at 30009), computes to 31000.
       An MPI_Ssend completes only after its receive has started (MPI standard 3.4), whatever its size:
       replayed on any network it cannot leave before 30000 + L, so rank 0 ends at >= 60000 - 10 + L.
       Measured T = 60 ms; a replay on L = 1 us must give ~60 ms.
bsend: rank 0 MPI_Bsend [0, 100] of 1 MiB to rank 1 (MpiSend at 1), then computes to 50000.
       rank 1 computes to 30000, MPI_Recv [30000, 31000] (MpiRecv at 30999), computes to 50000.
       An MPI_Bsend copies into the attached buffer and completes locally (MPI 3.4), whatever its size
       and the receiver: rank 0 never waits in it; its data leaves the buffer once the receive is posted (a
       rendezvous-sized message). Measured T = 50 ms; a replay on L = 1 us, B = 1 GB/s must give ~50 ms
       (rank 1: its receive at 30000 gets the message at 30000 + 1049.6 us, then 19 ms).

And two of a non-blocking send completed in MPI_Wait, whose completion follows the send's mode in the same way:

    -> DIR/issend/traces.otf2, DIR/ibsend/traces.otf2

issend: rank 0 MPI_Issend [0, 10] of 100 bytes to rank 1 (MpiIsend at 1, request 7), MPI_Wait [10, 30010]
        (MpiIsendComplete at 30009), then computes to 60000.
        rank 1 computes to 30000, MPI_Recv [30000, 30010] (MpiRecv at 30009), computes to 31000.
        An MPI_Issend's request completes only once its receive has started (MPI 3.7.2), whatever its size:
        replayed on L = 1 us, B = 1 GB/s its MPI_Wait leaves at 30000 + 1.1 us, and rank 0 ends at
        30001.1 + 29990 = 59991.1 us: ~60 ms (31.0 ms when taken by size: the wait left at its enter).
ibsend: rank 0 MPI_Ibsend [0, 100] of 1 MiB to rank 1 (MpiIsend at 1, request 7), MPI_Wait [100, 200]
        (MpiIsendComplete at 150), then computes to 50000.
        rank 1 computes to 30000, MPI_Recv [30000, 31000] (MpiRecv at 30999), computes to 50000.
        An MPI_Ibsend's request completes locally, whatever its size: rank 0 never waits in MPI_Wait; its data
        leaves the buffer once the receive is posted. Replayed on L = 1 us, B = 1 GB/s: rank 0 ends at
        200 + 49800 - 100 = 49900 us (the wait left at its enter), rank 1 at 30000 + 1049.576 + 19000 us:
        ~50 ms (80.8 ms when taken by size: the wait waited for the receive).
"""
import os, sys
import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole
from otf2.events import Enter, Leave, MpiIsend, MpiIsendComplete, MpiRecv, MpiSend

def write(path, call, size, r0, r1, wait=None):
    with otf2.writer.open(path, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        reg = {"main": d.region("main", paradigm=Paradigm.USER)}
        for n in (call, "MPI_Recv") + (("MPI_Wait",) if wait else ()):
            reg[n] = d.region(n, paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        th = []
        for rank in range(2):
            g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
            th.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=th)
        world = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0, 1]))
        (s0, s1, sev, end0), (q0, q1, rev, end1) = r0, r1
        if wait:  # (wait enter, completion, wait leave): the send is non-blocking, request 7
            w0, wc, w1 = wait
            ev0 = [Enter(0, reg["main"]), Enter(s0, reg[call]), MpiIsend(sev, 1, world, 1, size, 7), Leave(s1, reg[call]),
                   Enter(w0, reg["MPI_Wait"]), MpiIsendComplete(wc, 7), Leave(w1, reg["MPI_Wait"]), Leave(end0, reg["main"])]
        else:
            ev0 = [Enter(0, reg["main"]), Enter(s0, reg[call]), MpiSend(sev, 1, world, 1, size), Leave(s1, reg[call]),
                   Leave(end0, reg["main"])]
        ev1 = [Enter(0, reg["main"]), Enter(q0, reg["MPI_Recv"]), MpiRecv(rev, 0, world, 1, size), Leave(q1, reg["MPI_Recv"]), Leave(end1, reg["main"])]
        for t, evs in zip(th, (ev0, ev1)):
            w = trace.event_writer_from_location(t)
            for e in evs: w(e)

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "send-modes")
write(os.path.join(out, "ssend"), "MPI_Ssend", 100, (0, 30010, 1, 60000), (30000, 30010, 30009, 31000))
write(os.path.join(out, "bsend"), "MPI_Bsend", 1 << 20, (0, 100, 1, 50000), (30000, 31000, 30999, 50000))
write(os.path.join(out, "issend"), "MPI_Issend", 100, (0, 10, 1, 60000), (30000, 30010, 30009, 31000), (10, 30009, 30010))
write(os.path.join(out, "ibsend"), "MPI_Ibsend", 1 << 20, (0, 100, 1, 50000), (30000, 31000, 30999, 50000), (100, 150, 200))
