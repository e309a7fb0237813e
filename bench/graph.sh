#!/usr/bin/env bash
# The graph side at scale, one command: writes two OTF2 traces with bench/make-otf2-trace.c,
#   500 ranks, all-to-all  (the paper's case: 249,500 directed pairs = 124,750 undirected edges)
#   10,000 ranks, 3-D stencil (25 x 20 x 20)
# then runs igtrace end to end on each (full graph and tree, GraphML and DOT) with --timing, and
# bench/GraphScale.java for the graph steps alone in a warm JVM. Appends wall time, igtrace's own
# graph and output times, peak RSS and file sizes to bench/results/graph.tsv.
#   bench/graph.sh            Environment: BENCH_WORK, BENCH_NO_BUILD=1 as bench/otf2.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work=${BENCH_WORK:-$(mktemp -d /tmp/igtrace-bench.XXXXXX)}
mkdir -p "$work"
[ -n "${BENCH_WORK:-}" ] || trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/make-otf2-trace" "$here/make-otf2-trace.c" -lotf2
[ -n "${BENCH_NO_BUILD:-}" ] || (cd "$root" && mvn -q -B -DskipTests install >&2)
jar="$root/cli/target/igtrace.jar"
mkdir -p "$here/results"
out="$here/results/graph.tsv"
[ -f "$out" ] || printf 'date\tcommit\tprocesses\tpattern\tedges\tview\tformat\twall_s\tread_s\tgraph_s\toutput_s\tpeak_rss_mb\tbytes\n' >"$out"
commit=$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . ':!bench/results' 2>/dev/null || echo "+")
for case in 500:alltoall 10000:stencil; do
  ranks=${case%%:*}; pattern=${case#*:}
  dir="$work/$pattern-$ranks"; rm -rf "$dir"
  "$work/make-otf2-trace" "$dir" "$ranks" 1 "$pattern" >/dev/null 2>&1
  for view in full tree; do
    for format in graphml dot; do
      file="$work/g.$format"
      /usr/bin/time -f '%e %M' -o "$work/time" java -jar "$jar" "$dir/traces.otf2" --graph "$view" --format "$format" \
        --timing -o "$file" 2>"$work/stderr"
      read -r wall kb <"$work/time"
      edges=$(sed -n 's/^igtrace: [0-9]* processes, \([0-9]*\) edges.*/\1/p' "$work/stderr")
      phases=$(sed -n 's/^igtrace: timing: read \([0-9.]*\) s.*graph \([0-9.]*\) s, output \([0-9.]*\) s$/\1\t\2\t\3/p' "$work/stderr")
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%F)" "$commit" "$ranks" "$pattern" "$edges" "$view" \
        "$format" "$wall" "$phases" "$((kb / 1024))" "$(stat -c %s "$file")" | tee -a "$out"
    done
  done
  java -cp "$jar" "$here/GraphScale.java" "$dir/traces.otf2" "$work/scale" 3 | sed "s/^/# $ranks $pattern warm JVM: /" | tee -a "$out"
  rm -rf "$dir"
done
