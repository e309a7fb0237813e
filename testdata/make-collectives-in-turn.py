#!/usr/bin/python3
"""Two threads of one process calling a communicator's collectives in turn (MPI_THREAD_MULTIPLE or
MPI_THREAD_SERIALIZED), timer 1 MHz (times in microseconds):

    /usr/bin/python3 testdata/make-collectives-in-turn.py [DIR]   (default testdata/collectives-in-turn)

Rank 0: master main [0, 1000]; MPI_Barrier [100, 305] (MPI_COMM_WORLD's first barrier); MPI_Comm_size [700, 900].
        thread 1: work [50, 400]; MPI_Barrier [400, 605] (the second).
Rank 1: master main [0, 1000]; MPI_Barrier [300, 305]; work; MPI_Barrier [600, 605].
The k-th collective a process calls on a communicator is instance k (definitions section 8), whichever of
its threads calls it: rank 0 waits at the first barrier 300 - 100 = 200 us and at the second
600 - 400 = 200 us: 400 us of wait at barrier; rank 1 none (it enters each last).
Tcomm_0 (the time in which any of its threads was in MPI, definitions section 3) = [100, 305] + [400, 605] +
[700, 900] = 610 us, so no wait is scaled down.
The first thread's k-th call alone was instance k: the worker's barrier was paired with rank 1's first and
dropped, the second instance incomplete: 200 us.
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hand_hybrid import write, call

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "collectives-in-turn")
barrier = lambda a, b: call("MPI_Barrier", a, b, (a, "cbegin"), (b, "cend", "barrier", 0xFFFFFFFF, 0, 0))
r0m = [(0, "enter", "main")] + barrier(100, 305) + call("MPI_Comm_size", 700, 900) + [(1000, "leave", "main")]
r0t = call("work", 50, 400) + barrier(400, 605)
r1m = [(0, "enter", "main")] + barrier(300, 305) + call("work", 305, 600) + barrier(600, 605) + [(1000, "leave", "main")]
write(out, [[r0m, r0t], [r1m]])
