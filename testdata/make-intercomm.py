#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace (timer 1 MHz) with messages on an MPI intercommunicator, as OTF2 3.0 defines one
(InterComm: group A, group B, common communicator MPI_COMM_WORLD). A message event on an intercommunicator names
its partner by its rank in the remote group (MPI standard 6.6: point-to-point on an intercommunicator addresses
the remote group).

    /usr/bin/python3 testdata/make-intercomm.py [DIR]     (default testdata/intercomm) -> DIR/traces.otf2

group A = world ranks {0, 2}, group B = world ranks {1, 3}.
  world 0 (A rank 0) MPI_Send [100, 110] 100 bytes to remote rank 1 = world 3, tag 1 (MpiSend at 101);
     world 3 (B rank 1) MPI_Recv [100, 120] from remote rank 0 = world 0 (MpiRecv at 119).
  world 2 (A rank 1) MPI_Send [200, 210] 200 bytes to remote rank 0 = world 1, tag 1 (MpiSend at 201);
     world 1 (B rank 0) MPI_Recv [150, 220] from remote rank 1 = world 2 (MpiRecv at 219): late sender 50 us.
Expected: edges {0,3} 1 message 100 bytes, {1,2} 1 message 200 bytes; rank 1 late sender 50 us.
"""
import os, sys
import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole, CommFlag
from otf2.events import Enter, Leave, MpiRecv, MpiSend
import _otf2
import otf2.definition_writer as _dw

# python3-otf2 3.0.2 passes InterComm's inherited Comm fields too (10 arguments for 7): write it directly
def _write_inter_comm(this, self, name, group, parent, flags, groupA, groupB, common, flags2):
    _otf2.GlobalDefWriter_WriteInterComm(this._handle, self, name, groupA, groupB, common, flags2)
_dw.DefinitionWriter.write_inter_comm = _write_inter_comm

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "intercomm")
with otf2.writer.open(out, timer_resolution=1000000) as trace:
    d = trace.definitions
    node = d.system_tree_node("localhost")
    reg = {"main": d.region("main", paradigm=Paradigm.USER)}
    for n in ("MPI_Send", "MPI_Recv"):
        reg[n] = d.region(n, paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
    th = []
    for rank in range(4):
        g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        th.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
    d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=th)
    world = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0, 1, 2, 3]))
    ga = d.group("A", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0, 2])
    gb = d.group("B", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[1, 3])
    inter = d.inter_comm("INTER", group=ga, groupA=ga, groupB=gb, parent=world)
    ev = {r: [Enter(0, reg["main"])] for r in range(4)}
    ev[0] += [Enter(100, reg["MPI_Send"]), MpiSend(101, 1, inter, 1, 100), Leave(110, reg["MPI_Send"])]
    ev[3] += [Enter(100, reg["MPI_Recv"]), MpiRecv(119, 0, inter, 1, 100), Leave(120, reg["MPI_Recv"])]
    ev[2] += [Enter(200, reg["MPI_Send"]), MpiSend(201, 0, inter, 1, 200), Leave(210, reg["MPI_Send"])]
    ev[1] += [Enter(150, reg["MPI_Recv"]), MpiRecv(219, 1, inter, 1, 200), Leave(220, reg["MPI_Recv"])]
    for r in range(4):
        ev[r].append(Leave(1000, reg["main"]))
        w = trace.event_writer_from_location(th[r])
        for e in ev[r]: w(e)
