#!/usr/bin/env bash
# Every command on every trace twice: with the default memory budgets and with everything spilled to the temporary
# files (-Digtrace.records.memory=0 -Digtrace.activities.memory=0: every block of match records, region slices and
# recorded calls written to disk and read back). Standard output, output files and exit codes must be the same bytes.
# Prints one line per difference and a summary; exit 1 when any differs.
#
#   bench/spill-check.sh [TRACE ...]     (default: every OTF2 and OTF trace under testdata/)
# JOBS=N runs N traces at a time (default 2).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/igtrace-spill-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ $# -eq 0 ]; then
  mapfile -t traces < <(cd "$root" && find testdata \( -name '*.otf2' -o -name '*.otf' \) | sort)
  cd "$root"
else
  traces=("$@")
fi
one() { # TRACE: every command in both modes, the differences printed
  local t=$1 out
  out=$work/$(printf '%s' "$t" | tr '/' '_')
  mkdir -p "$out"
  run() { # TAG ARGS...: both modes, compared
    local tag=$1 mode f x
    shift
    for mode in default spilled; do
      f=$out/$tag.$mode
      if [ $mode = spilled ]; then
        IGTRACE_JAVA_OPTS="-Digtrace.records.memory=0 -Digtrace.activities.memory=0" "$root/igtrace" "$@" >"$f.out" 2>"$f.err" && echo 0 >"$f.rc" || echo $? >"$f.rc"
      else
        "$root/igtrace" "$@" >"$f.out" 2>"$f.err" && echo 0 >"$f.rc" || echo $? >"$f.rc"
      fi
      for x in "$out"/o.*; do [ -e "$x" ] && mv "$x" "$f.file"; done
    done
    cmp -s "$out/$tag.default.out" "$out/$tag.spilled.out" || echo "differs: $t $tag (standard output)"
    cmp -s "$out/$tag.default.rc" "$out/$tag.spilled.rc" || echo "differs: $t $tag (exit code)"
    if [ -e "$out/$tag.default.file" ] || [ -e "$out/$tag.spilled.file" ]; then
      cmp -s "$out/$tag.default.file" "$out/$tag.spilled.file" || echo "differs: $t $tag (output file)"
    fi
    echo "ran: $t $tag $(cat "$out/$tag.default.rc")"
  }
  run graph "$t" --format graphml
  run stats stats "$t"
  run why-json why "$t" --format json
  run why why "$t"
  run predict predict "$t" --format json
  run report report "$t" -o "$out/o.html"
  run timeline timeline "$t" -o "$out/o.svg"
  run diff diff "$t" "$t"
  run map map "$t" --topology ring
  rm -rf "$out"
}
export -f one
export root work
printf '%s\n' "${traces[@]}" | xargs -P "${JOBS:-2}" -I{} bash -c 'one "$1"' _ {} >"$work/log"
grep '^differs' "$work/log" || true
runs=$(grep -c '^ran' "$work/log" || true)
failed=$(grep '^ran' "$work/log" | awk '$4 != 0' | wc -l)
differs=$(grep -c '^differs' "$work/log" || true)
echo "spill-check: ${#traces[@]} traces, $runs command pairs ($failed with a nonzero exit code by default), $differs differences"
[ "$differs" -eq 0 ]
