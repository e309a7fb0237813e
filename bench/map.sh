#!/usr/bin/env bash
# igtrace map at 1024 ranks (issue 36: "1024 ranks map in under 10 s on this machine"): writes a
# shuffled periodic halo exchange of 16x8x8 = 1024 ranks (testdata/make-shuffled-halo.py, python3-otf2)
# and maps it onto torus:16x8x8 (one rank a node) and torus:8x8x8 --slots 2, REPEATS times each
# (default 3); reports the minimum wall time of the whole command, of the search alone is not
# separated (reading 1024 ranks' events takes about a second), the hop-bytes of rank order, Scotch and
# the proposal against the optimum (the total bytes; 5/6 of them with two slots), and appends a line
# per case to bench/results/map.tsv.
#
#   bench/map.sh
# Environment: REPEATS (3), BENCH_NO_BUILD=1 to use the jar as it is.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
repeats=${REPEATS:-3}
if [ -z "${BENCH_NO_BUILD:-}" ]; then
  (cd "$root" && mvn -q -B -o -Dstyle.color=never -DskipTests package >&2)
fi
jar="$root/cli/target/igtrace.jar"
work=$(mktemp -d /tmp/igtrace-map.XXXXXX)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 "$root/testdata/make-shuffled-halo.py" "$work/halo" --grid 16x8x8 --periodic
out="$here/results/map.tsv"
mkdir -p "$here/results"
[ -f "$out" ] || printf 'date\tcommit\tcores\tcase\tmin_s\trank_order_hop_bytes\tscotch_hop_bytes\tproposed_hop_bytes\toptimum\tmethod\tload\n' >"$out"
commit=$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . ':!bench/results' 2>/dev/null || echo "+")
total=$((1024 * 6 / 2 * 262144))
for case in "torus:16x8x8 1 $total" "torus:8x8x8 2 $((total * 5 / 6))"; do
  set -- $case
  best=
  for _ in $(seq "$repeats"); do
    start=$(date +%s.%N)
    java -Digtrace.isolate=false -jar "$jar" map "$work/halo/traces.otf2" --topology "$1" --slots "$2" --format json -q -o "$work/m.json"
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  row=$(/usr/bin/python3 -c "
import json,sys
j=json.load(open('$work/m.json'))
s=j.get('scotch',{}).get('hop_bytes','-')
print('%d\t%s\t%d\t%s' % (j['rank_order']['hop_bytes'], s if s == '-' else '%d' % s, j['proposed']['hop_bytes'], j['method']))")
  IFS=$'\t' read -r ro sc pr method <<<"$row"
  printf '%s\t%s\t%s\t%s\t%.2f\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%F)" "$commit" "$(nproc)" "$1 slots $2" "$best" "$ro" "$sc" "$pr" \
    "$3" "$method" "$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out"
done
