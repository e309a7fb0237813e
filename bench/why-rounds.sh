#!/usr/bin/env bash
# why-rounds.sh BASE_LAUNCHER NEW_LAUNCHER TRACE [ROUNDS]
# Interleaved rounds of `why` through two launchers (e.g. /tmp/base/igtrace and ./igtrace) with graph
# (the base launcher's) beside them for the ratio: per round graph, then why base and why new in
# alternating order. Prints elapsed, user, system seconds and peak RSS (KB) of each run, the load, and
# whether the two why outputs are byte-identical. Run it on an idle machine: the changes it was made
# for move work onto an idle core.
set -u
B=$1 N=$2 T=$3 R=${4:-3}
O=$(mktemp -d); trap 'rm -rf "$O"' EXIT
for L in "$B" "$N"; do "$L" graph "$(dirname "$0")/../testdata/otf2/scorep-ping-pong/traces.otf2" -q -o /dev/null 2>/dev/null; done
for r in $(seq 1 "$R"); do
  ld=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -o "$O/g" -f "%e %U %S %M" "$B" "$T" -q -o "$O/g.graphml"
  if [ $((r % 2)) = 1 ]; then order="b n"; else order="n b"; fi
  for w in $order; do
    if [ "$w" = b ]; then L=$B; else L=$N; fi
    /usr/bin/time -o "$O/$w" -f "%e %U %S %M" "$L" why "$T" -q -o "$O/why-$w.txt"
  done
  echo "round $r load $ld graph $(cat "$O/g") base $(cat "$O/b") new $(cat "$O/n") same $(cmp -s "$O/why-b.txt" "$O/why-n.txt" && echo yes || echo NO)"
done
