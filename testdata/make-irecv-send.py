#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace of one rendezvous message whose transfer only the send side shows
(issue 34 item 12: the calibration uses every message whose transfer is visible).

    /usr/bin/python3 testdata/make-irecv-send.py SCOREP_SRC/traces.otf2 DST_DIR

The definitions (regions, "MPI Rank 0/1", MPI_COMM_WORLD, its timer) are those of the Score-P source trace
(testdata/otf2/scorep-ping-pong); the events are written here, in ms after its first timestamp (rounded to
its ticks, 2095197216 a second):
    rank 1: main [0, 60]; MPI_Irecv [1, 1.01] posting request 7 (MpiIrecvRequest at 1.005);
            MPI_Wait [50, 50.01] completing it (MpiIrecv from rank 0, tag 0, 1 MiB, at 50.005)
    rank 0: main [0, 60]; MPI_Send [10, 12] of 1 MiB (1048576 bytes, rendezvous) to rank 1, tag 0
The receive was posted (at 1 ms) before the send (10 ms), so the rendezvous transfer began at 10 ms and
the blocking send left when it was over: it took at most 12 - max(10, 1) = 2 ms. The receive side does
not show it: the MPI_Wait was entered (50 ms) long after the transfer ended. One message of one size:
the fit is L = 2 ms, B = inf (before the send side was used: no visible transfer, the ideal network).
"""
import sys

import otf2

SIZE = 1048576


RESOLUTION = [1e9]  # ticks per second: the source trace's timer (Score-P's ping-pong: 2095197216)


def ticks(ms):
    return int(round(ms * 1e-3 * RESOLUTION[0]))


def main():
    source, target = sys.argv[1], sys.argv[2]
    with otf2.reader.open(source) as trace:
        t0 = None
        for _, event in trace.events:
            t0 = event.time
            break
        defs = trace.definitions
        RESOLUTION[0] = trace.timer_resolution
        region = {r.name: r for r in defs.regions}
        world = next(c for c in defs.comms if c.name == "MPI_COMM_WORLD")
        location = {l.group.name: l for l in defs.locations}
        main_region = region["int main(int, char**)"]
        with otf2.writer.open(target, definitions=defs) as writer:
            w1 = writer.event_writer_from_location(location["MPI Rank 1"])
            w1(otf2.events.Enter(t0, main_region))
            w1(otf2.events.Enter(t0 + ticks(1), region["MPI_Irecv"]))
            w1(otf2.events.MpiIrecvRequest(t0 + ticks(1.005), 7))
            w1(otf2.events.Leave(t0 + ticks(1.01), region["MPI_Irecv"]))
            w1(otf2.events.Enter(t0 + ticks(50), region["MPI_Wait"]))
            w1(otf2.events.MpiIrecv(t0 + ticks(50.005), 0, world, 0, SIZE, 7))
            w1(otf2.events.Leave(t0 + ticks(50.01), region["MPI_Wait"]))
            w1(otf2.events.Leave(t0 + ticks(60), main_region))
            w0 = writer.event_writer_from_location(location["MPI Rank 0"])
            w0(otf2.events.Enter(t0, main_region))
            w0(otf2.events.Enter(t0 + ticks(10), region["MPI_Send"]))
            w0(otf2.events.MpiSend(t0 + ticks(10.001), 1, world, 0, SIZE))
            w0(otf2.events.Leave(t0 + ticks(12), region["MPI_Send"]))
            w0(otf2.events.Leave(t0 + ticks(60), main_region))


if __name__ == "__main__":
    main()
