#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace whose bytes and whose waiting disagree on which pairs belong together
(issue 37: `igtrace map --weight`, and the mapping formats' loads under `graph --weight delay`):

    /usr/bin/python3 testdata/make-weights.py DST_DIR

DST_DIR/traces.otf2 (clock in microseconds): MPI_Init [0, 10] on every rank, then
    rank 0: MPI_Send 1048576 bytes to 1 [10, 20]; work [20, 520]; MPI_Send 8 bytes to 2 [520, 522]
    rank 1: MPI_Recv from 0 [10, 20];             work [20, 420]; MPI_Send 8 bytes to 3 [420, 422]
    rank 2: MPI_Send 1048576 bytes to 3 [10, 20]; MPI_Recv from 0 [20, 523] (waits 520 - 20 = 500 us)
    rank 3: MPI_Recv from 2 [10, 20];             MPI_Recv from 1 [20, 423] (waits 420 - 20 = 400 us)
then MPI_Finalize [end, end + 10]. The big messages are received as they are sent: no waiting. So the
pairs 0-1 and 2-3 have 1048576 bytes and no waiting, the pairs 0-2 and 1-3 8 bytes and 500 us and
400 us of waiting (a late sender each, caused by the sender's work).
"""
import importlib.util
import os
import sys


def events():
    init = [(0, "enter", "MPI_Init"), (10, "leave", "MPI_Init")]
    work = lambda a, b: [(a, "enter", "work"), (b, "leave", "work")]
    send = lambda a, b, to, size: [(a, "enter", "MPI_Send"), (a, "send", to, size), (b, "leave", "MPI_Send")]
    recv = lambda a, b, src, size: [(a, "enter", "MPI_Recv"), (b - 1, "recv", src, size), (b, "leave", "MPI_Recv")]
    fin = lambda t: [(t, "enter", "MPI_Finalize"), (t + 10, "leave", "MPI_Finalize")]
    big = 1048576
    return 4, {
        0: init + send(10, 20, 1, big) + work(20, 520) + send(520, 522, 2, 8) + fin(522),
        1: init + recv(10, 20, 0, big) + work(20, 420) + send(420, 422, 3, 8) + fin(422),
        2: init + send(10, 20, 3, big) + recv(20, 523, 0, 8) + fin(523),
        3: init + recv(10, 20, 2, big) + recv(20, 423, 1, 8) + fin(423),
    }


def main():
    # the writer of make-why.py (a module name with a dash: loaded from its file)
    spec = importlib.util.spec_from_file_location("make_why", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-why.py"))
    make_why = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_why)
    make_why.write(sys.argv[1], *events())


if __name__ == "__main__":
    main()
