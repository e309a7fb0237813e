#!/usr/bin/env bash
# Start-up benchmark: end-to-end wall time of igtrace on tiny bundled traces, where the run is
# all start-up (JVM, class loading, for OTF2 the reader child JVM) and no real work:
#   testdata/otf2/pi-4          OTF2, 4 ranks, 74 events (otf2-print) (a parent JVM supervising the reader JVM)
#   testdata/otf1/synth-plain   OTF, 160 event records (one JVM)
# each with default options (graph to /dev/null, summary to /dev/null), RUNS times (default 21)
# after one warm-up run, through
#   launcher   ./igtrace as users run it (class-data sharing archive, made by the warm-up run)
#   java-jar   java -jar cli/target/igtrace.jar (no archive, default JVM options)
# and writes min and median wall time and the median CPU time (user + system, both JVMs) to
# bench/results/startup.tsv, with the load average before and after
# (the machine is shared: a load above the number of cores means other work was running).
# Environment: RUNS (21), BENCH_NO_BUILD=1 to use the jar as it is, BENCH_NICE=-20 to run the
# timed commands at that niceness (root only) when other work loads the machine: the rows then
# say "launcher@nice-20"; closer to an idle machine, though not the same.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=${RUNS:-21}
cd "$root"
if [ -z "${BENCH_NO_BUILD:-}" ]; then
  ./igtrace --version >/dev/null # builds the jar if a source is newer
fi
jar=cli/target/igtrace.jar
results=bench/results/startup.tsv
[ -f "$results" ] || printf 'date\tcommit\tcores\ttrace\tevents\thow\truns\tmin_s\tmedian_s\tmedian_cpu_s\tload_before\tload_after\n' >"$results"
timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo +)

seconds() { # COMMAND... -> "wall cpu" seconds of one run (cpu: user + system of all its processes)
  /usr/bin/time -f '%e %U %S' -o "$timing" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
  awk '{printf "%.2f %.2f\n", $1, $2 + $3}' "$timing"
}

measure() { # TRACE EVENTS HOW COMMAND...
  local trace=$1 events=$2 how=$3; shift 3
  local load_before load_after times min median cpu
  "$@" >/dev/null 2>&1 # warm-up: page cache, and the launcher's class-data sharing archive
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  times=$(for _ in $(seq "$runs"); do seconds "$@"; done)
  load_after=$(cut -d' ' -f1 /proc/loadavg)
  min=$(echo "$times" | cut -d' ' -f1 | sort -n | head -1)
  median=$(echo "$times" | cut -d' ' -f1 | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  cpu=$(echo "$times" | cut -d' ' -f2 | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date +%F)" "$commit" "$(nproc)" "$trace" "$events" "$how" \
    "$runs" "$min" "$median" "$cpu" "$load_before" "$load_after" | tee -a "$results"
}

for t in "otf2/pi-4 74" "otf1/synth-plain 160"; do
  set -- $t
  if [ -n "${BENCH_NICE:-}" ]; then
    measure "$1" "$2" "launcher@nice$BENCH_NICE" nice -n "$BENCH_NICE" ./igtrace "testdata/$1"
    measure "$1" "$2" "java-jar@nice$BENCH_NICE" nice -n "$BENCH_NICE" java -jar "$jar" "testdata/$1"
  else
    measure "$1" "$2" launcher ./igtrace "testdata/$1"
    measure "$1" "$2" java-jar java -jar "$jar" "testdata/$1"
  fi
done
