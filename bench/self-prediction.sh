#!/usr/bin/env bash
# Self-prediction (issue 34, item 12; SPEC 9): each bundled trace replayed on its own calibrated
# network (igtrace predict T, every network parameter fitted); prints measured and predicted run
# time and the error (predicted / measured - 1). Extra arguments go to every igtrace predict
# (e.g. --contention off). Run from anywhere: bash bench/self-prediction.sh [OPTION...]
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
printf '%-44s %12s %12s %8s\n' trace measured_s predicted_s error
for t in testdata/otf2/* testdata/otf1/*; do
  json=$(./igtrace predict "$t" --format json "$@" 2>/dev/null) || { printf '%-44s %s\n' "$t" "(refused)"; continue; }
  python3 -c '
import json, sys
d = json.loads(sys.argv[2])
m, p = d["measured_runtime"], d["predicted_runtime"]
err = "%+.1f%%" % (100 * (p / m - 1)) if m > 0 else "-"
print("%-44s %12.6g %12.6g %8s" % (sys.argv[1], m, p, err))' "$t" "$json"
done
