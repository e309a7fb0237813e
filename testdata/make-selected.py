#!/usr/bin/python3
"""Writes a copy of a Score-P OTF2 archive holding only the events a selection keeps (SPEC section 11),
so that igtrace's numbers on the selection can be checked against its numbers on this smaller trace.

    /usr/bin/python3 testdata/make-selected.py SRC/traces.otf2 DST_DIR [--window FROM:TO] [--ranks LIST]
        [--region NAME]

FROM and TO are seconds from the start of the run (the clock properties' global offset); either may
be empty. The rules, written here independently of igtrace's Java code:
  * ranks: locations of other ranks keep nothing; sends to and receives from other ranks are dropped;
  * window [FROM, TO] (on each location's own clock): events inside it are kept; a region open when
    the window starts is entered at FROM, one still open when it ends is left at TO;
  * region: only events inside the outermost instances of the region (its enter and leave included);
  * a collective's begin (MpiCollectiveBegin) is kept only with its end (MpiCollectiveEnd): of a collective the
    window cuts, what it keeps is its end if any (a begin left alone would read as a collective never ended).
Definitions are copied unchanged. python3-otf2 reads Score-P archives, not EZTrace 2.x ones.
"""
import argparse

import otf2
from otf2.events import Enter, Leave, MpiSend, MpiRecv, MpiIsend, MpiIrecv, MpiCollectiveBegin, MpiCollectiveEnd


def ranks_of(text):
    chosen = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        chosen.update(range(int(lo), int(hi or lo) + 1))
    return chosen


def world_rank(location):
    return int(location.group.name.split()[-1])  # Score-P names processes "MPI Rank R"


def partner_rank(event, rank_in_comm):
    member = event.communicator.group.members[rank_in_comm]
    return world_rank(member) if hasattr(member, "group") else int(member)


class LocationFilter:
    def __init__(self, write, start, end, region):
        self.write, self.start, self.end, self.region = write, start, end, region
        self.stack = []  # [region, written]
        self.region_depth = None
        self.state = "before" if start is not None else "inside"
        self.begin = None  # a collective's begin, written with its end

    def put(self, e):
        if isinstance(e, MpiCollectiveBegin):
            self.begin = e
            return
        if isinstance(e, MpiCollectiveEnd) and self.begin is not None:
            self.write(self.begin)
        self.begin = None if isinstance(e, MpiCollectiveEnd) else self.begin
        self.write(e)

    def in_region(self, depth):
        return self.region is None or (self.region_depth is not None and depth >= self.region_depth)

    def advance(self, t):
        if self.state == "before" and t >= self.start:
            self.state = "inside"
            for depth, frame in enumerate(self.stack):
                if self.in_region(depth) and not frame[1]:
                    self.write(Enter(self.start, frame[0]))
                    frame[1] = True
        if self.state == "inside" and self.end is not None and t > self.end:
            self.state = "after"
            for frame in reversed(self.stack):
                if frame[1]:
                    self.write(Leave(self.end, frame[0]))
                    frame[1] = False

    def event(self, e, partner_ok):
        self.advance(e.time)
        if isinstance(e, Enter):
            self.stack.append([e.region, False])
            depth = len(self.stack) - 1
            if self.region is not None and self.region_depth is None and e.region.name == self.region:
                self.region_depth = depth
            if self.state == "inside" and self.in_region(depth):
                self.write(e)
                self.stack[-1][1] = True
        elif isinstance(e, Leave):
            if not self.stack:
                return
            depth = len(self.stack) - 1
            _, written = self.stack.pop()
            if written:
                self.write(e)
            if depth == self.region_depth:
                self.region_depth = None
        elif self.state == "inside" and (self.region is None or self.region_depth is not None) and partner_ok:
            self.put(e)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("source")
    p.add_argument("target")
    p.add_argument("--window")
    p.add_argument("--ranks")
    p.add_argument("--region")
    a = p.parse_args()
    chosen = ranks_of(a.ranks) if a.ranks else None
    with otf2.reader.open(a.source) as trace:
        clock = trace.definitions.clock_properties
        start = end = None
        if a.window:
            lo, hi = a.window.split(":")
            start = clock.global_offset + round(float(lo) * clock.timer_resolution) if lo else None
            end = clock.global_offset + round(float(hi) * clock.timer_resolution) if hi else None
        filters = {}
        with otf2.writer.open(a.target, definitions=trace.definitions) as writer:
            for location, event in trace.events:
                if chosen is not None and world_rank(location) not in chosen:
                    continue
                f = filters.get(location)
                if f is None:
                    f = filters[location] = LocationFilter(writer.event_writer_from_location(location), start, end,
                                                           a.region)
                partner_ok = True
                if chosen is not None and isinstance(event, (MpiSend, MpiIsend)):
                    partner_ok = partner_rank(event, event.receiver) in chosen
                elif chosen is not None and isinstance(event, (MpiRecv, MpiIrecv)):
                    partner_ok = partner_rank(event, event.sender) in chosen
                f.event(event, partner_ok)


if __name__ == "__main__":
    main()
