#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace of three eager messages whose MPI_Send calls take time (issue 34 item 12: the send
overhead o of definitions section 9).

    /usr/bin/python3 testdata/make-send-overhead.py SCOREP_SRC/traces.otf2 DST_DIR [--sendrecv]

The definitions (regions, "MPI Rank 0/1", MPI_COMM_WORLD, its timer) are those of the Score-P source trace
(testdata/otf2/scorep-ping-pong); the events are written here, in ms after its first timestamp:
    rank 0: main [0, 100]; MPI_Send [10, 14], [40, 45], [70, 79], each of 8 bytes (eager) to rank 1, tag 0
    rank 1: main [0, 90]; MPI_Recv [20, 20.01], [50, 50.01], [85, 85.01], each of rank 0's next message
Every receive is posted after its send (20 > 10, 50 > 40, 85 > 70): no transfer is visible, the network fitted is
L = 0, B = inf. Measured run time: 100 ms (rank 0's main).
The send overhead o is the median duration of the eager MPI_Send calls: median(4, 5, 9) = 5 ms (their mean, 6 ms,
would put rank 0 at 100 ms, counting the 9 ms call's 4 ms beyond the usual as overhead).
Replay of rank 0 (bursts as measured: 10, 40 - 14 = 26, 70 - 45 = 25, 100 - 79 = 21 ms):
    with o = 5 ms: sends [10, 15], [41, 46], [71, 76], end 76 + 21 = 97 ms
    without (a send leaves at its enter): sends at 10, 36, 61, end 61 + 21 = 82 ms
Rank 1 (bursts 20, 50 - 20.01 = 29.99, 85 - 50.01 = 34.99, 90 - 85.01 = 4.99 ms): each receive finds its message
sent (post 10 or 15 < 20, 36 or 41 < 49.99, 61 or 71 < 84.98), leaves at its enter (L = 0), ends 89.97 ms.
Predicted run time: max(97, 89.97) = 97 ms with o (self-prediction error -3 %), max(82, 89.97) = 89.97 ms without
(-10.03 %). The ideal network keeps o = 0: T_ideal = 89.97 ms, as before.
--sendrecv (testdata/send-overhead-sendrecv, SimGrid's export of o in an MPI_Sendrecv) adds an exchange of 8 bytes
(tag 1) in MPI_Sendrecv: rank 0 [85, 86.5] (its send at 85.001, its receive at 86.4), rank 1 [86, 86.02] (send at
86.001, receive at 86.01). Rank 0's receive call started before rank 1's send: a visible transfer of 86.5 - 86 =
0.5 ms, the only one, so the fitted network becomes L = 0.5 ms; the replay ends each MPI_Sendrecv at the later of
o and its receive, which SimGrid's export must reproduce.
"""
import sys

import otf2

SIZE = 8
SENDS = [(10, 14), (40, 45), (70, 79)]
RECEIVES = [20, 50, 85]

RESOLUTION = [1e9]  # ticks per second: the source trace's timer (Score-P's ping-pong: 2095197216)


def ticks(ms):
    return int(round(ms * 1e-3 * RESOLUTION[0]))


def main():
    source, target = sys.argv[1], sys.argv[2]
    sendrecv = "--sendrecv" in sys.argv[3:]
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
            w0 = writer.event_writer_from_location(location["MPI Rank 0"])
            w0(otf2.events.Enter(t0, main_region))
            for enter, leave in SENDS:
                w0(otf2.events.Enter(t0 + ticks(enter), region["MPI_Send"]))
                w0(otf2.events.MpiSend(t0 + ticks(enter + 0.001), 1, world, 0, SIZE))
                w0(otf2.events.Leave(t0 + ticks(leave), region["MPI_Send"]))
            if sendrecv:
                exchange(w0, region, world, t0, 1, 85, 85.001, 86.4, 86.5)
            w0(otf2.events.Leave(t0 + ticks(100), main_region))
            w1 = writer.event_writer_from_location(location["MPI Rank 1"])
            w1(otf2.events.Enter(t0, main_region))
            for enter in RECEIVES:
                w1(otf2.events.Enter(t0 + ticks(enter), region["MPI_Recv"]))
                w1(otf2.events.MpiRecv(t0 + ticks(enter + 0.005), 0, world, 0, SIZE))
                w1(otf2.events.Leave(t0 + ticks(enter + 0.01), region["MPI_Recv"]))
            if sendrecv:
                exchange(w1, region, world, t0, 0, 86, 86.001, 86.01, 86.02)
            w1(otf2.events.Leave(t0 + ticks(90), main_region))


def exchange(w, region, world, t0, peer, enter, sent, received, leave):
    """An MPI_Sendrecv [enter, leave] ms of 8 bytes each way with peer, tag 1."""
    w(otf2.events.Enter(t0 + ticks(enter), region["MPI_Sendrecv"]))
    w(otf2.events.MpiSend(t0 + ticks(sent), peer, world, 1, SIZE))
    w(otf2.events.MpiRecv(t0 + ticks(received), peer, world, 1, SIZE))
    w(otf2.events.Leave(t0 + ticks(leave), region["MPI_Sendrecv"]))


if __name__ == "__main__":
    main()
