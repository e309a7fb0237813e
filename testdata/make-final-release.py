#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace whose last collective releases its members far apart (issue 34 item 12: the release
spread of the run's last collective, definitions section 9).

    /usr/bin/python3 testdata/make-final-release.py SCOREP_SRC/traces.otf2 DST_DIR

The definitions (regions, the 4 "MPI Rank R" locations, MPI_COMM_WORLD, a 1 ns timer) are those of the Score-P source
trace (testdata/otf2/scorep-late-sender-barrier); the events are written here, in ms after its first timestamp. No
point-to-point message (the network fitted is L = 0, B = inf). Every rank r runs main from 0 and two MPI_Allreduce
calls of 8 bytes:
    1st: entered at 10 + r (the latest enter 13), every member leaves at 15: transfer part 2 ms
    2nd, the last call of every rank: entered at 50 + r (latest 53), rank r leaves at 53 + d(r), d = 1, 2, 4, 13 ms
and leaves main 1 ms after its last MPI_Allreduce: ranks end at 55, 56, 58 and 67 ms. Measured run time 67 ms.
The all-reduce family's fit (P = 4, l = 2, 2 l = 4 steps): the transfer parts' medians 2 and median(1, 2, 4, 13) = 3
ms, per step 0.5 and 0.75 ms, one step size (8 bytes): L_f = their mean, 0.625 ms, an instance costs 4 x 0.625 =
2.5 ms. The last instance's lags beyond its median member: max(0, d - 3) = 0, 0, 1, 10 ms (the largest, 10 ms, rank 3).
Replay (bursts as measured): rank r enters the 1st at 10 + r, all leave at 13 + 2.5 = 15.5; the burst to the 2nd,
50 + r - 15 = 35 + r ms, puts its enters at 50.5 + r, latest 53.5; released at 53.5 + 2.5 = 56 plus the lag: ranks
leave at 56, 56, 57, 66 and end 1 ms later, at 57, 57, 58, 67 ms. Predicted run time 67 ms (error 0); without the
lags every rank leaves the last instance at 56 and ends at 57 ms (-14.9 %).
The ideal network (collectives cost 0, no lag): enters 10 + r, left at 13; enters 48 + r, left at 51; T_ideal = 52 ms.
"""
import sys

import otf2

ALLREDUCE = otf2.CollectiveOp.ALLREDUCE
SIZE = 8
LAST = [1, 2, 4, 13]  # d(r): the last instance's leave after its latest enter, ms


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
                for enter, leave in ((10 + r, 15), (50 + r, 53 + LAST[r])):
                    write(otf2.events.Enter(t0 + ticks(enter), region["MPI_Allreduce"]))
                    write(otf2.events.MpiCollectiveBegin(t0 + ticks(enter)))
                    write(otf2.events.MpiCollectiveEnd(t0 + ticks(leave), ALLREDUCE, world, 0xFFFFFFFF, SIZE, SIZE))
                    write(otf2.events.Leave(t0 + ticks(leave), region["MPI_Allreduce"]))
                write(otf2.events.Leave(t0 + ticks(53 + LAST[r] + 1), region["main"]))


if __name__ == "__main__":
    main()
