#!/usr/bin/env bash
# OTF2 read benchmark, one command: writes synthetic 3-D stencil traces (MPI_Send/MPI_Recv halo
# exchange + an Allreduce every 10th iteration) with libotf2's writer (bench/make-otf2-trace.c),
# then on each trace times
#   c      bench/c-reader.c: libotf2 per-location readers, the same accumulation in C
#   igtrace  the real command line end to end with --no-waits (java -jar igtrace.jar --no-waits TRACE > /dev/null):
#            the profile alone, one parallel pass, the work the C reader does
#   igtrace+waits  the command as users run it by default: the profile and the match records from
#            the same read, then the records joined (message matching, clock offsets, wait states)
# on 1 and 2 threads, REPEATS rounds (default 3) in which the three take turns, on 1 thread then on 2
# (this VM's speed drifts by up to 1.5x from minute to minute; the runs of a round meet it alike, and
# the summary also gives, round by round and their median, default / --no-waits on 1 thread and the
# default's 2 threads / 1 thread, with --timing's serial parts before the first event and after the
# last): min and median wall time, events/s, peak
# RSS, and for igtrace also its own read phase (--timing: reading in the child JVM, without the
# start-up of the JVMs and building and writing the graph). Checks that both count the same messages. Appends one line per (trace, reader, threads) to
# bench/results/otf2.tsv and prints, per trace, igtrace/C on one thread, the default's cost against
# --no-waits and against C, the speed-ups on two threads, and the machine's load average (other
# work on the machine slows every row).
#
#   bench/otf2.sh                 64 ranks at 1e6, 1e7, 1e8 events; 1024 ranks at 1e7
#   bench/otf2.sh RANKS:EVENTS... chosen sizes, e.g. 64:1e7 512:1e8
#   bench/otf2.sh --huge          adds 64 ranks at 1e9 events (about 11 GB of disk, minutes)
# Environment: REPEATS (3), BENCH_WORK (scratch directory, its traces kept; default a fresh one under /tmp, removed),
# BENCH_NO_BUILD=1 to use the jar as it is, PIN=1 to run the one-thread rows on one core (taskset -c 0:
# the JVM's compiler and garbage collector threads share that core instead of using the second one);
# their rows say "READER@1core"; LAUNCHER=1 to run igtrace through ./igtrace as users do (one
# supervised JVM with the launcher's class-data sharing archive) instead of java -jar (a supervising
# JVM and the reader's): rows "igtrace...~launcher".
# Needs: gcc, libotf2-trace-dev, GNU time (/usr/bin/time); all from scripts/setup --test.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
repeats=${REPEATS:-3}
sizes=(); huge=()
for a in "$@"; do
  case "$a" in
    --huge) huge=(64:1e9) ;;
    *:*) sizes+=("$a") ;;
    *) echo "usage: bench/otf2.sh [--huge] [RANKS:EVENTS...]" >&2; exit 2 ;;
  esac
done
[ "${#sizes[@]}" -gt 0 ] || sizes=(64:1e6 64:1e7 64:1e8 1024:1e7)
sizes+=("${huge[@]}")
[ -x /usr/bin/time ] || { echo "bench/otf2.sh: needs GNU time (apt-get install time)" >&2; exit 1; }
work=${BENCH_WORK:-$(mktemp -d /tmp/igtrace-bench.XXXXXX)}
mkdir -p "$work"
[ -n "${BENCH_WORK:-}" ] || trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/make-otf2-trace" "$here/make-otf2-trace.c" -lotf2
gcc -O2 -o "$work/c-reader" "$here/c-reader.c" -lotf2 -lpthread
if [ -z "${BENCH_NO_BUILD:-}" ]; then
  (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests package >&2)
fi
jar="$root/cli/target/igtrace.jar"
igtrace=(java -jar "$jar")
[ -z "${LAUNCHER:-}" ] || igtrace=("$root/igtrace")
mkdir -p "$here/results"
out="$here/results/otf2.tsv"
[ -f "$out" ] || printf 'date\tcommit\tcores\tranks\tevents\tbytes_on_disk\treader\tthreads\tmin_s\tmedian_s\tevents_per_s\tpeak_rss_mb\tread_min_s\tread_events_per_s\n' >"$out"
commit=$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . ':!bench/results' 2>/dev/null || echo "+")

# Times per reader and thread count, filled round by round: the readers take turns (C, --no-waits,
# default) in every round, so that each round's three runs meet the machine in the same state.
declare -A times reads rsss firsts tails
# once KEY COMMAND...: one timed run; its time, peak RSS and read phase go under KEY (the output stays in $work)
once() {
  local key=$1 secs kb
  shift
  /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$work/stdout" 2>"$work/stderr" \
    || { echo "bench/otf2.sh: failed: $*" >&2; cat "$work/stderr" >&2; exit 1; }
  read -r secs kb <"$work/time"
  times[$key]+="$secs "
  [ "$kb" -gt "${rsss[$key]:-0}" ] && rsss[$key]=$kb
  reads[$key]+="$(sed -n 's/^igtrace: timing: read \([0-9.]*\) s.*/\1/p' "$work/stderr") "
  firsts[$key]+="$(sed -n 's/^igtrace: timing: .*before the first event \([0-9.]*\) s.*/\1/p' "$work/stderr") "
  tails[$key]+="$(sed -n 's/^igtrace: timing: .*after the last event \([0-9.]*\) s.*/\1/p' "$work/stderr") "
}

# median VALUES...: the median of the numbers given ("-" for none)
median() {
  printf '%s\n' "$@" | grep . | sort -n | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)]; else print "-" }'
}

# stats KEY: sets min, median, rss and read_min from the runs under KEY
stats() {
  local sorted=($(printf '%s\n' ${times[$1]} | sort -n))
  min=${sorted[0]}; median=${sorted[$(( (${#sorted[@]} - 1) / 2 ))]}
  rss=${rsss[$1]}
  read_min=$(printf '%s\n' ${reads[$1]:-} | grep . | sort -n | head -1 || true)
}

pin() { # THREADS -> the command prefix that keeps a one-thread run on one core (PIN=1), or nothing
  [ -z "${PIN:-}" ] || [ "$1" != 1 ] || echo taskset -c 0
}

record() { # READER THREADS
  local rate read_rate="-"
  rate=$(awk -v e="$events" -v s="$min" 'BEGIN { printf "%.0f", e / s }')
  [ -n "$read_min" ] && read_rate=$(awk -v e="$events" -v s="$read_min" 'BEGIN { printf "%.0f", e / s }')
  local label=$1
  [ -z "${LAUNCHER:-}" ] || [ "$1" = c ] || label="$label~launcher"
  [ -z "${PIN:-}" ] || [ "$2" != 1 ] || label="$label@1core"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%F)" "$commit" "$(nproc)" "$ranks" \
    "$events" "$disk" "$label" "$2" "$min" "$median" "$rate" "$((rss / 1024))" "${read_min:--}" "$read_rate" | tee -a "$out"
  eval "rate_${1//+/_}_$2=$rate"
  eval "read_rate_${1//+/_}_$2=$read_rate"
}

# The launcher makes its class-data sharing archive at its first run after a build: not in a timed run.
[ -z "${LAUNCHER:-}" ] || "${igtrace[@]}" info "$root/testdata/otf2/pi-4" >/dev/null

for size in "${sizes[@]}"; do
  ranks=${size%%:*}
  target=$(awk -v e="${size#*:}" 'BEGIN { printf "%.0f", e }')
  # about 30 events per rank and iteration (2 compute, 6 per neighbour, 0.4 Allreduce)
  iterations=$(( target / (ranks * 30) )); [ "$iterations" -ge 1 ] || iterations=1
  dir="$work/stencil-$ranks-$iterations"; rm -rf "$dir"
  events=$("$work/make-otf2-trace" "$dir" "$ranks" "$iterations" stencil 2>/dev/null)
  disk=$(du -sb "$dir" | cut -f1)
  anchor="$dir/traces.otf2"
  cat "$anchor" "$dir"/traces/*.evt >/dev/null # into the page cache: every reader starts warm
  times=(); reads=(); rsss=(); firsts=(); tails=(); ratios=(); two=()
  # Rounds of one thread then two: each round's runs meet the machine in the same state, and the
  # speed-up on two threads is also given round by round (its median: a minimum over one block of
  # one-thread runs against one over a later block of two-thread runs followed the machine's drift).
  for _ in $(seq "$repeats"); do
    for threads in 1 2; do
      once "c:$threads" $(pin "$threads") "$work/c-reader" "$anchor" "$threads"
      c_messages=$(sed -n 's/.* sent_messages=\([0-9]*\).*/\1/p' "$work/stdout")
      once "igtrace:$threads" $(pin "$threads") "${igtrace[@]}" -j "$threads" --timing --no-waits "$anchor"
      ig_messages=$(sed -n 's/.*, \([0-9]*\) messages,.*/\1/p' "$work/stderr")
      [ "$ig_messages" = "$c_messages" ] \
        || { echo "bench/otf2.sh: igtrace counted $ig_messages messages, the C reader $c_messages" >&2; exit 1; }
      once "igtrace+waits:$threads" $(pin "$threads") "${igtrace[@]}" -j "$threads" --timing "$anchor"
      grep -q "0 clock conflicts" "$work/stderr" || { echo "bench/otf2.sh: unexpected clock conflicts" >&2; cat "$work/stderr" >&2; exit 1; }
      if [ "$threads" = 1 ]; then
        set -- ${times["igtrace:1"]}; shift $(($# - 1)); nowaits=$1
        set -- ${times["igtrace+waits:1"]}; shift $(($# - 1))
        ratios+=("$(awk -v w="$1" -v n="$nowaits" 'BEGIN { printf "%.3f", w / n }')")
      else
        set -- ${times["igtrace+waits:1"]}; shift $(($# - 1)); one=$1
        set -- ${times["igtrace+waits:2"]}; shift $(($# - 1))
        two+=("$(awk -v o="$one" -v t="$1" 'BEGIN { printf "%.3f", o / t }')")
      fi
    done
  done
  for threads in 1 2; do
    for reader in c igtrace igtrace+waits; do
      stats "$reader:$threads"
      record "$reader" "$threads"
    done
  done
  round_ratio=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
  load=$(cut -d' ' -f1 /proc/loadavg)
  awk -v c="$rate_c_1" -v i1="$rate_igtrace_1" -v i2="$rate_igtrace_2" -v r1="$read_rate_igtrace_1" \
      -v r2="$read_rate_igtrace_2" -v w1="$rate_igtrace_waits_1" -v w2="$rate_igtrace_waits_2" -v r="$ranks" -v e="$events" \
      -v load="$load" -v rr="$round_ratio" 'BEGIN {
    printf "# %d ranks, %d events: igtrace/C on 1 thread %.2f end to end (read phase %.2f); " \
           "igtrace 2 threads / 1 thread %.2f end to end (read phase %.2f); default with waits: %.2fx the time of --no-waits " \
           "on 1 thread (fastest runs; median of the rounds %.2fx), %.2f of C, 2 threads / 1 thread %.2f; load average %s\n", \
           r, e, i1 / c, r1 / c, i2 / i1, r2 / r1, i1 / w1, rr, w1 / c, w2 / w1, load }' \
    | if [ -n "${PIN:-}" ]; then sed 's/1 thread/1 core/g; s/2 threads/2 cores/g'; else cat; fi | tee -a "$out"
  echo "# default / --no-waits on 1 core, round by round: ${ratios[*]}" | tee -a "$out"
  echo "# default, 2 threads / 1 thread, round by round: ${two[*]} (median $(median "${two[@]}")); the serial parts" \
    "(--timing, median of the rounds, s): before the first event $(median ${firsts["igtrace+waits:1"]}) on 1 thread," \
    "$(median ${firsts["igtrace+waits:2"]}) on 2; after the last event $(median ${tails["igtrace+waits:1"]}) on 1," \
    "$(median ${tails["igtrace+waits:2"]}) on 2" \
    | if [ -n "${PIN:-}" ]; then sed 's/1 thread/1 core/g; s/2 threads/2 cores/g'; else cat; fi | tee -a "$out"
  [ -n "${BENCH_WORK:-}" ] || rm -rf "$dir" # kept for the other scripts when BENCH_WORK is given
done
