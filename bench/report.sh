#!/usr/bin/env bash
# report and timeline at scale, one command: on the 100 M-event bench trace (64 ranks, 3-D stencil,
# 52083 iterations of bench/make-otf2-trace.c = 97,999,424 events, 1 GB) it times
#   graph     igtrace graph TRACE -o g.graphml      (the reference: one read, waits, the graph)
#   report    igtrace report TRACE --no-why -o r.html (the same read feeds every section; issue 17's report:
#             the why section of issue 37, whose story replays the first cause's what-ifs, costs what
#             `igtrace why` costs and is measured against why's goal, bench/README.md "why")
#   timeline  igtrace timeline TRACE -o t.svg       (SVG, default width 1200 px)
# with the default threads and pinned to one core (-j 1 under taskset -c 0), REPEATS times each
# (default 3), and appends per (command, threads) the minimum wall time, the minimum CPU time
# (user + sys of the JVMs, reader child included), the largest peak RSS and the output's size to
# bench/results/report.tsv. Then it checks what issue 17 asks and exits 1 if it does not hold:
#   * report takes at most 1.5x graph's time: wall with the default threads, CPU when pinned;
#   * the SVG is at most SvgTimelineWriter.sizeBound(64 rows, 1200 px) bytes (definitions section 12:
#     the picture's size depends on its width and rows, never on the number of events).
# The last line of a run says the machine's load average: on a loaded machine compare the CPU
# columns, wall times there are noisy.
#
#   bench/report.sh            Environment: REPEATS (3); BENCH_TRACE (an OTF2 anchor to use instead);
#                              BENCH_WORK (where to write the trace when /tmp/igtrace-bench has none:
#                              default a fresh directory under /tmp, removed at the end);
#                              BENCH_NO_BUILD=1 to use cli/target/igtrace.jar as it is.
# Needs: gcc, libotf2-trace-dev, GNU time (/usr/bin/time), taskset; all from scripts/setup --test.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
repeats=${REPEATS:-3}
[ -x /usr/bin/time ] || { echo "bench/report.sh: needs GNU time (apt-get install time)" >&2; exit 1; }
[ -n "${BENCH_NO_BUILD:-}" ] || (cd "$root" && mvn -q -B -DskipTests package >&2)
jar="$root/cli/target/igtrace.jar"
shared=/tmp/igtrace-bench/stencil-64-52083/traces.otf2
scratch=$(mktemp -d /tmp/igtrace-report-bench.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
events=-
if [ -n "${BENCH_TRACE:-}" ]; then
  trace=$BENCH_TRACE
elif [ -f "$shared" ]; then
  trace=$shared # written by bench/otf2.sh (its generator's event count beside it); read only
  events=$(cat "${shared%/traces.otf2}.events" 2>/dev/null || echo -)
else
  work=${BENCH_WORK:-$scratch/work}
  mkdir -p "$work"
  gcc -O2 -o "$scratch/make-otf2-trace" "$here/make-otf2-trace.c" -lotf2
  rm -rf "$work/stencil-64-52083"
  events=$("$scratch/make-otf2-trace" "$work/stencil-64-52083" 64 52083 stencil 2>/dev/null)
  trace=$work/stencil-64-52083/traces.otf2
fi
dir=$(dirname "$trace")
cat "$trace" "$dir"/traces/*.evt >/dev/null 2>&1 || true # into the page cache: every run starts warm

mkdir -p "$here/results"
out="$here/results/report.tsv"
[ -f "$out" ] || printf 'date\tcommit\tcores\ttrace\tevents\tcommand\tthreads\truns\tmin_wall_s\tmin_cpu_s\tpeak_rss_mb\toutput_bytes\tload_before\n' >"$out"
commit=$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . ':!bench/results' 2>/dev/null || echo "+")
load_before=$(cut -d' ' -f1 /proc/loadavg)

# run NAME THREADS: REPEATS runs; sets wall, cpu (minima), rss (largest, KB), size (bytes)
run() {
  local name=$1 threads=$2 file pin=() j=()
  case "$name" in
    graph) file="$scratch/g.graphml" ;;
    report) file="$scratch/r.html" ;;
    timeline) file="$scratch/t.svg" ;;
  esac
  [ "$threads" = default ] || { pin=(taskset -c 0); j=(-j "$threads"); }
  wall=""; cpu=""; rss=0
  for _ in $(seq "$repeats"); do
    rm -f "$file"
    local args=("$trace" "${j[@]}" -q -o "$file")
    [ "$name" = graph ] && args=(graph "${args[@]}") || args=("$name" "${args[@]}")
    [ "$name" = report ] && args+=(--no-why)
    "${pin[@]}" /usr/bin/time -f '%e %U %S %M' -o "$scratch/time" java -jar "$jar" "${args[@]}" 2>"$scratch/stderr" \
      || { echo "bench/report.sh: igtrace $name failed:" >&2; cat "$scratch/stderr" >&2; exit 1; }
    local w u s kb c
    read -r w u s kb <"$scratch/time"
    c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    { [ -z "$wall" ] || awk -v a="$w" -v b="$wall" 'BEGIN { exit !(a < b) }'; } && wall=$w
    { [ -z "$cpu" ] || awk -v a="$c" -v b="$cpu" 'BEGIN { exit !(a < b) }'; } && cpu=$c
    [ "$kb" -gt "$rss" ] && rss=$kb
  done
  size=$(stat -c %s "$file")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%F)" "$commit" "$(nproc)" "$trace" "$events" "$name" \
    "$threads" "$repeats" "$wall" "$cpu" "$((rss / 1024))" "$size" "$load_before" | tee -a "$out"
  eval "wall_${name}_${threads//-/_}=$wall; cpu_${name}_${threads//-/_}=$cpu"
}

for threads in default 1; do
  for name in graph report timeline; do
    run "$name" "$threads"
    [ "$name" = timeline ] && [ "$threads" = default ] && cp "$scratch/t.svg" "$scratch/kept.svg"
  done
done

bound=$(java -cp "$jar" "$here/TimelineBound.java" 64 1200)
svg=$(stat -c %s "$scratch/kept.svg")
rows=$(grep -o '<g class="row"' "$scratch/kept.svg" | wc -l)
load_after=$(cut -d' ' -f1 /proc/loadavg)
verdict=$(awk -v rw="$wall_report_default" -v gw="$wall_graph_default" -v rc="$cpu_report_1" -v gc="$cpu_graph_1" \
    -v svg="$svg" -v bound="$bound" -v rows="$rows" -v la="$load_after" 'BEGIN {
  ok = rw <= 1.5 * gw && rc <= 1.5 * gc && svg <= bound && rows == 64
  printf "# report/graph: %.2fx wall (default threads), %.2fx CPU (-j 1 pinned); timeline SVG %d bytes, %d rows, bound %d bytes; load average %s; %s\n",
    rw / gw, rc / gc, svg, rows, bound, la, ok ? "ok" : "NOT MET"
  exit !ok }') && status=0 || status=1
echo "$verdict" | tee -a "$out"
exit "$status"
