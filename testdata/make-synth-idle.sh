#!/usr/bin/env bash
# Makes otf1/synth-idle: otf1/synth-plain (the synthetic run, written by libotf) with a fifth MPI
# process that recorded nothing: "Process 4" (id 5, rank 4) is defined in synth.0.def and is a
# member of MPI_COMM_WORLD and of the machine group, and no stream of synth.otf lists it (as a
# converter writes an idle process). Run from anywhere: bash testdata/make-synth-idle.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/otf1/synth-idle"
rm -rf "$out"
cp -r "$here/otf1/synth-plain" "$out"
sed -i -e 's/^DP4NM"Process 3"$/&\nDP5NM"Process 4"/' \
       -e 's/^DPG3b9aca05M1,2,3,4,NM/DPG3b9aca05M1,2,3,4,5,NM/' \
       -e 's/^DPG3b9aca01M1,2,3,4,100002,200001,NM/DPG3b9aca01M1,2,3,4,5,100002,200001,NM/' "$out/synth.0.def"
grep -q '^DP5NM"Process 4"$' "$out/synth.0.def"
grep -q '^DPG3b9aca05M1,2,3,4,5,NM' "$out/synth.0.def"
grep -q '^DPG3b9aca01M1,2,3,4,5,100002,200001,NM' "$out/synth.0.def"
echo "wrote $out"
