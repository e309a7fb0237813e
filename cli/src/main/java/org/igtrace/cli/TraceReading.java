package org.igtrace.cli;

import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;

/** Reads a trace's profile for a command: the one place that picks the reader (OTF2 runs in a reader JVM: see the entry point). */
final class TraceReading {
    private TraceReading() {
    }

    /** How to read (reading settings) and what to compute (analysis settings). */
    record Request(ReadOptions read, AnalysisOptions analysis) {
    }

    /** What the command line asks of the reader and the analyses. */
    static Request options(ReadingOptions reading, boolean collectives, ClockCorrection clocks, boolean noWaits) {
        WaitMode waits = noWaits ? WaitMode.OFF : clocks == ClockCorrection.NONE ? WaitMode.RAW_CLOCKS : WaitMode.CORRECTED_CLOCKS;
        return new Request(new ReadOptions(reading.skipMissing, reading.threadCount(), reading.tempDir, reading.skipDamaged),
                new AnalysisOptions(collectives, waits));
    }

    /** The located trace and its profile. */
    record Read(TraceFormat.Located located, TraceProfile profile) {
    }

    /**
     * The located trace's profile, read by {@code reader}, with {@code beforeEvents} given the number of processes before
     * any event is read (see ProfileReader); what the reader throws, the door every command reads through says.
     */
    static Read read(TraceFormat.Located located, Request request, ProgressBar progress, ProfileReader reader, java.util.function.Consumer<org.igtrace.core.trace.TraceDefinitions> beforeEvents)
            throws TraceReadException {
        try {
            TraceProfile profile = reader.read(located, request.read(), request.analysis(), progress, beforeEvents);
            return new Read(located, profile);
        } finally {
            progress.finish();
        }
    }
}
