#!/usr/bin/env bash
# The launcher on JDK 25 with its ahead-of-time cache against JDK 17 (issue 38): issue 38's rows that read a
# 98 M-event trace, each command run through the launcher with JDK 17's java first on the PATH ("17"), with a
# JDK 25's ("25": the cache made by one run of each command before the rounds) and with JDK 25 without the cache
# ("25off": IGTRACE_AOT=off, the class-data archive as on JDK 17), in interleaved rounds (bench/jvm-rounds.sh):
#   pinned to one core (PIN=1), 6 rounds: the default graph and --no-waits on each, the C reader
#   two cores, 3 rounds: graph and graph -j 1 on 17 and 25, the C reader on 2 and 1 threads, predict on the posted
#     trace and graph beside it, why on imbalanced-run and graph beside it (17, 25, 25off each)
# The traces are full-run.sh's (made there if missing). Everything goes to standard output
# (redirect it to bench/results/jdk25-DATE.txt); outputs of 17 and 25 are compared at the end.
#
#   bench/jdk25-rounds.sh JDK25_HOME [WORK]   WORK: where the traces are (default /tmp/igtrace-full-run)
# Needs: gcc, libotf2-trace-dev, GNU time, a built jar (mvn package), an otherwise idle machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
jdk25=${1:?usage: bench/jdk25-rounds.sh JDK25_HOME [WORK]}
work=${2:-/tmp/igtrace-full-run}
[ -x "$jdk25/bin/java" ] || { echo "jdk25-rounds.sh: $jdk25/bin/java not found" >&2; exit 1; }
out=$work/out
mkdir -p "$work" "$out" "$work/jdk25-bin"
ln -sf "$jdk25/bin/java" "$work/jdk25-bin/java"
[ "$work/make-otf2-trace" -nt "$here/make-otf2-trace.c" ] || gcc -O2 -o "$work/make-otf2-trace" "$here/make-otf2-trace.c" -lotf2
[ "$work/c-reader" -nt "$here/c-reader.c" ] || gcc -O2 -o "$work/c-reader" "$here/c-reader.c" -lotf2 -lpthread
gcc -O2 -o "$work/core-probe" "$here/core-probe.c"
export PROBE=$work/core-probe
for t in "stencil 52083" "posted 43000" "imbalanced-run 52083"; do
  set -- $t
  [ -f "$work/$1/traces.otf2" ] || "$work/make-otf2-trace" "$work/$1" 64 "$2" "$1" >/dev/null 2>&1
done
st=$work/stencil/traces.otf2
po=$work/posted/traces.otf2
ir=$work/imbalanced-run/traces.otf2
ig="$root/igtrace"
ig25="env PATH=$work/jdk25-bin:$PATH $root/igtrace"
ig25off="env IGTRACE_AOT=off PATH=$work/jdk25-bin:$PATH $root/igtrace"
cd "$root"
# the class-data archives and the caches made before the rounds (a first run makes them and waits for them)
"$ig" testdata/otf2/pi-4 >/dev/null 2>&1
$ig25 testdata/otf2/pi-4 >/dev/null 2>&1
$ig25 "$st" -q -o "$out/warm.graphml"
$ig25 predict "$po" -q -o "$out/warm.txt"
$ig25 why "$ir" -q -o "$out/warm.txt"
echo "# issue 38's rows on JDK 25 with the launcher's ahead-of-time cache ($(date -u '+%F %T UTC')), build $(git rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# JDK 17: $(java -version 2>&1 | head -1); JDK 25: $("$jdk25/bin/java" -version 2>&1 | head -1). Columns: round name wall user sys cpu maxrss_kB load1 probes."
echo "## pinned to one core (PIN=1)"
PIN=1 ROUNDS=6 "$here/jvm-rounds.sh" \
  "default17=$ig $st -q -o $out/a17.graphml" \
  "default25=$ig25 $st -q -o $out/a25.graphml" \
  "nowaits17=$ig $st --no-waits -q -o $out/n17.graphml" \
  "nowaits25=$ig25 $st --no-waits -q -o $out/n25.graphml" \
  "creader=$work/c-reader $st"
echo "## two cores, unpinned"
ROUNDS=3 "$here/jvm-rounds.sh" \
  "graph17=$ig $st -q -o $out/g17.graphml" \
  "graph25=$ig25 $st -q -o $out/g25.graphml" \
  "graphj1_17=$ig $st -j 1 -q -o $out/j17.graphml" \
  "graphj1_25=$ig25 $st -j 1 -q -o $out/j25.graphml" \
  "creader2=$work/c-reader $st 2" \
  "creader1=$work/c-reader $st 1" \
  "graphP17=$ig $po -q -o $out/gp17.graphml" \
  "graphP25=$ig25 $po -q -o $out/gp25.graphml" \
  "predict17=$ig predict $po -q -o $out/p17.txt" \
  "predict25=$ig25 predict $po -q -o $out/p25.txt" \
  "predict25off=$ig25off predict $po -q -o $out/p25off.txt" \
  "graphR17=$ig $ir -q -o $out/gr17.graphml" \
  "graphR25=$ig25 $ir -q -o $out/gr25.graphml" \
  "whyR17=$ig why $ir -q -o $out/w17.txt" \
  "whyR25=$ig25 why $ir -q -o $out/w25.txt" \
  "whyR25off=$ig25off why $ir -q -o $out/w25off.txt"
echo "## outputs of JDK 17 and JDK 25 compared"
for pair in a17.graphml:a25.graphml n17.graphml:n25.graphml g17.graphml:g25.graphml j17.graphml:j25.graphml \
  gp17.graphml:gp25.graphml p17.txt:p25.txt p17.txt:p25off.txt gr17.graphml:gr25.graphml w17.txt:w25.txt w17.txt:w25off.txt; do
  if cmp -s "$out/${pair%%:*}" "$out/${pair#*:}"; then echo "# same: $pair"; else echo "# DIFFERENT: $pair"; fi
done
