#!/usr/bin/env python3
"""Every byte of a trace's OTF2 event files flipped in turn (xor MASK), then `igtrace stats --format json`:
a run that exits 0 must keep the invariants of definitions sections 3, 8 and 10 (waiting <= time in MPI <= T,
lost times >= 0, efficiencies and w in [0, 1], no NaN or infinity, run time > 0 and below LIMIT seconds).
Prints each run that breaks one, then the count of runs by exit code and of runs that broke one.

  bench/byte-flips.py IGTRACE TRACE_DIR [MASK=0xff] [LIMIT=100]

TRACE_DIR is copied to a temporary folder; only its event files are changed (one byte at a time): Score-P's traces/*.evt,
EZTrace's eztrace_log/*.evt."""
import glob, json, math, os, shutil, subprocess, sys, tempfile

ig, src = sys.argv[1], sys.argv[2]
mask = int(sys.argv[3], 0) if len(sys.argv) > 3 else 0xff
limit = float(sys.argv[4]) if len(sys.argv) > 4 else 100.0
work = os.path.join(tempfile.mkdtemp(prefix="byte-flips."), "trace")
shutil.copytree(src, work)
runs, bad, codes = 0, 0, {}


def broken(d):
    probs = []
    for q in d["processes"]:
        vals = [q[k] for k in ("time", "comm_time", "wait", "lost_idle", "lost_wait", "lost_transfer", "efficiency", "w")]
        if any(v is None or (isinstance(v, float) and (math.isnan(v) or math.isinf(v))) for v in vals):
            probs.append("nan")
            continue
        if not (0 <= q["wait"] <= q["comm_time"] * (1 + 1e-12) + 1e-15 and q["comm_time"] <= q["time"] * (1 + 1e-12) + 1e-15):
            probs.append("order")
        if min(q["lost_idle"], q["lost_wait"], q["lost_transfer"]) < -1e-15:
            probs.append("lost<0")
        if not (0 <= q["efficiency"] <= 1 and 0 <= q["w"] <= 1):
            probs.append("efficiency")
        if q["time"] > limit:
            probs.append("T>%gs" % limit)
    e = d["efficiency"]
    if not all(0 <= v <= 1 for k, v in e.items() if k != "runtime"):
        probs.append("pop")
    if not 0 < e["runtime"] <= limit:
        probs.append("runtime %g" % e["runtime"])
    return sorted(set(probs))


for path in sorted(glob.glob(os.path.join(work, "traces", "*.evt")) + glob.glob(os.path.join(work, "eztrace_log", "*.evt"))):
    orig = open(path, "rb").read()
    for p in range(len(orig)):
        b = bytearray(orig)
        b[p] ^= mask
        open(path, "wb").write(b)
        r = subprocess.run([ig, "stats", work, "--format", "json", "-q"], capture_output=True, text=True)
        runs += 1
        codes[r.returncode] = codes.get(r.returncode, 0) + 1
        if r.returncode != 0:
            continue
        try:
            probs = broken(json.loads(r.stdout))
        except (ValueError, KeyError) as ex:
            probs = ["json: %s" % ex]
        if probs:
            bad += 1
            print(os.path.basename(path), p, hex(mask), probs, flush=True)
    open(path, "wb").write(orig)
shutil.rmtree(os.path.dirname(work))
print("runs", runs, "by exit code", dict(sorted(codes.items())), "broke an invariant", bad)
