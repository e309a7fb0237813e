#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace whose posting calls (MPI_Isend, MPI_Irecv) take time (issue 34 item 12: a posting
call keeps its measured duration in the replay, as the Score-P run of sst-macro's MPI coverage test needs: its first
MPI_Isend to a peer sets up a connection, 2 ms for 4 bytes).

    /usr/bin/python3 testdata/make-post-cost.py DST_DIR

Clock in microseconds (timer resolution 1e6), clocks consistent, each rank on its own node ("node0", "node1": no
core is shared). Every message is 4 bytes (eager), tag 0, on MPI_COMM_WORLD. Times in us:
    rank 0: main [0, 1000]; MPI_Isend [100, 400] to 1 (request 1, a first contact: 300 us), MPI_Isend [500, 510] to 1
            (request 2), MPI_Waitall [600, 610] completing both; MPI_Recv [800, 850] from 1 (event at 849)
    rank 1: main [0, 900]; MPI_Irecv [650, 690] from 0 (request 1, 40 us), MPI_Wait [700, 710] completing it (705);
            MPI_Recv [720, 730] of rank 0's second message (725); MPI_Send [840, 840] to 0
Measured run time: 1000 us (rank 0's main).
Calibration: one message shows its transfer, the third (its MPI_Recv posted at 800, before the send at 840): 850 - 840
= 10 us, one size: L = 10 us, B = inf. The others were received after they were sent (705 > 100, 725 > 500). The one
eager MPI_Send lasts 0 us: o = 0.
Replay with the posting calls at their measured durations (compute bursts as measured):
    rank 0: burst 100; Isend 300 -> 400; burst 100 -> 500; Isend 10 -> 510; burst 90 -> 600; Waitall of eager sends,
            done at their posts -> 600; burst 190 -> 790; MPI_Recv waits for rank 1's send
    rank 1: burst 650; Irecv 40 -> 690; burst 10 -> 700; Wait (sent at 100, + L = 110) -> 700; burst 10 -> 710;
            MPI_Recv (sent at 500 + 10) -> 710; burst 110 -> 820; MPI_Send (o = 0) -> 820; burst 60 -> 880
    rank 0: MPI_Recv leaves at 820 + 10 = 830; burst 150 -> 980
    predicted run time max(980, 880) = 980 us (-2.0 %: the Waitall's and the receives' measured 10 us are the model's)
Before (a posting call left at its enter, no o): rank 0 reaches its MPI_Recv at 100 + 100 + 90 + 190 = 480; rank 1
ends its bursts 650 + 10 + 10 + 110 = 780, sends at 780; rank 0 leaves at 790, ends at 940: 940 us (-6.0 %).
The ideal network (L = 0) keeps no posting cost, as it keeps no o: rank 0 leaves its MPI_Recv at 780 and ends at
930 us = T_ideal.

--slow-receive (testdata/post-cost-slow-receive): rank 1's MPI_Recv of the second message lasts [720, 1030] (event at
1025: a slow first message the model cannot know), every later time of rank 1 and rank 0's MPI_Recv leave (1150,
event 1149) 300 us later; then 9 more messages from rank 1 to rank 0 (i = 0..8): rank 1 MPI_Send [1160 + 20 i] (0 us),
rank 0 MPI_Recv [1155 + 20 i, 1170 + 20 i] (event 1 us before its leave), each showing a 10 us transfer; rank 1's main
ends at 1340, rank 0's at 1480 = the measured run time. The fit: 10 messages of 10 us, L = 10 us, B = inf, o = 0.
Replay: rank 1 as above to its first send at 820, then a send every 20 us (840 + 20 i), main end 1000 + 20 = 1020;
rank 0 leaves its first MPI_Recv at 830, each next at 840 + 20 i + 10 = 850 + 20 i (it is there 5 us after the
previous), the last at 1010, ends at 1160. Predicted 1160 us of 1480: -21.6 %, with each process on its own node, 10
messages fitted, one thread each: the warning names a cost the model lacks, not oversubscription.
"""
import argparse

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

TIMELINE = {
    0: [(0, "enter", "main"),
        (100, "enter", "MPI_Isend"), (101, "isend", 1, 1), (400, "leave", "MPI_Isend"),
        (500, "enter", "MPI_Isend"), (501, "isend", 1, 2), (510, "leave", "MPI_Isend"),
        (600, "enter", "MPI_Waitall"), (602, "isend_complete", 1), (603, "isend_complete", 2),
        (610, "leave", "MPI_Waitall"),
        (800, "enter", "MPI_Recv"), (849, "recv", 1), (850, "leave", "MPI_Recv"),
        (1000, "leave", "main")],
    1: [(0, "enter", "main"),
        (650, "enter", "MPI_Irecv"), (650, "post", 1), (690, "leave", "MPI_Irecv"),
        (700, "enter", "MPI_Wait"), (705, "irecv", 0, 1), (710, "leave", "MPI_Wait"),
        (720, "enter", "MPI_Recv"), (725, "recv", 0), (730, "leave", "MPI_Recv"),
        (840, "enter", "MPI_Send"), (840, "send", 0), (840, "leave", "MPI_Send"),
        (900, "leave", "main")],
}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("target")
    p.add_argument("--slow-receive", action="store_true")
    a = p.parse_args()
    timeline = {r: list(ev) for r, ev in TIMELINE.items()}
    if a.slow_receive:
        timeline[1] = [e if e[0] <= 725 else (e[0] + 300,) + e[1:] for e in timeline[1]]
        timeline[1] = [(1025, "recv", 0) if e == (725, "recv", 0) else e for e in timeline[1]]
        timeline[0] = [(e[0] + 300,) + e[1:] if e[0] >= 849 else e for e in timeline[0]][:-1]
        timeline[1] = timeline[1][:-1]
        for i in range(9):
            timeline[0] += [(1155 + 20 * i, "enter", "MPI_Recv"), (1169 + 20 * i, "recv", 1), (1170 + 20 * i, "leave", "MPI_Recv")]
            timeline[1] += [(1160 + 20 * i, "enter", "MPI_Send"), (1160 + 20 * i, "send", 0), (1160 + 20 * i, "leave", "MPI_Send")]
        timeline[0].append((1480, "leave", "main"))
        timeline[1].append((1340, "leave", "main"))
    with otf2.writer.open(a.target, timer_resolution=1000000) as trace:
        d = trace.definitions
        mpi = Paradigm.MPI
        regions = {"main": d.region("main", paradigm=Paradigm.USER)}
        for name in ("MPI_Send", "MPI_Recv", "MPI_Isend", "MPI_Irecv", "MPI_Wait", "MPI_Waitall"):
            regions[name] = d.region(name, paradigm=mpi, region_role=RegionRole.POINT2POINT)
        machine = d.system_tree_node("machine")
        threads = []
        for rank in timeline:
            node = d.system_tree_node("node%d" % rank, class_name="node", parent=machine)
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
                elif kind == "isend":
                    write(otf2.events.MpiIsend(t, e[2], comm, 0, 4, e[3]))
                elif kind == "isend_complete":
                    write(otf2.events.MpiIsendComplete(t, e[2]))
                elif kind == "post":
                    write(otf2.events.MpiIrecvRequest(t, e[2]))
                elif kind == "irecv":
                    write(otf2.events.MpiIrecv(t, e[2], comm, 0, 4, e[3]))
                elif kind == "recv":
                    write(otf2.events.MpiRecv(t, e[2], comm, 0, 4))
                else:
                    write(otf2.events.MpiSend(t, e[2], comm, 0, 4))


if __name__ == "__main__":
    main()
