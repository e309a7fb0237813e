#!/usr/bin/env python3
"""make-otf1-declared: an OTF (version 1) trace that declares N MPI processes (ids 1..N, rank r = id r + 1,
each in MPI_COMM_WORLD) and lists a stream for each in the master file, but holds the events files of a few
ranks only, as a partial copy of a large run would (issue 41 item 6, --skip-missing).

usage: make-otf1-declared.py [-i ITERATIONS] OUTDIR N RANK...

Each rank present enters main at 0, then ITERATIONS times (default 1): computes for 990 + rank % 100
ticks, sends 8 KiB (tag 0, MPI_COMM_WORLD) to the next rank present (the last to the first) inside
MPI_Send, receives the same from the previous one inside MPI_Recv; it leaves main 100 ticks after the
last (1 tick = 1 ns). 6 records an iteration, 2 more for main. Plain text, short format.
"""
import os
import sys


def main():
    if len(sys.argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    args = sys.argv[1:]
    iterations = 1
    if args[0] == "-i":
        iterations, args = int(args[1]), args[2:]
    out, n, present = args[0], int(args[1]), sorted(set(int(a) for a in args[2:]))
    os.makedirs(out, exist_ok=True)
    stub = os.path.join(out, "declared")
    world = 0x3b9aca05
    with open(stub + ".otf", "w") as master:
        master.writelines("%x:%x\n" % (p, p) for p in range(1, n + 1))
    with open(stub + ".0.def", "w") as d:
        d.write('DV1.d.0"declared"\nDTR3b9aca00\n')
        d.writelines('DP%xNM"Process %d"\n' % (r + 1, r) for r in range(n))
        d.write("DPG%xM" % world)
        d.writelines("%x," % p for p in range(1, n + 1))
        d.write('NM"MPI_COMM_WORLD"\n')
        d.write('DFG1NM"Application"\nDFG2NM"MPI"\n')
        d.write('DF1G1NM"main"\nDF2G1NM"compute"\nDF3G2NM"MPI_Send"\nDF4G2NM"MPI_Recv"\n')
    for i, r in enumerate(present):
        p = r + 1
        to = present[(i + 1) % len(present)] + 1
        source = present[i - 1] + 1
        star = "*%x" % p
        lines = ["0", star, "E1"]
        t = 0
        for _ in range(iterations):
            t += 10
            lines += ["%x" % t, star, "E2"]
            t += 990 + r % 100
            lines += ["%x" % t, star, "L2"]
            t += 10
            lines += ["%x" % t, star, "E3", "S%xL2000T0C%x" % (to, world)]
            t += 10
            lines += ["%x" % t, star, "L3", "E4"]
            t += 20
            lines += ["%x" % t, star, "R%xL2000T0C%x" % (source, world), "L4"]
        lines += ["%x" % (t + 100), star, "L1", ""]
        with open("%s.%x.events" % (stub, p), "w") as e:
            e.write("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
