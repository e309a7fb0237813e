#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace on clocks that agree: one message each way, no clock conflict.

    /usr/bin/python3 testdata/make-consistent-clocks.py SCOREP_SRC/traces.otf2 DST_DIR

The definitions (regions, the 2 "MPI Rank R" locations, MPI_COMM_WORLD, the timer) are those of the
Score-P source trace (otf2/scorep-ping-pong); the events are written here, with these times (us after
the source's first timestamp; ticks rounded to the timer):
    rank 0: main [0, 75]; MPI_Send [10, 11] to rank 1 (send event at 10);
            MPI_Recv [11, 65] from rank 1 (receive event at 65)
    rank 1: main [0, 75]; MPI_Recv [50, 51] from rank 0 (receive event at 51);
            MPI_Send [60, 61] to rank 0 (send event at 60)
Tag 0, 4 bytes. Every receive follows its send on the clocks as written: no offset is needed.
Rank 0 waits for rank 1's send (late sender, SPEC 8: enter(send) - enter(recv) = 60 - 11 = 49 us);
rank 1's receive is entered at 50, after the send (no wait); the run lasts 75 us.
"""
import sys

import otf2


def main():
    source, target = sys.argv[1], sys.argv[2]
    with otf2.reader.open(source) as trace:
        t0 = None
        for _, event in trace.events:
            t0 = event.time
            break
        defs = trace.definitions
        per_us = defs.clock_properties.timer_resolution / 1e6

        def at(us):
            return t0 + int(round(us * per_us))

        region = {r.name: r for r in defs.regions}
        main_region = region["int main(int, char**)"]
        world = next(c for c in defs.comms if c.name == "MPI_COMM_WORLD")
        location = {l.group.name: l for l in defs.locations}
        calls = {
            0: [("MPI_Send", 10, 11, 10, 1), ("MPI_Recv", 11, 65, 65, 1)],
            1: [("MPI_Recv", 50, 51, 51, 0), ("MPI_Send", 60, 61, 60, 0)],
        }
        with otf2.writer.open(target, definitions=defs) as writer:
            for r in range(2):
                write = writer.event_writer_from_location(location["MPI Rank %d" % r])
                write(otf2.events.Enter(at(0), main_region))
                for name, enter, leave, event, partner in calls[r]:
                    write(otf2.events.Enter(at(enter), region[name]))
                    if name == "MPI_Send":
                        write(otf2.events.MpiSend(at(event), partner, world, 0, 4))
                    else:
                        write(otf2.events.MpiRecv(at(event), partner, world, 0, 4))
                    write(otf2.events.Leave(at(leave), region[name]))
                write(otf2.events.Leave(at(75), main_region))


if __name__ == "__main__":
    main()
