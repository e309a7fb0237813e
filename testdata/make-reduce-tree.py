#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace of two reductions that go up a binomial tree (issue 34 item 12: the all-to-one family
in the replay of definitions section 9 is not synchronising).

    /usr/bin/python3 testdata/make-reduce-tree.py SCOREP_SRC/traces.otf2 DST_DIR

The definitions (regions, the 4 "MPI Rank R" locations, MPI_COMM_WORLD, a 1 ns timer) are those of the Score-P
source trace (testdata/otf2/scorep-late-sender-barrier); the events are written here. Every rank runs main [0, 100]
ms and calls MPI_Reduce of 65536 bytes (rendezvous: at least the 64 KiB eager limit) twice. P = 4, relative rank
v = (rank - root) mod 4; the tree toward the root: v's parent is v minus its highest bit, its children v + 2^k for
2^k > v: 0 <- 1, 2; 1 <- 3. With one step costing c, ready(v) = max(enter(v), over children u of max(ready(u),
enter(v)) + c); the root leaves at ready(0), another member at max(ready(v), enter(parent)) + c. Times in ms:
    1st, root 0 (v = rank): rank 0 [10, 22], rank 1 [10, 22], rank 2 [10, 11], rank 3 [20, 21] (rank 3 late)
    2nd, root 1 (v: rank 1 -> 0, 2 -> 1, 3 -> 2, 0 -> 3): rank 1 [40, 62], rank 2 [60, 62], rank 3 [50, 51],
         rank 0 [60, 61] (the root early)
With c = 1 these are the model's leaves: 1st, rank 3 max(20, enter(1) = 10) + 1 = 21, rank 2 max(10, 10) + 1 = 11,
ready(1) = max(10, max(20, 10) + 1) = 21 so rank 1 leaves at max(21, 10) + 1 = 22, ready(0) = max(10, 21 + 1,
10 + 1) = 22; 2nd, rank 0 (v 3) max(60, enter(v 1) = 60) + 1 = 61, rank 3 (v 2) max(50, 40) + 1 = 51, ready(v 1) =
max(60, 60 + 1) = 61 so rank 2 leaves at max(61, 40) + 1 = 62, the root at max(40, 61 + 1, 50 + 1) = 62.
The fit: per member, the c with which the model gives its measured leave: 1st, rank 3: 20 + c = 21, rank 2:
10 + c = 11, rank 1: max(10 + c, 20 + 2 c) = 22, rank 0: max(10, 20 + 2 c, 10 + c) = 22: c = 1 each; 2nd, rank 0:
60 + c = 61, rank 3: 50 + c = 51, rank 2: 60 + 2 c = 62, rank 1: max(60 + 2 c, 50 + c) = 62: c = 1 each. So the
all-to-one L_f = 1 ms, B_f = inf (one size), and the replay gives every measured leave; the bursts are as
measured, so every rank ends at 100 ms: predicted = measured = 100 ms.
On L = 0, B = inf (c = 0): 1st, ranks 0, 1 and 3 leave at 20, rank 2 at 10; the bursts bring rank 0 to the 2nd
at 20 + 38 = 58, rank 1 (the root) at 20 + 18 = 38, rank 2 at 10 + 49 = 59, rank 3 at 20 + 29 = 49; there rank 0
(v 3) leaves at max(58, enter(v 1) = 59) = 59, rank 3 (v 2) at max(49, 38) = 49, rank 2 (v 1) at max(59, 58) = 59,
the root at max(38, 59, 49) = 59; the last bursts end rank 0 at 59 + 39 = 98, rank 1 at 59 + 38 = 97, rank 2 at
97, rank 3 at 49 + 49 = 98: predicted 98 ms.
(Synchronising, as before: the fit took the median of (leave - latest enter) / l, 1st [2, 2, -9, 1] ms, 2nd
[-9, 1, 2, 2]: 1.5 / 2 = 0.75 ms, and every member left at the latest enter + 1.5 ms: the 1st at 21.5, rank 2
came to the 2nd at 21.5 + 49 = 70.5, all left it at 72, rank 3 ended at 72 + 49 = 121 ms.)
"""
import sys

import otf2

REDUCE = otf2.CollectiveOp.REDUCE
# per instance: root, then per rank (enter, leave) in ms
INSTANCES = [(0, [(10, 22), (10, 22), (10, 11), (20, 21)]),
             (1, [(60, 61), (40, 62), (60, 62), (50, 51)])]
SIZE = 65536


def ticks(ms):
    return int(round(ms * 1e6))


def main():
    source, target = sys.argv[1], sys.argv[2]
    with otf2.reader.open(source) as trace:
        t0 = None
        for _, event in trace.events:
            t0 = event.time
            break
        defs = trace.definitions
        region = {r.name: r for r in defs.regions}
        world = next(c for c in defs.comms if c.name == "MPI_COMM_WORLD")
        location = {l.group.name: l for l in defs.locations}
        with otf2.writer.open(target, definitions=defs) as writer:
            for r in range(4):
                write = writer.event_writer_from_location(location["MPI Rank %d" % r])
                write(otf2.events.Enter(t0, region["main"]))
                for root, times in INSTANCES:
                    enter, leave = times[r]
                    write(otf2.events.Enter(t0 + ticks(enter), region["MPI_Reduce"]))
                    write(otf2.events.MpiCollectiveBegin(t0 + ticks(enter)))
                    received = SIZE * 4 if r == root else 0
                    write(otf2.events.MpiCollectiveEnd(t0 + ticks(leave), REDUCE, world, root, SIZE, received))
                    write(otf2.events.Leave(t0 + ticks(leave), region["MPI_Reduce"]))
                write(otf2.events.Leave(t0 + ticks(100), region["main"]))


if __name__ == "__main__":
    main()
