#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace (timer 1 MHz, microseconds) with an MPI_Irecv that is cancelled, as Score-P
records it (MpiIrecvRequest in MPI_Irecv, MpiRequestCancelled in the MPI_Wait that completes it):

    /usr/bin/python3 testdata/make-cancel-recv.py [DIR]     (default testdata/cancel-recv) -> DIR/traces.otf2

rank 1: MPI_Irecv [0, 5] from rank 0, tag 1, request 5 (MpiIrecvRequest at 1); MPI_Cancel [10, 15];
        MPI_Wait [20, 25] with MpiRequestCancelled(5) at 21; computes to 50000;
        MPI_Irecv [50000, 50005] from rank 0 tag 1, request 5 again (an MPI library reuses the handle's
        slot; MpiIrecvRequest at 50001); MPI_Wait [50010, 50100] with MpiIrecv(0, tag 1, 131072 B, request 5)
        at 50099; main ends at 60000.
rank 0: MPI_Send [10000, 50100] of 131072 bytes (rendezvous-sized) to rank 1, tag 1 (MpiSend at 10001);
        main ends at 60000.
The only message is the second receive's, posted at 50000: rank 0's blocking send waited for it from
10000 to 50000: late receiver 40 ms on rank 0 (definitions 8: a receive is posted at the start of its
MPI_Irecv). 1 message, 131072 bytes on the pair 0-1.
"""
import os, sys
import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole
from otf2.events import Enter, Leave, MpiIrecv, MpiIrecvRequest, MpiRequestCancelled, MpiSend

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "cancel-recv")
with otf2.writer.open(out, timer_resolution=1000000) as trace:
    d = trace.definitions
    node = d.system_tree_node("localhost")
    reg = {"main": d.region("main", paradigm=Paradigm.USER)}
    for n in ("MPI_Send", "MPI_Irecv", "MPI_Cancel", "MPI_Wait"):
        reg[n] = d.region(n, paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
    th = []
    for rank in range(2):
        g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        th.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
    d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=th)
    world = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0, 1]))
    S = 131072
    ev0 = [Enter(0, reg["main"]), Enter(10000, reg["MPI_Send"]), MpiSend(10001, 1, world, 1, S), Leave(50100, reg["MPI_Send"]), Leave(60000, reg["main"])]
    ev1 = [Enter(0, reg["main"]),
           Enter(0, reg["MPI_Irecv"]), MpiIrecvRequest(1, 5), Leave(5, reg["MPI_Irecv"]),
           Enter(10, reg["MPI_Cancel"]), Leave(15, reg["MPI_Cancel"]),
           Enter(20, reg["MPI_Wait"]), MpiRequestCancelled(21, 5), Leave(25, reg["MPI_Wait"]),
           Enter(50000, reg["MPI_Irecv"]), MpiIrecvRequest(50001, 5), Leave(50005, reg["MPI_Irecv"]),
           Enter(50010, reg["MPI_Wait"]), MpiIrecv(50099, 0, world, 1, S, 5), Leave(50100, reg["MPI_Wait"]),
           Leave(60000, reg["main"])]
    for t, evs in zip(th, (ev0, ev1)):
        w = trace.event_writer_from_location(t)
        for e in evs: w(e)
