package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.Otf2TraceReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The blocking calls' match records the shim encodes (igtrace_otf2.c, {@code EncodedEnds}) are the bytes the recorder
 * writes itself: on every bundled OTF2 archive, with sizes and without, in fills of the default size and of 5 records (fills
 * that end inside runs of calls and between a call's message and its leave), every stream's blocks are byte for byte those
 * of a read with the shim's encoding off ({@code igtrace.otf2.encode=false}), and the shim encoded some calls' ends.
 * Isolated: the switches are system properties, set here around each read.
 */
@Isolated
class ShimEncodedEndsTest {

    @Test
    void shimEncodedRecordsAreTheRecordersBytes() throws Exception {
        long encodedCalls = 0;
        int traces = 0;
        List<Path> all;
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(TestTraces.dir())) {
            all = files.filter(f -> f.getFileName().toString().endsWith(".otf2")).sorted().toList();
        }
        for (Path trace : all) {
            for (boolean sizes : new boolean[] {false, true}) {
                for (String batch : new String[] {null, "5"}) {
                    List<String> off = streams(trace, sizes, batch, false, new AtomicLong());
                    AtomicLong encoded = new AtomicLong();
                    List<String> on = streams(trace, sizes, batch, true, encoded);
                    assertEquals(off, on, trace + (sizes ? " with sizes" : "") + (batch == null ? "" : " in fills of " + batch));
                    encodedCalls += encoded.get();
                }
            }
            traces++;
        }
        assertTrue(traces > 10, "traces read: " + traces);
        assertTrue(encodedCalls > 1000, "calls whose ends the shim encoded: " + encodedCalls);
    }

    /** Every stream of the trace's match records: side, process, key, range, records and its blocks' bytes. */
    private static List<String> streams(Path trace, boolean sizes, String batch, boolean encode, AtomicLong encodedCalls)
            throws Exception {
        String oldEncode = System.getProperty("igtrace.otf2.encode");
        String oldBatch = System.getProperty("igtrace.otf2.batch");
        System.setProperty("igtrace.otf2.encode", Boolean.toString(encode));
        if (batch != null) {
            System.setProperty("igtrace.otf2.batch", batch);
        }
        try {
            Otf2TraceReader reader;
            try {
                reader = Otf2TraceReader.open(trace, new ReadOptions(false, 1), ReadProgress.NONE);
            } catch (TraceReadException e) {
                return List.of("refused: " + e.getMessage()); // a damaged archive: refused alike
            }
            MemoryRecordBlocks store = new MemoryRecordBlocks();
            MatchRecords records = new MatchRecords(reader.definitions(), store);
            if (sizes) {
                records = records.withSizes();
            }
            LocationSink counter = (process, order) -> new LocationEvents() {
                @Override
                public void sendCallEncoded(long enter, int region, long time, int receiver, int communicator, int tag, long bytes,
                                            long leave) {
                    encodedCalls.incrementAndGet();
                }

                @Override
                public void receiveCallEncoded(long enter, int region, long time, int sender, int communicator, int tag, long bytes,
                                               long leave) {
                    encodedCalls.incrementAndGet();
                }
            };
            try {
                reader.read(TeeSink.of(records, counter));
            } catch (TraceReadException e) {
                return List.of("failed: " + e.getMessage());
            }
            records.finish();
            List<String> out = new ArrayList<>();
            records.forEachStream((side, s) -> {
                StringBuilder b = new StringBuilder(side + " " + s.process() + " " + s.key() + " " + s.range() + " " + s.records());
                for (int i = 0; i < s.blockCount(); i++) {
                    byte[] bytes = store.get(s.block(i), null);
                    b.append(' ').append(Arrays.toString(Arrays.copyOf(bytes, store.length(s.block(i)))));
                }
                out.add(b.toString());
            });
            return out;
        } finally {
            restore("igtrace.otf2.encode", oldEncode);
            restore("igtrace.otf2.batch", oldBatch);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
