"""Writes two one-rank runs of 2 OpenMP threads whose tasks run inside a task wait and a barrier, as Score-P records
them (regions of paradigm OPENMP, roles PARALLEL, IMPLICIT_BARRIER, BARRIER, TASK, TASK_WAIT; ThreadFork, ThreadJoin
and the team's begin and end at the parallel region's enter and leave):

    /usr/bin/python3 testdata/make-omp-tasks.py DST_DIR     (writes DST_DIR/nested and DST_DIR/split)

Every time in us; main spans [0, 500] on the master (T = 500), the worker is recorded inside the parallel region only.

nested (recursive tasking): parallel [100, 310]; the master runs a task [120, 220] holding a task wait [130, 210]
  holding a task [140, 200]; both threads enter the implicit barrier at 300 and leave it at 310.
  Master: the task wait's runtime is 80 - 60 (the task run inside it is work) = 20, the barrier's wait 0 and its
  runtime 310 - 300 = 10: runtime 30, useful 500 - 30 = 470 (counted as runtime, the inner task made it 90 and 410).
  Worker: idle 500 - 210 = 290, runtime 10, useful 500 - 290 - 10 = 200.
split: parallel [100, 400]; explicit barrier entered by both at 150, left at 200, the master running a task
  [155, 195] inside it; implicit barrier entered by the master at 300, by the worker at 350, left at 400.
  Master: explicit barrier wait 0, its runtime 50 - 40 (the task) = 10; implicit barrier wait 350 - 300 = 50 (no task
  ran in it), its runtime 50: waits 50, runtime 60, useful 500 - 50 - 60 = 390 (the task taken out of the waits of
  all barriers together read the implicit wait as 10 and the runtime as 100).
  Worker: waits 0, runtime 50 + 50 = 100, idle 500 - 300 = 200, useful 200.
"""
import os
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm, RegionRole

# per run: the parallel region, and per thread its constructs as (region, enter, leave, inside)
RUNS = {
    "nested": ((100, 310), [
        [("task", 120, 220, [("taskwait", 130, 210, [("task", 140, 200, [])])]), ("implicit", 300, 310, [])],
        [("implicit", 300, 310, [])]]),
    "split": ((100, 400), [
        [("explicit", 150, 200, [("task", 155, 195, [])]), ("implicit", 300, 400, [])],
        [("explicit", 150, 200, []), ("implicit", 350, 400, [])]]),
}


def write(dst, parallel, threads):
    with otf2.writer.open(dst, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        omp = Paradigm.OPENMP
        regions = {
            "main": d.region("main", paradigm=Paradigm.COMPILER, region_role=RegionRole.FUNCTION),
            "parallel": d.region("!$omp parallel @tasks.c:10", paradigm=omp, region_role=RegionRole.PARALLEL),
            "implicit": d.region("!$omp implicit barrier @tasks.c:20", paradigm=omp, region_role=RegionRole.IMPLICIT_BARRIER),
            "explicit": d.region("!$omp barrier @tasks.c:15", paradigm=omp, region_role=RegionRole.BARRIER),
            "task": d.region("!$omp task @tasks.c:12", paradigm=omp, region_role=RegionRole.TASK),
            "taskwait": d.region("!$omp taskwait @tasks.c:14", paradigm=omp, region_role=RegionRole.TASK_WAIT),
        }
        group = d.location_group("MPI Rank 0", location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        locations = [d.location("Master thread" if t == 0 else "OMP thread %d" % t, type=LocationType.CPU_THREAD, group=group)
                     for t in range(len(threads))]
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=[locations[0]])
        d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[0]))
        d.group("OpenMP threads", group_type=GroupType.COMM_LOCATIONS, paradigm=omp, members=locations)
        team = d.comm("thread team", group=d.group("team", group_type=GroupType.COMM_GROUP, paradigm=omp,
                                                    members=list(range(len(threads)))))
        begin, end = parallel
        for t, constructs in enumerate(threads):
            events = []  # (time, order, event): at one time, leaves before enters
            if t == 0:
                events += [(0, 0, otf2.events.Enter(0, regions["main"])), (500, 9, otf2.events.Leave(500, regions["main"])),
                           (begin, 1, otf2.events.ThreadFork(begin, omp, len(threads))), (end, 8, otf2.events.ThreadJoin(end, omp))]
            events += [(begin, 2, otf2.events.ThreadTeamBegin(begin, team)), (begin, 3, otf2.events.Enter(begin, regions["parallel"])),
                       (end, 6, otf2.events.Leave(end, regions["parallel"])), (end, 7, otf2.events.ThreadTeamEnd(end, team))]

            def add(nodes, depth):
                for region, enter, leave, inside in nodes:
                    events.append((enter, 4 + depth / 100, otf2.events.Enter(enter, regions[region])))
                    events.append((leave, 5 - depth / 100, otf2.events.Leave(leave, regions[region])))
                    add(inside, depth + 1)
            add(constructs, 0)
            writer = trace.event_writer_from_location(locations[t])
            for _, _, e in sorted(events, key=lambda x: (x[0], x[1])):
                writer(e)


def main():
    for name, (parallel, threads) in RUNS.items():
        write(os.path.join(sys.argv[1], name), parallel, threads)


if __name__ == "__main__":
    main()
