package org.igtrace.reader.otf1;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import java.util.function.Function;
import org.igtrace.core.trace.EventTaps;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.wait.WaitAnalysis;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceReadException;

/**
 * Reads an OTF (version 1) trace in pure Java into a {@link TraceProfile}: the master file, the
 * global and local definitions, then every stream's events file, plain or zlib-compressed. Streams
 * are parsed on several threads, each accumulated as it is read, so memory does not grow with the
 * number of events. Streams that hold only processes igtrace leaves out (GPU streams) are not read.
 */
public final class Otf1TraceReader {
    private Otf1TraceReader() {
    }

    /**
     * @param master           the trace's master file {@code NAME.otf}
     * @param modelCollectives whether collectives add modelled traffic ({@code --collectives})
     */
    public static TraceProfile read(Path master, boolean modelCollectives) throws TraceReadException {
        return read(master, new ReadOptions(modelCollectives, false));
    }

    public static TraceProfile read(Path master, ReadOptions options) throws TraceReadException {
        return read(master, options, options.threadCount());
    }

    /** Reads the trace, telling {@code progress} the bytes of event files read as each file is done. */
    public static TraceProfile read(Path master, ReadOptions options, ReadProgress progress) throws TraceReadException {
        return read(master, options, options.threadCount(), progress, d -> EventTaps.NONE);
    }

    /** As above, with the taps made from the definitions filtering what the analyses see and feeding more of them. */
    public static TraceProfile readTapped(Path master, ReadOptions options, ReadProgress progress,
                                          Function<TraceDefinitions, EventTaps> taps) throws TraceReadException {
        return read(master, options, options.threadCount(), progress, taps);
    }

    public static TraceProfile read(Path master, boolean modelCollectives, int threads) throws TraceReadException {
        return read(master, new ReadOptions(modelCollectives, false), threads);
    }

    public static TraceProfile read(Path master, ReadOptions options, int threads) throws TraceReadException {
        return read(master, options, threads, ReadProgress.NONE, d -> EventTaps.NONE);
    }

    /**
     * As {@link #read(Path, ReadOptions, ReadProgress)}, and the profile pass also feeds the sink
     * {@code alsoFeed} makes from the definitions (null: none), each stream on one thread.
     */
    public static TraceProfile read(Path master, ReadOptions options, ReadProgress progress,
                                    Function<TraceDefinitions, LocationSink> alsoFeed) throws TraceReadException {
        return read(master, options, options.threadCount(), progress, org.igtrace.reader.otf2.Otf2TraceReader.alsoFeeding(alsoFeed));
    }

    private static TraceProfile read(Path master, ReadOptions options, int threads, ReadProgress progress,
                                     Function<TraceDefinitions, EventTaps> taps) throws TraceReadException {
        Otf1FileSet files = Otf1FileSet.open(master);
        Otf1DefinitionRecords records = new Otf1DefinitionRecords();
        Path global = files.globalDefinitions();
        if (global == null) {
            throw new TraceReadException(master.resolveSibling(stubOf(master) + ".0.def[.z]")
                    + ": missing (the trace's global definitions)");
        }
        readLines(global, records);
        for (Otf1FileSet.Stream stream : files.streams()) {
            Path local = files.localDefinitions(stream.id());
            if (local != null && stream.id() != 0) {
                readLines(local, records);
            }
        }
        Otf1Definitions definitions = new Otf1Definitions(records, global);
        Otf1DamageCheck.masterAgreesWithDefinitions(files, definitions);
        TraceAccumulator accumulator = new TraceAccumulator(definitions.definitions(), options.modelCollectives());
        EventTaps tapped = taps.apply(definitions.definitions());
        LocationSink sink = tapped.perLocation(accumulator);

        List<Path> eventFiles = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        List<Otf1FileSet.Stream> wanted = files.streams().stream().filter(s -> holdsReadProcesses(s, definitions)).toList();
        for (Otf1FileSet.Stream stream : wanted) {
            Path events = files.events(stream.id());
            if (events != null) {
                eventFiles.add(events);
                continue;
            }
            String what = "stream " + Long.toHexString(stream.id()) + describe(stream, definitions);
            if (!options.skipMissing()) {
                int others = wanted.size() - 1;
                throw new TraceReadException(master.resolveSibling(files.eventsName(stream.id())) + ": missing (" + what
                        + "); use --skip-missing to build the graph from the other " + others + (others == 1 ? " stream" : " streams"));
            }
            missing.add(files.eventsName(stream.id()) + ": " + what);
        }
        if (eventFiles.isEmpty() && !wanted.isEmpty()) {
            throw new TraceReadException(master + ": no events file of any of the " + wanted.size() + " streams it lists");
        }
        List<String> notes = new ArrayList<>();
        if (options.skipDamaged()) {
            eventFiles = Otf1DamageCheck.withoutDamaged(files, eventFiles, definitions, threads, notes);
        }
        long total = 0;
        for (Path file : eventFiles) {
            total += sizeOf(file);
        }
        progress.start(total, "bytes");
        List<Otf1EventStream> parsed = readStreams(eventFiles, definitions, sink, threads, progress);
        Otf1DamageCheck.streamsHoldTheirProcesses(files, eventFiles, parsed, definitions);
        if (!missing.isEmpty()) {
            notes.add(Diagnostic.count(missing.size(), "stream", "streams") + " left out, their events files missing (" + String.join("; ", missing) + ")");
        }
        notes.addAll(notes(parsed, eventFiles));
        TraceProfile profile = accumulator.profile().withNotes(notes);
        if (options.waits() == ReadOptions.WaitMode.OFF) {
            return profile;
        }
        boolean correct = options.waits() == ReadOptions.WaitMode.CORRECTED_CLOCKS;
        long bytes = total;
        List<Path> read = eventFiles;
        int[] pass = {0};
        return profile.withWaits(WaitAnalysis.analyse(definitions.definitions(), correct, replaySink -> {
            pass[0]++;
            progress.start(bytes, correct && pass[0] == 1 ? "bytes (matching)" : "bytes (waiting)");
            replay(read, definitions, replaySink, progress);
        }, tapped));
    }

    /**
     * Reads every events file in step, merged in time order: the file whose time is earliest
     * hands on its lines until its time passes the next file's. One open file and a line buffer
     * per stream; nothing per event.
     */
    private static void replay(List<Path> eventFiles, Otf1Definitions definitions, LocationSink sink, ReadProgress progress)
            throws TraceReadException {
        record Open(Path file, InputStream in, LineSource.Cursor lines, Otf1EventStream stream) {
        }
        List<Open> open = new ArrayList<>();
        try {
            PriorityQueue<Open> queue = new PriorityQueue<>(Comparator.comparingLong((Open o) -> o.stream().time()));
            for (int i = 0; i < eventFiles.size(); i++) {
                Path file = eventFiles.get(i);
                InputStream in = Otf1FileSet.openData(file);
                Open o = new Open(file, in, new LineSource.Cursor(in), new Otf1EventStream(definitions, sink, i));
                open.add(o);
                queue.add(o);
            }
            while (!queue.isEmpty()) {
                Open o = queue.poll();
                long limit = queue.isEmpty() ? Long.MAX_VALUE : queue.peek().stream().time();
                boolean more = true;
                try {
                    while (o.stream().time() <= limit && (more = o.lines().next(o.stream()))) {
                        // lines up to the next stream's time
                    }
                } catch (RuntimeException e) {
                    throw new TraceReadException(o.file() + ": cannot be parsed (" + e + ")");
                } catch (IOException e) {
                    throw new TraceReadException(o.file() + ": " + e.getMessage());
                }
                if (more) {
                    queue.add(o);
                } else {
                    o.stream().finish();
                    progress.advance(sizeOf(o.file()));
                }
            }
        } catch (IOException e) {
            throw new TraceReadException("reading the events for matching failed (" + e.getMessage() + ")");
        } finally {
            for (Open o : open) {
                try {
                    o.in().close();
                } catch (IOException ignored) {
                    // read-only; nothing lost
                }
            }
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    private static String stubOf(Path master) {
        String name = master.getFileName().toString();
        return name.endsWith(".otf") ? name.substring(0, name.length() - 4) : name;
    }

    private static boolean holdsReadProcesses(Otf1FileSet.Stream stream, Otf1Definitions definitions) {
        for (long p : stream.processes()) {
            if (definitions.rank(p) != Otf1Definitions.NO_RANK || !definitions.isLeftOut(p)) {
                return true;
            }
        }
        return stream.processes().length == 0;
    }

    private static String describe(Otf1FileSet.Stream stream, Otf1Definitions definitions) {
        StringBuilder s = new StringBuilder();
        for (long p : stream.processes()) {
            String name = definitions.processName(p);
            s.append(", process ").append(Long.toHexString(p));
            if (name != null) {
                s.append(" \"").append(name).append('"');
            }
        }
        return s.toString();
    }

    private static List<Otf1EventStream> readStreams(List<Path> eventFiles, Otf1Definitions definitions,
                                                     LocationSink accumulator, int threads, ReadProgress progress)
            throws TraceReadException {
        List<Otf1EventStream> parsed = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, eventFiles.size())), r -> {
            Thread t = new Thread(r, "otf1-stream");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Otf1EventStream>> futures = new ArrayList<>();
            for (int i = 0; i < eventFiles.size(); i++) {
                Path file = eventFiles.get(i);
                long order = i;
                futures.add(pool.submit(() -> {
                    Otf1EventStream stream = new Otf1EventStream(definitions, accumulator, order);
                    try {
                        readLines(file, stream);
                    } catch (RuntimeException e) {
                        throw new TraceReadException(file + ": cannot be parsed (" + e + ")");
                    }
                    stream.finish();
                    progress.advance(sizeOf(file));
                    return stream;
                }));
            }
            for (Future<Otf1EventStream> f : futures) {
                parsed.add(f.get());
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TraceReadException t) {
                throw t;
            }
            throw new TraceReadException("reading the events failed (" + e.getCause() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TraceReadException("interrupted while reading the events");
        } finally {
            pool.shutdownNow();
        }
        return parsed;
    }

    private static void readLines(Path file, LineSource.LineConsumer consumer) throws TraceReadException {
        try (InputStream in = Otf1FileSet.openData(file)) {
            LineSource.forEachLine(in, consumer);
        } catch (IOException e) {
            throw new TraceReadException(file + ": " + e.getMessage());
        }
    }

    private static List<String> notes(List<Otf1EventStream> streams, List<Path> files) {
        long unknown = 0, leaves = 0, open = 0, collectiveEnds = 0, aborted = 0;
        List<String> openIn = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) {
            Otf1EventStream s = streams.get(i);
            unknown += s.unknownRecords;
            leaves += s.leavesWithoutEnter;
            open += s.regionsLeftOpen;
            if (s.regionsLeftOpen > 0) {
                openIn.add(files.get(i).getFileName().toString());
            }
            collectiveEnds += s.collectiveEndsWithoutBegin;
            aborted += s.abortedByWriter ? 1 : 0;
        }
        List<String> notes = new ArrayList<>();
        if (unknown > 0) {
            notes.add(unknown + " unknown event records skipped");
        }
        if (leaves > 0) {
            notes.add(leaves + " Leave records without an open region ignored");
        }
        if (open > 0) {
            notes.add(open + " regions still open at the end of their stream closed at the process's last event ("
                    + (openIn.size() <= 3 ? String.join(", ", openIn) : String.join(", ", openIn.subList(0, 3)) + ", ...") + ")");
        }
        if (collectiveEnds > 0) {
            notes.add(collectiveEnds + " collective ends without a begin ignored");
        }
        if (aborted > 0) {
            notes.add(aborted + " streams end in the writer's 'unsorted time stamp' abort: read up to it");
        }
        return notes;
    }
}
