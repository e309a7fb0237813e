#!/usr/bin/env bash
# Every row of issue 38's table in one run of interleaved rounds, through the launcher, as
# bench/README.md's "Where things stand" reports them. Writes the three 98 M-event traces
# (make-otf2-trace DIR 64 52083 stencil, DIR 64 43000 posted, DIR 64 52083 imbalanced) and a fourth,
# DIR 64 52083 imbalanced-run (a run whose ranks wait for each other), and the C reader if they are not
# there, then runs bench/jvm-rounds.sh four times:
#   pinned to one core (PIN=1), 6 rounds: the default graph, --no-waits, the C reader, report --no-why
#   two cores, 4 rounds: graph, graph -j 1, the C reader on 2 and 1 threads, report --no-why,
#     why --format json, report (stencil); graph and predict (posted); graph, why and report (imbalanced)
#   two cores, 3 rounds: graph and why (text; nothing replayed on the stencil)
#   two cores, 3 rounds: graph, why and report on imbalanced-run (3.5 M waits)
#   two cores, 3 rounds: graph, Spark local mode (scripts/spark-local), timeline --format perfetto
# and 21 single runs of graph on testdata/otf2/pi-4 (start-up). The Spark job's jar and the two
# launchers' class-data archives are made first. Every CPU's speed is probed before
# and after each run (bench/core-probe.c), and each part's summary is given again over the rounds
# that ran at full speed. Everything goes to standard output (redirect it to
# bench/results/full-run-DATE.txt); the per-variant medians and per-round ratios are at the end of
# each part; bench/row-ratios.py OUTPUT gives each of the README's rows per round (the ratio of its two
# variants, the rounds a slowed CPU touched marked).
#
#   bench/full-run.sh [WORK]     WORK: where the traces are (default /tmp/igtrace-full-run; kept)
# Needs: gcc, libotf2-trace-dev, GNU time, a built jar (mvn package), an otherwise idle machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work=${1:-/tmp/igtrace-full-run}
out=$work/out
mkdir -p "$work" "$out"
[ "$work/make-otf2-trace" -nt "$here/make-otf2-trace.c" ] || gcc -O2 -o "$work/make-otf2-trace" "$here/make-otf2-trace.c" -lotf2
[ "$work/c-reader" -nt "$here/c-reader.c" ] || gcc -O2 -o "$work/c-reader" "$here/c-reader.c" -lotf2 -lpthread
# every CPU's speed probed before and after each run (jvm-rounds.sh's PROBE): the summaries again over the steady rounds
gcc -O2 -o "$work/core-probe" "$here/core-probe.c"
export PROBE=$work/core-probe
for t in "stencil 52083" "posted 43000" "imbalanced 52083" "imbalanced-run 52083"; do
  set -- $t
  [ -f "$work/$1/traces.otf2" ] || "$work/make-otf2-trace" "$work/$1" 64 "$2" "$1" >/dev/null 2>&1
done
# the Spark job's jar built before the rounds: scripts/spark-local builds it when it is missing (a default
# `mvn package` does not), and that build inside a timed round made one Spark run 31 s
(cd "$root" && mvn -q -B -Dstyle.color=never -Pfull -DskipTests -pl spark -am package </dev/null >/dev/null 2>&1) \
  || { echo "full-run.sh: the Spark job's build failed (mvn -Pfull -DskipTests -pl spark -am package)" >&2; exit 1; }
# and the launcher's class-data archive made before them: the first run after a build makes it and waits for it
# (a run of pi-4 1.8 s instead of 0.2 s), which was in the first round's default run of the earlier full runs
"$root/igtrace" "$root/testdata/otf2/pi-4" >/dev/null 2>&1
# and the Spark job's own (scripts/spark-local archives the classes on its first run after a build: 16 s instead of 9)
"$root/scripts/spark-local" "$root/testdata/otf2/pi-4" -o "$out/warm.graphml" 2>/dev/null
st=$work/stencil/traces.otf2
po=$work/posted/traces.otf2
im=$work/imbalanced/traces.otf2
ir=$work/imbalanced-run/traces.otf2
ig="$root/igtrace"
cd "$root"
echo "# A full run of issue 38's rows ($(date -u '+%F %T UTC')), build $(git rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# traces: $st, $po, $im, $ir. Columns: round name wall user sys cpu maxrss_kB load1."
echo "## pinned to one core (PIN=1)"
PIN=1 ROUNDS=6 "$here/jvm-rounds.sh" \
  "default=$ig $st -q -o $out/g.graphml" \
  "nowaits=$ig $st --no-waits -q -o $out/nw.graphml" \
  "creader=$work/c-reader $st" \
  "report=$ig report $st --no-why -q -o $out/r.html"
echo "## two cores, unpinned"
ROUNDS=4 "$here/jvm-rounds.sh" \
  "graph=$ig $st -q -o $out/g2.graphml" \
  "graphj1=$ig $st -j 1 -q -o $out/g1.graphml" \
  "creader2=$work/c-reader $st 2" \
  "creader1=$work/c-reader $st 1" \
  "reportnw=$ig report $st --no-why -q -o $out/r2.html" \
  "whyjson=$ig why $st --format json -q -o $out/w.json" \
  "report=$ig report $st -q -o $out/rw.html" \
  "graphP=$ig $po -q -o $out/gp.graphml" \
  "predict=$ig predict $po -q -o $out/p.txt" \
  "graphI=$ig $im -q -o $out/gi.graphml" \
  "whyI=$ig why $im -q -o $out/wi.txt" \
  "reportI=$ig report $im -q -o $out/ri.html"
echo "## why (text; nothing replayed on the stencil) beside graph, two cores"
ROUNDS=3 "$here/jvm-rounds.sh" \
  "graph=$ig $st -q -o $out/g3.graphml" \
  "whytext=$ig why $st -q -o $out/wt.txt"
echo "## a run whose ranks wait for each other (imbalanced-run): why and report beside graph, two cores"
ROUNDS=3 "$here/jvm-rounds.sh" \
  "graphR=$ig $ir -q -o $out/gr.graphml" \
  "whyR=$ig why $ir -q -o $out/wr.txt" \
  "reportR=$ig report $ir -q -o $out/rr.html"
echo "## Spark local mode and the Perfetto timeline beside graph, two cores"
ROUNDS=3 "$here/jvm-rounds.sh" \
  "graph=$ig $st -q -o $out/g4.graphml" \
  "spark=$root/scripts/spark-local $st -o $out/spark.graphml" \
  "perfetto=$ig timeline $st --format perfetto -q -o $out/t.perfetto"
rm -f "$out/t.perfetto" # 1.8 GB
echo "## start-up: graph of testdata/otf2/pi-4, 21 runs: wall user sys, each CPU's probe before/after"
probes() { local c out=; for ((c = 0; c < $(nproc); c++)); do out+=${out:+,}$(taskset -c "$c" "$PROBE"); done; echo "$out"; }
for _ in $(seq 21); do
  before=$(probes)
  t=$(/usr/bin/time -f '%e %U %S' "$ig" testdata/otf2/pi-4 2>&1 >/dev/null | tail -1)
  echo "$t $before/$(probes)"
done
