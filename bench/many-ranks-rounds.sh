#!/usr/bin/env bash
# many-ranks-rounds.sh BASE_TREE NEW_TREE ROUNDS OUT: issue 41 item 6's goal measured in interleaved rounds.
# Each round runs, for base then new, `igtrace TRACE -q -o g.graphml` through the tree's launcher and
# through `java -jar cli/target/igtrace.jar` on the 1,024-rank stencil (10,646,528 events) and the
# 10^5-rank stencil (7,644,000 events), and prints elapsed, user, system seconds and peak RSS (KB) per
# run, the load, and the goal's ratio per round: (events per CPU second at 10^5 ranks) / (at 1,024).
# Every GraphML is compared with the base's of the same trace (cmp). ROUTES="launcher" (or "jar") runs one route.
set -u
base=$1 new=$2 rounds=${3:-3} out=${4:-/tmp/many-ranks-rounds}
big=${BIG:-/tmp/lead-scale/s100k/traces.otf2} small=${SMALL:-/tmp/scale-bench/r1024/traces.otf2}
bigev=${BIGEV:-7644000} smallev=${SMALLEV:-10646528}
mkdir -p "$out"
run() { # run NAME TREE ROUTE TRACE -> prints NAME e u s m
  local name=$1 tree=$2 route=$3 trace=$4 t
  if [ "$route" = launcher ]; then
    t=$( { /usr/bin/time -f '%e %U %S %M' "$tree/igtrace" "$trace" -q -o "$out/$name.graphml" >/dev/null; } 2>&1 | tail -1)
  else
    t=$( { /usr/bin/time -f '%e %U %S %M' java -jar "$tree/cli/target/igtrace.jar" "$trace" -q -o "$out/$name.graphml" >/dev/null; } 2>&1 | tail -1)
  fi
  echo "$name $t"
}
for r in $(seq 1 "$rounds"); do
  for route in ${ROUTES:-launcher jar}; do
    echo "# round $r $route $(uptime)"
    for side in base new; do
      [ $side = base ] && tree=$base || tree=$new
      a=$(run "$side-$route-r1024" "$tree" $route "$small"); echo "$a"
      b=$(run "$side-$route-s100k" "$tree" $route "$big"); echo "$b"
      set -- $a; c1=$(echo "$3 + $4" | bc -l)
      set -- $b; c2=$(echo "$3 + $4" | bc -l)
      echo "ratio $side $route round $r: $(echo "($bigev / $c2) / ($smallev / $c1)" | bc -l | cut -c1-5) (CPU 10^5 $c2 s, 1,024 $c1 s)"
    done
    for t in r1024 s100k; do
      cmp -s "$out/base-$route-$t.graphml" "$out/new-$route-$t.graphml" && echo "same $t $route" || echo "DIFFERENT $t $route"
    done
  done
done
