#!/usr/bin/python3
"""Writes an 8-rank OTF2 trace of two broadcasts that go down a 4-nomial tree whose inner members wait for their
children (issue 34 item 12: the one-to-all family's tree is chosen by the calibration, definitions section 9).

    /usr/bin/python3 testdata/make-bcast-knomial.py DST_DIR

Clock in microseconds (timer resolution 1e6), clocks consistent; every rank runs main [0, 100] ms and calls
MPI_Bcast of 65536 bytes (rendezvous: at least the 64 KiB eager limit) twice. Relative rank v = (rank - root) mod 8.
The 4-nomial tree served largest subtree first (Open MPI's kmtree with radix 4): the parent of v clears v's lowest
non-zero base-4 digit; the root's children in order 4, 1, 2, 3, member 4's 5, 6, 7; the others are leaves. A member
sends to its children one after the other, a step c each: with everybody there the i-th child of a member is reached
i steps after it: step(4) = 1, step(1) = 2, step(2) = 3, step(3) = 4, step(5) = 2, step(6) = 3, step(7) = 4.
The model (ReplayCosts.rooted, BroadcastSteps): recv(root) = its enter; recv(v) = max(enter(v), recv(parent) +
(position of v among its parent's children - 1) c) + c; waiting for the children, a member leaves at
max(recv(v), recv of each child) (the root: max(enter, recv of each child)). With c = 1 ms (times in ms):
  1st, root rank 0 (v = rank), every rank enters at 10 but rank 5 at 20:
    recv: v4 = max(10, 10) + 1 = 11, v1 = max(10, 10 + 1) + 1 = 12, v2 = 13, v3 = 14,
          v5 = max(20, 11 + 0) + 1 = 21, v6 = max(10, 11 + 1) + 1 = 13, v7 = max(10, 11 + 2) + 1 = 14;
    leaves: rank 0 max(10, 11, 12, 13, 14) = 14, rank 4 max(11, 21, 13, 14) = 21 (it waits for its late child 5),
          ranks 1, 2, 3, 5, 6, 7 at their recv: 12, 13, 14, 21, 13, 14.
  2nd, root rank 3 (v = rank - 3 mod 8: ranks 4, 5, 6, 7, 0, 1, 2 are v 1 .. 7), the root enters at 50, rank 6
  (v3) at 60, the others at 40:
    recv: v4 (rank 7) = max(40, 50) + 1 = 51, v1 (rank 4) = max(40, 50 + 1) + 1 = 52, v2 (rank 5) = 53,
          v3 (rank 6) = max(60, 50 + 2) + 1 = 61, v5 (rank 0) = max(40, 51) + 1 = 52, v6 (rank 1) = 53, v7 (rank 2) = 54;
    leaves: rank 3 (the root) max(50, 51, 52, 53, 61) = 61, rank 7 (v4) max(51, 52, 53, 54) = 54, the others at their
          recv.
The trace holds exactly these leaves, so the 4-nomial tree with waiting reproduces every member's leave at c = 1 ms
in both instances (its error is 0); the calibration fits per instance the c at which the model's leaves add up to the
measured ones: 1 ms each, L_f = 1 ms, B_f = inf (one size). Every other tree misses some leave at any c (rank 4's 21
in the 1st needs it to wait for rank 5, which only a tree in which 5 is 4's child and 4 waits gives; the binomial tree
of issue 34 lets rank 0 leave at 10 + 3 c and ranks 1 .. 7 one step after the root's enter + (d(v) - 1) c). Replayed
with the 4-nomial tree and c = 1 ms, every member enters and leaves as measured (the bursts are as measured) and
every rank ends at 100 ms: predicted = measured = 100 ms.
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

BCAST = otf2.CollectiveOp.BCAST
SIZE = 65536
RANKS = 8
# per instance: root, then per rank (enter, leave) in ms
INSTANCES = [(0, [(10, 14), (10, 12), (10, 13), (10, 14), (10, 21), (20, 21), (10, 13), (10, 14)]),
             (3, [(40, 52), (40, 53), (40, 54), (50, 61), (40, 52), (40, 53), (60, 61), (40, 54)])]


def us(ms):
    return int(round(ms * 1000))


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        main_region = d.region("main", paradigm=Paradigm.USER)
        bcast = d.region("MPI_Bcast", paradigm=Paradigm.MPI, region_role=RegionRole.COLL_ONE2ALL)
        threads = []
        for r in range(RANKS):
            group = d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        world = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                       paradigm=Paradigm.MPI, members=list(range(RANKS))))
        for r in range(RANKS):
            write = trace.event_writer_from_location(threads[r])
            write(otf2.events.Enter(0, main_region))
            for root, times in INSTANCES:
                enter, leave = times[r]
                write(otf2.events.Enter(us(enter), bcast))
                write(otf2.events.MpiCollectiveBegin(us(enter)))
                sent, received = (SIZE, 0) if r == root else (0, SIZE)
                write(otf2.events.MpiCollectiveEnd(us(leave), BCAST, world, root, sent, received))
                write(otf2.events.Leave(us(leave), bcast))
            write(otf2.events.Leave(us(100), main_region))


if __name__ == "__main__":
    main()
