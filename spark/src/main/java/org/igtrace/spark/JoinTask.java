package org.igtrace.spark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.wait.ClockConstraints;
import org.igtrace.core.wait.CollectiveInstance;
import org.igtrace.core.wait.MatchListener;
import org.igtrace.core.wait.MatchRecords;
import org.igtrace.core.wait.MatchedMessage;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.wait.RecordJoin;
import org.igtrace.core.wait.RecordStream;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitStates;

/**
 * One join task, on an executor: the match record blocks of its partition (every stream of a
 * directed pair, or of a communicator's instance range, lands in one partition) become graph-core
 * {@link RecordStream}s again, and graph-core's {@link RecordJoin} matches them into
 * {@link ClockConstraints} (first pass) and {@link WaitStates} on the offsets given. Emits
 * {@link Rows#JOIN} rows: constraints, waits per pattern and process and per pair, unmatched ends,
 * counts.
 */
final class JoinTask implements FlatMapFunction<Iterator<Row>, Row> {
    static {
        org.igtrace.cli.OptionNames.install(); // an executor's advice names the options, as the driver's does
    }

    private final Broadcast<int[][]> communicators;
    private final int processes;
    private final boolean constraints;
    private final Broadcast<long[]> offsets;

    /**
     * @param constraints whether to collect clock constraints too (the first pass)
     * @param offsets     per-process clock offsets the waits are measured on
     */
    JoinTask(Broadcast<int[][]> communicators, int processes, boolean constraints, Broadcast<long[]> offsets) {
        this.communicators = communicators;
        this.processes = processes;
        this.constraints = constraints;
        this.offsets = offsets;
    }

    /** The definitions a join needs: the process count and the communicators' members. */
    static TraceDefinitions definitions(int processes, int[][] communicators) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < processes; p++) {
            b.addProcess("", null);
        }
        for (int[] members : communicators) {
            b.addCommunicator(members);
        }
        return b.build();
    }

    @Override
    public Iterator<Row> call(Iterator<Row> blocks) {
        MemoryRecordBlocks store = new MemoryRecordBlocks();
        // a partition holds some of a communicator's instance ranges, each joined apart, or all of one whose threads call
        // in turn (DistributedWaits#inTurn), chained per location
        MatchRecords records = new MatchRecords(definitions(processes, communicators.value()), store);
        if (!restore(blocks, store, records)) {
            return List.<Row>of().iterator();
        }
        ClockConstraints clock = new ClockConstraints();
        WaitStates waits = new WaitStates(offsets.value());
        List<Row> rows = new ArrayList<>();
        MatchListener listener = new Both(constraints ? clock : null, waits, offsets.value(), rows);
        RecordJoin.Joined<MatchListener> joined = RecordJoin.join(records, listener);
        if (constraints) {
            clock.violations().forEach((from, to, d) -> rows.add(Rows.join(Rows.CONSTRAINT, from, to, d)));
            clock.waitedMessages().forEach((from, to, d) -> rows.add(Rows.join(Rows.WAITED_MESSAGE, from, to, d)));
            clock.forEachTransferPoint((from, to, a, b) -> rows.add(Rows.transfer(from, to, a, b)));
            clock.forEachLeaveSample((first, member, key, d) -> rows.add(Rows.leave(first, member, key, d)));
            count(rows, Rows.CONFLICTS_BEFORE, clock.conflicts());
            count(rows, Rows.CONSTRAINT_MESSAGES, clock.messages());
            count(rows, Rows.CONSTRAINT_COLLECTIVES, clock.collectives());
            count(rows, Rows.APPROXIMATED, clock.approximatedCollectives());
        }
        for (WaitPattern pattern : WaitPattern.values()) {
            for (int p = 0; p < processes; p++) {
                long t = waits.ticks(pattern, p);
                if (t != 0) {
                    rows.add(Rows.join(Rows.WAIT, pattern.ordinal(), p, t));
                }
            }
        }
        waits.pairs().forEach((a, b, t) -> rows.add(Rows.join(Rows.PAIR_WAIT, a, b, t)));
        count(rows, Rows.CONFLICTS_AFTER, waits.conflicts());
        joined.unmatchedSends().forEach((s, r, n) -> rows.add(Rows.join(Rows.UNMATCHED_SENDS, s, r, n)));
        joined.unmatchedReceives().forEach((s, r, n) -> rows.add(Rows.join(Rows.UNMATCHED_RECEIVES, s, r, n)));
        count(rows, Rows.MATCHED, joined.matchedMessages());
        count(rows, Rows.COLLECTIVES_MATCHED, joined.collectivesMatched());
        count(rows, Rows.COLLECTIVES_INCOMPLETE, joined.collectivesIncomplete());
        count(rows, Rows.COLLECTIVES_DISAGREEING, joined.collectivesDisagreeing());
        store.close();
        return rows.iterator();
    }

    private static void count(List<Row> rows, int which, long n) {
        if (n != 0) {
            rows.add(Rows.join(Rows.JOIN_COUNT, which, 0, n));
        }
    }

    /** Puts the partition's blocks into {@code store}, stream by stream in block order; false when there are none. */
    private static boolean restore(Iterator<Row> blocks, MemoryRecordBlocks store, MatchRecords records) {
        Map<StreamId, TreeMap<Long, byte[]>> streams = new HashMap<>();
        while (blocks.hasNext()) {
            Row r = blocks.next();
            StreamId id = new StreamId(r.getInt(1), r.getInt(2), r.getInt(3), Rows.range(r.getLong(7)), r.getLong(4), r.getLong(5));
            streams.computeIfAbsent(id, k -> new TreeMap<>()).put(r.getLong(6), (byte[]) r.get(9));
        }
        if (streams.isEmpty()) {
            return false;
        }
        List<List<RecordStream>> sides = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (Map.Entry<StreamId, TreeMap<Long, byte[]>> e : streams.entrySet()) {
            StreamId id = e.getKey();
            int[] handles = new int[e.getValue().size()];
            int i = 0;
            for (byte[] bytes : e.getValue().values()) {
                handles[i++] = store.put(bytes, bytes.length);
            }
            sides.get(id.side).add(RecordStream.restore(id.process, id.order, id.key, id.range, id.records, handles));
        }
        records.add(sides.get(0), sides.get(1), sides.get(2));
        return true;
    }

    private record StreamId(int side, int process, int key, int range, long order, long records) {
    }

    /**
     * The clock constraints (or null) and the waits fed the same matches; a late message of a call
     * that completed several receives, which {@link WaitStates} leaves out, becomes a
     * {@link Rows#SHARED_CALL} row: the call's messages may lie in other partitions, and
     * {@link DistributedWaits} combines them per call (definitions section 8, one call waits once).
     */
    private record Both(ClockConstraints constraints, WaitStates waits, long[] o, List<Row> rows) implements MatchListener {
        @Override
        public void message(MatchedMessage m) {
            if (constraints != null) {
                constraints.message(m);
            }
            waits.message(m);
            int s = m.sender(), r = m.receiver();
            if (m.receiveCallShared() && m.receiveCall().waitsForReceive() && s != r && s >= 0 && r >= 0 && s < o.length
                    && r < o.length) {
                long late = m.sendEnter() + o[s] - (m.receiveEnter() + o[r]);
                if (late > 0) {
                    rows.add(Rows.sharedCall(r, m.receiveLocation(), m.receiveSharedCall(), Rows.latest(late, s),
                            m.receiveLeave() - m.receiveEnter()));
                }
            }
        }

        @Override
        public void collective(CollectiveInstance instance) {
            if (constraints != null) {
                constraints.collective(instance);
            }
            waits.collective(instance);
        }
    }
}
