#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace of a ring of rendezvous-sized MPI_Sendrecv calls.

    /usr/bin/python3 testdata/make-sendrecv-ring.py SCOREP_SRC/traces.otf2 DST_DIR [--receive-first]

The definitions (regions, the 4 "MPI Rank R" locations, MPI_COMM_WORLD, a 1 ns timer) are those of
the Score-P source trace; the events are written here, with these times (ms after the source's
first timestamp), for rounds k = 0, 1 and each rank r:
    main [0, 50];
    MPI_Sendrecv [10 + 20 k + r, 15 + 20 k]: sends 102400 bytes to rank (r + 1) % 4, tag 7 (its send
    event 0.001 ms after the enter), receives 102400 bytes from rank (r + 3) % 4, tag 7 (its receive
    event 0.001 ms before the leave).
Then each rank r sends 102400 bytes to itself in MPI_Sendrecv [40 + r, 41 + r], tag 8 (events as above).
102400 bytes is above the 64 KiB eager limit: every send waits for its receive to be posted, which
each rank's own MPI_Sendrecv does as it enters, so a ring of them completes (where a send followed by
a receive would wait for ever). With --receive-first each MPI_Sendrecv records its receive event first,
0.001 ms after the enter, and its send event 0.002 ms after it (as a tracer may).
"""
import sys

import otf2


def ticks(ms):
    return int(round(ms * 1e6))


def main():
    source, target = sys.argv[1], sys.argv[2]
    receive_first = "--receive-first" in sys.argv[3:]
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
                calls = [(10 + 20 * k + r, 15 + 20 * k, (r + 1) % 4, (r + 3) % 4, 7) for k in range(2)]
                calls.append((40 + r, 41 + r, r, r, 8))
                for enter, leave, to, source_rank, tag in calls:
                    write(otf2.events.Enter(t0 + ticks(enter), region["MPI_Sendrecv"]))
                    send = otf2.events.MpiSend(t0 + ticks(enter + (0.002 if receive_first else 0.001)), to, world, tag, 102400)
                    receive = otf2.events.MpiRecv(t0 + ticks(enter + 0.001 if receive_first else leave - 0.001), source_rank, world,
                                                  tag, 102400)
                    for event in ([receive, send] if receive_first else [send, receive]):
                        write(event)
                    write(otf2.events.Leave(t0 + ticks(leave), region["MPI_Sendrecv"]))
                write(otf2.events.Leave(t0 + ticks(50), region["main"]))


if __name__ == "__main__":
    main()
