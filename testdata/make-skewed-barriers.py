#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace whose barriers alone set the clock offsets: rank 2's clock is 5 ms ahead, every
barrier releases its members together, and the one message per round shows no transfer (issue 38: the join's guess
of the offsets, on Spark as on one machine).

    /usr/bin/python3 testdata/make-skewed-barriers.py SCOREP_SRC/traces.otf2 DST_DIR

The definitions (regions, the 4 "MPI Rank R" locations, MPI_COMM_WORLD, a 1 ns timer) are those of the Score-P
source trace (testdata/otf2/scorep-late-sender-barrier); the events are written here. On the true clock every rank
runs main [0, 100] ms; in round k (k = 0, 1, 2; b = 20 + 30 k ms) rank r enters MPI_Barrier at b + r ms and every
rank leaves it at b + 5 ms; then rank 0 sends 64 bytes to rank 1 in MPI_Send [b + 6, b + 6.1] ms and rank 1
receives them in MPI_Recv [b + 7, b + 7.1] ms (entered after the send: no wait, no transfer shown). Rank 2's
timestamps are written 5 ms later than the true times.

On the raw clocks rank 2 enters each barrier at b + 7, after the others left it (b + 5): a clock conflict, which
offsets of 2 ms would resolve with rank 2 entering just as the others leave. No message shows a transfer, so the
members leaving together choose the offsets: rank 2's 5 ms below the others' ("offsets up to 5.00 ms"). On those
clocks the last member of each barrier enters at b + 3 (rank 3): the ranks wait 3, 2, 1 and 0 ms, 6 ms a round,
18 ms over the three rounds; the message waits nothing.
"""
import sys

import otf2

BARRIER = otf2.CollectiveOp.BARRIER
SKEW_MS = {2: 5.0}


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

                def at(ms, rank=r):
                    return t0 + ticks(ms + SKEW_MS.get(rank, 0.0))

                write(otf2.events.Enter(at(0), region["main"]))
                for k in range(3):
                    b = 20 + 30 * k
                    write(otf2.events.Enter(at(b + r), region["MPI_Barrier"]))
                    write(otf2.events.MpiCollectiveBegin(at(b + r)))
                    write(otf2.events.MpiCollectiveEnd(at(b + 5), BARRIER, world, 0xFFFFFFFF, 0, 0))
                    write(otf2.events.Leave(at(b + 5), region["MPI_Barrier"]))
                    if r == 0:
                        write(otf2.events.Enter(at(b + 6), region["MPI_Send"]))
                        write(otf2.events.MpiSend(at(b + 6), 1, world, 0, 64))
                        write(otf2.events.Leave(at(b + 6.1), region["MPI_Send"]))
                    elif r == 1:
                        write(otf2.events.Enter(at(b + 7), region["MPI_Recv"]))
                        write(otf2.events.MpiRecv(at(b + 7.1), 0, world, 0, 64))
                        write(otf2.events.Leave(at(b + 7.1), region["MPI_Recv"]))
                write(otf2.events.Leave(at(100), region["main"]))


if __name__ == "__main__":
    main()
