#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace of two broadcasts that are not synchronising (issue 34 item 12: a rooted
collective in the replay of definitions section 9).

    /usr/bin/python3 testdata/make-bcast-tree.py SCOREP_SRC/traces.otf2 DST_DIR

The definitions (regions, the 4 "MPI Rank R" locations, MPI_COMM_WORLD, a 1 ns timer) are those of the
Score-P source trace (testdata/otf2/scorep-late-sender-barrier); the events are written here. Every rank
runs main [0, 100] ms and calls MPI_Bcast of 65536 bytes (rendezvous: at least the 64 KiB eager limit) twice (times in ms; P = 4, l = ceil(log2 4) = 2;
relative rank v = (rank - root) mod 4, depth d(v) = floor(log2 v) + 1: d(1) = 1, d(2) = d(3) = 2):
    1st, root 0, late: rank 0 in [12, 14]; rank 1 in [10, 13]; ranks 2, 3 in [10, 14]
    2nd, root 1, early: rank 1 in [40, 42]; ranks 0, 2, 3 in [60, 61] (the data was on its way: one step)
The fitted step cost c of one-to-all: 1st instance, the root's (14 - 12) / l = 1, the receivers (all entered
before the root) (leave - 12) / d(v): (13 - 12) / 1, (14 - 12) / 2, (14 - 12) / 2: median 1 ms; 2nd, the root's
(42 - 40) / 2 = 1 ms, the receivers (all entered after the root left) their time in the call, 61 - 60 = 1 ms.
So L_f = 1 ms, B_f = inf (one size).
Replay with it (the root leaves at enter + l c, a receiver at max(enter, root's enter + (d(v) - 1) c) + c):
1st: rank 0 leaves at 12 + 2 = 14, rank 1 at max(10, 12) + 1 = 13, ranks 2, 3 at max(10, 12 + 1) + 1 = 14: as
measured; the bursts are as measured, so the 2nd is too (rank 1 leaves at 40 + 2 = 42, the others at
max(60, 40 + (d - 1) c) + 1 = 61) and every rank ends at 100 ms: predicted = measured = 100 ms.
On L = 0, B = inf (c = 0): 1st: rank 0 leaves at 12, ranks 1-3 at max(10, 12) = 12; rank 1 computes 40 - 13
= 27 ms to enter the 2nd at 39 and leave at 39, then 100 - 42 = 58 ms: ends at 97; ranks 0, 2, 3 compute
60 - 14 = 46 ms to enter at 58, leave at max(58, 39) = 58, compute 100 - 61 = 39 ms: end at 97. Predicted 97 ms.
(A synchronising broadcast, every member leaving at the latest enter + cost, makes rank 1 wait for the others
in the 2nd and end 58 ms after it: on L = 0 at 58 + 58 = 116 ms.)
"""
import sys

import otf2

BCAST = otf2.CollectiveOp.BCAST
# per instance: root, then per rank (enter, leave) in ms
INSTANCES = [(0, [(12, 14), (10, 13), (10, 14), (10, 14)]),
             (1, [(60, 61), (40, 42), (60, 61), (60, 61)])]
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
                    write(otf2.events.Enter(t0 + ticks(enter), region["MPI_Bcast"]))
                    write(otf2.events.MpiCollectiveBegin(t0 + ticks(enter)))
                    sent, received = (SIZE, 0) if r == root else (0, SIZE)
                    write(otf2.events.MpiCollectiveEnd(t0 + ticks(leave), BCAST, world, root, sent, received))
                    write(otf2.events.Leave(t0 + ticks(leave), region["MPI_Bcast"]))
                write(otf2.events.Leave(t0 + ticks(100), region["main"]))


if __name__ == "__main__":
    main()
