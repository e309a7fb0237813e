#!/usr/bin/python3
"""Writes a 5-rank OTF2 trace whose longest process had no recording off while a shorter one had, for why's sentence on
stats' run time T against the critical path (definitions sections 3 and 14):

    /usr/bin/python3 testdata/make-off-staggered.py DST_DIR

Timer 1 MHz (a tick is a microsecond), no MPI call. Rank 1: main [0, 1200], recording off [500, 800]: T_1 = 900 us.
Rank 2: main [100, 1300]: T_2 = 1200 us, the longest. Ranks 0, 3, 4: main [0, 100]. The path runs from the first start
(0) to the last end (1300): 1300 us, 100 us longer than T because the ranks started and ended apart, not because of
rank 1's time off (its 900 + 300 us span no more than rank 2's 1200). Without the events of ranks 0, 3 and 4
(--skip-missing: the processes numbered apart from their world ranks) the same.
"""
import shutil
import sys

import otf2
from otf2_ranks import mpi_ranks
from otf2.enums import MeasurementMode, Paradigm, RegionRole

SPANS = {0: (0, 100), 1: (0, 1200), 2: (100, 1300), 3: (0, 100), 4: (0, 100)}


def main():
    target = sys.argv[1]
    shutil.rmtree(target, ignore_errors=True)
    with otf2.writer.open(target, timer_resolution=1000000) as trace:
        d = trace.definitions
        threads, _ = mpi_ranks(trace, len(SPANS))
        main_region = d.region("main", paradigm=Paradigm.USER, region_role=RegionRole.FUNCTION)
        for rank, (start, end) in SPANS.items():
            w = trace.event_writer_from_location(threads[rank])
            w(otf2.events.Enter(start, main_region))
            if rank == 1:
                w(otf2.events.MeasurementOnOff(500, MeasurementMode.OFF))
                w(otf2.events.MeasurementOnOff(800, MeasurementMode.ON))
            w(otf2.events.Leave(end, main_region))


if __name__ == "__main__":
    main()
