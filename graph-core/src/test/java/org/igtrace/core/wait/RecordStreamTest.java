package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/** The record encoding read back as written, at every varint length boundary. */
class RecordStreamTest {
    /**
     * Time deltas of 0, 127, 128 (one and two bytes), 16383, 16384 (two and three), 2^21 - 1,
     * 2^21 (three and four), 2^35 and 2^45 + 5 (the byte loop); enter and leave deltas the same
     * values in reverse, some negative (zigzag), and communicator/tag keys that change.
     */
    @Test
    void everyVarintLengthReadsBackAsWritten() {
        long[] steps = {0, 127, 128, 16383, 16384, (1L << 21) - 1, 1L << 21, 1L << 35, (1L << 45) + 5};
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RecordStream stream = new RecordStream(3, 0, 7);
            long[][] written = new long[2000][];
            long time = 0;
            for (int i = 0; i < written.length; i++) {
                time += steps[i % steps.length];
                long enter = time - steps[(steps.length - 1 - i % steps.length)] * (i % 3 == 0 ? -1 : 1);
                long leave = time + steps[(i / 3) % steps.length] * (i % 5 == 0 ? -1 : 1);
                int communicator = i % 4 == 0 ? i : 1;
                int tag = -i;
                written[i] = new long[] {time, enter, leave, communicator, tag};
                stream.message(store, time, enter, leave, communicator, tag, MpiCall.BLOCKING_SEND);
            }
            stream.seal(store);
            RecordStream.Reader r = stream.reader(store, null);
            for (long[] w : written) {
                r.nextMessage();
                assertEquals(w[0], r.time);
                assertEquals(w[1], r.enter);
                assertEquals(w[2], r.leave);
                assertEquals(w[3], r.communicator);
                assertEquals(w[4], r.tag);
                assertEquals(MpiCall.BLOCKING_SEND, r.call);
            }
            assertEquals(false, r.hasNext());
        }
    }
}
