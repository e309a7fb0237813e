#!/usr/bin/env bash
# Writes what the launcher needs to start igtrace fast, beside the jar (and in the release's lib/):
#   igtrace.classlist  the classes typical igtrace runs load (JDK -XX:DumpLoadedClassList), for
#                      the class-data sharing archive the launcher makes from it on first use
#                      (-Xshare:dump). Runs the freshly built jar as the launcher runs it (one
#                      supervised JVM, C1 only) on bundled traces: OTF2 graph, --stats and stats,
#                      OTF with --stats and DOT. A run that cannot work here (no libotf2) only
#                      makes the list shorter; the build does not depend on it.
#   native/            JNA's libjnidispatch.so for this machine and igtrace's libotf2 shim,
#                      unpacked from the jar, which the launcher has them loaded from (instead of
#                      unpacking both to temporary files at every run).
# Usage: startup-files.sh JAR TESTDATA OUTDIR JAVA_HOME
set -uo pipefail
jar=$1 testdata=$2 out=$3 jdk=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rm -rf "$out/native"
mkdir -p "$out/native"
case "$(uname -m)" in
  x86_64) platform=linux-x86-64 ;;
  i?86) platform=linux-x86 ;;
  armv*) platform=linux-arm ;;
  *) platform=linux-$(uname -m) ;;
esac
(cd "$tmp" && "$jdk/bin/jar" xf "$jar" "com/sun/jna/$platform/libjnidispatch.so" \
  org/igtrace/reader/otf2/nativelib/libigtrace-otf2.so) 2>/dev/null
find "$tmp" -name '*.so' -exec mv {} "$out/native/" \;
touch "$out"/native/*.so 2>/dev/null # newer than the jar: the launcher uses only such copies

run() { # N ARGS...: as the launcher runs them (java -jar, the status file given as a descriptor and removed by name)
  local n=$1 w; shift
  exec {w}>"$tmp/status"
  "$jdk/bin/java" -XX:DumpLoadedClassList="$tmp/$n.lst" -XX:+UseSerialGC -XX:-UsePerfData -XX:TieredStopAtLevel=1 \
    -Djna.boot.library.path="$out/native" -Digtrace.shim="$out/native/libigtrace-otf2.so" -Djna.platform.library.path= \
    -Digtrace.supervisor.status=/proc/self/fd/$w -Digtrace.supervisor.statusName="$tmp/status" -Digtrace.supervisor.removeStatus=true \
    -jar "$jar" "$@" -o "$tmp/out.$n" >/dev/null 2>&1 || true
  exec {w}>&-
}
run 1 "$testdata/otf2/patterns-4" --format dot
run 2 "$testdata/otf2/pi-4" --stats
run 3 stats "$testdata/otf2/delays-4"
run 4 "$testdata/otf1/synth-plain/synth.otf" --stats
run 5 "$testdata/otf1/vt-md-mpi-cuda/md_mpi_cuda.otf" --format dot --graph tree
# One list of the runs' lists, fit for any JDK from 17 on, whichever built it: without the ids a JDK 21 or later
# gives each class (each run numbers its own, and JDK 25 refuses a list where two classes share one: "Duplicated
# ID", its dump failed and every run tried it again, a second each) and without JDK 25's @cp lines (which JDK 17
# refuses: "Invalid @ tag"); classes from the built-in loaders need neither.
cat "$tmp"/*.lst 2>/dev/null | sed -e 's/ id: [0-9][0-9]*$//' -e '/^@cp /d' | awk '!seen[$0]++' > "$out/igtrace.classlist"
