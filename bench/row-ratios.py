#!/usr/bin/env python3
"""Issue 38's rows from a bench/full-run.sh output, per round, as bench/README.md's table gives them.

    bench/row-ratios.py bench/results/full-run-DATE.txt

Each row is a ratio of two variants of one part (jvm-rounds.sh's rows: round name wall user sys
cpu maxrss_kB load1 probes), per round, CPU (user + sys) and wall. A round is marked "slowed" when a
probe of a CPU around either run (bench/core-probe.c, before/after, one per CPU) took over 1.2x the
fastest probe of the part: that run may have been slowed for part of its time. The start-up part
gives the median, the range and how many runs took over 0.30 s.
"""
import statistics
import sys

# (part's heading prefix, numerator, denominator, what the row is)
ROWS = [
    ("## pinned", "default", "nowaits", "default / --no-waits, one core (goal <= 1.3x)"),
    ("## pinned", "creader", "default", "the default's rate / the C reader's, one core: the C reader's CPU / the default's (goal >= 0.60)"),
    ("## pinned", "report", "default", "report --no-why / graph, one core (goal <= 1.5x)"),
    ("## two cores", "graphj1", "graph", "two threads / one: -j 1's wall / the default's (goal >= 1.8x)"),
    ("## two cores", "creader1", "creader2", "the C reader, one thread / two"),
    ("## two cores", "reportnw", "graph", "report --no-why / graph, two threads (goal <= 1.5x)"),
    ("## two cores", "whyjson", "graph", "why --format json / graph, the stencil (goal <= 3x with a margin)"),
    ("## two cores", "report", "graph", "report / graph, the stencil (goal <= 3x)"),
    ("## two cores", "predict", "graphP", "predict / graph, posted receives (goal <= 1.5x)"),
    ("## two cores", "whyI", "graphI", "why / graph, imbalanced (goal <= 3x with a margin)"),
    ("## two cores", "reportI", "graphI", "report / graph, imbalanced (goal <= 3x)"),
    ("## why", "whytext", "graph", "why / graph, nothing replayed (goal <= 3x)"),
    ("## a run whose", "whyR", "graphR", "why / graph, imbalanced-run: ranks waiting for each other (goal <= 3x with a margin)"),
    ("## a run whose", "reportR", "graphR", "report / graph, imbalanced-run (goal <= 3x)"),
    ("## Spark", "spark", "graph", "Spark local mode / graph (goal <= 2.5x)"),
    ("## Spark", "perfetto", "graph", "timeline --format perfetto / graph (goal <= 3x)"),
]


def parse(path):
    parts, startup, part = {}, [], None
    for line in open(path, encoding="utf-8"):
        if line.startswith("## "):
            part = line.strip()
            parts.setdefault(part, {})
            continue
        if not line[:1].isdigit() or part is None:
            continue
        f = line.split()
        if part.startswith("## start-up") and len(f) == 4:
            startup.append(float(f[0]))
        elif len(f) >= 9 and not f[1][0].isdigit():
            probes = [float(x) for x in f[8].replace("/", ",").split(",") if x]
            parts[part].setdefault(f[1], {})[int(f[0])] = (float(f[2]), float(f[5]), int(f[6]), probes)
    return parts, startup


def main(path):
    parts, startup = parse(path)
    for prefix, a, b, what in ROWS:
        part = next((p for p in parts if p.startswith(prefix)), None)
        if part is None or a not in parts[part] or b not in parts[part]:
            continue
        runs = parts[part]
        fastest = min(p for v in runs.values() for r in v.values() for p in r[3]) if any(
            r[3] for v in runs.values() for r in v.values()) else None
        cells = []
        for rnd in sorted(runs[a]):
            if rnd not in runs[b]:
                continue
            (wa, ca, _, pa), (wb, cb, _, pb) = runs[a][rnd], runs[b][rnd]
            slowed = fastest is not None and any(p > 1.2 * fastest for p in pa + pb)
            cells.append(f"r{rnd} cpu {ca / cb:.2f}x wall {wa / wb:.2f}x" + (" (slowed)" if slowed else ""))
        rss = [round(v[2] / 1024) for v in runs[a].values()]
        print(f"{what}\n  {'; '.join(cells)}\n  {a}: cpu {min(v[1] for v in runs[a].values()):.2f}-"
              f"{max(v[1] for v in runs[a].values()):.2f} s, wall {min(v[0] for v in runs[a].values()):.2f}-"
              f"{max(v[0] for v in runs[a].values()):.2f} s, peak RSS {min(rss)}-{max(rss)} MB")
    if startup:
        over = sum(1 for t in startup if t > 0.30)
        print(f"start-up, {len(startup)} runs: median {statistics.median(startup):.2f} s "
              f"({min(startup):.2f}-{max(startup):.2f} s), {over} over 0.30 s")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: bench/row-ratios.py FULL-RUN-OUTPUT")
    main(sys.argv[1])
