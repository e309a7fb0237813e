#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace whose processes stay inside one MPI_Sendrecv 40 ms with tiny messages.

    /usr/bin/python3 testdata/make-long-in-mpi.py SCOREP_SRC/traces.otf2 DST_DIR

The definitions (regions, the 4 "MPI Rank R" locations, MPI_COMM_WORLD, a 1 ns timer) are those of
the Score-P source trace; the events are written here, with these times (ms after the source's
first timestamp), for each rank r and its partner p = r xor 1 (pairs 0-1 and 2-3):
    main [0, 100];
    ten short MPI_Sendrecv [5 k, 5 k + 0.01], k = 0..9: sends 8 bytes to p, tag 5, at 5 k + 0.001,
    receives 8 bytes from p at 5 k + 0.009;
    one long MPI_Sendrecv [50, 90]: sends 8 bytes to p at 50.001, receives 8 bytes from p at 89.999.
Both partners enter every call at the same time, so no partner's lateness explains any time inside
MPI (no late sender, no late receiver); the network fitted to the 44 messages (one size, the median
of short transfers) has L near 0.01 ms, so the replay ends near 100 - 40 = 60 ms against 100 ms
measured (about -40 %). Each rank's calls last 10 x 0.01 + 40 = 40.1 ms as measured, about 40 ms more
than replayed: at least half the 40 ms shortfall, so the self-prediction's warning names time inside
MPI_Sendrecv, 4 x 40.1 = 160.4 ms in all over the processes (issue 34 item 12).
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
                p = r ^ 1
                write = writer.event_writer_from_location(location["MPI Rank %d" % r])
                write(otf2.events.Enter(t0, region["main"]))
                calls = [(5 * k, 5 * k + 0.01) for k in range(10)] + [(50, 90)]
                for enter, leave in calls:
                    write(otf2.events.Enter(t0 + ticks(enter), region["MPI_Sendrecv"]))
                    write(otf2.events.MpiSend(t0 + ticks(enter + 0.001), p, world, 5, 8))
                    write(otf2.events.MpiRecv(t0 + ticks(leave - 0.001), p, world, 5, 8))
                    write(otf2.events.Leave(t0 + ticks(leave), region["MPI_Sendrecv"]))
                write(otf2.events.Leave(t0 + ticks(100), region["main"]))


if __name__ == "__main__":
    main()
