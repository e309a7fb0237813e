#!/usr/bin/python3
"""Writes the two runs `igtrace diff` is tested on (issue 37, SPEC 15): a balanced run and its twin
whose one rank's `solve` is slow.

    /usr/bin/python3 testdata/make-diff.py DST_DIR [--slow-rank R [--slow-iteration K]] [--ranks N] [--nodes LIST]

Clock in microseconds (timer resolution 1e6), clocks consistent. N = 8 ranks (default). Every rank
runs `main` over 10 iterations; iteration k starts at t = 140 k (balanced) or 340 k (slow), and on
rank r it is
    solve [t, t + s_r]              s_r = 100 us, or 300 us on the slow rank
    pack  [t + s_r, t + s_r + 20]
    MPI_Sendrecv (the ring): sends 1024 bytes to (r + 1) % N (its send event 1 us after the enter),
        receives 1024 bytes from (r - 1) % N (its receive event 1 us before the leave), tag 0;
        it leaves 10 us after the later of its own enter and its left neighbour's send call's enter
    MPI_Allreduce (8 bytes each): every rank leaves 10 us after the last one entered.
Balanced: every rank [solve 100][pack 20][Sendrecv 10][Allreduce 10], 140 us an iteration, T = 1.400 ms.
Slow rank S (--slow-rank 5): rank S enters MPI_Sendrecv at t + 320 and leaves at t + 330; rank S + 1
waits in its MPI_Sendrecv [t + 120, t + 330] for S's send (late sender 200 us); the others'
MPI_Sendrecv is [t + 120, t + 130]; every MPI_Allreduce ends at t + 340 (S and S + 1 enter at t + 330,
the others wait there 200 us). 340 us an iteration, T = 3.400 ms.
So T(slow) - T(balanced) = 10 x (340 - 140) us = 2.000 ms, and all of it is rank S's solve: 10 x
(300 - 100) us. Compute in solve summed over the ranks: 8 x 1.000 = 8.000 ms balanced, 7 x 1.000 +
3.000 = 10.000 ms slow; pack 8 x 0.200 = 1.600 ms in both.

A slowdown that moved (diff/slow-rank-1 against diff/slow-rank-2, `--slow-rank 1` and `--slow-rank 2`):
both take T = 3.400 ms and compute 10.000 ms in solve, so the difference is 0, per region too. Per
process: rank 1 computes (solve + pack) 10 x 320 = 3.200 ms in A and 10 x 120 = 1.200 ms in B (-2.000
ms), rank 2 the reverse (+2.000 ms). Waiting: in A every rank but 1 waits 10 x 200 us = 2.000 ms (rank
2 in its MPI_Sendrecv, the others in the all-reduce), in B every rank but 2: rank 1 +2.000 ms, rank 2
-2.000 ms; every other rank's compute, transfer (10 x 20 us) and waiting are the same.

A slowdown in one iteration (diff/slow-rank-5-once, `--slow-rank 5 --slow-iteration 4`): rank 5's solve is 300 us
in iteration 4 only, which takes 340 us as above; every other iteration 140 us. T = 9 x 140 + 340 = 1.600 ms, 0.200 ms
more than balanced, all of it rank 5's solve. Under `--region solve` a process's T_i runs from its first solve's enter
(0) to its last solve's leave: 1.360 ms balanced (1.260 + 0.100), 1.560 ms here on every rank; rank 5's solve +0.200 ms
(its time between the instances the same), every other rank's time between the instances +0.200 ms (its waits there).

`--nodes LIST` (a node number per rank, e.g. 0,0,1,1,2,2,3,3) puts the ranks on nodes named node0,
node1, ...; without it every rank is on localhost. diff/nodes-block (`--nodes 0,0,1,1,2,2,3,3`) and
diff/nodes-swapped (`--nodes 0,1,0,1,2,2,3,3`: ranks 1 and 2 swapped) are the balanced run placed
two ways: ranks 0-3 have other node-mates in one than in the other, ranks 4-7 the same.
"""
import argparse

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

ITERATIONS = 10


def main():
    p = argparse.ArgumentParser()
    p.add_argument("target")
    p.add_argument("--slow-rank", type=int, default=-1)
    p.add_argument("--slow-iteration", type=int, default=-1)
    p.add_argument("--ranks", type=int, default=8)
    p.add_argument("--nodes", default=None)
    a = p.parse_args()
    n = a.ranks
    node_of = [int(x) for x in a.nodes.split(",")] if a.nodes else None
    # per iteration, each rank's solve; an iteration lasts its longest solve + 40 us
    solves = [[300 if r == a.slow_rank and a.slow_iteration in (-1, k) else 100 for r in range(n)] for k in range(ITERATIONS)]
    starts = [sum(max(solves[j]) + 40 for j in range(k)) for k in range(ITERATIONS + 1)]
    with otf2.writer.open(a.target, timer_resolution=1000000) as trace:
        d = trace.definitions
        if node_of is None:
            node = d.system_tree_node("localhost")
        else:
            machine = d.system_tree_node("machine")
            nodes = {k: d.system_tree_node("node%d" % k, parent=machine) for k in sorted(set(node_of))}
        regions = {name: d.region(name, paradigm=Paradigm.USER) for name in ("main", "solve", "pack")}
        regions["MPI_Sendrecv"] = d.region("MPI_Sendrecv", paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
        regions["MPI_Allreduce"] = d.region("MPI_Allreduce", paradigm=Paradigm.MPI, region_role=RegionRole.COLL_ALL2ALL)
        threads = []
        for rank in range(n):
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node if node_of is None else nodes[node_of[rank]])
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=list(range(n))))
        writers = [trace.event_writer_from_location(threads[r]) for r in range(n)]
        for r in range(n):
            write = writers[r]
            left = (r - 1) % n
            write(otf2.events.Enter(0, regions["main"]))
            for k in range(ITERATIONS):
                t, solve = starts[k], solves[k]
                sendrecv = t + solve[r] + 20
                sendrecv_leave = max(sendrecv, t + solve[left] + 20) + 10
                allreduce_enter = sendrecv_leave
                last_in = max(max(t + solve[q] + 20, t + solve[(q - 1) % n] + 20) + 10 for q in range(n))
                for name, enter, leave in (("solve", t, t + solve[r]), ("pack", t + solve[r], sendrecv)):
                    write(otf2.events.Enter(enter, regions[name]))
                    write(otf2.events.Leave(leave, regions[name]))
                write(otf2.events.Enter(sendrecv, regions["MPI_Sendrecv"]))
                write(otf2.events.MpiSend(sendrecv + 1, (r + 1) % n, comm, 0, 1024))
                write(otf2.events.MpiRecv(sendrecv_leave - 1, left, comm, 0, 1024))
                write(otf2.events.Leave(sendrecv_leave, regions["MPI_Sendrecv"]))
                write(otf2.events.Enter(allreduce_enter, regions["MPI_Allreduce"]))
                write(otf2.events.MpiCollectiveBegin(allreduce_enter))
                write(otf2.events.MpiCollectiveEnd(last_in + 10, otf2.CollectiveOp.ALLREDUCE, comm, 0xFFFFFFFF, 8, 8))
                write(otf2.events.Leave(last_in + 10, regions["MPI_Allreduce"]))
            write(otf2.events.Leave(starts[ITERATIONS], regions["main"]))


if __name__ == "__main__":
    main()
