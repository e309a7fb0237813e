#!/usr/bin/python3
"""Writes seven small OTF2 runs of two threads per process whose times are known (edge cases of definitions
sections 3, 8 and 10a):

    /usr/bin/python3 testdata/make-thread-edges.py DST_DIR

DST_DIR/early-thread, DST_DIR/off-worker, DST_DIR/off-barrier, DST_DIR/off-fork, DST_DIR/helper-master, DST_DIR/init-wait
and DST_DIR/multiple, each a traces.otf2 archive. Clock in microseconds
(timer resolution 1e6), one clock per process; the threads' regions are of paradigm COMPILER unless named MPI_* (paradigm
MPI) or OpenMP constructs (paradigm OPENMP, roles PARALLEL and IMPLICIT_BARRIER).

early-thread: two ranks, no message. Each master runs main [0, 1000], MPI_Init_thread [0, 300] and MPI_Finalize
  [900, 990]; rank 0 also has a pthread that runs work [0, 1000] (it started before MPI_Init_thread ended).
  T_i = 1000 - 300 - 90 = 610 for both ranks (section 3: the wall-clock span less the environment calls).
  Without parallel regions a thread counts its own span as its useful time, at most T_i: rank 0's pthread 610
  (its span is 1000), the masters 610 each. Hybrid parallel efficiency = (610 + 610 + 610) / 3 / 610 = 1; MPI
  parallel efficiency 1 (no MPI communication).

off-worker: one rank of two OpenMP threads. Master main [0, 1000]; both threads in parallel [200, 500]; the worker
  computes until it enters the implicit barrier at 300, the master at 450; both leave the barrier and the region at
  500. The worker switches recording off at 220 and on at 280 (MeasurementOnOff).
  T_0 = 1000 (the least either thread had off is the master's 0).
  Master: barrier wait 0, runtime 50 (the barrier after its last arrival, 450 to 500), useful 1000 - 50 = 950.
  Worker: barrier wait 450 - 300 = 150, runtime 50, idle 1000 - 300 (outside the parallel region) = 700, recording
  off 60: useful 1000 - 150 - 50 - 700 - 60 = 40 (it computed [200, 300] less the 60 us off).
  Hybrid parallel efficiency = (950 + 40) / 2 / 1000 = 0.495.

off-barrier: as off-worker, but the worker switches recording off at 350 and on at 400, inside the barrier it entered
  at 300 (left at 500, last arrival 450). Its barrier wait is 150 less the 50 us off = 100, runtime 50, idle 700,
  useful 1000 - 50 (off) - 100 - 50 - 700 = 100 (it computed [200, 300]). Hybrid (950 + 100) / 2 / 1000 = 0.525.

off-fork: as off-worker without the worker's time off, but the master forks the team at 180 (ThreadFork), switches
  recording off at 185 and on at 195, and joins it at 510 (ThreadJoin). The worker's first event is at 200, so in
  [185, 195] no thread was recorded: T_0 = 1000 - 10 = 990.
  Master: runtime = the fork 200 - 180 less the 10 us off + the join 10 + the barrier after its last arrival 50 = 70
  (the time off counted as runtime gave 80), useful 990 - 70 = 920.
  Worker: barrier wait 150, runtime 50, idle 990 - 300 = 690, useful 990 - 150 - 50 - 690 = 100 (it computed
  [200, 300]). Hybrid parallel efficiency = (920 + 100) / 2 / 990.

helper-master: one rank of three threads: the master and an OpenMP worker as in off-worker (no time off), and a pthread
  in no team ("Pthread 2") that runs work [0, 1030], 30 us longer than the master. T_0 = 1030.
  The master is the longest thread among those of the team (thread 0), not the pthread: master runtime 50, idle 0,
  useful its span 1000 - 50 = 950 (at most its own span: it did not run in [1000, 1030]); worker barrier wait 150,
  runtime 50, idle 1030 - 300 = 730, useful 100; the pthread its span, 1030. Hybrid = (950 + 100 + 1030) / 3 / 1030. With the pthread taken as the master, thread 0 was a worker idle 730
  us in its own serial code (useful 250) and the hybrid efficiency (250 + 100 + 1030) / 3 / 1030 = 0.447.

init-wait: two ranks, each a master and a pthread that runs work [0, 1000] and calls no MPI. The masters run main
  [0, 1000], MPI_Init_thread [0, 300] with an MPI_Barrier inside it (rank 0 [0, 300], rank 1 [250, 300]) and
  MPI_Finalize [900, 990]; rank 0 MPI_Send [400, 410] to rank 1 (8 bytes, sent at 400), rank 1 MPI_Recv [380, 410]
  (received at 409). T_i = 1000 - 300 - 90 = 610 us, Tcomm_0 = 10, Tcomm_1 = 30. The barrier inside MPI_Init_thread
  is not communication, so rank 0's 250 us there are no wait (definitions section 8); rank 1 waits 20 us as late
  sender (its receive entered 20 us before the send).

multiple: two ranks of two threads, both calling MPI (MPI_THREAD_MULTIPLE). Rank 0: master main [0, 1000] with
  MPI_Send [300, 310] to rank 1 (1000 bytes, tag 0, sent at 300); thread 1 work [100, 500] then MPI_Send [500, 510] to
  rank 1 (3000 bytes, tag 1, sent at 500). Rank 1: master main [0, 1000] with MPI_Recv [200, 310] (tag 0, received at
  309); thread 1 MPI_Recv [200, 520] (tag 1, received at 519).
  Late sender: rank 1's master 300 - 200 = 100, its thread 1 500 - 200 = 300: 400 in all.
  Tcomm_1 = the time in which any of its threads was in MPI = [200, 310] within [200, 520] = 320, T_1 = 1000.
  So the waits of rank 1's threads (400) add up to more than Tcomm_1 (320): scaled down to 320.
  Tcomm_0 = [300, 310] and [500, 510] = 20 (the threads take turns), no wait on rank 0.
"""
import os
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, MeasurementMode, Paradigm, RegionRole


def region(d, cache, name):
    if name not in cache:
        if name.startswith("MPI_"):
            role = RegionRole.POINT2POINT if name in ("MPI_Send", "MPI_Recv") else \
                RegionRole.BARRIER if name == "MPI_Barrier" else RegionRole.FUNCTION
            cache[name] = d.region(name, paradigm=Paradigm.MPI, region_role=role)
        elif name == "parallel":
            cache[name] = d.region("!$omp parallel @edges.c:10", paradigm=Paradigm.OPENMP, region_role=RegionRole.PARALLEL)
        elif name == "barrier":
            cache[name] = d.region("!$omp implicit barrier @edges.c:20", paradigm=Paradigm.OPENMP,
                                   region_role=RegionRole.IMPLICIT_BARRIER)
        else:
            cache[name] = d.region(name, paradigm=Paradigm.COMPILER, region_role=RegionRole.FUNCTION)
    return cache[name]


def write(path, runs, thread_name):
    """runs: per rank, per thread, a list of (time, kind, arg...) with kind enter/leave/send/recv/off/on."""
    with otf2.writer.open(path, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        cache = {}
        locations = []
        for rank, threads in enumerate(runs):
            group = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            locations.append([d.location(thread_name(t), type=LocationType.CPU_THREAD, group=group)
                              for t in range(len(threads))])
        masters = [locs[0] for locs in locations]
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=masters)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=list(range(len(runs)))))
        for rank, threads in enumerate(runs):
            for t, events in enumerate(threads):
                w = trace.event_writer_from_location(locations[rank][t])
                for e in events:
                    time, kind = e[0], e[1]
                    if kind == "enter":
                        w(otf2.events.Enter(time, region(d, cache, e[2])))
                    elif kind == "leave":
                        w(otf2.events.Leave(time, region(d, cache, e[2])))
                    elif kind == "send":
                        w(otf2.events.MpiSend(time, e[2], comm, e[3], e[4]))
                    elif kind == "recv":
                        w(otf2.events.MpiRecv(time, e[2], comm, e[3], e[4]))
                    elif kind == "begin":
                        w(otf2.events.MpiCollectiveBegin(time))
                    elif kind == "end":
                        w(otf2.events.MpiCollectiveEnd(time, otf2.CollectiveOp.BARRIER, comm, 0xFFFFFFFF, 0, 0))
                    elif kind == "off":
                        w(otf2.events.MeasurementOnOff(time, MeasurementMode.OFF))
                    elif kind == "on":
                        w(otf2.events.MeasurementOnOff(time, MeasurementMode.ON))
                    elif kind == "fork":
                        w(otf2.events.ThreadFork(time, Paradigm.OPENMP, 2))
                    elif kind == "join":
                        w(otf2.events.ThreadJoin(time, Paradigm.OPENMP))


def master_with_environment():
    return [(0, "enter", "main"), (0, "enter", "MPI_Init_thread"), (300, "leave", "MPI_Init_thread"),
            (900, "enter", "MPI_Finalize"), (990, "leave", "MPI_Finalize"), (1000, "leave", "main")]


def main():
    dst = sys.argv[1]
    os.makedirs(dst, exist_ok=True)
    write(os.path.join(dst, "early-thread"),
          [[master_with_environment(), [(0, "enter", "work"), (1000, "leave", "work")]],
           [master_with_environment()]],
          lambda t: "Master thread" if t == 0 else "Pthread %d" % t)
    write(os.path.join(dst, "off-worker"),
          [[[(0, "enter", "main"), (200, "enter", "parallel"), (450, "enter", "barrier"), (500, "leave", "barrier"),
             (500, "leave", "parallel"), (1000, "leave", "main")],
            [(200, "enter", "parallel"), (220, "off"), (280, "on"), (300, "enter", "barrier"), (500, "leave", "barrier"),
             (500, "leave", "parallel")]]],
          lambda t: "Master thread" if t == 0 else "OMP thread %d" % t)
    write(os.path.join(dst, "off-barrier"),
          [[[(0, "enter", "main"), (200, "enter", "parallel"), (450, "enter", "barrier"), (500, "leave", "barrier"),
             (500, "leave", "parallel"), (1000, "leave", "main")],
            [(200, "enter", "parallel"), (300, "enter", "barrier"), (350, "off"), (400, "on"), (500, "leave", "barrier"),
             (500, "leave", "parallel")]]],
          lambda t: "Master thread" if t == 0 else "OMP thread %d" % t)
    write(os.path.join(dst, "off-fork"),
          [[[(0, "enter", "main"), (180, "fork"), (185, "off"), (195, "on"), (200, "enter", "parallel"), (450, "enter", "barrier"),
             (500, "leave", "barrier"), (500, "leave", "parallel"), (510, "join"), (1000, "leave", "main")],
            [(200, "enter", "parallel"), (300, "enter", "barrier"), (500, "leave", "barrier"), (500, "leave", "parallel")]]],
          lambda t: "Master thread" if t == 0 else "OMP thread %d" % t)
    write(os.path.join(dst, "helper-master"),
          [[[(0, "enter", "main"), (200, "enter", "parallel"), (450, "enter", "barrier"), (500, "leave", "barrier"),
             (500, "leave", "parallel"), (1000, "leave", "main")],
            [(200, "enter", "parallel"), (300, "enter", "barrier"), (500, "leave", "barrier"), (500, "leave", "parallel")],
            [(0, "enter", "work"), (1030, "leave", "work")]]],
          lambda t: "Master thread" if t == 0 else "OMP thread 1" if t == 1 else "Pthread %d" % t)

    def init_wait(rank):
        barrier = (0 if rank == 0 else 250)
        call = [(400, "enter", "MPI_Send"), (400, "send", 1, 0, 8), (410, "leave", "MPI_Send")] if rank == 0 else \
            [(380, "enter", "MPI_Recv"), (409, "recv", 0, 0, 8), (410, "leave", "MPI_Recv")]
        return [[(0, "enter", "main"), (0, "enter", "MPI_Init_thread"), (barrier, "enter", "MPI_Barrier"), (barrier, "begin"),
                 (300, "end"), (300, "leave", "MPI_Barrier"), (300, "leave", "MPI_Init_thread")] + call
                + [(900, "enter", "MPI_Finalize"), (990, "leave", "MPI_Finalize"), (1000, "leave", "main")],
                [(0, "enter", "work"), (1000, "leave", "work")]]
    write(os.path.join(dst, "init-wait"), [init_wait(0), init_wait(1)],
          lambda t: "Master thread" if t == 0 else "Pthread %d" % t)
    write(os.path.join(dst, "multiple"),
          [[[(0, "enter", "main"), (300, "enter", "MPI_Send"), (300, "send", 1, 0, 1000), (310, "leave", "MPI_Send"),
             (1000, "leave", "main")],
            [(100, "enter", "work"), (500, "leave", "work"), (500, "enter", "MPI_Send"), (500, "send", 1, 1, 3000),
             (510, "leave", "MPI_Send")]],
           [[(0, "enter", "main"), (200, "enter", "MPI_Recv"), (309, "recv", 0, 0, 1000), (310, "leave", "MPI_Recv"),
             (1000, "leave", "main")],
            [(200, "enter", "MPI_Recv"), (519, "recv", 0, 1, 3000), (520, "leave", "MPI_Recv")]]],
          lambda t: "Master thread" if t == 0 else "Pthread %d" % t)


if __name__ == "__main__":
    main()
