#!/usr/bin/python3
"""Writes a small hybrid MPI + OpenMP run with every time known (issue 40):

    /usr/bin/python3 testdata/make-hybrid.py DST_DIR

Two MPI processes of three CPU threads each ("Master thread", "OMP thread 1", "OMP thread 2"), as
Score-P records OpenMP in OTF2: regions of paradigm OPENMP with the roles PARALLEL, IMPLICIT_BARRIER,
BARRIER and WRAPPER (an omp_* runtime call); the master writes ThreadFork before and ThreadJoin after a
parallel region, every thread of the team ThreadTeamBegin/ThreadTeamEnd around its part. Clock in
microseconds (timer resolution 1e6), one clock per process. Every thread of a team enters the parallel
region at the fork and leaves it when it leaves the region's last barrier.

Rank 0 (main [0, 1000] on the master):
  parallel 1 [100, 310]: implicit barrier entered by t0 300, t1 250, t2 200, all leave 310; the master
           forks the team at 95 and joins it at 315 (ThreadFork, ThreadJoin).
  master: MPI_Send [500, 510] to rank 1 (send event at 501, 4 bytes).
  parallel 2 [600, 890]: explicit barrier entered by t0 650, t1 700, t2 750, all leave 760;
           t1 calls omp_set_lock [800, 810]; implicit barrier entered by t0 880, t1 850, t2 860, leave 890.
Rank 1 (main [0, 950] on the master):
  parallel 1 [50, 350]: implicit barrier entered by t0 340, t1 340, t2 300, all leave 350.
  master: MPI_Recv [400, 510] from rank 0 (receive event at 509): late sender 500 - 400 = 100 us.
  parallel 2 [600, 800]: implicit barrier entered by t0 700, t1 790, t2 760, all leave 800.

What igtrace must find (us):
  T_0 = 1000 (the master's span; the workers' spans [100, 890] lie inside it), T_1 = 950, T = 1000.
  Tcomm_0 = 10, Tcomm_1 = 110 (the master's MPI calls).
  Wait at implicit barrier = last arrival - own arrival:
    rank 0: parallel 1 (last 300): t0 0, t1 50, t2 100; parallel 2 (last 880): t0 0, t1 30, t2 20 -> 200
    rank 1: parallel 1 (last 340): t0 0, t1 0, t2 40; parallel 2 (last 790): t0 90, t1 0, t2 30 -> 160
  Wait at explicit barrier (rank 0, last 750): t0 100, t1 50, t2 0 -> 150; rank 1: 0.
  Idle threads (a worker's T_i outside parallel regions): rank 0: 1000 - (210 + 290) = 500 per worker
    -> 1000; rank 1: 950 - (300 + 200) = 450 per worker -> 900.
  OpenMP runtime (fork to the parallel region's enter, its leave to the join, omp_* calls, and barrier
    time after the last arrival): every barrier instance is left 10 us after its last arrival: rank 0:
    3 barriers x 3 threads x 10 + omp_set_lock 10 + fork 5 + join 5 = 110; rank 1: 2 x 3 x 10 = 60.
  Useful per thread (T_i - MPI - barrier waits - runtime - idle):
    rank 0: t0 1000 - 10 - 0 - 100 - 40 = 850; t1 1000 - 80 - 50 - 40 - 500 = 330;
            t2 1000 - 120 - 0 - 30 - 500 = 350 (sum 1530)
    rank 1: t0 950 - 110 - 90 - 20 = 730; t1 950 - 20 - 450 = 480; t2 950 - 70 - 20 - 450 = 410 (sum 1620)
"""
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

# per rank: main's end, the master's MPI call, and per parallel region (begin, end, barriers), a barrier
# being (kind, arrivals per thread, leave); runtime calls (thread, enter, leave)
RUNS = {
    0: {"end": 1000, "mpi": ("MPI_Send", 500, 501, 510),
        "parallel": [(100, 310, [("implicit", (300, 250, 200), 310)]),
                     (600, 890, [("explicit", (650, 700, 750), 760), ("implicit", (880, 850, 860), 890)])],
        "runtime": [(1, 800, 810)]},
    1: {"end": 950, "mpi": ("MPI_Recv", 400, 509, 510),
        "parallel": [(50, 350, [("implicit", (340, 340, 300), 350)]),
                     (600, 800, [("implicit", (700, 790, 760), 800)])],
        "runtime": []},
}
THREADS = 3
# the fork and join of rank 0's first parallel region lie 5 us outside it (the runtime creating and ending the team);
# the others' fork and join coincide with the region's enter and leave
FORK_JOIN = {(0, 0): (95, 315)}


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        omp, mpi = Paradigm.OPENMP, Paradigm.MPI
        regions = {
            "main": d.region("main", paradigm=Paradigm.COMPILER, region_role=RegionRole.FUNCTION),
            "MPI_Send": d.region("MPI_Send", paradigm=mpi, region_role=RegionRole.POINT2POINT),
            "MPI_Recv": d.region("MPI_Recv", paradigm=mpi, region_role=RegionRole.POINT2POINT),
            "parallel": [d.region("!$omp parallel @hybrid.c:%d" % line, paradigm=omp, region_role=RegionRole.PARALLEL)
                         for line in (10, 30)],
            "implicit": [d.region("!$omp implicit barrier @hybrid.c:%d" % line, paradigm=omp,
                                  region_role=RegionRole.IMPLICIT_BARRIER) for line in (20, 50)],
            "explicit": d.region("!$omp barrier @hybrid.c:40", paradigm=omp, region_role=RegionRole.BARRIER),
            "omp_set_lock": d.region("omp_set_lock", paradigm=omp, region_role=RegionRole.WRAPPER),
        }
        locations = {}
        for rank in RUNS:
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            locations[rank] = [d.location("Master thread" if t == 0 else "OMP thread %d" % t,
                                          type=LocationType.CPU_THREAD, group=group) for t in range(THREADS)]
        masters = [locations[r][0] for r in RUNS]
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=mpi, members=masters)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=mpi, members=list(RUNS)))
        everyone = [l for r in RUNS for l in locations[r]]
        d.group("OpenMP threads", group_type=GroupType.COMM_LOCATIONS, paradigm=omp, members=everyone)
        teams = {r: d.comm("thread team %d" % r, group=d.group(
            "team %d" % r, group_type=GroupType.COMM_GROUP, paradigm=omp,
            members=[everyone.index(l) for l in locations[r]])) for r in RUNS}

        for rank, run in RUNS.items():
            events = [[] for _ in range(THREADS)]  # (time, order, event) per thread
            master = events[0]
            master.append((0, 0, otf2.events.Enter(0, regions["main"])))
            master.append((run["end"], 9, otf2.events.Leave(run["end"], regions["main"])))
            name, enter, at, leave = run["mpi"]
            master.append((enter, 1, otf2.events.Enter(enter, regions[name])))
            if name == "MPI_Send":
                master.append((at, 2, otf2.events.MpiSend(at, 1 - rank, comm, 0, 4)))
            else:
                master.append((at, 2, otf2.events.MpiRecv(at, 1 - rank, comm, 0, 4)))
            master.append((leave, 3, otf2.events.Leave(leave, regions[name])))
            implicit = 0
            for p, (begin, end, barriers) in enumerate(run["parallel"]):
                fork, join = FORK_JOIN.get((rank, p), (begin, end))
                master.append((fork, 1, otf2.events.ThreadFork(fork, omp, THREADS)))
                master.append((join, 8, otf2.events.ThreadJoin(join, omp)))
                for t in range(THREADS):
                    events[t].append((begin, 2, otf2.events.ThreadTeamBegin(begin, teams[rank])))
                    events[t].append((begin, 3, otf2.events.Enter(begin, regions["parallel"][p])))
                    for kind, arrivals, out in barriers:
                        region = regions["explicit"] if kind == "explicit" else regions["implicit"][p]
                        events[t].append((arrivals[t], 4, otf2.events.Enter(arrivals[t], region)))
                        events[t].append((out, 5, otf2.events.Leave(out, region)))
                    events[t].append((end, 6, otf2.events.Leave(end, regions["parallel"][p])))
                    events[t].append((end, 7, otf2.events.ThreadTeamEnd(end, teams[rank])))
            for t, enter, leave in run["runtime"]:
                events[t].append((enter, 4, otf2.events.Enter(enter, regions["omp_set_lock"])))
                events[t].append((leave, 5, otf2.events.Leave(leave, regions["omp_set_lock"])))
            for t in range(THREADS):
                write = trace.event_writer_from_location(locations[rank][t])
                for _, _, e in sorted(events[t], key=lambda x: (x[0], x[1])):
                    write(e)


if __name__ == "__main__":
    main()
