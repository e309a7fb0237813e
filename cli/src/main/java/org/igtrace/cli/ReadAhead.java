package org.igtrace.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.FutureTask;
import java.util.function.IntConsumer;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.EventTaps;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceInput;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;

/**
 * Start-up of a small trace: its read begins on another thread before picocli has parsed the
 * command line (building picocli's model from the annotations takes about as long as reading a
 * tiny trace, 0.06-0.09 s each, so on two cores the two overlap). Only a command line that is a
 * trace and nothing but output options ({@code igtrace TRACE -o FILE}, {@code igtrace graph|stats
 * TRACE}, {@code -q}) is read ahead, with the reading and analysis settings that the defaults give;
 * the command then asks for its read as usual, and {@link #reader} hands it the read made ahead
 * when the request is exactly the one guessed (same trace, same {@link ReadOptions}, same
 * {@link AnalysisOptions}), else reads anew. A failure of the read made ahead is the command's
 * own failure, reported when the command asks for the read; a read no command asks for is left
 * unused. Only traces of at most {@value #SMALL_BYTES} bytes are read ahead, so that a guess
 * that turns out wrong costs little.
 */
final class ReadAhead {
    /** Traces up to this size are read ahead (the launcher runs these with the quick compiler only). */
    static final long SMALL_BYTES = 16L << 20;
    /** Files looked at when adding up a trace's size before giving up (a trace of many files is not small). */
    private static final int SIZE_FILES = 512;
    /** What the defaults of the graph and stats commands ask of the reader (see {@link TraceReading#options}). */
    static final ReadOptions DEFAULT_READ = new ReadOptions(false, 0, null, false);
    static final AnalysisOptions DEFAULT_ANALYSIS = new AnalysisOptions(false, WaitMode.CORRECTED_CLOCKS);

    private final TraceFormat.Located located;
    private final FutureTask<TraceProfile> read;
    private boolean claimed;

    private ReadAhead(TraceFormat.Located located) {
        this.located = located;
        this.read = new FutureTask<>(() -> {
            if (located.format() == TraceFormat.OTF2) {
                Otf2Archive.preload();
            }
            return TraceInput.read(located, DEFAULT_READ, DEFAULT_ANALYSIS, ReadProgress.NONE, d -> EventTaps.NONE);
        });
    }

    /**
     * Starts reading the trace of {@code args} if the command line is one that is read ahead and the
     * trace is small; else null.
     */
    static ReadAhead start(String[] args) {
        Path trace = onlyTrace(args);
        if (trace == null || !Files.isRegularFile(trace) && !Files.isDirectory(trace)) {
            return null;
        }
        TraceFormat.Located located;
        try {
            located = TraceFormat.locate(trace);
        } catch (TraceReadException e) {
            return null; // the command says what is wrong with it
        }
        if (!Files.isRegularFile(located.file()) || !small(located.file())) {
            return null;
        }
        ReadAhead ahead = new ReadAhead(located);
        Thread t = new Thread(ahead.read, "igtrace-read-ahead");
        t.setDaemon(true);
        t.start();
        return ahead;
    }

    /**
     * The trace of a command line made only of a trace and output options, optionally after the
     * command name graph or stats; else null.
     */
    static Path onlyTrace(String[] args) {
        String trace = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i == 0 && (a.equals("graph") || a.equals("stats"))) {
                continue;
            }
            if (a.equals("-o") || a.equals("--output")) {
                i++;
                if (i == args.length) {
                    return null;
                }
            } else if (a.equals("-q") || a.equals("--quiet") || a.startsWith("--output=")) {
                continue;
            } else if (a.isEmpty() || a.startsWith("-") || trace != null) {
                return null;
            } else {
                trace = a;
            }
        }
        try {
            return trace == null ? null : Path.of(trace);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /**
     * Whether the files of the trace whose anchor or master file is {@code file} add up to at most
     * {@link #SMALL_BYTES}: the file, and the files and folders beside it named after its stem (an
     * OTF2 archive's folder and definitions, an OTF trace's streams), looked at up to
     * {@value #SIZE_FILES} files.
     */
    static boolean small(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        Path folder = file.toAbsolutePath().getParent();
        long[] budget = {SMALL_BYTES, SIZE_FILES};
        try (DirectoryStream<Path> beside = Files.newDirectoryStream(folder, stem + "*")) {
            for (Path p : beside) {
                if (!fits(p, budget)) {
                    return false;
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return true;
    }

    /** Takes {@code p}'s bytes (a folder's, to a depth of two) from budget[0] and its files from budget[1]; false when either runs out. */
    private static boolean fits(Path p, long[] budget) throws IOException {
        if (--budget[1] < 0) {
            return false;
        }
        if (Files.isDirectory(p)) {
            try (DirectoryStream<Path> inside = Files.newDirectoryStream(p)) {
                for (Path q : inside) {
                    if (!fits(q, budget)) {
                        return false;
                    }
                }
            }
            return true;
        }
        budget[0] -= Files.size(p);
        return budget[0] >= 0;
    }

    /** Whether a command took the read made ahead. */
    synchronized boolean claimed() {
        return claimed;
    }

    /** The read made ahead, if it is the one asked for and no command took it yet; else null. */
    private synchronized FutureTask<TraceProfile> claim(TraceFormat.Located asked, ReadOptions options, AnalysisOptions analysis) {
        if (claimed || !located.equals(asked) || !DEFAULT_READ.equals(options) || !DEFAULT_ANALYSIS.equals(analysis)) {
            return null;
        }
        claimed = true;
        return read;
    }

    /** {@code reader}, but handing over the read made ahead when a command asks for exactly it. */
    ProfileReader reader(ProfileReader reader) {
        return new ProfileReader() {
            @Override
            public TraceProfile read(TraceFormat.Located asked, ReadOptions options, AnalysisOptions analysis, ReadProgress progress)
                    throws TraceReadException {
                FutureTask<TraceProfile> ahead = claim(asked, options, analysis);
                return ahead == null ? reader.read(asked, options, analysis, progress) : result(ahead);
            }

            @Override
            public TraceProfile read(TraceFormat.Located asked, ReadOptions options, AnalysisOptions analysis, ReadProgress progress,
                                     IntConsumer beforeEvents) throws TraceReadException {
                FutureTask<TraceProfile> ahead = claim(asked, options, analysis);
                if (ahead == null) {
                    return reader.read(asked, options, analysis, progress, beforeEvents);
                }
                TraceProfile profile = result(ahead);
                beforeEvents.accept(profile.processes().size());
                return profile;
            }

            @Override
            public Selected readSelected(TraceFormat.Located asked, ReadOptions options, AnalysisOptions analysis,
                                         ReadProgress progress, org.igtrace.core.select.Selection selection) throws TraceReadException {
                return reader.readSelected(asked, options, analysis, progress, selection);
            }
        };
    }

    /** What the read made ahead gave: its profile, or what it threw. */
    private static TraceProfile result(FutureTask<TraceProfile> read) throws TraceReadException {
        try {
            return read.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the trace's read", e);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof TraceReadException t) {
                throw t;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }
}
