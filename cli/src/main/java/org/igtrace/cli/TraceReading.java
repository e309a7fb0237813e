package org.igtrace.cli;

import java.nio.file.Path;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf1.Otf1TraceReader;
import org.igtrace.reader.otf2.Otf2TraceReader;

/** Reads a trace's profile for a command: the one place that picks the reader (OTF2 runs in a reader JVM: see Main). */
final class TraceReading {
    private TraceReading() {
    }

    /** What the command line asks of the reader, as {@link ReadOptions}. */
    static ReadOptions options(ReadingOptions reading, boolean collectives, ClockCorrection clocks, boolean noWaits) {
        ReadOptions.WaitMode waits = noWaits ? ReadOptions.WaitMode.OFF
                : clocks == ClockCorrection.NONE ? ReadOptions.WaitMode.RAW_CLOCKS : ReadOptions.WaitMode.CORRECTED_CLOCKS;
        return new ReadOptions(collectives, reading.skipMissing, reading.threadCount(), waits).withSkipDamaged(reading.skipDamaged);
    }

    /** The located trace and its profile. */
    record Read(TraceFormat.Located located, TraceProfile profile) {
    }

    static Read read(Path trace, ReadOptions options, ProgressBar progress) throws TraceReadException {
        TraceFormat.Located located = TraceFormat.locate(trace);
        try {
            TraceProfile profile = switch (located.format()) {
                case OTF2 -> Otf2TraceReader.read(located.file(), options, progress);
                case OTF1 -> Otf1TraceReader.read(located.file(), options, progress);
            };
            return new Read(located, profile);
        } finally {
            progress.finish();
        }
    }
}
