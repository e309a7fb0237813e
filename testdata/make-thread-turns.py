#!/usr/bin/python3
"""Processes whose threads take turns calling MPI (MPI_THREAD_SERIALIZED), written with hand_hybrid.py, timer 1 MHz
(times in microseconds); they replay as one thread making every call (definitions section 9):

    /usr/bin/python3 testdata/make-thread-turns.py [DIR]   (default testdata/thread-turns)

helper: 2 ranks. Each master runs main [0, 1000], MPI_Init_thread [0, 300] and MPI_Finalize [900, 990]; rank 0's master
  MPI_Send [400, 410] (8 bytes, tag 0) and its worker MPI_Send [500, 510] (tag 1) after work [310, 470]; rank 1's
  master MPI_Recv [380, 410] and its worker MPI_Recv [480, 510]. Rank 0 also has a pthread running helper [0, 1030]
  that calls no MPI and outlives the others. The replay takes the thread that called MPI_Init_thread with both
  threads' calls: it runs from MPI_Init_thread's leave (300) to MPI_Finalize's enter (900), 600 us measured; taken
  from the helper, the longest thread, it ran 1030 us.
same, cross: 2 ranks of two threads. Rank 0's master posts MPI_Isend [100, 110] (1 MiB to rank 1, tag 0, request 7),
  rank 1's master MPI_Irecv [50, 60] (request 9); each completes its request in an MPI_Wait [300, 600] (rank 1: [400,
  600]), on the master in `same` and on the other thread (after work [20, 250]) in `cross`. A request posted on one
  thread and completed on another is one request: both replay alike, rank 0's wait lasting until rank 1 posted its
  receive and the rendezvous message's transfer ended.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hand_hybrid import write, call

SIZE = 1 << 20


def send(a, tag, peer):
    return call("MPI_Send", a, a + 10, (a, "send", peer, tag, 8))


def recv(a, tag, peer):
    return call("MPI_Recv", a - 20, a + 10, (a + 9, "recv", peer, tag, 8))


def helper_rank(r):
    io = send if r == 0 else recv
    master = [(0, "enter", "main")] + call("MPI_Init_thread", 0, 300) + io(400, 0, 1 - r) \
        + call("MPI_Finalize", 900, 990) + [(1000, "leave", "main")]
    threads = [master, call("work", 310, 470) + io(500, 1, 1 - r)]
    if r == 0:
        threads.append(call("helper", 0, 1030))
    return threads


def requests(cross):
    posts = [call("MPI_Isend", 100, 110, (105, "isend", 1, 0, SIZE, 7)), call("MPI_Irecv", 50, 60, (55, "irecvreq", 9))]
    waits = [call("MPI_Wait", 300, 600, (599, "isendc", 7)), call("MPI_Wait", 400, 600, (599, "irecv", 0, 0, SIZE, 9))]
    runs = []
    for r in range(2):
        master = [(0, "enter", "main")] + posts[r] + ([] if cross else waits[r]) + [(1000, "leave", "main")]
        runs.append([master, call("work", 20, 250) + (waits[r] if cross else [])])
    return runs


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "thread-turns")
    names = lambda r, t: "Master thread" if t == 0 else "Pthread %d" % t
    write(os.path.join(out, "helper"), [helper_rank(0), helper_rank(1)], names, omp_team=False)
    write(os.path.join(out, "same"), requests(False), names, omp_team=False)
    write(os.path.join(out, "cross"), requests(True), names, omp_team=False)


if __name__ == "__main__":
    main()
