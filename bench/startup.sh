#!/usr/bin/env bash
# Start-up benchmark: end-to-end wall time of igtrace on tiny bundled traces, where the run is
# all start-up (JVM, class loading, libotf2 loading) and no real work:
#   testdata/otf2/patterns-4    OTF2, 4 ranks, 272 events (otf2-print), EZTrace (16 MiB chunks)
#   testdata/otf2/pi-4          OTF2, 4 ranks, 74 events
#   testdata/otf1/synth-plain   OTF, 160 event records
# each with default options (graph to /dev/null, summary to /dev/null), RUNS times (default 21)
# after one warm-up run, through
#   launcher   ./igtrace as developers run it (source tree: one supervised JVM, class-data
#              sharing archive made by the warm-up run)
#   release    bin/igtrace of the release tarball unpacked to a temporary folder, as users run it
#   java-jar   java -jar cli/target/igtrace.jar (default JVM options; for OTF2 a second JVM runs
#              the command, supervised by the first, with the launcher's settings: its class-data
#              archive, made by the launcher's warm-up run above, C1 alone, the native libraries
#              beside the jar; before issue 38 it had none of them)
# and writes min and median wall time and the median CPU time (user + system, all processes) to
# bench/results/startup.tsv, with the load average before and after
# (the machine is shared: a load above the number of cores means other work was running).
# Environment: RUNS (21), BENCH_NO_BUILD=1 to use the jar as it is, BENCH_NICE=-20 to run the
# timed commands at that niceness (root only) when other work loads the machine: the rows then
# say "launcher@nice-20"; closer to an idle machine, though not the same. BENCH_RT=1 runs them
# under the real-time scheduler (chrt -f 50, root only; "launcher@rt"): other work waits while a
# run runs, which comes closest to an idle machine on a loaded one (caches stay shared, and the
# kernel still gives others 5%). BENCH_ROOT=DIR measures
# another checkout (its launcher, jar and release; built there as it is), e.g. a worktree of an
# older commit for a before/after pair; the rows go to this checkout's results file. A
# before/after pair or a JVM option measured in interleaved rounds (CPU and wall per round, the
# load beside each run): bench/jvm-rounds.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
results=$(dirname "$here")/bench/results/startup.tsv
root=${BENCH_ROOT:-$(dirname "$here")}
runs=${RUNS:-21}
cd "$root"
if [ -z "${BENCH_NO_BUILD:-}" ]; then
  ./igtrace --version >/dev/null # builds the jar if a source is newer
fi
jar=cli/target/igtrace.jar
[ -f "$results" ] || printf 'date\tcommit\tcores\ttrace\tevents\thow\truns\tmin_s\tmedian_s\tmedian_cpu_s\tload_before\tload_after\n' >"$results"
timing=$(mktemp)
release=$(mktemp -d)
trap 'rm -f "$timing"; rm -rf "$release"' EXIT
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!bench/results' 2>/dev/null || echo +)
tarball=$(ls cli/target/igtrace-*.tar.gz 2>/dev/null | head -1 || true)
if [ -n "$tarball" ]; then
  tar -xzf "$tarball" -C "$release"
fi
installed=$(ls -d "$release"/igtrace-*/bin/igtrace 2>/dev/null | head -1 || true)

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

nice=()
suffix=
if [ -n "${BENCH_RT:-}" ]; then
  nice=(chrt -f 50)
  suffix="@rt"
elif [ -n "${BENCH_NICE:-}" ]; then
  nice=(nice -n "$BENCH_NICE")
  suffix="@nice$BENCH_NICE"
fi
for t in "otf2/patterns-4 272" "otf2/pi-4 74" "otf1/synth-plain 160"; do
  set -- $t
  measure "$1" "$2" "launcher$suffix" "${nice[@]}" ./igtrace "testdata/$1"
  if [ -n "$installed" ]; then
    measure "$1" "$2" "release$suffix" "${nice[@]}" "$installed" "testdata/$1"
  fi
  measure "$1" "$2" "java-jar$suffix" "${nice[@]}" java -jar "$jar" "testdata/$1"
done
