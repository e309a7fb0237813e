#!/usr/bin/env bash
# Builds testdata/programs/synthetic-run.c against Debian's libotf (OTF 1.12.5) and libotf2
# (3.0.2) and writes the same synthetic run as OTF (plain, zlib-compressed, long format) and OTF2:
#   testdata/otf1/synth-plain, synth-z, synth-long   and   testdata/otf2/synth
# Needs: apt-get install libopen-trace-format-dev libopen-trace-format2-dev gcc
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O1 -Wall -o "$work/synthetic-run" "$here/programs/synthetic-run.c" \
    -I/usr/include/open-trace-format -lopen-trace-format -lotf2
"$work/synthetic-run" "$work/out"
for kind in plain z long; do
  rm -rf "$here/otf1/synth-$kind"
  mkdir -p "$here/otf1"
  cp -r "$work/out/otf1-$kind" "$here/otf1/synth-$kind"
done
rm -rf "$here/otf2/synth"
cp -r "$work/out/otf2" "$here/otf2/synth"
echo "wrote $here/otf1/synth-{plain,z,long} and $here/otf2/synth" >&2
