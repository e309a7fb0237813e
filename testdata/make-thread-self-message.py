#!/usr/bin/python3
"""A message between two threads of one process (MPI_THREAD_MULTIPLE), timer 1 MHz (times in microseconds):

    /usr/bin/python3 testdata/make-thread-self-message.py [DIR]   (default testdata/thread-self-message)

Rank 0: master main [0, 1000]; MPI_Recv [100, 400] from rank 0 tag 5 (8 bytes, receive at 399);
        MPI_Recv [500, 610] from rank 1 tag 0 (8 bytes, receive at 609).
        thread 1: work [50, 390]; MPI_Send [390, 395] to rank 0 tag 5 (send at 390).
Rank 1: master main [0, 1000]; MPI_Send [600, 610] to rank 0 tag 0 (send at 600).
Late sender on rank 0 (definitions section 8; a message from another thread of the process is waited for as any other):
(390 - 100) + (600 - 500) = 290 + 100 = 390 us; Tcomm_0 = the master's 300 + 110 = 410 us; T_0 = T_1 = 1000 us.
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hand_hybrid import write, call

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "thread-self-message")
r0m = [(0, "enter", "main")] + call("MPI_Recv", 100, 400, (399, "recv", 0, 5, 8)) + \
      call("MPI_Recv", 500, 610, (609, "recv", 1, 0, 8)) + [(1000, "leave", "main")]
r0t = call("work", 50, 390) + call("MPI_Send", 390, 395, (390, "send", 0, 5, 8))
r1m = [(0, "enter", "main")] + call("MPI_Send", 600, 610, (600, "send", 0, 0, 8)) + [(1000, "leave", "main")]
write(out, [[r0m, r0t], [r1m]])
