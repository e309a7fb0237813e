package org.igtrace.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.HashPartitioner;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
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
import scala.Tuple2;

/**
 * definitions section 8 on Spark, as graph-core's {@link WaitAnalysis} does it on one machine: the match
 * record blocks are shuffled by join key (directed pair, or communicator); with clock correction
 * the collectives' blocks are shuffled and joined first, alone, and the offsets their constraints
 * ask for are the guess; a join of everything on the executors gives the clock constraints (reduced
 * to one per ordered pair) and the waits at that guess; the offsets are solved on the driver and
 * broadcast; only when they are not the guess a second join of the same shuffled blocks (read again
 * from the shuffle's files) measures the waits at them. The report is graph-core's.
 */
final class DistributedWaits {
    /** How many partitions the match records are joined in (default: twice the cores Spark offers). */
    static final String JOIN_PARTITIONS = "spark.igtrace.joinPartitions";

    private final SparkContext spark;
    private final TraceDefinitions definitions;
    private final JobReport report;

    DistributedWaits(SparkContext spark, TraceDefinitions definitions, JobReport report) {
        this.spark = spark;
        this.definitions = definitions;
        this.report = report;
    }

    /**
     * The wait analysis of the match record blocks.
     *
     * @param blocks                  the BLOCK rows of the location tasks
     * @param collectivesOfNonMembers collective events on communicators their process is not a member of (ignored)
     * @param correct                 whether the clocks are corrected
     * @param threads                 whether some process read several locations (else no communicator is called in
     *                                turn, {@link #inTurn}, and the job that looks for one is not run)
     * @return graph-core's report
     */
    WaitReport analyse(JavaRDD<Row> blocks, long collectivesOfNonMembers, boolean correct, boolean threads) {
        JavaSparkContext context = JavaSparkContext.fromSparkContext(spark);
        int n = definitions.processCount();
        int[][] members = new int[definitions.communicatorCount()][];
        for (int c = 0; c < members.length; c++) {
            members[c] = definitions.communicatorMembers(c);
        }
        Broadcast<int[][]> communicators = context.broadcast(members);
        Broadcast<long[]> zero = context.broadcast(new long[n]);
        int partitions = Math.max(1, spark.getConf().getInt(JOIN_PARTITIONS, 2 * spark.defaultParallelism()));
        int reduced = Math.max(1, spark.defaultParallelism());
        // Every block of a join key (directed pair, or communicator and instance range) in one partition. Not kept in
        // memory: a join reads the shuffle's files (a second join, where the messages move the offsets, again), as the
        // blocks kept had the collector copy every one of them (150 MB on 98 M events) into the old generation.
        int[] inTurn = threads ? inTurn(blocks) : new int[0];
        JavaRDD<Row> keyed = byJoinKey(blocks, partitions, inTurn);
        try {
            if (JobReport.wanted(spark)) {
                report.collectiveRanges(blocks.map(r -> r.getLong(7)).filter(w -> w < 0).distinct().count());
            }
            // With correction, the guess of the offsets as on one machine (WaitAnalysis): the collectives joined alone
            // (few records) give the offsets as they would be if the messages added nothing; the first join of everything
            // measures the waits at that guess, and a second join is needed only where the messages move the offsets (on
            // the stencil benchmark and most traces of one machine they do not: one join of the messages, not two).
            long[] guess = correct ? guess(byJoinKey(blocks.filter(r -> r.getLong(7) < 0), partitions, inTurn), communicators, zero, n, reduced)
                    : new long[n];
            Broadcast<long[]> atGuess = allZero(guess) ? zero : context.broadcast(guess);
            report.join();
            Totals first = Totals.of(keyed.mapPartitions(new JoinTask(communicators, n, correct, atGuess)), n, reduced, true);
            if (atGuess != zero) {
                atGuess.destroy();
            }
            RecordJoin.Joined<?> joined = first.joined(collectivesOfNonMembers);
            if (!correct) {
                return WaitAnalysis.report(definitions, false, ClockOffsets.none(n), first.waits.conflicts(), null, first.waits,
                        joined);
            }
            ClockOffsets offsets = ClockOffsets.solve(n, first.constraints);
            WaitStates waits = first.waits;
            if (!Arrays.equals(offsets.ticks(), guess)) {
                Broadcast<long[]> solved = allZero(offsets.ticks()) ? zero : context.broadcast(offsets.ticks());
                report.join();
                waits = Totals.of(keyed.mapPartitions(new JoinTask(communicators, n, false, solved)), n, reduced, true).waits;
                if (solved != zero) {
                    solved.destroy();
                }
            }
            return WaitAnalysis.report(definitions, true, offsets, first.constraints.conflicts(), first.constraints, waits,
                    joined);
        } finally {
            communicators.destroy();
            zero.destroy();
        }
    }

    /**
     * {@code blocks} partitioned by join key; every instance range of a communicator in {@code inTurn} (sorted) in the
     * partition of its range 0, so that its join reads all of it (graph-core's {@code MatchRecords#collectives}).
     */
    private static JavaRDD<Row> byJoinKey(JavaRDD<Row> blocks, int partitions, int[] inTurn) {
        return blocks.mapToPair(r -> {
            long key = r.getLong(7);
            if (key < 0 && inTurn.length > 0 && Arrays.binarySearch(inTurn, r.getInt(3)) >= 0) {
                key = Rows.joinKey(2, 0, r.getInt(3), 0);
            }
            return new Tuple2<>(key, r);
        }).partitionBy(new HashPartitioner(partitions)).values();
    }

    /**
     * The communicators one of whose processes recorded its collectives of instance range 0 on several locations
     * (threads calling in turn), sorted: such a communicator is joined whole, its ranges chained per location, as on the
     * command line (definitions section 8: a process's k-th call is its k-th in time order, whichever thread made it),
     * where joined range by range a thread's calls of one range paired with the other processes' calls of another.
     */
    static int[] inTurn(JavaRDD<Row> blocks) {
        List<long[]> seen = blocks.filter(r -> r.getInt(1) == 2 && Rows.range(r.getLong(7)) == 0)
                .mapPartitions(rows -> {
                    Set<List<Long>> distinct = new HashSet<>();
                    while (rows.hasNext()) {
                        Row r = rows.next();
                        distinct.add(List.of((long) r.getInt(3), (long) r.getInt(2), r.getLong(4)));
                    }
                    return distinct.stream().map(t -> new long[] {t.get(0), t.get(1), t.get(2)}).iterator();
                }).collect();
        Map<List<Long>, Long> location = new HashMap<>();
        TreeSet<Integer> communicators = new TreeSet<>();
        for (long[] t : seen) { // communicator, process, location order
            Long order = location.putIfAbsent(List.of(t[0], t[1]), t[2]);
            if (order != null && order != t[2]) {
                communicators.add((int) t[0]);
            }
        }
        return communicators.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The offsets the collectives' constraints alone ask for (ClockOffsets#solve with the leave samples), or zero when
     * they do not settle: the collectives' streams (negative join keys) joined apart, their waits not collected.
     */
    private static long[] guess(JavaRDD<Row> collectiveBlocks, Broadcast<int[][]> communicators, Broadcast<long[]> zero, int n,
                                int reduced) {
        Totals collectives = Totals.of(collectiveBlocks.mapPartitions(new JoinTask(communicators, n, true, zero)),
                n, reduced, false);
        ClockOffsets offsets = ClockOffsets.solve(n, collectives.constraints);
        return offsets.settled() ? offsets.ticks().clone() : new long[n];
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

        /** @param messages whether {@code all} holds messages' rows too (shared calls' waits, transfer points) */
        static Totals of(JavaRDD<Row> all, int processes, int partitions, boolean messages) {
            Totals t = new Totals(processes);
            JavaRDD<Row> joinRows = all.persist(StorageLevel.MEMORY_AND_DISK());
            try {
                t.add(joinRows.filter(r -> r.getInt(0) != Rows.SHARED_CALL && r.getInt(0) != Rows.TRANSFER && r.getInt(0) != Rows.LEAVE),
                        partitions);
                if (messages) {
                    t.addCalls(joinRows.filter(r -> r.getInt(0) == Rows.SHARED_CALL), partitions);
                    t.addTransfers(joinRows.filter(r -> r.getInt(0) == Rows.TRANSFER));
                }
                t.addLeaves(joinRows.filter(r -> r.getInt(0) == Rows.LEAVE));
            } finally {
                joinRows.unpersist();
            }
            return t;
        }

        /** A join row's key: kind, a, b. */
        private record Key(int kind, int a, int b) implements Serializable {
        }

        /** A call completing several receives: the receiving location's order and the call's number there. */
        private record Call(int location, long number) implements Serializable {
        }

        /**
         * The calls that completed several receives, each waiting once (definitions section 8): per call
         * (location, number) the latest send ({@link Rows#latest}), its wait {@code min(duration,
         * late)} charged to the receiver and the pair with that send's sender, added up per pair.
         */
        private void addCalls(JavaRDD<Row> shared, int partitions) {
            long senderMask = (1L << Rows.SENDER_BITS) - 1;
            // per call: the latest send, the receiver, the call's duration (the largest of each, as every row of a call agrees on the last two)
            List<Tuple2<Long, Long>> perPair = shared
                    .mapToPair(r -> new Tuple2<>(new Call(r.getInt(2), r.getLong(4)), new long[] {r.getLong(3), r.getInt(1), r.getLong(5)}))
                    .reduceByKey((p, q) -> new long[] {Math.max(p[0], q[0]), Math.max(p[1], q[1]), Math.max(p[2], q[2])}, partitions)
                    .values()
                    .mapToPair(v -> {
                        long r = v[1], s = senderMask - (v[0] & senderMask);
                        return new Tuple2<>(r << 32 | s, Math.min(v[2], v[0] >> Rows.SENDER_BITS));
                    })
                    .filter(w -> w._2() > 0)
                    .reduceByKey(Long::sum, partitions)
                    .collect();
            for (Tuple2<Long, Long> row : perPair) {
                int r = (int) (row._1() >>> 32), s = (int) (row._1() & 0xffffffffL);
                long w = row._2();
                waits.add(WaitPattern.LATE_SENDER, r, w);
                waits.pairs().add(Math.min(r, s), Math.max(r, s), w);
            }
        }

        /**
         * The points of the pairs' transfers, so that the offsets choose the waiting messages again on
         * corrected clocks as on one machine: every message of a directed pair is joined in one task,
         * so each pair's points arrive as that task kept them, and {@link ClockConstraints} holds
         * them as one machine's join does (see ClockConstraints#transferPoint).
         */
        private void addTransfers(JavaRDD<Row> transfers) {
            List<long[]> points = transfers.map(r -> new long[] {r.getInt(1), r.getInt(2), r.getLong(3), r.getLong(4)}).collect();
            for (long[] p : points) {
                constraints.transferPoint((int) p[0], (int) p[1], p[2], p[3]);
            }
        }

        /**
         * The sampled leave differences of barriers and N x N collectives: the sample is the same
         * whatever task kept which instance (ClockConstraints#leaveSample), so it is one machine's.
         */
        private void addLeaves(JavaRDD<Row> leaves) {
            List<long[]> samples = leaves.map(r -> new long[] {r.getInt(1), r.getInt(2), r.getLong(3), r.getLong(4)}).collect();
            for (long[] p : samples) {
                constraints.leaveSample((int) p[0], (int) p[1], p[2], p[3]);
            }
        }

        private void add(JavaRDD<Row> joinRows, int partitions) {
            Totals t = this;
            // per key the largest x (constraints, waited messages) and the sum (everything else)
            List<Tuple2<Key, long[]>> reduced = joinRows
                    .mapToPair(r -> new Tuple2<>(new Key(r.getInt(0), r.getInt(1), r.getInt(2)), new long[] {r.getLong(3), r.getLong(3)}))
                    .reduceByKey((p, q) -> new long[] {Math.max(p[0], q[0]), p[1] + q[1]}, partitions)
                    .collect();
            WaitPattern[] patterns = WaitPattern.values();
            for (Tuple2<Key, long[]> r : reduced) {
                int kind = r._1().kind(), a = r._1().a(), b = r._1().b();
                long most = r._2()[0], total = r._2()[1];
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
