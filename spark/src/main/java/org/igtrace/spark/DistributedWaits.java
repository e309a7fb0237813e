package org.igtrace.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.least;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.shiftRight;
import static org.apache.spark.sql.functions.sum;

import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.PairLongs;
import org.igtrace.core.wait.ClockConstraints;
import org.igtrace.core.wait.ClockOffsets;
import org.igtrace.core.wait.RecordJoin;
import org.igtrace.core.wait.WaitAnalysis;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.core.wait.WaitStates;

/**
 * definitions section 8 on Spark, as graph-core's {@link WaitAnalysis} does it on one machine: the match
 * record blocks are shuffled by join key (directed pair, or communicator) and kept; a first join
 * on the executors gives the clock constraints (reduced to one per ordered pair) and the waits on
 * raw clocks; the offsets are solved on the driver and broadcast; when they are not all zero a
 * second join of the same kept blocks measures the waits on corrected clocks. The report is
 * graph-core's.
 */
final class DistributedWaits {
    /** How many partitions the match records are joined in (default: twice the cores Spark offers). */
    static final String JOIN_PARTITIONS = "spark.igtrace.joinPartitions";

    private final SparkSession spark;
    private final TraceDefinitions definitions;
    private final JobReport report;

    DistributedWaits(SparkSession spark, TraceDefinitions definitions, JobReport report) {
        this.spark = spark;
        this.definitions = definitions;
        this.report = report;
    }

    WaitReport analyse(Dataset<Row> blocks, long collectivesOfNonMembers, boolean correct) {
        JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
        int n = definitions.processCount();
        int[][] members = new int[definitions.communicatorCount()][];
        for (int c = 0; c < members.length; c++) {
            members[c] = definitions.communicatorMembers(c);
        }
        Broadcast<int[][]> communicators = context.broadcast(members);
        Broadcast<long[]> zero = context.broadcast(new long[n]);
        int partitions = spark.sparkContext().getConf().getInt(JOIN_PARTITIONS, 2 * spark.sparkContext().defaultParallelism());
        Dataset<Row> keyed = blocks.repartition(Math.max(1, partitions), col("w")).persist(StorageLevel.MEMORY_AND_DISK());
        try {
            if (JobReport.wanted(spark)) {
                report.collectiveRanges(keyed.filter(col("w").lt(0)).select("w").distinct().count());
            }
            Totals first = Totals.of(keyed.mapPartitions(new JoinTask(communicators, n, correct, zero), Encoders.row(Rows.JOIN)), n);
            RecordJoin.Joined<?> joined = first.joined(collectivesOfNonMembers);
            if (!correct) {
                return WaitAnalysis.report(definitions, false, ClockOffsets.none(n), first.waits.conflicts(), null, first.waits,
                        joined);
            }
            ClockOffsets offsets = ClockOffsets.solve(n, first.constraints);
            WaitStates waits = first.waits;
            if (!allZero(offsets.ticks())) {
                Broadcast<long[]> solved = context.broadcast(offsets.ticks());
                waits = Totals.of(keyed.mapPartitions(new JoinTask(communicators, n, false, solved), Encoders.row(Rows.JOIN)), n)
                        .waits;
                solved.destroy();
            }
            return WaitAnalysis.report(definitions, true, offsets, first.constraints.conflicts(), first.constraints, waits,
                    joined);
        } finally {
            keyed.unpersist();
            communicators.destroy();
            zero.destroy();
        }
    }

    private static boolean allZero(long[] ticks) {
        for (long t : ticks) {
            if (t != 0) {
                return false;
            }
        }
        return true;
    }

    /** The join rows of all partitions reduced by key (constraints by max, the rest by sum) and collected. */
    private static final class Totals {
        final ClockConstraints constraints = new ClockConstraints();
        final WaitStates waits;
        final PairLongs unmatchedSends = new PairLongs();
        final PairLongs unmatchedReceives = new PairLongs();
        final long[] counts = new long[Rows.CONFLICTS_AFTER + 1];

        private Totals(int processes) {
            waits = new WaitStates(new long[processes]);
        }

        static Totals of(Dataset<Row> all, int processes) {
            Totals t = new Totals(processes);
            Dataset<Row> joinRows = all.persist(StorageLevel.MEMORY_AND_DISK());
            try {
                t.add(joinRows.filter(col("kind").notEqual(Rows.SHARED_CALL)));
                t.addCalls(joinRows.filter(col("kind").equalTo(Rows.SHARED_CALL)));
            } finally {
                joinRows.unpersist();
            }
            return t;
        }

        /**
         * The calls that completed several receives, each waiting once (definitions section 8): per call
         * (location, number) the latest send ({@link Rows#latest}), its wait {@code min(duration,
         * late)} charged to the receiver and the pair with that send's sender, added up per pair.
         */
        private void addCalls(Dataset<Row> shared) {
            long senderMask = (1L << Rows.SENDER_BITS) - 1;
            List<Row> perPair = shared.groupBy("b", "y").agg(max("x").as("x"), max("a").as("r"), max("z").as("d"))
                    .select(col("r"), lit(senderMask).minus(col("x").bitwiseAND(senderMask)).cast("int").as("s"),
                            least(col("d"), shiftRight(col("x"), Rows.SENDER_BITS)).as("w"))
                    .filter(col("w").gt(0)).groupBy("r", "s").agg(sum("w")).collectAsList();
            for (Row row : perPair) {
                int r = row.getInt(0), s = row.getInt(1);
                long w = row.getLong(2);
                waits.add(WaitPattern.LATE_SENDER, r, w);
                waits.pairs().add(Math.min(r, s), Math.max(r, s), w);
            }
        }

        private void add(Dataset<Row> joinRows) {
            Totals t = this;
            List<Row> reduced = joinRows.groupBy("kind", "a", "b").agg(max("x"), sum("x")).collectAsList();
            WaitPattern[] patterns = WaitPattern.values();
            for (Row r : reduced) {
                int kind = r.getInt(0), a = r.getInt(1), b = r.getInt(2);
                long most = r.getLong(3), total = r.getLong(4);
                switch (kind) {
                    case Rows.CONSTRAINT -> t.constraints.violations().max(a, b, most);
                    case Rows.WAITED_MESSAGE -> t.constraints.waitedMessages().max(a, b, most);
                    case Rows.WAIT -> t.waits.add(patterns[a], b, total);
                    case Rows.PAIR_WAIT -> t.waits.pairs().add(a, b, total);
                    case Rows.UNMATCHED_SENDS -> t.unmatchedSends.add(a, b, total);
                    case Rows.UNMATCHED_RECEIVES -> t.unmatchedReceives.add(a, b, total);
                    default -> t.counts[a] += total;
                }
            }
            t.constraints.addCounts(t.counts[Rows.CONFLICTS_BEFORE], t.counts[Rows.CONSTRAINT_MESSAGES],
                    t.counts[Rows.CONSTRAINT_COLLECTIVES], t.counts[Rows.APPROXIMATED]);
            t.waits.addConflicts(t.counts[Rows.CONFLICTS_AFTER]);
        }

        RecordJoin.Joined<?> joined(long collectivesOfNonMembers) {
            return RecordJoin.Joined.of(List.of(), counts[Rows.MATCHED], unmatchedSends, unmatchedReceives,
                    counts[Rows.COLLECTIVES_MATCHED], counts[Rows.COLLECTIVES_INCOMPLETE], counts[Rows.COLLECTIVES_DISAGREEING],
                    collectivesOfNonMembers);
        }
    }
}
