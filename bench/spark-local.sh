#!/usr/bin/env bash
# igtrace's Spark job in local mode (scripts/spark-local, local[*]: every core) against the command
# line (./igtrace graph) on one trace, start-up included, in interleaved rounds (CLI, Spark, CLI,
# Spark, ...): wall and CPU (user+sys) of each run, peak RSS, the load average beside each row, and
# whether the two outputs are the same. Rows: bench/results/spark-local.tsv.
#
#   bench/spark-local.sh TRACE [ROUNDS] [graph options]
# ROOT=DIR runs another checkout's ./igtrace and scripts/spark-local (a "before" build; CODE=its commit).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=${ROOT:-$here}
trace=${1:?usage: bench/spark-local.sh TRACE [ROUNDS] [graph options]}
rounds=${2:-3}
shift $(( $# >= 2 ? 2 : 1 ))
work=$(mktemp -d /tmp/igtrace-spark-local.XXXXXX)
trap 'rm -rf "$work"' EXIT
results="$here/bench/results/spark-local.tsv"
[ -f "$results" ] || printf 'date\ttime\tcode\ttrace\tround\trun\twall_s\tcpu_s\tuser_s\tsys_s\tmax_rss_kb\tload1\tsame_output\n' > "$results"
code=${CODE:-$(git -C "$root" describe --always --dirty 2>/dev/null || echo -)}
name=$(basename "$(dirname "$trace")")/$(basename "$trace")
for r in $(seq "$rounds"); do
  for run in cli spark; do
    load=$(cut -d' ' -f1 /proc/loadavg)
    if [ "$run" = cli ]; then
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$root/igtrace" graph "$trace" "$@" -o "$work/cli.out" 2> "$work/err" || { cat "$work/err" >&2; exit 1; }
    else
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$root/scripts/spark-local" "$trace" "$@" -o "$work/spark.out" 2> "$work/err" || { cat "$work/err" >&2; exit 1; }
    fi
    read -r wall user sys rss < <(tail -n 1 "$work/time")
    same=-
    [ "$run" = spark ] && { cmp -s "$work/cli.out" "$work/spark.out" && same=yes || same=no; }
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%F)" "$(date -u +%T)" "$code" "$name" "$r" "$run" \
      "$wall" "$(echo "$user + $sys" | bc)" "$user" "$sys" "$rss" "$load" "$same" | tee -a "$results"
  done
done
