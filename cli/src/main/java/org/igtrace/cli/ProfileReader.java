package org.igtrace.cli;

import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceInput;
import org.igtrace.reader.TraceReadException;

/**
 * Reads a located trace into its profile: in this JVM by default ({@link #HERE}); another engine
 * (igtrace on Spark) reads it elsewhere and the command does the rest the same way
 * ({@link IgtraceCommand#run(java.io.Writer, java.io.PrintWriter, ProfileReader, String...)}).
 */
@FunctionalInterface
public interface ProfileReader {
    /** The whole trace read in this JVM. */
    ProfileReader HERE = (located, options, analysis, progress) -> TraceInput.read(located.file(), options, analysis, progress);

    TraceProfile read(TraceFormat.Located located, ReadOptions options, AnalysisOptions analysis, ReadProgress progress)
            throws TraceReadException;
}
