#!/usr/bin/python3
"""Writes a hybrid run whose OpenMP worker calls MPI and the OpenMP runtime between the teams:

    /usr/bin/python3 testdata/make-worker-mpi.py DST_DIR

Two MPI processes; rank 0 of two CPU threads ("Master thread", "OMP thread 1"), rank 1 of one, as Score-P
records OpenMP in OTF2 (regions of paradigm OPENMP, roles PARALLEL, IMPLICIT_BARRIER, WRAPPER). Clock in
microseconds (timer resolution 1e6), one clock per process.

Rank 0, master: main [0, 1000]; parallel 1 [100, 300] and parallel 2 [700, 900], each ending in an implicit
  barrier that both threads enter 10 us before the region ends (so neither waits in it) and leave at its end.
Rank 0, worker: in both parallel regions as above; between them MPI_Recv [400, 600] from rank 1 (receive event
  at 595, 8 bytes) and omp_get_wtime [650, 660] (an omp_* call, role WRAPPER).
Rank 1: main [0, 1000]; MPI_Send [580, 590] to rank 0 (send event at 585).

What igtrace must find for rank 0's worker (us): T_0 = 1000 (the master's span); its MPI time 200; its
OpenMP runtime 10 (the omp_* call) + 2 x 10 (the barriers' time after the last arrival) = 30; its barrier waits
0 (both threads arrive together). Idle (definitions section 10a: outside the parallel regions, while the master
runs serial code, less what the worker itself did there): 1000 - 400 - 200 (its MPI) - 10 (its omp_* call) = 390.
Useful: 1000 - 200 - 30 - 390 = 380, its compute inside the teams (2 x 190). Counting its MPI and omp_* time
in the idle time too gave idle 600 and useful 170 (the 210 us taken out twice).
The master: runtime 20 (the barriers), idle 0, useful 980. Rank 1 waited for nothing; rank 0's worker waited in
MPI_Recv for the send entered at 580: a late sender of 180 us, charged to process 0.
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        omp, mpi = Paradigm.OPENMP, Paradigm.MPI
        main_region = d.region("main", paradigm=Paradigm.COMPILER, region_role=RegionRole.FUNCTION)
        send = d.region("MPI_Send", paradigm=mpi, region_role=RegionRole.POINT2POINT)
        recv = d.region("MPI_Recv", paradigm=mpi, region_role=RegionRole.POINT2POINT)
        parallel = [d.region("!$omp parallel @worker.c:%d" % line, paradigm=omp, region_role=RegionRole.PARALLEL)
                    for line in (10, 30)]
        implicit = [d.region("!$omp implicit barrier @worker.c:%d" % line, paradigm=omp,
                             region_role=RegionRole.IMPLICIT_BARRIER) for line in (20, 40)]
        wtime = d.region("omp_get_wtime", paradigm=omp, region_role=RegionRole.WRAPPER)
        groups = [d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                                   system_tree_parent=node) for r in (0, 1)]
        master = d.location("Master thread", type=LocationType.CPU_THREAD, group=groups[0])
        worker = d.location("OMP thread 1", type=LocationType.CPU_THREAD, group=groups[0])
        other = d.location("Master thread", type=LocationType.CPU_THREAD, group=groups[1])
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=mpi, members=[master, other])
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=mpi, members=[0, 1]))
        d.group("OpenMP threads", group_type=GroupType.COMM_LOCATIONS, paradigm=omp, members=[master, worker, other])
        team = d.comm("thread team 0", group=d.group("team 0", group_type=GroupType.COMM_GROUP, paradigm=omp,
                                                      members=[0, 1]))

        def teams(events):
            for p, (begin, end) in enumerate(((100, 300), (700, 900))):
                events += [otf2.events.ThreadTeamBegin(begin, team), otf2.events.Enter(begin, parallel[p]),
                           otf2.events.Enter(end - 10, implicit[p]), otf2.events.Leave(end, implicit[p]),
                           otf2.events.Leave(end, parallel[p]), otf2.events.ThreadTeamEnd(end, team)]

        m = [otf2.events.Enter(0, main_region)]
        teams(m)
        m.append(otf2.events.Leave(1000, main_region))
        w = []
        teams(w)
        w[6:6] = [otf2.events.Enter(400, recv), otf2.events.MpiRecv(595, 1, comm, 0, 8), otf2.events.Leave(600, recv),
                  otf2.events.Enter(650, wtime), otf2.events.Leave(660, wtime)]
        o = [otf2.events.Enter(0, main_region), otf2.events.Enter(580, send), otf2.events.MpiSend(585, 0, comm, 0, 8),
             otf2.events.Leave(590, send), otf2.events.Leave(1000, main_region)]
        for location, events in ((master, m), (worker, w), (other, o)):
            write = trace.event_writer_from_location(location)
            for e in events:
                write(e)


if __name__ == "__main__":
    main()
