package org.igtrace.spark;

import java.io.Serializable;
import java.nio.file.Path;
import org.igtrace.reader.PartitionedSource;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf1.Otf1TraceReader;
import org.igtrace.reader.otf2.Otf2TraceReader;

/**
 * How the driver opened the trace, so that an executor opens it the same way: the located file
 * (on a file system every executor sees), its format and whether missing or damaged event files
 * are skipped (every executor then leaves out the same files and numbers the rest the same way).
 */
record TraceOpening(String file, TraceFormat format, boolean skipMissing, boolean skipDamaged) implements Serializable {

    PartitionedSource open() throws TraceReadException {
        Path path = Path.of(file);
        ReadOptions options = new ReadOptions(skipMissing, 1, null, skipDamaged);
        return switch (format) {
            case OTF2 -> Otf2TraceReader.open(path, options, ReadProgress.NONE);
            case OTF1 -> Otf1TraceReader.open(path, options, ReadProgress.NONE);
        };
    }
}
