#!/usr/bin/python3
"""Writes a periodic halo exchange of non-blocking messages (issue 36, the SimGrid export):

    /usr/bin/python3 testdata/make-halo-nonblocking.py DST_DIR --grid XxYxZ [--bytes 65536] [--iterations 3]

Ranks sit on a periodic grid of X x Y x Z (also X or XxY): rank r at x = r mod X,
y = (r div X) mod Y, z = r div (X Y), the numbering of igtrace's torus. Clock in microseconds
(timer resolution 1e6), clocks consistent, every rank runs main [0, 2000 N + 1000] for N iterations.
In iteration k (T = 2000 k) each rank r:
    computes [T, T + 1000];
    for each dimension d of size > 1 and each way s (+1, then -1), at T + 1000 + 2 i (i counts them):
        MPI_Irecv [.., + 1] (an MpiIrecvRequest, request 2 i + 1) from the neighbour at -s in d, tag 2 d
        (s = +1) or 2 d + 1 (s = -1): the message that neighbour sends this way;
    then, in the same order, MPI_Isend [.., + 1] (an MpiIsend, request 2 i + 2) of BYTES bytes to the
        neighbour at +s in d, tag 2 d (s = +1) or 2 d + 1;
    then MPI_Waitall [T + 1100, T + 2000] completing every receive (MpiIrecv) at T + 1990 and every
        send (MpiIsendComplete) at T + 1995, in posting order.
A dimension of 2 has the same neighbour both ways; the tags tell its two messages apart.
Every rank sends 2 D messages per iteration (D: dimensions of size > 1), each BYTES bytes.
65536 bytes is SMPI's (and igtrace's) eager limit: such messages are sent by rendezvous, so a send
written as a blocking send waits for its receive (the export wrote MPI_Isend so; 64 ranks deadlocked).
"""
import argparse

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole


def main():
    p = argparse.ArgumentParser()
    p.add_argument("target")
    p.add_argument("--grid", required=True)
    p.add_argument("--bytes", type=int, default=65536)
    p.add_argument("--iterations", type=int, default=3)
    a = p.parse_args()
    size = [int(s) for s in a.grid.split("x")] + [1, 1]
    size = size[:3]
    ranks = size[0] * size[1] * size[2]

    def coordinates(r):
        return [r % size[0], (r // size[0]) % size[1], r // (size[0] * size[1])]

    def rank(c):
        return c[0] + size[0] * (c[1] + size[1] * c[2])

    def neighbour(r, d, s):
        c = coordinates(r)
        c[d] = (c[d] + s) % size[d]
        return rank(c)

    ways = [(d, s) for d in range(3) if size[d] > 1 for s in (1, -1)]
    with otf2.writer.open(a.target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        mpi = Paradigm.MPI
        regions = {"main": d.region("main", paradigm=Paradigm.USER)}
        for name in ("MPI_Irecv", "MPI_Isend", "MPI_Waitall"):
            regions[name] = d.region(name, paradigm=mpi, region_role=RegionRole.POINT2POINT)
        threads = []
        for r in range(ranks):
            group = d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=mpi, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=mpi, members=list(range(ranks))))
        for r in range(ranks):
            write = trace.event_writer_from_location(threads[r])
            write(otf2.events.Enter(0, regions["main"]))
            for k in range(a.iterations):
                t = 2000 * k + 1000
                for i, (dim, s) in enumerate(ways):
                    write(otf2.events.Enter(t, regions["MPI_Irecv"]))
                    write(otf2.events.MpiIrecvRequest(t, 2 * i + 1))
                    write(otf2.events.Leave(t + 1, regions["MPI_Irecv"]))
                    t += 2
                for i, (dim, s) in enumerate(ways):
                    write(otf2.events.Enter(t, regions["MPI_Isend"]))
                    write(otf2.events.MpiIsend(t, neighbour(r, dim, s), comm, 2 * dim + (0 if s > 0 else 1), a.bytes, 2 * i + 2))
                    write(otf2.events.Leave(t + 1, regions["MPI_Isend"]))
                    t += 2
                end = 2000 * k + 2000
                write(otf2.events.Enter(2000 * k + 1100, regions["MPI_Waitall"]))
                for i, (dim, s) in enumerate(ways):
                    write(otf2.events.MpiIrecv(end - 10, neighbour(r, dim, -s), comm, 2 * dim + (0 if s > 0 else 1), a.bytes,
                                               2 * i + 1))
                for i, (dim, s) in enumerate(ways):
                    write(otf2.events.MpiIsendComplete(end - 5, 2 * i + 2))
                write(otf2.events.Leave(end, regions["MPI_Waitall"]))
            write(otf2.events.Leave(2000 * a.iterations + 1000, regions["main"]))


if __name__ == "__main__":
    main()
