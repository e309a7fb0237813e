#!/usr/bin/env bash
# Whether the analyses that keep more than the profile stay flat in memory as the trace grows
# (issue 15's bound, which issue 38 keeps: peak RSS at most 1.5x from 10^7 to 10^9 events): writes
# the 64-rank bench traces at three sizes, 10x apart (make-otf2-trace DIR 64 ITERATIONS PATTERN:
# the imbalanced stencil at 5208, 52083 and 520830 iterations, about 9.8 M, 98 M and 980 M events;
# the posted one at 4300, 43000 and 430000, about 9.9 M, 98.8 M and 988 M), then runs once each,
# through the launcher on two cores,
#   graph    the default (waits on)                       the imbalanced trace
#   why      the unchanged run and three what-ifs replayed the imbalanced trace
#   report   with its why section and timeline             the imbalanced trace
#   predict  the network fitted (calibration, ideal, model) the posted trace
# and prints, per command, wall, CPU (user + system) and peak RSS (GNU time's maximum resident set)
# at each size and the peak RSS of the largest size over the smallest's. Rows go to
# bench/results/memory-scale.tsv. The 980 M-event traces take about 11 GB of disk each, and the
# largest runs a few minutes each; the traces are kept in WORK (default /tmp/igtrace-memory-scale).
#
#   bench/memory-scale.sh [WORK]
# Environment: SIZES (the multipliers of the smallest size, default "1 10 100"), COMMANDS (default
# "graph why report predict").
# Needs: gcc, libotf2-trace-dev, GNU time, a built jar (mvn package).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work=${1:-/tmp/igtrace-memory-scale}
sizes=(${SIZES:-1 10 100})
commands=(${COMMANDS:-graph why report predict})
mkdir -p "$work/out"
[ -x /usr/bin/time ] || { echo "bench/memory-scale.sh: needs GNU time (apt-get install time)" >&2; exit 1; }
[ -x "$work/make-otf2-trace" ] || gcc -O2 -o "$work/make-otf2-trace" "$here/make-otf2-trace.c" -lotf2
trace() { # PATTERN ITERATIONS -> the trace's anchor file, written if missing
  local dir="$work/$1-$2"
  [ -f "$dir/traces.otf2" ] || { "$work/make-otf2-trace" "$dir" 64 "$2" "$1" >/dev/null 2>"$work/made.txt" && mv "$work/made.txt" "$dir/made.txt"; }
  echo "$dir/traces.otf2"
}
results="$here/results/memory-scale.tsv"
[ -f "$results" ] || printf 'date\tcommit\tcommand\tpattern\titerations\tevents\twall_s\tcpu_s\tpeak_rss_mb\tload1\n' >"$results"
commit=$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . ':!bench/results' 2>/dev/null || echo "+")
"$root/igtrace" "$root/testdata/otf2/pi-4" >/dev/null 2>&1 # the launcher's class-data archive, made before the runs
echo "# memory-scale $(date -u '+%F %T UTC'), build $commit, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-11s %10s %12s %9s %9s %9s\n' command pattern iterations events wall_s cpu_s rss_mb
for cmd in "${commands[@]}"; do
  first= last=
  for x in "${sizes[@]}"; do
    case "$cmd" in # ten times the full run's traces at SIZES=10
      predict) pattern=posted iterations=$((43000 * x / 10)) ;;
      *) pattern=imbalanced iterations=$((52083 * x / 10)) ;;
    esac
    t=$(trace "$pattern" "$iterations")
    events=$(grep -o '[0-9]* events,' "$(dirname "$t")/made.txt" 2>/dev/null | head -1 | cut -d' ' -f1 || true)
    case "$cmd" in
      graph) run=("$root/igtrace" "$t" -q -o "$work/out/g.graphml") ;;
      why) run=("$root/igtrace" why "$t" -o "$work/out/w.txt") ;;
      report) run=("$root/igtrace" report "$t" -q -o "$work/out/r.html") ;;
      predict) run=("$root/igtrace" predict "$t" -q -o "$work/out/p.txt") ;;
      *) echo "bench/memory-scale.sh: unknown command $cmd" >&2; exit 2 ;;
    esac
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -o "$work/time" -f '%e %U %S %M' "${run[@]}" >/dev/null 2>"$work/stderr" \
      || { echo "bench/memory-scale.sh: $cmd failed on $t: $(head -c 300 "$work/stderr")" >&2; exit 1; }
    read -r wall user sys rss <"$work/time"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    mb=$((rss / 1024))
    printf '%-8s %-11s %10s %12s %9s %9s %9s\n' "$cmd" "$pattern" "$iterations" "${events:--}" "$wall" "$cpu" "$mb"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%F)" "$commit" "$cmd" "$pattern" "$iterations" \
      "${events:--}" "$wall" "$cpu" "$mb" "$load" >>"$results"
    [ -n "$first" ] || first=$mb
    last=$mb
  done
  awk -v c="$cmd" -v a="$first" -v b="$last" 'BEGIN { printf "# %s: peak RSS at the largest size / the smallest %.2fx\n", c, b / a }'
done
