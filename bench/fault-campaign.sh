#!/usr/bin/env bash
# The fault campaign of issue 41, to rerun: signals at set moments, small heaps, concurrent
# writers, hostile paths and sizes, a reader of standard output that goes away, an interrupted
# class-data dump. Each case checks a promise (one line, the exit code, nothing left behind, the
# output whole or absent) and prints PASS or FAIL; the last line counts them. SPARK=1 adds SIGINT
# near the end of scripts/spark-local's job; Spark's other cases are in LocalModeMatchesCliTest.
#   [SPARK=1] [ONLY=SECTIONS] bench/fault-campaign.sh [ROUNDS]     (ROUNDS of the timed signal cases, default 3)
# ONLY: a comma-separated list of the sections to run (signals, commands, writers, heap, pipe, paths, sizes,
# dump, spark), e.g. ONLY=paths; all of them when unset (spark only with SPARK=1). ONLY=spark runs the
# Spark cases alone, ROUNDS times each.
# Needs gcc and libotf2's headers (scripts/setup), as bench/make-otf2-trace.c does.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ig="$here/igtrace"
rounds=${1:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/fault-campaign.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT # the work folder goes then too
trap 'exit 143' TERM
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
tried=0 passed=0
want() { [ -z "${ONLY:-}" ] || [[ ",$ONLY," == *",$1,"* ]]; } # SECTION: whether to run it
detail= # a command whose output says what a failed case left (set by a case, cleared by check)
check() { # NAME CONDITION...: one case
  tried=$((tried + 1))
  if eval "${*:2}"; then passed=$((passed + 1)); echo "PASS $1"; else echo "FAIL $1"; [ -z "$detail" ] || eval "$detail" | sed 's/^/  /'; fi
  detail=
}
nothing_left() { # DIR: no .part file there, no status folder in TMPDIR
  ! compgen -G "$1/.*.part" >/dev/null && ! compgen -G "$TMPDIR/igtrace.*" >/dev/null
}
all_whole() { # FILE...: each is the reference graph
  local f
  for f in "$@"; do cmp -s "$f" "$work/reference.graphml" || return 1; done
}
"$ig" --version >/dev/null 2>&1 # builds the jar when the sources are newer
gcc -O2 -o "$work/make-otf2-trace" "$here/bench/make-otf2-trace.c" -lotf2 || { echo "gcc failed"; exit 1; }
"$work/make-otf2-trace" "$work/t64" 64 400 stencil >/dev/null # 0.75 M events, ~1-2 s to read
! want heap || "$work/make-otf2-trace" "$work/t4096" 4096 20 stencil >/dev/null # 3 M events on 4096 ranks
"$ig" "$work/t64" -q -o "$work/reference.graphml"

# Signals at set moments of a run writing -o: the target is whole or absent, nothing is left.
signal_rounds=$rounds
want signals || signal_rounds=0
for ((r = 0; r < signal_rounds; r++)); do
  for sig in INT TERM KILL; do
    for delay in 0.3 0.8 1.5; do
      out="$work/out-$sig-$delay-$r"
      mkdir -p "$out"
      # a process group of its own, SIGINT not ignored (a background job's is): as a terminal's foreground job
      setsid env --default-signal=INT "$ig" "$work/t64" -q -o "$out/g.graphml" 2>"$out/err" &
      pid=$!
      sleep "$delay"
      kill -"$sig" -- -"$pid" 2>/dev/null
      wait "$pid" 2>/dev/null
      code=$?
      sleep 0.3
      whole='[ ! -e "$out/g.graphml" ] || cmp -s "$out/g.graphml" "$work/reference.graphml"'
      detail='echo "exit $code; in the folder: $(ls -A "$out" | tr "\n" " "); in TMPDIR: $(ls -A "$TMPDIR" | tr "\n" " ")"; head -c 600 "$out/err"'
      if [ "$sig" = KILL ]; then
        # SIGKILL skips every clean-up: the next run writing the same name removes the stale .part
        "$ig" "$work/t64" -q -o "$out/g.graphml" 2>/dev/null
      fi
      check "SIG$sig after ${delay}s (round $r): -o whole or absent, nothing left, at most one line" \
        "$whole && nothing_left '$out' && [ \$(wc -l <'$out/err') -le 1 ]"
    done
  done
done

# Signals to the commands that keep most beside the profile (why's what-if replays, the report's sections on
# threads of their own, predict's calibration and replay; their match records, recorded calls and sorted waits
# spilled to temporary files), at a quarter, three fifths and nine tenths of the command's own run time, so that
# the read, the analyses and the output are each hit: the target whole or absent, at most one line, no .part, and
# nothing left in TMPDIR but the launcher's build lock (after SIGKILL, once the next run has cleared what the killed one left).
if want commands; then
"$work/make-otf2-trace" "$work/imb" 64 1500 imbalanced >/dev/null 2>&1 # 2.8 M events whose first cause gives what-ifs
"$work/make-otf2-trace" "$work/post" 64 1200 posted >/dev/null 2>&1   # 2.8 M events, receives posted first
command_run() { # NAME OUT -> the command line of NAME writing OUT
  case "$1" in
    why) echo "why $work/imb/traces.otf2 -q -o $2" ;;
    report) echo "report $work/imb/traces.otf2 -q -o $2" ;;
    predict) echo "predict $work/post/traces.otf2 -q -o $2" ;;
  esac
}
for name in why report predict; do
  start=$(date +%s%N)
  # shellcheck disable=SC2046 # the command line's words
  "$ig" $(command_run $name "$work/reference-$name") 2>/dev/null
  ms=$((($(date +%s%N) - start) / 1000000))
  check "$name: the reference run (${ms} ms) writes its output" '[ -s "$work/reference-$name" ]'
  for ((r = 0; r < rounds; r++)); do
    for sig in INT TERM KILL; do
      for part in 25 60 90; do
        out="$work/out-$name-$sig-$part-$r"
        mkdir -p "$out"
        setsid env --default-signal=INT "$ig" $(command_run $name "$out/o") 2>"$out/err" &
        pid=$!
        sleep "$(awk -v ms="$ms" -v p="$part" 'BEGIN { printf "%.2f", ms * p / 100000 }')"
        kill -"$sig" -- -"$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        code=$?
        sleep 0.3
        if [ "$sig" = KILL ]; then
          "$ig" $(command_run $name "$out/o") 2>/dev/null # clears the stale .part and scratch folder, writes it whole
        fi
        whole='[ ! -e "$out/o" ] || cmp -s "$out/o" "$work/reference-$name"'
        detail='echo "exit $code; in the folder: $(ls -A "$out" | tr "\n" " "); in TMPDIR: $(ls -A "$TMPDIR" | tr "\n" " ")"; head -c 600 "$out/err"'
        check "$name, SIG$sig at ${part}% (round $r): -o whole or absent, at most one line, TMPDIR empty" \
          "$whole && nothing_left '$out' && [ -z \"\$(ls -A \"\$TMPDIR\" | grep -v '^igtrace-build-')\" ] && [ \$(wc -l <'$out/err') -le 1 ]"
      done
    done
  done
done
fi

# Eight writers of the same -o at once: the file is one whole graph.
if want writers; then
for i in 1 2 3 4 5 6 7 8; do "$ig" "$work/t64" -q -o "$work/same.graphml" & done
wait
check "8 concurrent writers of one -o: the file is whole" 'cmp -s "$work/same.graphml" "$work/reference.graphml" && nothing_left "$work"'
fi

# A heap too small: one line, exit 1, never a hang (issue 41 items 1-2).
want heap &&
for i in 1 2 3; do
  err=$(IGTRACE_JAVA_OPTS="-Xmx32m -Xlog:disable -Xlog:all=error:stderr" timeout 120 "$ig" report "$work/t4096" -j 2 -o "$work/r.html" 2>&1)
  code=$?
  check "4096 ranks at -Xmx32m (run $i): one line, exit 1, no hang" \
    '[ $code -eq 1 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && [[ "$err" == *"out of memory"* ]]'
done

# A reader of standard output that goes away (issue 39 item 9).
if want pipe; then
start=$(date +%s%N)
"$ig" timeline "$work/t64" --format perfetto -q 2>"$work/head.err" | head -c 100 >/dev/null
ms=$((($(date +%s%N) - start) / 1000000))
check "timeline --format perfetto | head -c 100 ends within 5 s (${ms} ms), no word" '[ $ms -lt 5000 ] && [ ! -s "$work/head.err" ] && nothing_left "$work"'
fi

# Hostile paths (issue 41 item 9): a name that is not UTF-8, a newline and an ESC, LC_ALL=C.
if want paths; then
mkdir "$work/bad"$'\xff' "$work/bad\\xff" "$work/nl"$'\n\e[31m' "$work/é"
cp -r "$here/testdata/otf2/pi-4" "$work/bad"$'\xff'/
cp -r "$here/testdata/otf2/pi-4" "$work/bad\\xff"/
cp -r "$here/testdata/otf2/pi-4" "$work/é"/
err=$("$ig" "$work/bad"$'\xff'/pi-4 -q 2>&1 >"$work/bad.graphml")
"$ig" "$work/bad\\xff"/pi-4 -q >"$work/ascii.graphml" 2>/dev/null
check "a folder named with byte 0xff: read, the graph the ASCII name bad\\xff gives" '[ -z "$err" ] && [ -s "$work/bad.graphml" ] && cmp -s "$work/bad.graphml" "$work/ascii.graphml"'
err=$("$ig" "$work/bad"$'\xff'/pi-5 -q 2>&1 >/dev/null)
check "a missing trace in a folder named with byte 0xff: one line naming it as \\xff" '[[ "$err" == *"bad\\xff/pi-5"* && "$(wc -l <<<"$err")" -eq 1 ]]'
mkdir "$work/names"
"$ig" "$work/t64" -q -o "$work/names/g"$'\xfe'.graphml 2>/dev/null
check "-o a name with byte 0xfe: exactly that name, whole, nothing beside it" \
  '[ "$(LC_ALL=C ls -A "$work/names")" = "g"$'"'"'\xfe'"'"'".graphml" ] && cmp -s "$work/names/g"$'"'"'\xfe'"'"'.graphml "$work/reference.graphml"'
for delay in 0.5 1.0; do
  setsid "$ig" "$work/t64" -q -o "$work/names/k"$'\xfe'.graphml 2>/dev/null &
  pid=$!
  sleep "$delay"
  kill -KILL -- -"$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  "$ig" "$work/t64" -q -o "$work/names/k"$'\xfe'.graphml 2>/dev/null
  check "SIGKILL after ${delay}s writing a name with byte 0xfe, then a run writing it: that name whole, nothing else" \
    '[ "$(LC_ALL=C ls -A "$work/names" | wc -l)" -eq 2 ] && cmp -s "$work/names/k"$'"'"'\xfe'"'"'.graphml "$work/reference.graphml" && nothing_left "$work/names"'
done
"$ig" "$work/t64" -q -o "$work/nl"$'\n\e[31m'/g.graphml 2>/dev/null &
pid=$!
for ((i = 0; i < 500; i++)); do jvm=$(pgrep -P "$pid" -x java) && break; sleep 0.01; done
sleep 0.5
kill -KILL "$jvm" 2>/dev/null
wait "$pid" 2>/dev/null
check "SIGKILL of the JVM writing into a folder named with a newline: no .part left" '! compgen -G "$work/nl"$'"'"'\n\e[31m'"'"'/.*.part >/dev/null'
err=$("$ig" "$work/nl"$'\n\e[31m'/none -q 2>&1 >/dev/null)
check "a path holding a newline and ESC: one line, escaped" '[ "$(wc -l <<<"$err")" -eq 1 ] && [[ "$err" != *$'"'"'\e'"'"'* ]]'
LC_ALL=C "$ig" "$work/é/pi-4" -q -o "$work/é/g.graphml" 2>/dev/null
check "LC_ALL=C and a UTF-8 folder name: read and written" '[ -s "$work/é/g.graphml" ]'
"$ig" "$work/t64" -q -o"$work/names/a"$'\xfe'.graphml 2>/dev/null
check "-o with its value attached, a name with byte 0xfe: that name, whole" 'cmp -s "$work/names/a"$'"'"'\xfe'"'"'.graphml "$work/reference.graphml"'
(cd "$work/bad"$'\xff' && "$ig" pi-4 -q -o rel.graphml 2>/dev/null)
(cd "$work/bad\\xff" && "$ig" pi-4 -q -o rel.graphml 2>/dev/null)
check "a working folder named with byte 0xff: a relative trace read, a relative -o written" \
  '[ -s "$work/bad\\xff/rel.graphml" ] && cmp -s "$work/bad"$'"'"'\xff'"'"'/rel.graphml "$work/bad\\xff/rel.graphml"'
jar="$here/cli/target/igtrace.jar"
java -jar "$jar" "$work/bad"$'\xff'/pi-4 -q -o "$work/names/j"$'\xfe'.graphml 2>/dev/null
check "java -jar: a folder named with byte 0xff read, -o a name with byte 0xfe written" 'cmp -s "$work/names/j"$'"'"'\xfe'"'"'.graphml "$work/bad.graphml"'
# an anchor file in a folder named with 0xff (libotf2 refused its alias: no .otf2), by the launcher and java -jar
"$ig" "$work/bad\\xff"/pi-4/eztrace_log.otf2 -q >"$work/ascii-anchor.graphml" 2>/dev/null
for how in launcher jar; do
  if [ $how = jar ]; then run=(java -jar "$jar"); else run=("$ig"); fi
  err=$("${run[@]}" "$work/bad"$'\xff'/pi-4/eztrace_log.otf2 -q 2>&1 >"$work/anchor-$how.graphml")
  check "$how: an anchor file in a folder named with byte 0xff: read, the graph the ASCII name gives" \
    '[ -z "$err" ] && [ -s "$work/anchor-$how.graphml" ] && cmp -s "$work/anchor-$how.graphml" "$work/ascii-anchor.graphml"'
done
"$ig" "$work/é"/pi-4/eztrace_log.otf2 -q >"$work/utf8-anchor.graphml" 2>/dev/null
err=$(LC_ALL=C java -jar "$jar" "$work/é"/pi-4/eztrace_log.otf2 -q 2>&1 >"$work/c-anchor.graphml")
check "java -jar under LC_ALL=C: an anchor file in a UTF-8 folder, read" '[ -z "$err" ] && [ -s "$work/c-anchor.graphml" ] && cmp -s "$work/c-anchor.graphml" "$work/utf8-anchor.graphml"'
# an anchor whose own name is not UTF-8 (libotf2 finds NAME.def and NAME/ by the anchor's name)
mkdir "$work/own"
for n in tr$'\xff' 'tr\xff'; do
  cp "$here/testdata/otf2/pi-4/eztrace_log.otf2" "$work/own/$n.otf2" && cp "$here/testdata/otf2/pi-4/eztrace_log.def" "$work/own/$n.def"
  cp -r "$here/testdata/otf2/pi-4/eztrace_log" "$work/own/$n"
done
(cd "$work" && "$ig" own/'tr\xff.otf2' -q >"$work/own-ascii.graphml" 2>/dev/null)
for how in launcher jar; do
  if [ $how = jar ]; then run=(java -jar "$jar"); else run=("$ig"); fi
  err=$(cd "$work" && "${run[@]}" own/tr$'\xff'.otf2 -q 2>&1 >"$work/own-$how.graphml")
  check "$how: an anchor whose own name holds byte 0xff: read, the graph the ASCII name gives" \
    '[ -z "$err" ] && [ -s "$work/own-$how.graphml" ] && cmp -s "$work/own-$how.graphml" "$work/own-ascii.graphml"'
done
# an installed character type beside an uninstalled LC_MESSAGES (ssh forwards the client's): the JVM's setlocale failed as a whole
rm -f "$work/é/g.graphml"
err=$(env -u LC_ALL LANG=C.UTF-8 LC_MESSAGES=xx_XX.UTF-8 "$ig" "$work/é/pi-4" -q -o "$work/é/g.graphml" 2>&1)
check "LANG=C.UTF-8 with an uninstalled LC_MESSAGES: a UTF-8 folder read and written, nothing said" '[ -z "$err" ] && [ -s "$work/é/g.graphml" ]'
# one JVM (-Digtrace.isolate=false) in a working folder named with 0xff: relative paths
rm -f "$work/bad"$'\xff'/rel.graphml "$work/bad\\xff"/rel.graphml
for d in "$work/bad"$'\xff' "$work/bad\\xff"; do
  (cd "$d" && IGTRACE_JAVA_OPTS=-Digtrace.isolate=false "$ig" graph pi-4/eztrace_log.otf2 -q -o rel.graphml 2>/dev/null)
done
check "-Digtrace.isolate=false in a working folder named with byte 0xff: a relative trace read, a relative -o written" \
  '[ -s "$work/bad\\xff/rel.graphml" ] && cmp -s "$work/bad"$'"'"'\xff'"'"'/rel.graphml "$work/bad\\xff/rel.graphml"'
fi

# Sizes a file claims (issue 41 item 7): 2 GB of padding, bounded memory, one line.
if want sizes; then
cp -r "$here/testdata/otf2/pi-4" "$work/padded"
truncate -s 2G "$work/padded/eztrace_log.otf2"
cp -r "$here/testdata/otf1/synth-plain" "$work/longline"
truncate -s 0 "$work/longline/synth.0.def"
truncate -s 2G "$work/longline/synth.0.def"
for t in padded longline; do
  /usr/bin/time -o "$work/$t.rss" -f "%M" "$ig" "$work/$t" -q >/dev/null 2>"$work/$t.err"
  check "$t 2 GB: one line, max RSS under 400 MB ($(tail -1 "$work/$t.rss") KB)" \
    '[ "$(wc -l <"$work/$t.err")" -eq 1 ] && [ "$(tail -1 "$work/$t.rss")" -lt 409600 ]'
done
fi

# Ctrl-C during the first run's class-data dump (issue 41 item 5): exit 130 at once, no .tmp.
if want dump; then
jsa_dir="$here/cli/target"
rm -f "$jsa_dir"/igtrace-*.jsa
setsid env --default-signal=INT "$ig" "$work/t64" -q -o "$work/cds.graphml" 2>/dev/null &
pid=$!
for ((i = 0; i < 500; i++)); do pgrep -g "$pid" -f Xshare:dump >/dev/null && break; sleep 0.01; done
kill -INT -- -"$pid" 2>/dev/null
wait "$pid"
code=$?
check "Ctrl-C during the class-data dump: exit 130, no archive .tmp, no output" \
  '[ $code -eq 130 ] && ! compgen -G "$jsa_dir/igtrace-*.jsa.*.tmp" >/dev/null && [ ! -e "$work/cds.graphml" ]'

# SIGKILL of the launcher alone during the dump: the dump JVM ends with it (it ran on to its end).
rm -f "$jsa_dir"/igtrace-*.jsa
"$ig" "$work/t64" -q -o "$work/cds.graphml" 2>/dev/null &
pid=$!
for ((i = 0; i < 500; i++)); do dump=$(pgrep -P "$pid" -x java) && break; sleep 0.01; done # the dump, once setpriv is java
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
for ((i = 0; i < 20; i++)); do [ -e "/proc/$dump" ] || break; sleep 0.1; done
check "SIGKILL of the launcher during the class-data dump: the dump JVM ends within 2 s, no output" \
  '[ -n "$dump" ] && [ ! -e "/proc/$dump" ] && [ ! -e "$work/cds.graphml" ]'

# Eight first runs at once: one class-data dump between them (each made its own: 15 s instead of 2.3 s).
mkdir -p "$work/bin"
printf '#!/bin/sh\ncase " $* " in *" -Xshare:dump "*) echo $$ >>"%s" ;; esac\nexec "%s" "$@"\n' "$work/dumps" "$(command -v java)" >"$work/bin/java"
chmod +x "$work/bin/java"
rm -f "$jsa_dir"/igtrace-*.jsa "$work/dumps"
pids=()
for i in 1 2 3 4 5 6 7 8; do PATH="$work/bin:$PATH" "$ig" "$work/t64" -q -o "$work/first-$i.graphml" & pids+=($!); done
ok=0
for p in "${pids[@]}"; do wait "$p" && ok=$((ok + 1)); done # the run that dumps ends last (under load 30: 30 s)
dumps=$(wc -l <"$work/dumps" 2>/dev/null || echo 0)
check "8 first runs at once: one class-data dump ($dumps), all 8 exit 0 ($ok) with the whole graph" \
  '[ "$dumps" -eq 1 ] && [ $ok -eq 8 ] && all_whole "$work"/first-{1,2,3,4,5,6,7,8}.graphml'
compgen -G "$jsa_dir/igtrace-*.jsa" >/dev/null || "$ig" "$work/t64" -q >/dev/null # makes the archive again
fi

# Spark (SPARK=1; needs scripts/spark-local's build: mvn -Pfull -DskipTests package): SIGINT near
# the end of a job (issue 41 item 10: a .part was left) at set moments before and after a full
# run's length (SPARK_PERCENTS, default 70 80 90 95 100 105; the length taken again from each run
# that ended before its signal); the graph is whole or absent, no .part, no stack trace or internal
# error, no blockmgr-* left; a whole run leaves no scratch folder at all.
if { [ "${SPARK:-0}" = 1 ] && want spark; } || [[ ",${ONLY:-}," == *,spark,* ]]; then
  spark="$here/scripts/spark-local"
  export SPARK_LOCAL_DIRS="$work/spark-scratch" SPARK_LOCAL_OPTS="--conf spark.driver.host=127.0.0.1"
  mkdir -p "$SPARK_LOCAL_DIRS"
  "$spark" "$work/t64" -q -o "$work/spark.graphml" 2>/dev/null # the first run archives Spark's classes
  start=$(date +%s%N)
  "$spark" "$work/t64" -q -o "$work/spark.graphml" 2>"$work/spark.err"
  length=$((($(date +%s%N) - start) / 1000000))
  check "Spark: a whole run (${length} ms) gives the command line's graph, leaves no scratch folder" \
    'cmp -s "$work/spark.graphml" "$work/reference.graphml" && ! compgen -G "$SPARK_LOCAL_DIRS/*" >/dev/null'
  for ((r = 0; r < rounds; r++)); do
    for percent in ${SPARK_PERCENTS:-70 80 90 95 100 105}; do
      out="$work/spark-$percent-$r"
      mkdir -p "$out"
      started=$(date +%s%N)
      setsid env --default-signal=INT "$spark" "$work/t64" -q -o "$out/g.graphml" 2>"$out/err" &
      pid=$!
      sleep "$(awk -v ms="$length" -v p="$percent" 'BEGIN { printf "%.3f", ms * p / 100000 }')"
      kill -INT -- -"$pid" 2>/dev/null
      wait "$pid"
      code=$?
      # a run that ended before the signal gives the length under the present load (it drifts with
      # the load): from its start to its graph's last write
      if [ "$code" -eq 0 ] && [ -f "$out/g.graphml" ]; then
        ended=$(stat -c %.9Y "$out/g.graphml")
        length=$(((${ended/./} - started) / 1000000))
      fi
      sleep 0.3
      # Spark's hooks remove its blockmgr-* on SIGINT; the run's own folder goes at exit when they
      # have emptied it in time, else with the next run (as after SIGKILL)
      blocks=$(compgen -G "$SPARK_LOCAL_DIRS/igtrace-spark.$pid.*/blockmgr-*" | wc -l)
      folder="no folder left"
      ! compgen -G "$SPARK_LOCAL_DIRS/igtrace-spark.$pid.*" >/dev/null || folder="its folder left for the next run"
      check "Spark: SIGINT at ${percent}% of a run (round $r, exit $code): -o whole or absent, no .part, no stack trace, no blockmgr-* ($folder)" \
        '{ [ ! -e "$out/g.graphml" ] || cmp -s "$out/g.graphml" "$work/reference.graphml"; } && ! compgen -G "$out/.*.part" >/dev/null \
          && ! grep -qE "^\sat |Caused by|internal error" "$out/err" && [ "$blocks" -eq 0 ]'
    done
  done
fi

# Every igtrace the campaign started has ended (a run still reading when the work folder goes
# would say its trace is damaged).
left=$(pgrep -P $$) # one command, run in place of the subshell: not a child of its own to list
left=${left//$'\n'/ }
[ -z "$left" ] || ps -o pid,etime,args -p "${left// /,}" | cut -c1-160
check "no run of the campaign still running (${left:-none})" '[ -z "$left" ]'
wait

echo "fault campaign: $passed of $tried cases passed"
[ "$passed" -eq "$tried" ]
