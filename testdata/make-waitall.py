#!/usr/bin/python3
"""Writes a small OTF2 archive of non-blocking receives with every time known (issue 34, items 4 and 5):

    /usr/bin/python3 testdata/make-waitall.py DST_DIR --case waitall|halo|testall

Clock in microseconds (timer resolution 1e6), clocks consistent. Each rank runs main [0, 1000].
A non-blocking receive is MPI_Irecv (an MpiIrecvRequest event inside it) completed by an MpiIrecv
event of the same request id inside MPI_Waitall, as Score-P records it. Every message is 4 bytes,
tag 0, on MPI_COMM_WORLD; a send event lies 1 us after its MPI_Send's enter.

--case waitall (3 ranks; SPEC 8 "one call waits once"):
  phase 1: rank 0: MPI_Irecv [10, 11] from 1 (request 1), MPI_Irecv [12, 13] from 2 (request 2),
           MPI_Waitall [100, 420] completing request 1 at 310 and request 2 at 410.
           rank 1: MPI_Send [300, 305] to 0.  rank 2: MPI_Send [400, 405] to 0.
           Both senders are late. One call waits once: min(420, max(300, 400)) - 100 = 300 us, charged
           to edge {0, 2} (rank 2's send entered last). (Each receive on its own: 200 + 300 = 500 us,
           more than the 320 us the call lasted.)
  phase 2: rank 0: MPI_Irecv [500, 501] from 1 (request 3), MPI_Irecv [502, 503] from 2 (request 4),
           MPI_Waitall [510, 720] completing request 4 at 705 and request 3 at 710.
           ranks 1 and 2: MPI_Send [600, 602] to 0 (a tie).
           min(720, 600) - 510 = 90 us, charged to edge {0, 1} (tie: the lowest sender rank).
           (Each on its own: 90 + 90 = 180 us.)
  No late receiver (every receive was posted, at 10-13 and 500-503, before its send entered).
  Rank 0: late sender 300 + 90 = 390 us; edge {0, 1} 90 us, edge {0, 2} 300 us. Rank 0's time in
  MPI: 1 + 1 + 320 + 1 + 1 + 210 = 534 us, T = 1000 us.

--case halo (2 ranks; SPEC 8 late receiver, the receive starts at its post):
  phase 1 (halo exchange: Irecv posted, then a blocking MPI_Send, then MPI_Waitall):
           rank 0: MPI_Irecv [5, 6] from 1 (request 1), MPI_Send [20, 200] to 1, MPI_Waitall [200, 210]
           completing request 1 at 205.
           rank 1: MPI_Irecv [5, 6] from 0 (request 1), MPI_Send [110, 150] to 0, MPI_Waitall [150, 250]
           completing request 1 at 240.
           Rank 0's send entered at 20, its receive was posted at 5: no late receiver (taking the
           receive's start at rank 1's MPI_Waitall, 150, gave 150 - 20 = 130 us). Rank 1's send entered
           at 110, its receive posted at 5: none. No late sender (sends entered before the Waitalls).
  phase 2 (a receive posted after the send entered): rank 0: MPI_Send [300, 400] to 1.
           rank 1: MPI_Irecv [350, 351] from 0 (request 2), MPI_Waitall [360, 410] completing it at 405.
           Late receiver: min(350 - 300, 400 - 300) = 50 us, rank 0, edge {0, 1} (from the Waitall's
           enter it was 60).
  phase 3 (a blocking receive: posted at its own enter): rank 1: MPI_Send [500, 560] to 0.
           rank 0: MPI_Recv [530, 565] from 1 (event at 562). Late receiver 530 - 500 = 30 us, rank 1.
  phase 4 (a completion whose request was never posted in the trace: the old rule, from its
           MPI_Waitall): rank 0: MPI_Send [700, 800] to 1. rank 1: MPI_Irecv [650, 651] recording no
           request, MPI_Waitall [720, 810] completing request 99 (never posted) at 805.
           Late receiver min(720 - 700, 100) = 20 us, rank 0.
  Rank 0: late receiver 50 + 20 = 70 us; rank 1: late receiver 30 us; no late sender.

--case testall (3 ranks; SPEC 8 lists MPI_Testall with the calls that complete several receives: a test that
  completes a receive waited for it as a wait call does, within its own duration):
  phase 1: rank 0: MPI_Irecv [10, 11] from 1 (request 1), MPI_Irecv [12, 13] from 2 (request 2),
           MPI_Test [50, 52] completing nothing, MPI_Testall [100, 420] completing request 1 at 310 and
           request 2 at 410.  rank 1: MPI_Send [300, 305] to 0.  rank 2: MPI_Send [400, 405] to 0.
           One call waits once: min(420, max(300, 400)) - 100 = 300 us, edge {0, 2}; the MPI_Test none.
  phase 2: rank 0: MPI_Irecv [500, 501] from 1 (request 3), MPI_Test [600, 640] completing it at 630.
           rank 1: MPI_Send [610, 612] to 0.  min(640, 610) - 600 = 10 us, edge {0, 1}.
  No late receiver. Rank 0: late sender 300 + 10 = 310 us; edge {0, 1} 10 us, edge {0, 2} 300 us. Rank 0's
  time in MPI: 1 + 1 + 2 + 320 + 1 + 40 = 365 us, T = 1000 us.
"""
import argparse

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

WAITALL = {
    0: [(0, "enter", "main"),
        (10, "enter", "MPI_Irecv"), (10, "post", 1), (11, "leave", "MPI_Irecv"),
        (12, "enter", "MPI_Irecv"), (12, "post", 2), (13, "leave", "MPI_Irecv"),
        (100, "enter", "MPI_Waitall"), (310, "irecv", 1, 1), (410, "irecv", 2, 2), (420, "leave", "MPI_Waitall"),
        (500, "enter", "MPI_Irecv"), (500, "post", 3), (501, "leave", "MPI_Irecv"),
        (502, "enter", "MPI_Irecv"), (502, "post", 4), (503, "leave", "MPI_Irecv"),
        (510, "enter", "MPI_Waitall"), (705, "irecv", 2, 4), (710, "irecv", 1, 3), (720, "leave", "MPI_Waitall"),
        (1000, "leave", "main")],
    1: [(0, "enter", "main"), (300, "send", 0, 305), (600, "send", 0, 602), (1000, "leave", "main")],
    2: [(0, "enter", "main"), (400, "send", 0, 405), (600, "send", 0, 602), (1000, "leave", "main")],
}

TESTALL = {
    0: [(0, "enter", "main"),
        (10, "enter", "MPI_Irecv"), (10, "post", 1), (11, "leave", "MPI_Irecv"),
        (12, "enter", "MPI_Irecv"), (12, "post", 2), (13, "leave", "MPI_Irecv"),
        (50, "enter", "MPI_Test"), (52, "leave", "MPI_Test"),
        (100, "enter", "MPI_Testall"), (310, "irecv", 1, 1), (410, "irecv", 2, 2), (420, "leave", "MPI_Testall"),
        (500, "enter", "MPI_Irecv"), (500, "post", 3), (501, "leave", "MPI_Irecv"),
        (600, "enter", "MPI_Test"), (630, "irecv", 1, 3), (640, "leave", "MPI_Test"),
        (1000, "leave", "main")],
    1: [(0, "enter", "main"), (300, "send", 0, 305), (610, "send", 0, 612), (1000, "leave", "main")],
    2: [(0, "enter", "main"), (400, "send", 0, 405), (1000, "leave", "main")],
}

HALO = {
    0: [(0, "enter", "main"),
        (5, "enter", "MPI_Irecv"), (5, "post", 1), (6, "leave", "MPI_Irecv"),
        (20, "send", 1, 200),
        (200, "enter", "MPI_Waitall"), (205, "irecv", 1, 1), (210, "leave", "MPI_Waitall"),
        (300, "send", 1, 400),
        (530, "enter", "MPI_Recv"), (562, "recv", 1), (565, "leave", "MPI_Recv"),
        (700, "send", 1, 800),
        (1000, "leave", "main")],
    1: [(0, "enter", "main"),
        (5, "enter", "MPI_Irecv"), (5, "post", 1), (6, "leave", "MPI_Irecv"),
        (110, "send", 0, 150),
        (150, "enter", "MPI_Waitall"), (240, "irecv", 0, 1), (250, "leave", "MPI_Waitall"),
        (350, "enter", "MPI_Irecv"), (350, "post", 2), (351, "leave", "MPI_Irecv"),
        (360, "enter", "MPI_Waitall"), (405, "irecv", 0, 2), (410, "leave", "MPI_Waitall"),
        (500, "send", 0, 560),
        (650, "enter", "MPI_Irecv"), (651, "leave", "MPI_Irecv"),
        (720, "enter", "MPI_Waitall"), (805, "irecv", 0, 99), (810, "leave", "MPI_Waitall"),
        (1000, "leave", "main")],
}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("target")
    p.add_argument("--case", choices=["waitall", "halo", "testall"], required=True)
    a = p.parse_args()
    timeline = {"waitall": WAITALL, "halo": HALO, "testall": TESTALL}[a.case]
    with otf2.writer.open(a.target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        mpi = Paradigm.MPI
        regions = {"main": d.region("main", paradigm=Paradigm.USER)}
        for name in ("MPI_Send", "MPI_Recv", "MPI_Irecv", "MPI_Waitall") + (("MPI_Test", "MPI_Testall") if a.case == "testall" else ()):
            regions[name] = d.region(name, paradigm=mpi, region_role=RegionRole.POINT2POINT)
        threads = []
        for rank in timeline:
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=mpi, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=mpi, members=list(timeline)))
        for rank, events in timeline.items():
            write = trace.event_writer_from_location(threads[rank])
            for e in events:
                t, kind = e[0], e[1]
                if kind == "enter":
                    write(otf2.events.Enter(t, regions[e[2]]))
                elif kind == "leave":
                    write(otf2.events.Leave(t, regions[e[2]]))
                elif kind == "post":
                    write(otf2.events.MpiIrecvRequest(t, e[2]))
                elif kind == "irecv":
                    write(otf2.events.MpiIrecv(t, e[2], comm, 0, 4, e[3]))
                elif kind == "recv":
                    write(otf2.events.MpiRecv(t, e[2], comm, 0, 4))
                else:  # a blocking send: MPI_Send [t, e[3]], its send event 1 us after the enter
                    write(otf2.events.Enter(t, regions["MPI_Send"]))
                    write(otf2.events.MpiSend(t + 1, e[2], comm, 0, 4))
                    write(otf2.events.Leave(e[3], regions["MPI_Send"]))


if __name__ == "__main__":
    main()
