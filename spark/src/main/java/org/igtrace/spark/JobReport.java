package org.igtrace.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.SparkContext;
import org.igtrace.reader.PartitionedSource;

/**
 * What a run cost, for benchmarks: the location tasks with the events (OTF2) or bytes (OTF) each
 * was given, the shuffle Spark reports (bytes written and read, summed over tasks), the executors'
 * CPU and run time per stage, how many joins of every match record the waits took ({@code joins}:
 * one, or two where the messages moved the clock offsets from the collectives' guess), how many
 * communicator instance ranges the collectives were joined in, the driver's CPU from opening the trace to the first task, written
 * to the file named by {@code spark.igtrace.report} (nothing without it).
 */
final class JobReport extends SparkListener {
    static final String REPORT = "spark.igtrace.report";

    private final AtomicLong shuffleWritten = new AtomicLong();
    private final AtomicLong shuffleRead = new AtomicLong();
    private final AtomicLong tasks = new AtomicLong();
    private final List<String> plan = new ArrayList<>();
    private long collectiveRanges = -1;
    private int joins;
    /** Per stage: tasks, executor CPU ns, executor run ms, deserialisation CPU ns; and the stage's name. */
    private final java.util.Map<Integer, long[]> stages = new java.util.TreeMap<>();
    private final java.util.Map<Integer, String> stageNames = new java.util.HashMap<>();
    private long started = System.nanoTime();
    /** The driver JVM's CPU (ns) when the trace was opened, and when the first task started; -1 until then. */
    private volatile long cpuAtOpen = -1;
    private volatile long cpuAtFirstTask = -1;
    /** The opening thread's CPU (ns) spent opening the trace and planning the tasks; -1 until known. */
    private long openThreadCpu = -1;
    private long threadCpuAtOpen;
    /** The stages of the first job after the tasks were planned (the location tasks'), null until it starts. */
    private volatile java.util.Set<Integer> readStages;
    private volatile boolean planned;

    static JobReport attach(SparkContext spark) {
        JobReport report = new JobReport();
        spark.addSparkListener(report);
        return report;
    }

    /** The driver's CPU so far, ns (the JVM's, every thread), or -1 when the JVM cannot tell. */
    private static long processCpu() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    /** The trace is about to be opened (its definitions read, its locations' files checked) on the calling thread. */
    void opening() {
        cpuAtOpen = processCpu();
        cpuAtFirstTask = -1;
        planned = false;
        readStages = null;
        threadCpuAtOpen = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    @Override
    public void onJobStart(org.apache.spark.scheduler.SparkListenerJobStart start) {
        if (planned && readStages == null) {
            java.util.Set<Integer> ids = new java.util.HashSet<>();
            start.stageIds().foreach(id -> ids.add((Integer) id));
            readStages = ids;
        }
    }

    /** The first location task: the JVM's CPU then (in local mode it includes the checks of the files, which run in this JVM). */
    @Override
    public void onTaskStart(org.apache.spark.scheduler.SparkListenerTaskStart start) {
        java.util.Set<Integer> stages = readStages;
        if (cpuAtFirstTask < 0 && cpuAtOpen >= 0 && stages != null && stages.contains(start.stageId())) {
            cpuAtFirstTask = processCpu();
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        TaskMetrics m = end.taskMetrics();
        if (m != null) {
            shuffleWritten.addAndGet(m.shuffleWriteMetrics().bytesWritten());
            shuffleRead.addAndGet(m.shuffleReadMetrics().totalBytesRead());
            synchronized (stages) {
                long[] t = stages.computeIfAbsent(end.stageId(), k -> new long[4]);
                t[0]++;
                t[1] += m.executorCpuTime();
                t[2] += m.executorRunTime();
                t[3] += m.executorDeserializeCpuTime();
            }
        }
        tasks.incrementAndGet();
    }

    @Override
    public void onStageCompleted(org.apache.spark.scheduler.SparkListenerStageCompleted completed) {
        synchronized (stages) {
            stageNames.put(completed.stageInfo().stageId(), completed.stageInfo().name());
        }
    }

    void plan(int[][] parts, PartitionedSource source) {
        openThreadCpu = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - threadCpuAtOpen;
        planned = true;
        started = System.nanoTime();
        for (int t = 0; t < parts.length; t++) {
            long work = 0;
            for (int p : parts[t]) {
                work += source.announced(p);
            }
            plan.add("location_task\t" + t + "\t" + parts[t].length + "\t" + work);
        }
    }

    /** Whether a report is wanted (what only it needs is computed only then). */
    static boolean wanted(SparkContext spark) {
        return !file(spark).isEmpty();
    }

    /**
     * The report file: {@code --conf spark.igtrace.report=FILE}, or a local property of the calling
     * thread ({@code SparkContext.setLocalProperty}) at run time; "" for none.
     */
    static String file(SparkContext spark) {
        String local = spark.getLocalProperty(REPORT);
        return local != null ? local : spark.getConf().get(REPORT, "");
    }

    /** A join of every match record (not the collectives' alone) begins; the report counts them. */
    void join() {
        joins++;
    }

    /** How many (communicator, instance range) keys the collective arrivals were joined under. */
    void collectiveRanges(long n) {
        collectiveRanges = n;
    }

    /** Writes the report when {@code spark.igtrace.report} names a file. */
    void write(SparkContext spark, int exitCode) throws IOException {
        String file = file(spark);
        if (file.isEmpty()) {
            return;
        }
        List<String> lines = new ArrayList<>();
        lines.add("# kind\tvalues (location_task: task, parts, announced events or bytes; stage: id, tasks, executor CPU s,"
                + " executor run s, deserialisation CPU s, name)");
        lines.add("exit\t" + exitCode);
        lines.add("seconds\t" + org.igtrace.core.util.Labels.fixed((System.nanoTime() - started) / 1e9, 3));
        lines.add("spark_tasks\t" + tasks.get());
        if (openThreadCpu >= 0) { // the opening thread's CPU until the tasks were planned; the JVM's until the first task began
            lines.add("driver_open_thread_cpu\t" + org.igtrace.core.util.Labels.fixed(openThreadCpu / 1e9, 3));
        }
        if (cpuAtOpen >= 0 && cpuAtFirstTask >= 0) {
            lines.add("driver_cpu_before_tasks\t" + org.igtrace.core.util.Labels.fixed((cpuAtFirstTask - cpuAtOpen) / 1e9, 3));
        }
        lines.add("shuffle_bytes_written\t" + shuffleWritten.get());
        lines.add("shuffle_bytes_read\t" + shuffleRead.get());
        lines.add("joins\t" + joins);
        if (collectiveRanges >= 0) {
            lines.add("collective_ranges\t" + collectiveRanges);
        }
        synchronized (stages) {
            stages.forEach((id, t) -> lines.add(String.format(java.util.Locale.ROOT, "stage\t%d\t%d\t%s\t%s\t%s\t%s", id, t[0],
                    org.igtrace.core.util.Labels.fixed(t[1] / 1e9, 3), org.igtrace.core.util.Labels.fixed(t[2] / 1e3, 3),
                    org.igtrace.core.util.Labels.fixed(t[3] / 1e9, 3), stageNames.getOrDefault(id, ""))));
        }
        lines.addAll(plan);
        // whole or not at all: a temporary file beside it, moved into place
        Path target = Path.of(file).toAbsolutePath();
        Path part = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".part");
        try {
            Files.write(part, lines, StandardCharsets.UTF_8);
            Files.move(part, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(part);
        }
    }
}
