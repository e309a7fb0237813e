#!/usr/bin/env bash
# Writes the list of classes typical igtrace runs load (JDK -XX:DumpLoadedClassList), for the
# class-data sharing archive the launcher makes from it on first use (-Xshare:dump). Runs the
# freshly built jar on bundled traces: OTF2 in igtrace's own JVM (what the reader child loads),
# OTF2 supervised (what the parent loads), OTF with --stats and DOT. A run that cannot work here
# (no libotf2) only makes the list shorter; the build does not depend on it.
# Usage: classlist.sh JAR TESTDATA OUT
set -uo pipefail
jar=$1 testdata=$2 out=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The client compiler only, here and in the reader child, as the launcher runs small traces: the
# same classes load, for two thirds of the CPU time.
export IGTRACE_JAVA_OPTS="-XX:TieredStopAtLevel=1 ${IGTRACE_JAVA_OPTS:-}"
run() { # N JVM-OPTION ARGS...
  local n=$1 opt=$2; shift 2
  java -XX:DumpLoadedClassList="$tmp/$n.lst" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData $opt -cp "$jar" \
    org.igtrace.cli.Main "$@" -o "$tmp/out.$n" >/dev/null 2>&1 || true
}
# The four runs are independent: at once, so that the build waits for one JVM start-up, not four.
run 1 -Digtrace.isolate=false "$testdata/otf2/pi-4" --stats &
run 2 -Digtrace.isolate=true "$testdata/otf2/patterns-4" --format dot &
run 3 -Digtrace.isolate=true "$testdata/otf1/synth-plain/synth.otf" --stats &
run 4 -Digtrace.isolate=true "$testdata/otf1/vt-md-mpi-cuda/md_mpi_cuda.otf" --format dot --graph tree &
wait
cat "$tmp"/*.lst 2>/dev/null | awk '!seen[$0]++' > "$out"
