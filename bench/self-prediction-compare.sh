#!/usr/bin/env bash
# Self-prediction before/after (issue 34 item 12): every bundled trace (testdata/otf2/*, testdata/otf1/*, and the
# hand-made archives testdata/*/traces.otf2) replayed on its own fitted network by two igtrace checkouts; prints
# measured and predicted run time of each and the error (predicted / measured - 1), so that a model change shows
# what it does to every trace. Usage: bash bench/self-prediction-compare.sh BEFORE_DIR AFTER_DIR [OPTION...]
# (a checkout's directory, holding its ./igtrace; options go to every igtrace predict).
set -uo pipefail
before=$(cd "$1" && pwd); after=$(cd "$2" && pwd); shift 2
cd "$(dirname "$0")/.."
err() { # igtrace-dir trace: "measured predicted error", or "(refused)"
  "$1/igtrace" predict "$2" --format json "${@:3}" 2>/dev/null | python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
except ValueError:
    print("(refused) - -"); sys.exit()
m, p = d["measured_runtime"], d["predicted_runtime"]
print("%.6g %.6g %s" % (m, p, "%+.1f%%" % (100 * (p / m - 1)) if m > 0 else "-"))'
}
printf '%-36s %12s %12s %8s %12s %8s\n' trace measured_s before_s error after_s error
for t in testdata/otf2/* testdata/otf1/* $(ls -d testdata/*/traces.otf2 2>/dev/null | xargs -rn1 dirname); do
  read -r m0 p0 e0 <<< "$(err "$before" "$t" "$@")"
  read -r m1 p1 e1 <<< "$(err "$after" "$t" "$@")"
  [ "$m0" = "$m1" ] || m0="$m0/$m1"
  printf '%-36s %12s %12s %8s %12s %8s\n' "${t#testdata/}" "$m0" "$p0" "$e0" "$p1" "$e1"
done
