package org.igtrace.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.profile.LocationAccumulator;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.select.Selection;
import org.igtrace.core.select.SelectionFilter;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.PairCounters;
import org.igtrace.core.wait.MatchRecords;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.wait.RecordStream;
import org.igtrace.reader.PartReader;
import org.igtrace.reader.TraceReadException;

/**
 * One location task, on an executor: reads its share of the parts (OTF2 locations with one libotf2
 * reader, or OTF event files) through the {@link PartReader} the driver broadcast (definitions
 * read once, on the driver: a task opens only its own parts' files) once into graph-core's
 * {@link TraceAccumulator} and {@link MatchRecords}, and emits {@link Rows#TASK} rows: the
 * accumulation per location (its times, traffic per pair, note counts) and the sealed match
 * record blocks, each with the key it is joined under.
 */
final class LocationTask implements FlatMapFunction<Iterator<Long>, Row> {
    static {
        org.igtrace.cli.OptionNames.install(); // an executor's advice names the options, as the driver's does
    }

    private final Broadcast<PartReader> trace;
    private final Broadcast<int[][]> plan;
    private final boolean modelCollectives;
    private final boolean records;
    private final long recordsPerRange;
    private final Selection selection;

    /**
     * @param records         whether to record match records (waits wanted)
     * @param recordsPerRange about how many collective arrivals one join of an instance range holds
     *                        ({@link MatchRecords#MatchRecords(TraceDefinitions, org.igtrace.core.util.RecordBlocks, long)})
     * @param selection       the selection whose filter stands in front of the analyses, or null
     */
    LocationTask(Broadcast<PartReader> trace, Broadcast<int[][]> plan, boolean modelCollectives, boolean records, long recordsPerRange,
                 Selection selection) {
        this.trace = trace;
        this.plan = plan;
        this.modelCollectives = modelCollectives;
        this.records = records;
        this.recordsPerRange = recordsPerRange;
        this.selection = selection;
    }

    @Override
    public Iterator<Row> call(Iterator<Long> tasks) throws Exception {
        List<Row> rows = new ArrayList<>();
        while (tasks.hasNext()) {
            int task = tasks.next().intValue();
            try {
                read(plan.value()[task], rows);
            } catch (TraceReadException e) {
                throw new IllegalStateException(JobFailure.tell(e.getMessage()), e);
            }
        }
        return rows.iterator();
    }

    private void read(int[] parts, List<Row> rows) throws TraceReadException {
        PartReader source = trace.value();
        TraceDefinitions definitions = source.definitions();
        TraceAccumulator accumulator = new TraceAccumulator(definitions, modelCollectives);
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            MatchRecords matches = records ? new MatchRecords(definitions, store, recordsPerRange) : null;
            LocationSink sink = matches == null ? accumulator : TeeSink.of(List.of(accumulator, matches));
            // The selection's filter in front of the analyses, as the command line's read puts it (definitions section 11).
            SelectionFilter filter = selection == null ? null : selection.resolve(definitions);
            long[] readerCounts = source.readParts(filter == null ? sink : filter.perLocation(sink), parts);
            if (filter != null) {
                rows.add(Rows.task(Rows.COUNT, Rows.KEPT_EVENTS, 0, 0, filter.keptEvents(), 0, 0, 0, 0, null));
            }
            for (int i = 0; i < readerCounts.length; i++) {
                rows.add(Rows.task(Rows.COUNT, Rows.READER_COUNTS + i, 0, 0, readerCounts[i], 0, 0, 0, 0, null));
            }
            for (LocationAccumulator l : accumulator.locations()) {
                emit(l, rows);
            }
            if (matches != null) {
                matches.finish();
                emit(matches, store, rows);
            }
        }
    }

    private static void emit(LocationAccumulator l, List<Row> rows) {
        // Its times whole: a process of several threads is assembled from all of them on the driver (definitions sections 3, 10a).
        rows.add(Rows.task(Rows.PROCESS, l.process(), 0, 0, l.order(), 0, 0, 0, 0, Rows.bytes(l.times().toLongs())));
        pairs(Rows.SENDS, l.sends(), l.order(), rows);
        pairs(Rows.RECEIVES, l.receives(), l.order(), rows);
        pairs(Rows.COLLECTIVE_TRAFFIC, l.collectiveTraffic(), l.order(), rows);
        long[] counts = l.counts();
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] != 0) {
                rows.add(Rows.task(Rows.COUNT, i, 0, 0, counts[i], 0, 0, 0, 0, null));
            }
        }
    }

    private static void pairs(int table, PairCounters counters, long order, List<Row> rows) {
        counters.forEach((from, to, bytes, messages) ->
                rows.add(Rows.task(Rows.PAIR, table, from, to, order, messages, 0, 0, bytes, null)));
    }

    private static void emit(MatchRecords matches, MemoryRecordBlocks store, List<Row> rows) {
        rows.add(Rows.task(Rows.COUNT, Rows.NON_MEMBER_COLLECTIVES, 0, 0, matches.collectivesOfNonMembers(), 0, 0, 0, 0, null));
        matches.forEachStream((side, stream) -> {
            long key = Rows.joinKey(side.ordinal(), stream.process(), stream.key(), stream.range());
            for (int i = 0; i < stream.blockCount(); i++) {
                int handle = stream.block(i);
                byte[] bytes = Arrays.copyOf(store.get(handle, null), store.length(handle));
                rows.add(Rows.task(Rows.BLOCK, side.ordinal(), stream.process(), stream.key(), stream.order(), stream.records(),
                        i, key, 0, bytes));
            }
        });
    }
}
