#!/usr/bin/env bash
# --skip-missing on an archive that declares many processes and holds the files of 8 (issue 41 item 6):
# bench/make-otf2-trace's `declared` pattern (the global definitions of N ranks, no other file) with the
# event and local definition files of ranks 0-7 of its 8-rank stencil copied in (the same string, region
# and communicator ids), then interleaved rounds (bench/jvm-rounds.sh) of BASE's and NEW's launchers.
# Usage: bench/skip-missing.sh BASE_DIR NEW_DIR WORK_DIR [N ...] >> bench/results/FILE.txt
# (default N: 100000 1000000); ROUNDS (default 3) and CMD (default: the graph to a GraphML file) as
# jvm-rounds.sh takes them, e.g. CMD=stats. SPARSE=1: the files of ranks 0-6 and N-1 (rank 7's files
# as the last rank's), so that the ranks read are not 0..k-1.
set -euo pipefail
base=$1 new=$2 work=$3
shift 3
sizes=${*:-100000 1000000}
here=$(cd "$(dirname "$0")" && pwd)
cmd=${CMD:-graph}
ext=$([ "$cmd" = graph ] && echo graphml || echo txt)
mkdir -p "$work"
[ -x "$work/make-otf2-trace" ] || gcc -O2 -o "$work/make-otf2-trace" "$here/make-otf2-trace.c" -lotf2
[ -d "$work/small" ] || "$work/make-otf2-trace" "$work/small" 8 100 stencil >/dev/null 2>&1
for n in $sizes; do
  d=$work/d$n${SPARSE:+-sparse}
  if [ ! -d "$d" ]; then
    "$work/make-otf2-trace" "$d" "$n" 0 declared >/dev/null 2>&1
    mkdir -p "$d/traces"
    cp "$work/small/traces/"[0-7].evt "$work/small/traces/"[0-7].def "$d/traces/"
    if [ -n "${SPARSE:-}" ]; then
      mv "$d/traces/7.evt" "$d/traces/$((n - 1)).evt"
      mv "$d/traces/7.def" "$d/traces/$((n - 1)).def"
    fi
  fi
  out=$work/out.$n${SPARSE:+-sparse}
  ROUNDS=${ROUNDS:-3} "$here/jvm-rounds.sh" \
    "base-$n=$base/igtrace $cmd $d --skip-missing -q -o $out.base.$ext" \
    "new-$n=$new/igtrace $cmd $d --skip-missing -q -o $out.new.$ext"
done
