#!/usr/bin/env bash
# OTF (version 1) read benchmark: writes compressed stencil traces of growing size with libotf
# (bench/make-otf1-trace.c), then runs igtrace on each, best of 3: wall time, events/s, peak RSS.
# Appends the results to bench/results/otf1.tsv (a later session compares against it).
#   bench/otf1.sh [RANKS] [ITERATIONS...]      default: 64 ranks, 1000 10000 100000 iterations
# Needs: libopen-trace-format-dev, gcc, GNU time (/usr/bin/time).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
ranks=${1:-64}; shift || true
sizes=("${@:-1000 10000 100000}")
read -r -a sizes <<<"${sizes[*]}"
work=${BENCH_WORK:-$(mktemp -d)}
gcc -O2 -o "$work/make-otf1-trace" "$here/make-otf1-trace.c" -I/usr/include/open-trace-format -lopen-trace-format
[ -f "$root/cli/target/igtrace.jar" ] || (cd "$root" && mvn -q -B -DskipTests package)
mkdir -p "$here/results"
out="$here/results/otf1.tsv"
[ -f "$out" ] || printf 'date\tcommit\tcores\tranks\titerations\tevents\tbytes_on_disk\tbest_s\tmedian_s\tevents_per_s\tpeak_rss_mb\n' >"$out"
for it in "${sizes[@]}"; do
  dir="$work/t-$ranks-$it"; mkdir -p "$dir"
  "$work/make-otf1-trace" "$dir/stencil" "$ranks" "$it"
  # 12 records per iteration, 4 more every 10th, plus main's Enter/Leave, per rank
  events=$(( ranks * (it * 12 + (it / 10) * 4 + 2) ))
  disk=$(du -sb "$dir" | cut -f1)
  times=(); rss=0
  for rep in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$work/time" java -jar "$root/cli/target/igtrace.jar" -q "$dir/stencil.otf" >/dev/null
    read -r secs kb <"$work/time"
    times+=("$secs"); [ "$kb" -gt "$rss" ] && rss=$kb
  done
  sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  best=${sorted[0]}; median=${sorted[1]}
  rate=$(awk -v e="$events" -v s="$best" 'BEGIN { printf "%.0f", e / s }')
  line=$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' "$(date -u +%F)" "$(git -C "$root" rev-parse --short HEAD)" \
    "$(nproc)" "$ranks" "$it" "$events" "$disk" "$best" "$median" "$rate" "$((rss / 1024))")
  echo "$line" | tee -a "$out"
  rm -rf "$dir"
done
