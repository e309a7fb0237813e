package org.igtrace.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;
import org.igtrace.cli.ProfileReader;
import org.igtrace.cli.SelectionOptions;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.LocationTimes;
import org.igtrace.core.profile.ProfileTotals;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.select.SelectionException;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.PairCounters;
import org.igtrace.core.wait.MatchRecords;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.reader.PartReader;
import org.igtrace.reader.PartitionedSource;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf1.Otf1TraceReader;
import org.igtrace.reader.otf2.LocationShares;
import org.igtrace.reader.otf2.Otf2FileChecks;
import org.igtrace.reader.otf2.Otf2TraceReader;

/**
 * The driver's side of igtrace on Spark: reads the definitions, splits the trace's parts into
 * location tasks by the events they announce, runs them once (their rows kept by Spark; a
 * selection's filter in front of their analyses), adds the profile up by pair, assembles each process
 * from its locations' times as the command line does, and
 * hands the match records to {@link DistributedWaits}. The
 * command line's own code builds the graph and writes it from the profile returned here.
 */
final class SparkProfileReader implements ProfileReader {
    /** Location tasks per core Spark offers (more tasks than cores evens out unequal locations). */
    static final String TASKS_PER_CORE = "spark.igtrace.tasksPerCore";
    /**
     * About how many collective arrivals one join task holds for one communicator's instance range
     * (graph-core's default when unset: 16 M); a communicator's instances are joined in ranges of
     * this over its member count.
     */
    static final String RANGE_RECORDS = "spark.igtrace.collectiveRangeRecords";
    /** The one line of a job whose SparkContext was stopped under it (the JVM shutting down). */
    static final String INTERRUPTED = "interrupted: the Spark job was stopped (its SparkContext was shut down)";

    /** How long a failed job's killed tasks are waited for before its error line is printed. */
    private static final long SETTLE_MILLIS = 10_000;

    private final SparkContext spark;
    private final JobReport report;

    SparkProfileReader(SparkContext spark, JobReport report) {
        this.spark = spark;
        this.report = report;
    }

    @Override
    public TraceProfile read(TraceFormat.Located located, ReadOptions options, AnalysisOptions analysis, ReadProgress progress)
            throws TraceReadException {
        return readAll(located, options, analysis, null).profile();
    }

    /** A selection's filter runs in the location tasks, in front of the analyses, as on the command line. */
    @Override
    public Selected readSelected(TraceFormat.Located located, ReadOptions options, AnalysisOptions analysis, ReadProgress progress,
                                 Selection selection) throws TraceReadException {
        return readAll(located, options, analysis, selection);
    }

    private Selected readAll(TraceFormat.Located located, ReadOptions options, AnalysisOptions analysis, Selection selection)
            throws TraceReadException {
        // Absolute: the executors read the parts' files by this path, on a file system every node mounts.
        Path file = located.file().toAbsolutePath();
        report.opening();
        PartitionedSource source = switch (located.format()) {
            case OTF2 -> Otf2TraceReader.open(file, options, ReadProgress.NONE, this::check); // the files checked apart (check)
            case OTF1 -> Otf1TraceReader.open(file, options, ReadProgress.NONE);
        };
        TraceDefinitions definitions = source.definitions();
        if (selection != null) {
            try {
                selection.resolve(definitions); // refused here, before any task runs
            } catch (SelectionException e) {
                throw new RefusedSelection(SelectionOptions.message(e));
            }
        }
        TasksInFlight tasks = null;
        try {
            tasks = TasksInFlight.attach(spark);
            int[][] plan = plan(source);
            report.plan(plan, source);
            return run(source, definitions, plan, analysis, selection);
        } catch (TraceReadException e) { // the driver's own refusal (source.notes), no job's failure
            throw e;
        } catch (Exception e) {
            throw failure(e, tasks);
        } finally {
            if (tasks != null) {
                spark.removeSparkListener(tasks);
            }
        }
    }

    /**
     * The checks of the OTF2 locations' files, in tasks of ranges of locations (as many as the location tasks): the
     * driver opens none of those files (issue 41 item 6: two files per location, and libotf2 reading each
     * location's local definitions, before the job started). Their problems, usually none, come back to the
     * reader, which refuses or notes them as the command line does. In local mode, where the executor is this
     * JVM, the same ranges run on threads of the driver's own (see {@link #checkHere}).
     */
    private List<Otf2FileChecks.Problem> check(Otf2FileChecks checks) throws TraceReadException {
        if (spark.isLocal()) {
            return checkHere(checks);
        }
        TasksInFlight tasks = null;
        Broadcast<Otf2FileChecks> shared = null;
        try { // a context stopped already (Ctrl-C as the job began) fails its first call here: one line, not a stack trace
            JavaSparkContext context = JavaSparkContext.fromSparkContext(spark);
            int perCore = spark.getConf().getInt(TASKS_PER_CORE, 2);
            int n = (int) Math.max(1, Math.min(checks.count(), (long) spark.defaultParallelism() * perCore));
            tasks = TasksInFlight.attach(spark);
            shared = context.broadcast(checks);
            return context.parallelize(java.util.stream.IntStream.range(0, n).boxed().toList(), n)
                    .mapPartitions(new FileCheckTask(shared, n)).collect();
        } catch (Exception e) {
            throw failure(e, tasks);
        } finally {
            if (tasks != null) {
                spark.removeSparkListener(tasks);
            }
            if (shared != null && !spark.isStopped()) {
                shared.destroy();
            }
        }
    }

    /**
     * The checks in local mode, where the executor is this JVM: the same ranges as the tasks', on threads of the
     * driver's own, at most one per core (and no more than Spark's parallelism). A job of their own cost about 0.4 s of
     * wall (Spark's scheduling, the broadcast, the tasks' start) and 0.3-0.5 s of system time before the location
     * tasks could start (issue 38). A context stopped while they run (Ctrl-C) is the job's one line, as a job's
     * cancellation was.
     */
    private List<Otf2FileChecks.Problem> checkHere(Otf2FileChecks checks) throws TraceReadException {
        int perCore, cores;
        try { // a context stopped already (Ctrl-C as the job began) fails its first call: one line, not a stack trace
            perCore = spark.getConf().getInt(TASKS_PER_CORE, 2);
            cores = spark.defaultParallelism();
        } catch (RuntimeException e) {
            throw failure(e, null);
        }
        int n = (int) Math.max(1, Math.min(checks.count(), (long) cores * perCore));
        int threads = Math.max(1, Math.min(n, Math.min(cores, Runtime.getRuntime().availableProcessors())));
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "igtrace-file-checks");
            t.setDaemon(true);
            return t;
        });
        try {
            List<java.util.concurrent.Future<List<Otf2FileChecks.Problem>>> ranges = new ArrayList<>();
            for (int t = 0; t < n; t++) {
                int from = (int) ((long) checks.count() * t / n);
                int to = (int) ((long) checks.count() * (t + 1) / n);
                ranges.add(pool.submit(() -> checks.problems(from, to)));
            }
            List<Otf2FileChecks.Problem> problems = new ArrayList<>();
            for (java.util.concurrent.Future<List<Otf2FileChecks.Problem>> range : ranges) {
                try {
                    while (true) {
                        try {
                            problems.addAll(range.get(100, java.util.concurrent.TimeUnit.MILLISECONDS));
                            break;
                        } catch (java.util.concurrent.TimeoutException e) {
                            if (spark.isStopped()) {
                                throw new TraceReadException(INTERRUPTED);
                            }
                        }
                    }
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof TraceReadException t) {
                        throw t;
                    }
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TraceReadException(INTERRUPTED);
                }
            }
            return problems;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The one line of a job that failed: a reader's error on an executor, or the job stopped; else {@code e} itself. */
    private TraceReadException failure(Exception e, TasksInFlight tasks) {
        // A reader's error on an executor arrives as Spark's (checked) SparkException.
        String line = JobFailure.find(e);
        if (line != null) {
            // Spark kills the job's other tasks and logs each after this: the error line comes last.
            if (tasks != null && !spark.isStopped()) {
                spark.cancelAllJobs();
                tasks.awaitSettled(SETTLE_MILLIS);
            }
            return new TraceReadException(line);
        }
        if (spark.isStopped()) {
            // Ctrl-C or SIGTERM: the JVM's shutdown stopped the context under the job ("Job 2 cancelled
            // because SparkContext was shut down", "SparkContext has been shutdown"): it read "internal
            // error" (issue 41 item 10); the exit code is the signal's
            return new TraceReadException(INTERRUPTED);
        }
        throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
    }

    private int[][] plan(PartitionedSource source) {
        int parts = source.parts();
        long[] ids = new long[parts];
        for (int i = 0; i < parts; i++) {
            ids[i] = i;
        }
        int perCore = spark.getConf().getInt(TASKS_PER_CORE, 2);
        int tasks = Math.max(1, spark.defaultParallelism() * perCore);
        List<long[]> shares = LocationShares.balance(ids, i -> source.announced((int) i), tasks);
        int[][] plan = new int[shares.size()][];
        for (int t = 0; t < plan.length; t++) {
            long[] share = shares.get(t);
            plan[t] = new int[share.length];
            for (int i = 0; i < share.length; i++) {
                plan[t][i] = (int) share[i];
            }
        }
        return plan;
    }

    private Selected run(PartitionedSource source, TraceDefinitions definitions, int[][] plan, AnalysisOptions analysis,
                         Selection selection) throws TraceReadException {
        JavaSparkContext context = JavaSparkContext.fromSparkContext(spark);
        Broadcast<int[][]> planned = context.broadcast(plan);
        Broadcast<PartReader> trace = context.broadcast(source.partReader());
        boolean waits = analysis.waits() != WaitMode.OFF;
        // One partition per location task; RDDs of rows, no SQL planning or generated code (issue 38: start-up).
        JavaRDD<Row> rows = context.parallelize(LongStream.range(0, plan.length).boxed().toList(), Math.max(1, plan.length))
                .mapPartitions(new LocationTask(trace, planned, analysis.modelCollectives(), waits, recordsPerRange(), selection))
                .persist(StorageLevel.MEMORY_AND_DISK());
        try {
            ProfileTotals totals = new ProfileTotals(definitions.processCount());
            long[] readerCounts = new long[0];
            long nonMembers = 0;
            long kept = 0;
            for (ProfileSum r : ProfileSum.reduce(rows, spark.defaultParallelism())) {
                int kind = r.kind(), a = r.a(), b = r.b(), c = r.c();
                long x = r.x(), y = r.y();
                switch (kind) {
                    case Rows.PAIR -> {
                        PairCounters table = a == Rows.SENDS ? totals.sends
                                : a == Rows.RECEIVES ? totals.receives : totals.collectiveTraffic;
                        table.add(b, c, a == Rows.COLLECTIVE_TRAFFIC ? r.inOrder() : r.d(), y);
                    }
                    default -> {
                        if (a < totals.counts.length) {
                            totals.counts[a] += x;
                        } else if (a == Rows.NON_MEMBER_COLLECTIVES) {
                            nonMembers = x;
                        } else if (a == Rows.KEPT_EVENTS) {
                            kept = x;
                        } else {
                            int i = a - Rows.READER_COUNTS;
                            readerCounts = java.util.Arrays.copyOf(readerCounts, Math.max(readerCounts.length, i + 1));
                            readerCounts[i] = x;
                        }
                    }
                }
            }
            List<LocationTimes> times = locationTimes(rows);
            times.forEach(totals::add);
            TraceProfile profile = new TraceAccumulator(definitions, analysis.modelCollectives()).profile(totals, times)
                    .withNotes(source.notes(readerCounts));
            if (!waits) {
                return new Selected(profile, kept);
            }
            // whether a process read several locations: only then can threads call a communicator's collectives in turn
            boolean threads = times.stream().mapToInt(LocationTimes::process).distinct().count() < times.size();
            WaitReport report = new DistributedWaits(spark, definitions, this.report)
                    .analyse(rows.filter(r -> r.getInt(0) == Rows.BLOCK), nonMembers,
                            analysis.waits() == WaitMode.CORRECTED_CLOCKS, threads);
            return new Selected(profile.withWaits(report), kept);
        } finally {
            rows.unpersist();
            planned.destroy();
            trace.destroy();
        }
    }

    private long recordsPerRange() {
        return spark.getConf().getLong(RANGE_RECORDS, MatchRecords.RECORDS_PER_RANGE);
    }

    /**
     * Every location's times, on the driver: a process's threads may have been read by different tasks, and its
     * wall-clock span, busiest MPI thread and OpenMP teams need all of them (definitions sections 3 and 10a).
     */
    private static List<LocationTimes> locationTimes(JavaRDD<Row> rows) {
        List<LocationTimes> times = new ArrayList<>();
        for (byte[] data : rows.filter(r -> r.getInt(0) == Rows.PROCESS).map(r -> (byte[]) r.get(9)).collect()) {
            times.add(LocationTimes.ofLongs(Rows.longs(data)));
        }
        return times;
    }
}
