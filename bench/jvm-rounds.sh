#!/usr/bin/env bash
# Interleaved rounds of several commands (issue 38's JVM start-up and JIT settings): each round runs
# every variant once in turn (A B C A B C ...), so that a shared machine's load falls on all alike.
# Usage: ROUNDS=3 bench/jvm-rounds.sh 'NAME=COMMAND' ... >> bench/results/FILE.txt
# A row per run: round name wall_s user_s sys_s cpu_s maxrss_kB load1 (the 1-minute load average
# before the run); COMMAND runs through bash -c with its output discarded. PIN=1 pins every run to
# core 0 (taskset -c 0). At the end, per variant: the median CPU and wall time, and per round the
# ratio of each variant's CPU and wall time to the first variant's, with their medians. Each run starts after a
# sync (dirty pages of the runs before written back, untimed).
set -euo pipefail
rounds=${ROUNDS:-3}
pin=()
[ -z "${PIN:-}" ] || pin=(taskset -c 0)
timing=$(mktemp)
rows=$(mktemp)
trap 'rm -f "$timing" "$rows"' EXIT
echo "# $(date -u '+%F %T UTC') $(git rev-parse --short HEAD 2>/dev/null || echo -) rounds=$rounds pin=${PIN:-0} nproc=$(nproc)"
for v in "$@"; do echo "# ${v%%=*}: ${v#*=}"; done
for ((r = 1; r <= rounds; r++)); do
  for v in "$@"; do
    # the runs before have their file writes on disk first (outside the timing): a Perfetto trace's 1.8 GB, written
    # back by the kernel 30 s later, took CPU from the next runs on this 2-core VM
    sync
    load=$(cut -d' ' -f1 /proc/loadavg)
    if ! ${pin[@]+"${pin[@]}"} /usr/bin/time -f '%e %U %S %M' -o "$timing" bash -c "${v#*=}" >/dev/null 2>&1; then
      echo "# failed: ${v%%=*}" >&2
    fi
    read -r wall user sys rss <"$timing"
    printf '%s %s %s %s %s %.2f %s %s\n' "$r" "${v%%=*}" "$wall" "$user" "$sys" "$(echo "$user + $sys" | bc)" "$rss" "$load" | tee -a "$rows"
  done
done
first=${1%%=*}
awk -v first="$first" '
  { cpu[$1, $2] = $6; wall[$1, $2] = $3; if (!($2 in seen)) { seen[$2] = 1; names[++n] = $2 } if ($1 > R) R = $1 }
  function median(a, k,   i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
  END {
    for (v = 1; v <= n; v++) {
      name = names[v]; delete c; delete w; delete rc; delete rw; line = ""
      for (r = 1; r <= R; r++) { c[r] = cpu[r, name]; w[r] = wall[r, name]; rc[r] = cpu[r, name] / cpu[r, first]; rw[r] = wall[r, name] / wall[r, first]
        line = line sprintf(" %.3f/%.3f", rc[r], rw[r]) }
      printf "# %s: median cpu %.2f s, wall %.2f s; per round cpu/wall vs %s:%s; median %.3f/%.3f\n", name, median(c, R), median(w, R), first, line, median(rc, R), median(rw, R)
    }
  }' "$rows"
