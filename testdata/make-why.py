#!/usr/bin/python3
"""Writes two OTF2 traces whose critical path and causes are known by construction (issue 37, `igtrace why`):

    /usr/bin/python3 testdata/make-why.py DST_DIR

DST_DIR/slow-rank (8 ranks, clock in microseconds): MPI_Init [0, 10] on every rank, then 10 iterations of
    solve    100 us (300 us on rank 5),
    pack      20 us,
    MPI_Sendrecv: 1024 bytes to rank r+1, from rank r-1 (a ring); entered at e_r, its send at e_r, it
             leaves at l_r = max(e_r, e_(r-1) + 1) + 2 (the receive 1 us before the leave): e_r + 3, but
             l_5 = e_5 + 2 and l_6 = e_5 + 3,
    MPI_Allreduce: entered at l_r, every rank leaves at max_r l_r + 5;
then MPI_Finalize [end, end + 10]. Per iteration rank 6 waits e_5 - e_6 = 200 us in MPI_Sendrecv for
rank 5 (late sender), and in MPI_Allreduce the last to enter is rank 6 (l_6 = e_5 + 1 + 2, one more
than l_5): ranks 0-4 and 7 wait l_6 - l_r = 200 us, rank 5 waits 1 us. All of it is caused by rank 5's
solve (200 us more than anyone's): waiting per iteration 200 + 6 * 200 + 1 = 1401 us, 14.01 ms in all.
The run: from 10 (MPI_Init left) to 10 + 10 * (320 + 3 + 5) = 3290 us (MPI_Finalize entered), 3.28 ms.
Balancing solve (each rank's solve 125 us, the mean) shortens each iteration by 300 - 125 = 175 us:
1.75 ms in all.

DST_DIR/chain (5 ranks, microseconds): MPI_Init [0, 10], then
    rank 0, 1: work [10, 110];
    rank 2: work [10, 510], MPI_Send to 3 [510, 512];
    rank 3: work [10, 110], MPI_Recv from 2 [110, 513] (waits 400 us), work [513, 613], MPI_Send to 4 [613, 615];
    rank 4: work [10, 210], MPI_Recv from 3 [210, 616] (waits 403 us);
then MPI_Finalize [end, end + 10]. Rank 4's wait is caused by rank 3, which was late only because it
waited for rank 2: the long-term cost of both waits (803 us) goes to rank 2's work.

DST_DIR/ring (4 ranks, microseconds): MPI_Init [0, 10], then 4 iterations of
    solve    100 us (300 us on rank 1),
    MPI_Sendrecv: 1024 bytes to rank r+1, from rank r-1; entered at e_r with its send, it leaves at
             l_r = max(e_r, e_(r-1) + 1) + 2 (the receive 1 us before the leave);
then MPI_Finalize. Rank r waits e_(r-1) - e_r where positive (late sender): iteration 0 rank 2 200 us;
1: rank 2 199, rank 3 200; 2: rank 0 200, rank 2 199, rank 3 199; 3: rank 0 199, rank 2 199, rank 3
199: 1794 us in all. Only rank 1 computes more than the others; rank 2 is late for rank 3 only
because inside the same MPI_Sendrecv it waited for rank 1 after rank 3 had its message (rank 3 left
at 416 us, rank 2 at 615 us in iteration 1), and so on round the ring: every wait's long-term cost is
rank 1's solve (1794 us), none of it the others' solve, which they all ran for 100 us.
"""
import os
import sys

import otf2
from otf2.enums import CollectiveOp, GroupType, LocationGroupType, LocationType, Paradigm, RegionRole


def slow_rank():
    """Per rank a list of events: (time, kind, ...)."""
    n, events = 8, {r: [] for r in range(8)}
    clock = {}
    for r in range(n):
        events[r] += [(0, "enter", "MPI_Init"), (10, "leave", "MPI_Init")]
        clock[r] = 10
    for _ in range(10):
        enter = {}
        for r in range(n):
            solve = 300 if r == 5 else 100
            t = clock[r]
            events[r] += [(t, "enter", "solve"), (t + solve, "leave", "solve"),
                          (t + solve, "enter", "pack"), (t + solve + 20, "leave", "pack")]
            enter[r] = t + solve + 20
        leave = {r: max(enter[r], enter[(r - 1) % n] + 1) + 2 for r in range(n)}
        done = max(leave.values()) + 5
        for r in range(n):
            e, l = enter[r], leave[r]
            events[r] += [(e, "enter", "MPI_Sendrecv"), (e, "send", (r + 1) % n, 1024),
                          (l - 1, "recv", (r - 1) % n, 1024), (l, "leave", "MPI_Sendrecv"),
                          (l, "enter", "MPI_Allreduce"), (l, "begin"), (done, "end", CollectiveOp.ALLREDUCE, 8, 8 * n),
                          (done, "leave", "MPI_Allreduce")]
            clock[r] = done
    for r in range(n):
        events[r] += [(clock[r], "enter", "MPI_Finalize"), (clock[r] + 10, "leave", "MPI_Finalize")]
    return n, events


def chain():
    init = [(0, "enter", "MPI_Init"), (10, "leave", "MPI_Init")]
    work = lambda a, b: [(a, "enter", "work"), (b, "leave", "work")]
    send = lambda a, b, to: [(a, "enter", "MPI_Send"), (a, "send", to, 64), (b, "leave", "MPI_Send")]
    recv = lambda a, b, src: [(a, "enter", "MPI_Recv"), (b - 1, "recv", src, 64), (b, "leave", "MPI_Recv")]
    fin = lambda t: [(t, "enter", "MPI_Finalize"), (t + 10, "leave", "MPI_Finalize")]
    events = {
        0: init + work(10, 110) + fin(110),
        1: init + work(10, 110) + fin(110),
        2: init + work(10, 510) + send(510, 512, 3) + fin(512),
        3: init + work(10, 110) + recv(110, 513, 2) + work(513, 613) + send(613, 615, 4) + fin(615),
        4: init + work(10, 210) + recv(210, 616, 3) + fin(616),
    }
    return 5, events


def ring():
    n, events = 4, {r: [(0, "enter", "MPI_Init"), (10, "leave", "MPI_Init")] for r in range(4)}
    clock = {r: 10 for r in range(n)}
    for _ in range(4):
        enter = {r: clock[r] + (300 if r == 1 else 100) for r in range(n)}
        leave = {r: max(enter[r], enter[(r - 1) % n] + 1) + 2 for r in range(n)}
        for r in range(n):
            e, l = enter[r], leave[r]
            events[r] += [(clock[r], "enter", "solve"), (e, "leave", "solve"),
                          (e, "enter", "MPI_Sendrecv"), (e, "send", (r + 1) % n, 1024),
                          (l - 1, "recv", (r - 1) % n, 1024), (l, "leave", "MPI_Sendrecv")]
            clock[r] = l
    for r in range(n):
        events[r] += [(clock[r], "enter", "MPI_Finalize"), (clock[r] + 10, "leave", "MPI_Finalize")]
    return n, events


def write(target, n, events):
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        names = sorted({e[2] for es in events.values() for e in es if e[1] in ("enter", "leave")})
        regions = {}
        for name in names:
            if name.startswith("MPI_"):
                role = RegionRole.COLL_ALL2ALL if name == "MPI_Allreduce" else \
                    RegionRole.POINT2POINT if name in ("MPI_Send", "MPI_Recv", "MPI_Sendrecv") else RegionRole.FUNCTION
                regions[name] = d.region(name, paradigm=Paradigm.MPI, region_role=role)
            else:
                regions[name] = d.region(name, paradigm=Paradigm.USER)
        threads = []
        for rank in range(n):
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=list(range(n))))
        for rank in range(n):
            w = trace.event_writer_from_location(threads[rank])
            for e in events[rank]:
                if e[1] == "enter":
                    w(otf2.events.Enter(e[0], regions[e[2]]))
                elif e[1] == "leave":
                    w(otf2.events.Leave(e[0], regions[e[2]]))
                elif e[1] == "send":
                    w(otf2.events.MpiSend(e[0], e[2], comm, 0, e[3]))
                elif e[1] == "recv":
                    w(otf2.events.MpiRecv(e[0], e[2], comm, 0, e[3]))
                elif e[1] == "begin":
                    w(otf2.events.MpiCollectiveBegin(e[0]))
                else:
                    w(otf2.events.MpiCollectiveEnd(e[0], e[2], comm, 0xFFFFFFFF, e[3], e[4]))


def main():
    target = sys.argv[1]
    os.makedirs(target, exist_ok=True)
    write(os.path.join(target, "slow-rank"), *slow_rank())
    write(os.path.join(target, "chain"), *chain())
    write(os.path.join(target, "ring"), *ring())


if __name__ == "__main__":
    main()
