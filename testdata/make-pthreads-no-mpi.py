#!/usr/bin/python3
"""Writes an OTF (version 1) trace of a threaded program without MPI (issue 34, item 8):

    python3 testdata/make-pthreads-no-mpi.py DST_DIR

One process ("Process 0", id 1) with four pthreads (ids 0x100001-0x100004, parent 1), timer 1 MHz
(1 tick = 1 us), no MPI function at all. As VampirTrace may leave it, the main thread recorded no
region event, only two counter samples (at 100 and 1100 us); thread t (1-4) ran "work" from
200 + 10 t to 800 + 10 t us. So each thread's region span is 600 us, and T_0, the wall-clock span of the threads'
region events (definitions section 3), is 840 - 210 = 630 us (before issue 40 the four spans were added up: 2400 us).
"""
import os
import sys


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)

    def write(name, lines):
        with open(os.path.join(d, name), "w") as f:
            f.write("".join(line + "\n" for line in lines))

    threads = [0x100001 + t for t in range(4)]
    write("nompi.otf", ["1:1"] + ["%x:%x" % (2 + t, threads[t]) for t in range(4)])
    write("nompi.0.def", ['DTRf4240', 'DP1NM"Process 0"']
          + ['DP%xNM"Process 0 Pthread %d"PT1' % (threads[t], t + 1) for t in range(4)]
          + ['DFG1NM"Application"', 'DF10G1NM"main"', 'DF11G1NM"work"', 'DCG1NM"counters"', 'DCNT1G1NM"cycles"P0U"#"'])
    write("nompi.1.events", ["%x" % 100, "*1", "CNT1V5", "%x" % 1100, "*1", "CNT1V9"])
    for t in range(4):
        write("nompi.%x.events" % (2 + t), ["%x" % (200 + 10 * (t + 1)), "*%x" % threads[t], "E11",
                                            "%x" % (800 + 10 * (t + 1)), "*%x" % threads[t], "L11"])


if __name__ == "__main__":
    main()
