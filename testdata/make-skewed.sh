#!/usr/bin/env bash
# Makes the clock-skew test archives in skew/ from the Score-P traces (see make-skewed.py).
# Needs: sudo apt-get install python3-otf2. Run from anywhere: bash testdata/make-skewed.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/skew"
rm -rf "$out"
mkdir -p "$out"
skew() { # NAME SOURCE ARGS...
  local name=$1 source=$2
  shift 2
  /usr/bin/python3 "$here/make-skewed.py" "$here/otf2/$source/traces.otf2" "$out/$name" "$@"
  echo "wrote $out/$name"
}
# The late-sender chain 0 -> 1 -> 2 -> 3 and a barrier that ties every pair both ways: rank 1 off.
label() { case $1 in 0.001) echo plus-1ms;; -0.001) echo minus-1ms;; 1) echo plus-1s;; -1) echo minus-1s;; esac; }
for o in 0.001 -0.001 1 -1; do
  skew "lsb-rank1-$(label $o)" scorep-late-sender-barrier --rank 1 --offset "$o"
done
# Ping-pong: messages both ways between ranks 0 and 1: rank 1 off.
for o in 0.001 -0.001 1 -1; do
  skew "pingpong-rank1-$(label $o)" scorep-ping-pong --rank 1 --offset "$o"
done
# Drift: rank 1's clock runs 100 ppm fast over the 20 s Jacobi run (2 ms by its end; messages take microseconds).
skew "jacobi-drift-100ppm" scorep-jacobi-2nodes --rank 1 --drift 100
# One way only: the chain without its barrier, rank 3 1 s behind: its receives precede their sends.
skew "lsb-nobarrier-rank3-minus-1s" scorep-late-sender-barrier --rank 3 --offset -1 --drop-collectives
# One way to one receiver (issue 13 item 7): every rank sends to rank 0, nothing comes back, no
# collectives (make-one-way.py writes the events on the Score-P trace's definitions); rank 3 1 s ahead.
/usr/bin/python3 "$here/make-one-way.py" "$here/otf2/scorep-late-sender-barrier/traces.otf2" "$out/oneway-star"
echo "wrote $out/oneway-star"
/usr/bin/python3 "$here/make-skewed.py" "$out/oneway-star/traces.otf2" "$out/oneway-star-rank3-plus-1s" --rank 3 --offset 1
echo "wrote $out/oneway-star-rank3-plus-1s"
