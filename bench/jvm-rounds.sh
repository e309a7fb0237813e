#!/usr/bin/env bash
# Interleaved rounds of several commands (issue 38's JVM start-up and JIT settings): each round runs
# every variant once in turn (A B C A B C ...), so that a shared machine's load falls on all alike.
# Usage: ROUNDS=3 bench/jvm-rounds.sh 'NAME=COMMAND' ... >> bench/results/FILE.txt
# A row per run: round name wall_s user_s sys_s cpu_s maxrss_kB load1 (the 1-minute load average
# before the run); COMMAND runs through bash -c with its output discarded. PIN=1 pins every run to
# core 0 (taskset -c 0). At the end, per variant: the median CPU and wall time, and per round the
# ratio of each variant's CPU and wall time to the first variant's, with their medians. Each run starts after a
# sync (dirty pages of the runs before written back, untimed).
# PROBE=PROGRAM (bench/core-probe.c, built): the speed of every CPU the runs use (core 0 alone with PIN=1)
# probed before and after each run (a ninth column, seconds per CPU, before/after: 0.031,0.032/0.031,0.033).
# This VM's vCPUs at times run at a third of their speed for tens of seconds, one or the other, unseen by the
# load average. A run is steady when every probe around it is within 1.2x of the fastest probe of this
# invocation; then per variant also: its steady runs, their median CPU and wall time, and these against the
# first variant's steady medians. (A slowing that begins and ends inside a run is not seen.)
set -euo pipefail
rounds=${ROUNDS:-3}
probe=${PROBE:-}
cpus=$(nproc)
# the probe of every CPU the runs may use (core 0 alone when pinned), comma-separated
speeds() {
  local c out= last=$((cpus - 1))
  [ -z "${PIN:-}" ] || last=0
  for ((c = 0; c <= last; c++)); do out+=${out:+,}$(taskset -c "$c" "$probe"); done
  echo "$out"
}
pin=()
[ -z "${PIN:-}" ] || pin=(taskset -c 0)
timing=$(mktemp)
rows=$(mktemp)
trap 'rm -f "$timing" "$rows"' EXIT
echo "# $(date -u '+%F %T UTC') $(git rev-parse --short HEAD 2>/dev/null || echo -) rounds=$rounds pin=${PIN:-0} nproc=$cpus probe=${probe:+yes}"
for v in "$@"; do echo "# ${v%%=*}: ${v#*=}"; done
for ((r = 1; r <= rounds; r++)); do
  for v in "$@"; do
    # the runs before have their file writes on disk first (outside the timing): a Perfetto trace's 1.8 GB, written
    # back by the kernel 30 s later, took CPU from the next runs on this 2-core VM
    sync
    load=$(cut -d' ' -f1 /proc/loadavg)
    before=
    [ -z "$probe" ] || before=$(speeds)
    if ! ${pin[@]+"${pin[@]}"} /usr/bin/time -f '%e %U %S %M' -o "$timing" bash -c "${v#*=}" >/dev/null 2>&1; then
      echo "# failed: ${v%%=*}" >&2
    fi
    read -r wall user sys rss <"$timing"
    probes=
    [ -z "$probe" ] || probes=" $before/$(speeds)"
    printf '%s %s %s %s %s %.2f %s %s%s\n' "$r" "${v%%=*}" "$wall" "$user" "$sys" "$(echo "$user + $sys" | bc)" "$rss" "$load" "$probes" | tee -a "$rows"
  done
done
first=${1%%=*}
awk -v first="$first" '
  { cpu[$1, $2] = $6; wall[$1, $2] = $3; if (!($2 in seen)) { seen[$2] = 1; names[++n] = $2 } if ($1 > R) R = $1
    if (NF >= 9) { k = split($9, p, /[,\/]/); worst[$1, $2] = 0; for (i = 1; i <= k; i++) { if (fastest == "" || p[i] < fastest) fastest = p[i]; if (p[i] > worst[$1, $2]) worst[$1, $2] = p[i] } } }
  function median(a, k,   i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
  # the summary over rounds[1..k]
  function summary(rounds, k, label,   v, name, r, i, c, w, rc, rw, line) {
    for (v = 1; v <= n; v++) {
      name = names[v]; delete c; delete w; delete rc; delete rw; line = ""
      for (i = 1; i <= k; i++) { r = rounds[i]; c[i] = cpu[r, name]; w[i] = wall[r, name]; rc[i] = cpu[r, name] / cpu[r, first]; rw[i] = wall[r, name] / wall[r, first]
        line = line sprintf(" %.3f/%.3f", rc[i], rw[i]) }
      printf "# %s%s: median cpu %.2f s, wall %.2f s; per round cpu/wall vs %s:%s; median %.3f/%.3f\n", label, name, median(c, k), median(w, k), first, line, median(rc, k), median(rw, k)
    }
  }
  END {
    for (r = 1; r <= R; r++) all[r] = r
    summary(all, R, "")
    if (fastest == "") exit
    printf "# steady runs (every probe around the run within 1.2x of the fastest, %.4f s), per variant:\n", fastest
    for (v = 1; v <= n; v++) {
      name = names[v]; delete c; delete w; k = 0; list = ""
      for (r = 1; r <= R; r++) if (((r, name) in worst) && worst[r, name] <= 1.2 * fastest) { c[++k] = cpu[r, name]; w[k] = wall[r, name]; list = list " " r }
      if (k == 0) { printf "# steady %s: none\n", name; if (v == 1) exit; continue }
      mc = median(c, k); mw = median(w, k)
      if (v == 1) { fc = mc; fw = mw }
      printf "# steady %s: rounds%s; median cpu %.2f s, wall %.2f s; against the steady medians of %s: cpu %.3f, wall %.3f\n", name, list, mc, mw, first, mc / fc, mw / fw
    }
  }' "$rows"
