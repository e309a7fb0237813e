#!/usr/bin/python3
"""Writes testdata/recording-off-in-turn: four ranks that take turns with recording switched off, each waiting in a
barrier for the one whose recording is off, so all the waiting is time with recording off, on one process after another.

Times in us (timer 1e6). Every rank: main [0, 470], MPI_Init [0, 1], MPI_Finalize [460, 461]. Barrier k (k = 0..3):
rank k has recording off [10 + 110k, 110 + 110k] and enters it at 110 + 110k; the other ranks enter it at 10 + 110k; all
leave it at 111 + 110k. The measured run (definitions section 9) runs from the MPI_Init leave at 1 to the MPI_Finalize
enter at 460: 459 us. Recording is off on some process during 4 x 100 = 400 us of it (the intervals do not overlap),
on any one process for only 100 us: the replay, which leaves every interval off out (definitions section 3), falls
short by up to 400 us, and all of it is that time, none of it time inside MPI (each rank's 3 x 101 us in barriers are
its partners' 100 us with recording off).

    /usr/bin/python3 testdata/make-recording-off-in-turn.py testdata/recording-off-in-turn
"""
import shutil
import sys

import otf2
from otf2.enums import (CollectiveOp, GroupType, LocationGroupType, LocationType, MeasurementMode, Paradigm,
                        RegionRole)

RANKS = 4


def events(rank):
    """The (kind, time, ...) events of one rank, in time order."""
    out = [("enter", 0, "main"), ("enter", 0, "MPI_Init"), ("leave", 1, "MPI_Init")]
    for k in range(RANKS):
        enter = 10 + 110 * k
        if k == rank:
            out += [("off", enter), ("on", enter + 100)]
            enter += 100
        out += [("enter", enter, "MPI_Barrier"), ("cbegin", enter), ("cend", 110 + 110 * k), ("leave", 111 + 110 * k, "MPI_Barrier")]
    return out + [("enter", 460, "MPI_Finalize"), ("leave", 461, "MPI_Finalize"), ("leave", 470, "main")]


def main(target):
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        regions = {name: d.region(name, paradigm=Paradigm.MPI,
                                  region_role=RegionRole.BARRIER if name == "MPI_Barrier" else RegionRole.FUNCTION)
                   for name in ("MPI_Init", "MPI_Finalize", "MPI_Barrier")}
        regions["main"] = d.region("main", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        threads = []
        for r in range(RANKS):
            group = d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                                     system_tree_parent=node)
            threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=group))
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
        world = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                         members=list(range(RANKS))))
        for r in range(RANKS):
            write = trace.event_writer_from_location(threads[r])
            for e in events(r):
                kind, time = e[0], e[1]
                if kind == "enter":
                    write(otf2.events.Enter(time, regions[e[2]]))
                elif kind == "leave":
                    write(otf2.events.Leave(time, regions[e[2]]))
                elif kind == "off":
                    write(otf2.events.MeasurementOnOff(time, MeasurementMode.OFF))
                elif kind == "on":
                    write(otf2.events.MeasurementOnOff(time, MeasurementMode.ON))
                elif kind == "cbegin":
                    write(otf2.events.MpiCollectiveBegin(time))
                else:
                    write(otf2.events.MpiCollectiveEnd(time, CollectiveOp.BARRIER, world, 0xFFFFFFFF, 0, 0))


if __name__ == "__main__":
    main(sys.argv[1])
