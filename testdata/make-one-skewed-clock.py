#!/usr/bin/python3
"""Writes four OTF2 traces on clocks that agree but for one rank's, and the waits they must give.

    /usr/bin/python3 testdata/make-one-skewed-clock.py DST_DIR

Timer 1 MHz (a tick is a microsecond). Every message is 64 bytes, tag 0, on MPI_COMM_WORLD; a
receive is posted by an MPI_Irecv [1 tick] and completed in an MPI_Waitall; a send is an MPI_Send
[s, s + 1] with its event at s. A message arrives at max(send + T, enter of the receiver's
MPI_Waitall) (its MpiIrecv event then), and the MPI_Waitall leaves 1 tick after its last arrival.

ring16: 16 ranks, rank p posts its receive from p - 1 at 1, sends to p + 1 at s_p = 10 + 7 ((5 p) mod 16),
    enters MPI_Waitall at s_p + 2; T = 3; main [0, 142]. The receive of p was waiting (Waitall entered
    at or before the send) when (5 p) mod 16 < 5 (s_(p-1) = s_p + 77), else the receiver was 33 ticks
    late (s_(p-1) = s_p - 35). ring16-rank10-plus-1s: the same with every timestamp of rank 10 plus
    1,000,000 ticks: its receive from 9 (waiting, (5 * 10) mod 16 = 2) reads 1 s after its send, its
    message to 11 (whose receiver was late, (5 * 11) mod 16 = 7) 1 s before it was sent.
halo6x6: 36 ranks on a 6 x 6 grid, no wrap-around; rank p starts at b_p = 3 ((7 p) mod 36), posts its
    receives at b_p + 1, sends to its i-th neighbour (left, right, up, down as present) at b_p + 10 + 2 i,
    enters MPI_Waitall at b_p + 10 + 2 k (k neighbours); T = 5; main [0, 300].
    halo6x6-rank0-plus-1s: rank 0's timestamps plus 1,000,000 ticks.

The truth for the skewed copies: every rank but the skewed one has the same clock offset, and the
skewed one 1 s less; every wait is the unskewed copy's. expected-waits.csv (written here, from the
times above, SPEC 8): per trace and rank, late sender = max(0, min(leave, latest enter(send) among
the receives whose send entered after the Waitall) - enter(Waitall)); late receiver = per MPI_Send
still running when its receive was posted, post - enter(send) (none: a send lasts one tick and
posts fall on whole ticks).
"""
import os
import shutil
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

SKEW = 1000000


def write(target, timeline):
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        regions = {n: d.region(n, paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
                   for n in ("MPI_Irecv", "MPI_Send", "MPI_Waitall")}
        regions["main"] = d.region("main", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        threads = []
        for rank in sorted(timeline):
            g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                 system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=sorted(timeline)))
        for rank in sorted(timeline):
            w = trace.event_writer_from_location(threads[rank])
            for e in timeline[rank]:
                k, t = e[0], e[1]
                if k == "enter":
                    w(otf2.events.Enter(t, regions[e[2]]))
                elif k == "leave":
                    w(otf2.events.Leave(t, regions[e[2]]))
                elif k == "send":
                    w(otf2.events.MpiSend(t, e[2], comm, 0, 64))
                elif k == "post":
                    w(otf2.events.MpiIrecvRequest(t, e[2]))
                elif k == "irecv":
                    w(otf2.events.MpiIrecv(t, e[2], comm, 0, 64, e[3]))


def exchange(n, end, transfer, neighbours, begin):
    """Each rank p: post its receives at begin[p] + 1, send to its i-th neighbour at begin[p] + 10 + 2 i,
    Waitall. Returns the timelines and per rank (late sender, late receiver)."""
    send = {(p, q): begin[p] + 10 + 2 * i for p in range(n) for i, q in enumerate(neighbours(p))}
    waitall = {p: begin[p] + 10 + 2 * len(neighbours(p)) for p in range(n)}
    timeline, waits = {}, {}
    for p in range(n):
        ev = [("enter", 0, "main")]
        for i, q in enumerate(neighbours(p)):
            ev += [("enter", begin[p] + 1, "MPI_Irecv"), ("post", begin[p] + 1, i + 1), ("leave", begin[p] + 1, "MPI_Irecv")]
        late_receiver = 0
        for q in neighbours(p):
            s = send[(p, q)]
            ev += [("enter", s, "MPI_Send"), ("send", s, q), ("leave", s + 1, "MPI_Send")]
            post = begin[q] + 1
            late_receiver += post - s if s < post < s + 1 else 0  # never: posts fall on whole ticks
        we = waitall[p]
        arrivals = sorted((max(send[(q, p)] + transfer, we), i, q) for i, q in enumerate(neighbours(p)))
        leave = arrivals[-1][0] + 1
        ev.append(("enter", we, "MPI_Waitall"))
        ev += [("irecv", a, q, i + 1) for a, i, q in arrivals]
        ev += [("leave", leave, "MPI_Waitall"), ("leave", end, "main")]
        late = [send[(q, p)] for q in neighbours(p) if send[(q, p)] > we]
        waits[p] = (max(0, min(leave, max(late)) - we) if late else 0, late_receiver)
        timeline[p] = ev
    return timeline, waits


def ring16():
    n = 16
    # one-way: p receives from p - 1 and sends to p + 1; the receive is posted at 1
    timeline, waits = {}, {}
    s = [10 + 7 * ((5 * p) % n) for p in range(n)]
    for p in range(n):
        src = (p - 1) % n
        we = s[p] + 2
        arrival = max(s[src] + 3, we)
        timeline[p] = [("enter", 0, "main"), ("enter", 1, "MPI_Irecv"), ("post", 1, 1), ("leave", 2, "MPI_Irecv"),
                       ("enter", s[p], "MPI_Send"), ("send", s[p], (p + 1) % n), ("leave", s[p] + 1, "MPI_Send"),
                       ("enter", we, "MPI_Waitall"), ("irecv", arrival, src, 1), ("leave", arrival + 1, "MPI_Waitall"),
                       ("leave", 142, "main")]
        waits[p] = (max(0, min(arrival + 1, s[src]) - we) if s[src] > we else 0, 0)
    return timeline, waits


def halo6x6():
    side = 6
    n = side * side

    def neighbours(p):
        x, y = p % side, p // side
        return [q for q in ((x - 1) + y * side if x > 0 else None, (x + 1) + y * side if x < side - 1 else None,
                            x + (y - 1) * side if y > 0 else None, x + (y + 1) * side if y < side - 1 else None)
                if q is not None]
    return exchange(n, 300, 5, neighbours, [3 * ((7 * p) % n) for p in range(n)])


def skewed(timeline, rank):
    out = dict(timeline)
    out[rank] = [(e[0], e[1] + SKEW) + tuple(e[2:]) for e in timeline[rank]]
    return out


def main():
    target = sys.argv[1]
    os.makedirs(target, exist_ok=True)
    rows = ["trace,rank,late_sender_us,late_receiver_us"]
    for name, (timeline, waits), rank in (("ring16", ring16(), 10), ("halo6x6", halo6x6(), 0)):
        write(os.path.join(target, name), timeline)
        write(os.path.join(target, "%s-rank%d-plus-1s" % (name, rank)), skewed(timeline, rank))
        rows += ["%s,%d,%d,%d" % (name, p, waits[p][0], waits[p][1]) for p in sorted(waits)]
    with open(os.path.join(target, "expected-waits.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
