package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The reading threads capped so that their chunk buffers take at most 256 MiB together (issue 41 item 7). */
class ChunkBufferBudgetTest {
    @Test
    void threadsTimesChunkSizeStayWithinTheBudget() {
        assertEquals(16, ChunkBufferBudget.readers(64, 16L << 20)); // EZTrace's 16 MiB: 256 / 16
        assertEquals(16, ChunkBufferBudget.readers(256, 16L << 20));
        assertEquals(8, ChunkBufferBudget.readers(8, 16L << 20)); // within: unchanged
        assertEquals(256, ChunkBufferBudget.readers(256, 1L << 20)); // Score-P's 1 MiB: 256 fit
        assertEquals(64, ChunkBufferBudget.readers(256, 4L << 20));
        assertEquals(5, ChunkBufferBudget.readers(5, 0)); // chunk size not known: not capped
        assertEquals(1, ChunkBufferBudget.readers(1, 1L << 40)); // never below one thread
    }
}
