#!/usr/bin/python3
"""One rank whose OpenMP team is forked by a pthread, timer 1 MHz (times in microseconds):

    /usr/bin/python3 testdata/make-pthread-team.py [DIR]   (default testdata/pthread-team)

The main thread runs main [0, 1000] (serial code, no OpenMP). A pthread ("Pthread 1") that lives [400, 600] opens a
team of two threads (itself and "OMP thread 1"): parallel [400, 600]; the pthread enters the implicit barrier at 550,
the worker at 500, both leave at 600.
Definitions section 10a: the master is the longest thread of the team, the pthread (200 us; the worker's 200 too, the
first in location order). Its useful time is at most its own span: 200 - 50 (the barrier after its last arrival, runtime)
= 150 us; the worker waits 50 us and has 50 us of runtime: 100 us; the main thread, in no team, its span: 1000 us.
Hybrid parallel efficiency (1000 + 150 + 100) / 3 / 1000 = 0.41667 (the pthread was credited 950 us: 0.683).
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hand_hybrid import write, call

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "pthread-team")
m = call("main", 0, 1000)
p = call("parallel1", 400, 600, *call("ibarrier1", 550, 600))
w = call("parallel1", 400, 600, *call("ibarrier1", 500, 600))
write(out, [[m, p, w]], thread_name=lambda r, t: ["Master thread", "Pthread 1", "OMP thread 1"][t])
