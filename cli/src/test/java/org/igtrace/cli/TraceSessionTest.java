package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.igtrace.core.select.Selection;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.junit.jupiter.api.Test;

/** The front door: one read feeds every subscribed analysis, which the command then holds. */
class TraceSessionTest {
    private static final Path SYNTH = TimelineCommandTest.TESTDATA.resolve("otf1/synth-plain/synth.otf");

    /** Counts the enter events it is fed. */
    static final class Enters implements LocationSink {
        final AtomicLong count = new AtomicLong();

        @Override
        public LocationEvents location(int process, long order) {
            return new LocationEvents() {
                @Override
                public void enter(long time, int region) {
                    count.incrementAndGet();
                }
            };
        }
    }

    private static TraceSession open(Selection selection) throws Exception {
        ReadingOptions reading = new ReadingOptions();
        return TraceSession.open(new IgtraceCommand(), SYNTH, TraceReading.options(reading, false, null, false), selection,
                ProgressBar.on(new PrintWriter(new StringWriter()), true));
    }

    @Test
    void oneReadFeedsEverySubscribedAnalysis() throws Exception {
        TraceSession session = open(Selection.ALL);
        TraceSession.Subscription<Enters> first = session.subscribeSink(d -> new Enters());
        TraceSession.Subscription<Enters> second = session.subscribeSink(d -> new Enters());
        assertThrows(IllegalStateException.class, first::get, "an analysis is there only after the read");
        assertThrows(IllegalStateException.class, session::profile);
        assertNull(session.start(), "an OTF trace is read in this JVM");
        long enters = first.get().count.get();
        // the enter records of the events files: grep -c '^E[0-9a-f]' synth.*.events adds up to 57, of which
        // one (E1b, "kernel") is in synth.6.events, the CUDA stream the reader leaves out of every analysis
        assertEquals(57 - 1, enters);
        assertEquals(enters, second.get().count.get(), "both analyses were fed by the one read");
        assertTrue(session.profile().processes().size() > 1);
    }

    @Test
    void aSelectionFiltersWhatTheAnalysesSee() throws Exception {
        TraceSession whole = open(Selection.ALL);
        TraceSession.Subscription<Enters> all = whole.subscribeSink(d -> new Enters());
        whole.start();
        TraceSession part = open(Selection.parse(null, "0", null));
        TraceSession.Subscription<Enters> rank0 = part.subscribeSink(d -> new Enters());
        assertNull(part.start());
        assertTrue(rank0.get().count.get() > 0 && rank0.get().count.get() < all.get().count.get(),
                rank0.get().count.get() + " of " + all.get().count.get());
    }

    @Test
    void aRankTheTraceDoesNotHaveIsAUsageError() throws Exception {
        TraceSession session = open(Selection.parse(null, "0,99", null));
        session.subscribeSink(d -> new Enters());
        UsageError e = assertThrows(UsageError.class, session::start);
        assertTrue(e.getMessage().startsWith("--ranks: rank 99 is not in the trace"), e.getMessage());
    }
}
