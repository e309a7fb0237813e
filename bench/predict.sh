#!/usr/bin/env bash
# predict and timeline --format perfetto against the graph command (issue 16: predict in at most 2x the
# time of igtrace graph, peak RSS as issue 15 sets), on existing OTF2 traces (bench/otf2.sh makes
# them; e.g. /tmp/igtrace-bench/stencil-64-52083/traces.otf2; for a trace whose messages show their transfer, so
# that the fitted network is not the ideal one and the model is replayed after the calibration's ideal replay,
# `make-otf2-trace DIR 64 43000 posted`, 98.8 M events, issue 38). On each trace, REPEATS rounds (default 3)
# of, in turn,
#   graph     java -jar igtrace.jar TRACE -o g.graphml (the default command, with wait analysis)
#   predict   java -jar igtrace.jar predict TRACE (network fitted, then the replay; T_ideal beside it)
#   predict-given  java -jar igtrace.jar predict TRACE --latency 1us --bandwidth 10GB/s (a given network: the model's
#             replay and the ideal one both run, side by side on two or more cores)
#   perfetto  java -jar igtrace.jar timeline TRACE --format perfetto -o t.pftrace, only with PERFETTO=1: it
#             writes every call (550 MB for 9.4 M events; 176 s on the 98 M-event trace)
# so that the machine's load hits all alike; reports per command the minimum wall time, the minimum
# CPU time (user + system, all processes), the peak RSS and the temporary file the recorded calls
# spilled to (predict, perfetto; match records are not counted), and the ratio to graph. Appends one
# line per (trace, command) to bench/results/predict.tsv.
#
#   bench/predict.sh TRACE...
# Environment: REPEATS (3), PERFETTO (0), BENCH_NO_BUILD=1 to use the jar as it is, SCRATCH (where the
# outputs go, default a fresh directory under /tmp, removed).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
repeats=${REPEATS:-3}
[ "$#" -gt 0 ] || { echo "usage: bench/predict.sh TRACE..." >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench/predict.sh: needs GNU time (apt-get install time)" >&2; exit 1; }
if [ -z "${BENCH_NO_BUILD:-}" ]; then
  (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests package >&2)
fi
jar="$root/cli/target/igtrace.jar"
work=${SCRATCH:-$(mktemp -d /tmp/igtrace-predict.XXXXXX)}
mkdir -p "$work"
[ -n "${SCRATCH:-}" ] || trap 'rm -rf "$work"' EXIT
out="$here/results/predict.tsv"
mkdir -p "$here/results"
[ -f "$out" ] || printf 'date\tcommit\tcores\ttrace\tcommand\tmin_s\tmin_cpu_s\tpeak_rss_mb\ttemp_file_mb\tx_graph_time\tload\n' >"$out"
commit=$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . ':!bench/results' 2>/dev/null || echo "+")
commands=(graph predict predict-given)
[ "${PERFETTO:-0}" = 0 ] || commands+=(perfetto)

for trace in "$@"; do
  declare -A wall=() cpu=() rss=() temp=()
  for _ in $(seq "$repeats"); do
    for c in "${commands[@]}"; do
      case $c in
        graph) args=("$trace" -o "$work/g.graphml") ;;
        predict) args=(predict "$trace") ;;
        predict-given) args=(predict "$trace" --latency 1us --bandwidth 10GB/s) ;;
        perfetto) args=(timeline "$trace" --format perfetto -o "$work/t.pftrace") ;;
      esac
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" java -jar "$jar" "${args[@]}" >/dev/null 2>"$work/stderr" \
        || { echo "bench/predict.sh: failed: ${args[*]}" >&2; cat "$work/stderr" >&2; exit 1; }
      read -r e u s m <"$work/time"
      t=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
      spilled=$(grep -oE '([0-9]+) of them in a temporary file|temporary file of ([0-9]+) bytes' "$work/stderr" | grep -oE '[0-9]+' | tail -1 || true)
      [ -n "${wall[$c]:-}" ] && awk -v a="$e" -v b="${wall[$c]}" 'BEGIN { exit !(a >= b) }' || wall[$c]=$e
      [ -n "${cpu[$c]:-}" ] && awk -v a="$t" -v b="${cpu[$c]}" 'BEGIN { exit !(a >= b) }' || cpu[$c]=$t
      [ "${rss[$c]:-0}" -ge "$m" ] || rss[$c]=$m
      temp[$c]=$(awk -v b="${spilled:-0}" 'BEGIN { printf "%.0f", b / 1048576 }')
    done
  done
  load=$(cut -d' ' -f1 /proc/loadavg)
  for c in "${commands[@]}"; do
    ratio=$(awk -v a="${wall[$c]}" -v g="${wall[graph]}" 'BEGIN { printf "%.2f", a / g }')
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date +%F)" "$commit" "$(nproc)" "$trace" "$c" "${wall[$c]}" "${cpu[$c]}" \
      "$(( ${rss[$c]} / 1024 ))" "${temp[$c]}" "$ratio" "$load" | tee -a "$out"
  done
  unset wall cpu rss temp
done
