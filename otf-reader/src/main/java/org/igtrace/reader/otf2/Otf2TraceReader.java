package org.igtrace.reader.otf2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.EventTaps;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.wait.WaitAnalysis;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.EventVisitor;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;
import org.igtrace.reader.otf2.nativelib.Otf2Exception;

/**
 * Reads an OTF2 archive through libotf2 into a {@link TraceProfile}: global definitions first,
 * then each CPU-thread location's local definitions and events, accumulated as they are read so
 * that memory does not grow with the number of events. Locations are read on several threads. Before any event is read, every location's
 * event file is checked to exist: a missing one is an error naming it, or with
 * {@link ReadOptions#skipMissing()} a note.
 */
public final class Otf2TraceReader {
    private Otf2TraceReader() {
    }

    public static TraceProfile read(Path anchor, boolean modelCollectives) throws TraceReadException {
        return read(anchor, new ReadOptions(modelCollectives, false));
    }

    public static TraceProfile read(Path anchor, ReadOptions options) throws TraceReadException {
        return read(anchor, options, ReadProgress.NONE);
    }

    /**
     * Reads the archive on {@link ReadOptions#threadCount()} threads, each with its own libotf2
     * reader over a share of the locations (shares balanced by the events the definitions
     * announce). Locations merge in definition order, so the profile does not depend on the
     * number of threads.
     */
    public static TraceProfile read(Path anchor, ReadOptions options, ReadProgress progress) throws TraceReadException {
        return readTapped(anchor, options, progress, d -> EventTaps.NONE);
    }

    /**
     * As {@link #read(Path, ReadOptions, ReadProgress)}, and the profile pass also feeds the sink
     * {@code alsoFeed} makes from the definitions (null: none), each location on one thread.
     */
    public static TraceProfile read(Path anchor, ReadOptions options, ReadProgress progress,
                                    Function<TraceDefinitions, LocationSink> alsoFeed) throws TraceReadException {
        return readTapped(anchor, options, progress, alsoFeeding(alsoFeed));
    }

    /** Taps that feed the profile pass's sink to {@code alsoFeed}'s sink too. */
    public static Function<TraceDefinitions, EventTaps> alsoFeeding(Function<TraceDefinitions, LocationSink> alsoFeed) {
        return d -> {
            LocationSink extra = alsoFeed == null ? null : alsoFeed.apply(d);
            return new EventTaps() {
                @Override
                public LocationSink perLocation(LocationSink profile) {
                    return TeeSink.of(profile, extra);
                }
            };
        };
    }

    /**
     * As above, with the taps made from the definitions ({@code taps}) filtering what the profile
     * and the wait analysis see and feeding further analyses.
     */
    public static TraceProfile readTapped(Path anchor, ReadOptions options, ReadProgress progress,
                                          Function<TraceDefinitions, EventTaps> taps) throws TraceReadException {
        Otf2Definitions collected = new Otf2Definitions();
        Otf2ReadFailure.requireCompleteGlobalDefinitions(anchor);
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readGlobalDefinitions(collected);
        } catch (Otf2Exception e) {
            throw Otf2ReadFailure.of(anchor, e);
        }
        TraceDefinitions definitions = collected.resolve();
        TraceAccumulator accumulator = new TraceAccumulator(definitions, options.modelCollectives());
        EventTaps tapped = taps.apply(definitions);
        LocationSink sink = tapped.perLocation(accumulator);
        Map<Long, Integer> locations = collected.locationProcesses();
        List<String> notes = new ArrayList<>();
        long[] ids = LocationFileCheck.readable(anchor, collected,
                present(anchor, collected, locations.keySet().stream().mapToLong(Long::longValue).toArray(), options.skipMissing(), notes),
                options.skipMissing(), notes);
        Map<Long, Integer> order = new HashMap<>();
        long total = 0;
        for (long id : ids) {
            order.put(id, order.size());
            total += collected.locationEvents(id);
        }
        progress.start(total, "events");
        LongFunction<EventVisitor> visitors = location -> {
            int process = locations.get(location);
            return new Otf2LocationTranslator(collected, process, sink.location(process, order.get(location)));
        };
        List<long[]> shares = LocationShares.balance(ids, collected::locationEvents, options.threadCount());
        if (shares.size() <= 1) {
            readShare(anchor, ids, visitors, progress);
        } else {
            readInParallel(anchor, shares, visitors, progress);
        }
        TraceProfile profile = accumulator.profile().withNotes(notes);
        if (options.waits() == ReadOptions.WaitMode.OFF) {
            return profile;
        }
        boolean correct = options.waits() == ReadOptions.WaitMode.CORRECTED_CLOCKS;
        long events = total;
        int[] pass = {0};
        return profile.withWaits(WaitAnalysis.analyse(definitions, correct, replaySink -> {
            pass[0]++;
            progress.start(events, correct && pass[0] == 1 ? "events (matching)" : "events (waiting)");
            replay(anchor, ids, location -> {
                int process = locations.get(location);
                return new Otf2LocationTranslator(collected, process, replaySink.location(process, order.get(location)));
            }, progress);
        }, tapped));
    }

    /** Reads the locations' events merged in time order, for matching across locations. */
    private static void replay(Path anchor, long[] ids, LongFunction<EventVisitor> visitors, ReadProgress progress)
            throws TraceReadException {
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.replayEvents(ids, visitors, progress::advance);
        } catch (Otf2Exception e) {
            throw Otf2ReadFailure.of(anchor, e);
        }
    }

    private static void readShare(Path anchor, long[] share, LongFunction<EventVisitor> visitors, ReadProgress progress)
            throws TraceReadException {
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readEvents(share, visitors, progress::advance);
        } catch (Otf2Exception e) {
            throw Otf2ReadFailure.of(anchor, e);
        }
    }

    private static void readInParallel(Path anchor, List<long[]> shares, LongFunction<EventVisitor> visitors,
                                       ReadProgress progress) throws TraceReadException {
        ExecutorService pool = Executors.newFixedThreadPool(shares.size(), r -> {
            Thread t = new Thread(r, "otf2-reader");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> running = new ArrayList<>();
            for (long[] share : shares) {
                running.add(pool.submit(() -> {
                    readShare(anchor, share, visitors, progress);
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof TraceReadException t) {
                throw t;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TraceReadException(anchor + ": interrupted");
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The locations whose event file {@code NAME/<location>.evt} exists. Checked only for archives
     * written with the POSIX substrate (one file per location); others are left to libotf2.
     */
    private static long[] present(Path anchor, Otf2Definitions collected, long[] locations, boolean skipMissing,
                                  List<String> notes) throws TraceReadException {
        String name = anchor.getFileName().toString();
        Path dir = anchor.resolveSibling(name.endsWith(".otf2") ? name.substring(0, name.length() - 5) : name);
        if (Files.isDirectory(dir) && usesOtherSubstrate(dir)) {
            return locations;
        }
        long[] kept = new long[locations.length];
        int n = 0;
        List<String> missing = new ArrayList<>();
        for (long location : locations) {
            Path evt = dir.resolve(location + ".evt");
            if (Files.isRegularFile(evt)) {
                kept[n++] = location;
                continue;
            }
            String locationName = collected.locationName(location);
            String what = "location " + location + (locationName == null ? "" : ", \"" + locationName + "\"");
            if (!skipMissing) {
                int others = locations.length - 1;
                throw new TraceReadException(evt + ": missing (" + what + "); use --skip-missing to build the graph from the other "
                        + others + (others == 1 ? " location" : " locations"));
            }
            missing.add(what);
        }
        if (n == 0 && locations.length > 0) {
            throw new TraceReadException(dir + ": no event file (*.evt) of any of the " + locations.length + " locations");
        }
        if (!missing.isEmpty()) {
            notes.add(Diagnostic.count(missing.size(), "location", "locations") + " left out, their event files missing (" + String.join("; ", missing) + ")");
        }
        return java.util.Arrays.copyOf(kept, n);
    }

    private static boolean usesOtherSubstrate(Path dir) throws TraceReadException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".sion"));
        } catch (IOException e) {
            throw new TraceReadException(dir + ": cannot list (" + e.getMessage() + ")");
        }
    }
}
