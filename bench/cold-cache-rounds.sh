#!/usr/bin/env bash
# cold-cache-rounds.sh BASE_LAUNCHER NEW_LAUNCHER BIG_TRACE SMALL_TRACE [ROUNDS]
# Issue 41 item 6 on a cold file cache: graph of BIG_TRACE (the 10^5-rank stencil) and SMALL_TRACE (the
# 1,024-rank one) through two launchers, both archives' data evicted from the page cache before every run.
# EVICT=fadvise (the default) evicts only these archives' data pages, file by file (bench/evict-archive.py:
# posix_fadvise DONTNEED; no root; directory entries and inodes stay cached), and prints how many of the big
# archive's pages were resident before the run (0 when the eviction worked); EVICT=drop drops the whole page
# cache, metadata included (needs root; it disturbs everything else on the machine). WARM=1 evicts nothing
# (the warm rows). Prints elapsed, user, system seconds and peak RSS (KB) per run, the goal's ratio per round
# for each launcher, and whether base and new wrote the same GraphML; the goal's ratio is (events per CPU
# second of BIG) / (of SMALL), with the event counts from `igtrace info` (7,644,000 and 10,646,528 for the
# traces of make-otf2-trace DIR 100000 2 stencil and DIR 1024 300 stencil).
set -u
B=$1 N=$2 BIG=$3 SMALL=$4 R=${5:-3}
EVICT=${EVICT:-fadvise} WARM=${WARM:-0}
BIG_EVENTS=${BIG_EVENTS:-7644000} SMALL_EVENTS=${SMALL_EVENTS:-10646528}
HERE=$(dirname "$0")
O=$(mktemp -d); trap 'rm -rf "$O"' EXIT
for L in "$B" "$N"; do "$L" graph "$HERE/../testdata/otf2/scorep-ping-pong/traces.otf2" -q -o /dev/null 2>/dev/null; done
for r in $(seq 1 "$R"); do
  for w in b n; do
    if [ "$w" = b ]; then L=$B; else L=$N; fi
    for t in big small; do
      if [ "$t" = big ]; then T=$BIG; else T=$SMALL; fi
      res=
      if [ "$WARM" = 1 ]; then :
      elif [ "$EVICT" = drop ]; then sync; echo 3 > /proc/sys/vm/drop_caches
      else
        python3 "$HERE/evict-archive.py" "$BIG" "$SMALL"
        [ "$t" = big ] && res=" ($(python3 "$HERE/evict-archive.py" --check "$T" | sed 's/.*: //'))"
      fi
      ld=$(cut -d' ' -f1 /proc/loadavg)
      /usr/bin/time -o "$O/t" -f "%e %U %S %M" "$L" "$T" -q -o "$O/$w-$t.graphml"
      echo "round $r $w $t load $ld $(cat "$O/t")$res"
      read -r _ u s _ < "$O/t"; echo "$u $s" > "$O/$w-$t.cpu"
    done
    read -r bu bs < "$O/$w-big.cpu"; read -r su ss < "$O/$w-small.cpu"
    echo "round $r $w ratio $(echo "scale=4; ($BIG_EVENTS / ($bu + $bs)) / ($SMALL_EVENTS / ($su + $ss))" | bc)"
  done
  cmp -s "$O/b-big.graphml" "$O/n-big.graphml" && cmp -s "$O/b-small.graphml" "$O/n-small.graphml" && echo "round $r same" || echo "round $r DIFFERENT"
done
