#!/usr/bin/python3
"""Writes a halo exchange whose ranks sit on the process grid in a random order (issue 36, igtrace map):

    /usr/bin/python3 testdata/make-shuffled-halo.py DST_DIR --grid 4x4x4 --periodic
    /usr/bin/python3 testdata/make-shuffled-halo.py DST_DIR --grid 8x8

The process grid (X x Y or X x Y x Z points, one rank each) is numbered x fastest; rank r sits at
grid point perm[r], perm a random permutation (Python's random.Random(SEED).shuffle, SEED = 36), so
that rank order puts grid neighbours far apart. Each rank exchanges SIZE = 65536 bytes with each
grid neighbour (+-1 in every dimension; with --periodic wrapping around, else not past the border)
in each of ITERATIONS = 2 iterations. Clock in microseconds, clocks consistent; iteration i starts at
1000 i: compute until +100, one MPI_Irecv per neighbour (+100+k, an MpiIrecvRequest), one MPI_Isend
per neighbour (+150+k), then MPI_Waitall [+200, +300] completing the sends at +210 and the receives
at +220+k. Every rank runs main [0, 1000 ITERATIONS]. Tag 0, MPI_COMM_WORLD.

Bytes between two neighbours: 2 directions x ITERATIONS x SIZE = 262144.
"""
import argparse
import random

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

SEED = 36
SIZE = 65536
ITERATIONS = 2


def neighbours(point, dims, periodic):
    coords = []
    p = point
    for d in dims:
        coords.append(p % d)
        p //= d
    result = []
    for i, d in enumerate(dims):
        for step in (-1, 1):
            c = list(coords)
            c[i] += step
            if periodic:
                c[i] %= d
            elif c[i] < 0 or c[i] >= d:
                continue
            n = 0
            for j in reversed(range(len(dims))):
                n = n * dims[j] + c[j]
            if n != point and n not in result:
                result.append(n)
    return result


def main():
    p = argparse.ArgumentParser()
    p.add_argument("target")
    p.add_argument("--grid", required=True)
    p.add_argument("--periodic", action="store_true")
    a = p.parse_args()
    dims = [int(x) for x in a.grid.split("x")]
    ranks = 1
    for d in dims:
        ranks *= d
    perm = list(range(ranks))
    random.Random(SEED).shuffle(perm)
    rank_at = {point: r for r, point in enumerate(perm)}
    with otf2.writer.open(a.target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        mpi = Paradigm.MPI
        main_region = d.region("main", paradigm=Paradigm.USER)
        irecv = d.region("MPI_Irecv", paradigm=mpi, region_role=RegionRole.POINT2POINT)
        isend = d.region("MPI_Isend", paradigm=mpi, region_role=RegionRole.POINT2POINT)
        waitall = d.region("MPI_Waitall", paradigm=mpi, region_role=RegionRole.POINT2POINT)
        threads = []
        for rank in range(ranks):
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=mpi, members=threads)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=mpi, members=list(range(ranks))))
        for rank in range(ranks):
            partners = [rank_at[n] for n in neighbours(perm[rank], dims, a.periodic)]
            write = trace.event_writer_from_location(threads[rank])
            write(otf2.events.Enter(0, main_region))
            request = 0
            for i in range(ITERATIONS):
                t0 = 1000 * i
                receives, sends = [], []
                for k, q in enumerate(partners):
                    request += 1
                    write(otf2.events.Enter(t0 + 100 + 2 * k, irecv))
                    write(otf2.events.MpiIrecvRequest(t0 + 100 + 2 * k, request))
                    write(otf2.events.Leave(t0 + 101 + 2 * k, irecv))
                    receives.append((q, request))
                for k, q in enumerate(partners):
                    request += 1
                    write(otf2.events.Enter(t0 + 150 + 2 * k, isend))
                    write(otf2.events.MpiIsend(t0 + 150 + 2 * k, q, comm, 0, SIZE, request))
                    write(otf2.events.Leave(t0 + 151 + 2 * k, isend))
                    sends.append(request)
                write(otf2.events.Enter(t0 + 200, waitall))
                for req in sends:
                    write(otf2.events.MpiIsendComplete(t0 + 210, req))
                for k, (q, req) in enumerate(receives):
                    write(otf2.events.MpiIrecv(t0 + 220 + k, q, comm, 0, SIZE, req))
                write(otf2.events.Leave(t0 + 300, waitall))
            write(otf2.events.Leave(1000 * ITERATIONS, main_region))


if __name__ == "__main__":
    main()
