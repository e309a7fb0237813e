#!/usr/bin/env bash
# igtrace on a Spark standalone cluster on this machine: a master and WORKERS workers (1 core,
# 1 GB each) on 127.0.0.1 from the Spark jars Maven brought (spark/target/spark-home), the job
# submitted with one executor per worker, timed; then the command line on the same trace, and the
# two outputs compared. Results: bench/results/spark.tsv (time, shuffle bytes Spark reports) and
# bench/results/spark-tasks-NAME.tsv (events per location task, executor CPU per stage, and the
# driver's and the command line's peak RSS (KB), user and system CPU seconds).
#
#   bench/spark-cluster.sh TRACE [WORKERS] [graph options]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
trace=${1:?usage: bench/spark-cluster.sh TRACE [WORKERS] [graph options]}
workers=${2:-2}
shift $(( $# >= 2 ? 2 : 1 ))
home="$here/spark/target/spark-home"
jar="$here/spark/target/igtrace-spark.jar"
[ -d "$home/jars" ] && [ -f "$jar" ] || (cd "$here" && mvn -q -B -Pfull -DskipTests -pl spark -am package)
[ -f "$home/RELEASE" ] || echo "Spark jars copied by Maven" > "$home/RELEASE"
work=$(mktemp -d /tmp/igtrace-spark-bench.XXXXXX)
opens="-XX:+IgnoreUnrecognizedVMOptions"
for p in java.lang java.lang.invoke java.lang.reflect java.io java.net java.nio java.util java.util.concurrent \
         java.util.concurrent.atomic jdk.internal.ref sun.nio.ch sun.nio.cs sun.security.action sun.util.calendar; do
  opens="$opens --add-opens=java.base/$p=ALL-UNNAMED"
done
export SPARK_HOME="$home" SPARK_LOCAL_IP=127.0.0.1 SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_DIRS="$work/local"
pids=()
cleanup() { for p in "${pids[@]}"; do pkill -TERM -P "$p" 2>/dev/null || true; kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
java $opens -Xmx256m -cp "$home/jars/*" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port 0 --webui-port 0 \
  > "$work/master.log" 2>&1 &
pids+=($!)
until master=$(grep -o 'spark://127.0.0.1:[0-9]*' "$work/master.log" | head -n 1) && [ -n "$master" ]; do sleep 0.5; done
for w in $(seq "$workers"); do
  mkdir -p "$work/worker-$w"
  java $opens -Xmx256m -cp "$home/jars/*" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 \
    --memory 1200m --webui-port 0 --work-dir "$work/worker-$w" "$master" > "$work/worker-$w.log" 2>&1 &
  pids+=($!)
done
for w in $(seq "$workers"); do until grep -q 'Successfully registered' "$work/worker-$w.log"; do sleep 0.5; done; done
name=$(basename "$(dirname "$trace")")-$(basename "$trace")
start=$(date +%s.%N)
/usr/bin/time -f '%M %U %S' -o "$work/driver-rss" java $opens -Xmx1g -Dlog4j2.configurationFile="file:$here/spark/conf/log4j2.properties" \
  -cp "$home/jars/*" org.apache.spark.deploy.SparkSubmit --master "$master" --class org.igtrace.spark.Main \
  --conf spark.executor.memory=1g --conf spark.executor.cores=1 --conf spark.cores.max="$workers" \
  --conf spark.driver.host=127.0.0.1 --conf spark.ui.enabled=false --conf spark.igtrace.report="$work/report.tsv" \
  "$jar" "$trace" "$@" -o "$work/spark.graphml" 2> "$work/submit.err"
spark_s=$(echo "$(date +%s.%N) - $start" | bc)
start=$(date +%s.%N)
/usr/bin/time -f '%M %U %S' -o "$work/cli-time" java -jar "$here/cli/target/igtrace.jar" "$trace" "$@" -o "$work/cli.graphml" \
  2> "$work/cli.err"
cli_s=$(echo "$(date +%s.%N) - $start" | bc)
same=$(cmp -s "$work/cli.graphml" "$work/spark.graphml" && echo yes || echo no)
grep '^igtrace: ' "$work/submit.err" >&2 || true
results="$here/bench/results/spark.tsv"
[ -f "$results" ] || printf 'date\ttrace\tevents_announced\tworkers\tspark_s\tspark_job_s\tcli_s\tshuffle_written\tshuffle_read\tlocation_tasks\tsame_output\tcode\tload\n' > "$results"
events=$(awk -F'\t' '$1=="location_task"{s+=$4} END{print s}' "$work/report.tsv")
code=$(git -C "$here" describe --always --dirty 2>/dev/null || echo -)
printf '%s\t%s\t%s\t%s\t%.2f\t%s\t%.2f\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%F)" "$name" "$events" "$workers" "$spark_s" \
  "$(awk -F'\t' '$1=="seconds"{print $2}' "$work/report.tsv")" "$cli_s" \
  "$(awk -F'\t' '$1=="shuffle_bytes_written"{print $2}' "$work/report.tsv")" \
  "$(awk -F'\t' '$1=="shuffle_bytes_read"{print $2}' "$work/report.tsv")" \
  "$(grep -c '^location_task' "$work/report.tsv")" "$same" "$code" "$(cut -d' ' -f1 /proc/loadavg)" >> "$results"
{ cat "$work/report.tsv"; printf 'driver\t%s\n' "$(tr ' ' '\t' < "$work/driver-rss")"; printf 'cli\t%s\n' "$(tr ' ' '\t' < "$work/cli-time")"; } \
  > "$here/bench/results/spark-tasks-$name.tsv"
tail -n 1 "$results"
