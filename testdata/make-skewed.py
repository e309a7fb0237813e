#!/usr/bin/python3
"""Writes a copy of a Score-P OTF2 archive in which one rank's clock is off by a known amount.

    /usr/bin/python3 testdata/make-skewed.py SRC/traces.otf2 DST_DIR --rank R --offset SECONDS
        [--drift PPM] [--drop-collectives]

Every event of the locations of rank R (location group "MPI Rank R") gets
    t' = t + offset + drift * (t - t0)
with t0 the archive's first timestamp: --offset shifts the clock, --drift (parts per million)
makes it run fast (or slow, negative). --drop-collectives leaves out every collective event and
the enter/leave of MPI collective calls, so that only point-to-point messages tie the ranks.
Definitions are copied unchanged; the clock properties are those of the new timestamps.
python3-otf2 (Debian) reads Score-P archives but refuses EZTrace 2.x ones (their definitions reuse
ids), so this works on Score-P traces only.
"""
import argparse

import otf2

COLLECTIVE_CALLS = {"MPI_Barrier", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Gather", "MPI_Scatter",
                    "MPI_Allgather", "MPI_Alltoall"}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("source")
    p.add_argument("target")
    p.add_argument("--rank", type=int, required=True)
    p.add_argument("--offset", type=float, default=0.0, help="seconds")
    p.add_argument("--drift", type=float, default=0.0, help="parts per million")
    p.add_argument("--drop-collectives", action="store_true")
    a = p.parse_args()
    with otf2.reader.open(a.source) as trace:
        resolution = trace.timer_resolution
        t0 = None
        for _, event in trace.events:
            t0 = event.time if t0 is None else min(t0, event.time)
            break
    with otf2.reader.open(a.source) as trace:
        offset = int(round(a.offset * resolution))
        with otf2.writer.open(a.target, definitions=trace.definitions) as writer:
            shifted = "MPI Rank %d" % a.rank
            for location, event in trace.events:
                name = type(event).__name__
                if a.drop_collectives:
                    if name in ("MpiCollectiveBegin", "MpiCollectiveEnd"):
                        continue
                    if name in ("Enter", "Leave") and event.region.name in COLLECTIVE_CALLS:
                        continue
                if location.group.name == shifted:
                    event.time = event.time + offset + int(round(a.drift * 1e-6 * (event.time - t0)))
                writer.event_writer_from_location(location)(event)


if __name__ == "__main__":
    main()
