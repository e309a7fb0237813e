#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace in which every rank sends to rank 0 and nothing comes back.

    /usr/bin/python3 testdata/make-one-way.py SCOREP_SRC/traces.otf2 DST_DIR

The definitions (regions, the 4 "MPI Rank R" locations, MPI_COMM_WORLD, a 1 ns timer) are those of
the Score-P source trace; the events are written here, with these times (ms after the source's
first timestamp):
    ranks 1, 2, 3: main [0, 500]; MPI_Send [100 r, 100 r + 0.02] to rank 0, its send event at 100 r + 0.01
    rank 0:        main [0, 500]; three MPI_Recv, from rank r = 1, 2, 3 in turn:
                   entered at 100 r - 50, receive event at 100 r + 0.05, left at 100 r + 0.06
So rank 0 waits 50 ms for each sender (late sender, SPEC 8: send enter - receive enter), 150 ms in
all, and each message takes 0.04 ms from its send event to its receive event. No collectives.
"""
import sys

import otf2


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
                for s in ([1, 2, 3] if r == 0 else [r]):
                    at = 100 * s
                    if r == 0:
                        write(otf2.events.Enter(t0 + ticks(at - 50), region["MPI_Recv"]))
                        write(otf2.events.MpiRecv(t0 + ticks(at + 0.05), s, world, 0, 4))
                        write(otf2.events.Leave(t0 + ticks(at + 0.06), region["MPI_Recv"]))
                    else:
                        write(otf2.events.Enter(t0 + ticks(at), region["MPI_Send"]))
                        write(otf2.events.MpiSend(t0 + ticks(at + 0.01), 0, world, 0, 4))
                        write(otf2.events.Leave(t0 + ticks(at + 0.02), region["MPI_Send"]))
                write(otf2.events.Leave(t0 + ticks(500), region["main"]))


if __name__ == "__main__":
    main()
