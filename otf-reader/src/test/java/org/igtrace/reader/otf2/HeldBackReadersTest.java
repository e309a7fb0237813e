package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The readers held back ({@link WarmUpGate}) start no read once a started reader failed: the real reader and libotf2
 * read jacobi-8 (8 locations) on one thread more than the cores, the gate set to open only after 10^9 events (on a
 * trace of any size), and the sink fails at every location it is given, as a heap run out does. The read ends with
 * that error, and no more threads ever reached the sink than {@link WarmUpGate#starting} (before, the failed reader
 * opened the gate and the held-back ones read the locations left).
 */
@Isolated
class HeldBackReadersTest {
    @Test
    void aFailedStartedReaderEndsTheReadWithoutTheHeldBackOnes() throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.otf2("jacobi-8")).file();
        int threads = Math.min(8, Runtime.getRuntime().availableProcessors() + 1);
        System.setProperty("igtrace.otf2.warmUp", "1000000000");
        System.setProperty("igtrace.otf2.warmUpFrom", "0");
        try {
            Otf2TraceReader reader = Otf2TraceReader.open(anchor, new ReadOptions(false, threads), ReadProgress.NONE);
            assertEquals(threads, reader.threads());
            OutOfMemoryError death = new OutOfMemoryError("Java heap space");
            Set<Thread> reached = ConcurrentHashMap.newKeySet();
            LocationSink sink = (process, order) -> {
                reached.add(Thread.currentThread());
                throw death;
            };
            Throwable ended = null;
            try {
                reader.read(sink);
            } catch (Throwable t) {
                ended = t;
            }
            assertSame(death, ended, "the started reader's error");
            Thread.sleep(500); // a held-back reader let go would reach the sink meanwhile
            assertTrue(reached.size() <= WarmUpGate.starting(threads), reached.size() + " threads reached the sink");
        } finally {
            System.clearProperty("igtrace.otf2.warmUp");
            System.clearProperty("igtrace.otf2.warmUpFrom");
        }
    }
}
