package org.igtrace.reader.otf1;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.reader.TraceReadException;

/**
 * What tells a damaged OTF trace from a whole one across its files: the master file and the
 * definitions must name the same processes, and every events file must hold every process the
 * master file puts in it. (Within one file, {@link ZlibBlockInputStream}, {@link LineSource} and
 * {@link Otf1EventStream} find cuts and undefined names.) With {@code --skip-damaged} the events
 * files are checked before reading and the damaged ones left out with a note naming them; damaged
 * definitions or a damaged master file are always an error.
 */
final class Otf1DamageCheck {
    private Otf1DamageCheck() {
    }

    /**
     * Every process the master file lists is defined, and every process whose events are read (an
     * MPI process or its thread) is listed: a cut definitions or master file fails here, naming it.
     */
    static void masterAgreesWithDefinitions(Otf1FileSet files, Otf1Definitions definitions) throws TraceReadException {
        Path master = files.master();
        Set<Long> listed = new HashSet<>();
        for (Otf1FileSet.Stream stream : files.streams()) {
            for (long p : stream.processes()) {
                if (!definitions.defines(p)) {
                    throw new TraceReadException(files.globalDefinitions() + ": does not define process " + Long.toHexString(p)
                            + ", which " + master.getFileName() + " lists (one of the two files is damaged or truncated)");
                }
                listed.add(p);
            }
        }
        for (long p : definitions.processIds()) {
            if (definitions.rank(p) != Otf1Definitions.NO_RANK && !listed.contains(p)) {
                throw new TraceReadException(master + ": lists no stream for process " + Long.toHexString(p) + " \""
                        + definitions.processName(p) + "\", which " + definitions.fileName()
                        + " defines (the master file is damaged or truncated)");
            }
        }
    }

    /** Every process read from a stream has records in the stream's events file (parsed in the order of {@code eventFiles}). */
    static void streamsHoldTheirProcesses(Otf1FileSet files, List<Path> eventFiles, List<Otf1EventStream> parsed,
                                          Otf1Definitions definitions) throws TraceReadException {
        Map<Path, Otf1FileSet.Stream> streamOf = streamsByFile(files);
        for (int i = 0; i < eventFiles.size(); i++) {
            streamHoldsItsProcesses(files, eventFiles.get(i), streamOf.get(eventFiles.get(i)), parsed.get(i), definitions);
        }
    }

    /** As above for one events file, whose stream (null: none) the caller looked up. */
    static void streamHoldsItsProcesses(Otf1FileSet files, Path eventFile, Otf1FileSet.Stream stream, Otf1EventStream parsed,
                                        Otf1Definitions definitions) throws TraceReadException {
        String problem = missingProcess(stream, parsed, definitions, files);
        if (problem != null) {
            throw new TraceReadException(eventFile + ": " + problem);
        }
    }

    /** The stream of each events file that exists. */
    static Map<Path, Otf1FileSet.Stream> streamsByFile(Otf1FileSet files) {
        Map<Path, Otf1FileSet.Stream> streamOf = new HashMap<>();
        for (Otf1FileSet.Stream stream : files.streams()) {
            Path events = files.events(stream.id());
            if (events != null) {
                streamOf.put(events, stream);
            }
        }
        return streamOf;
    }

    private static String missingProcess(Otf1FileSet.Stream stream, Otf1EventStream parsed, Otf1Definitions definitions,
                                         Otf1FileSet files) {
        if (stream == null || parsed.abortedByWriter) {
            return null;
        }
        for (long p : stream.processes()) {
            if (definitions.rank(p) != Otf1Definitions.NO_RANK && !parsed.holds(p)) {
                return "holds no record of process " + Long.toHexString(p) + " \"" + definitions.processName(p) + "\", which "
                        + files.master().getFileName() + " puts in it (the file is empty, truncated or overwritten)";
            }
        }
        return null;
    }

    /**
     * {@code --skip-damaged}: reads every events file once, keeping nothing, and returns the files
     * that read whole; the others are named in a note. A record naming something the definitions
     * do not define stays an error: the definitions may be the damaged file.
     */
    static List<Path> withoutDamaged(Otf1FileSet files, List<Path> eventFiles, Otf1Definitions definitions, int threads,
                                     List<String> notes) throws TraceReadException {
        Map<Path, Otf1FileSet.Stream> streamOf = streamsByFile(files);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, eventFiles.size())), r -> {
            Thread t = new Thread(r, "otf1-check");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<String>> problems = new ArrayList<>();
            for (Path file : eventFiles) {
                problems.add(pool.submit(() -> damage(file, streamOf.get(file), definitions, files)));
            }
            List<Path> whole = new ArrayList<>();
            List<String> damaged = new ArrayList<>();
            for (int i = 0; i < eventFiles.size(); i++) {
                String problem = problems.get(i).get();
                if (problem == null) {
                    whole.add(eventFiles.get(i));
                } else {
                    damaged.add(eventFiles.get(i).getFileName() + ": " + problem);
                }
            }
            if (whole.isEmpty() && !eventFiles.isEmpty()) {
                throw new TraceReadException(eventFiles.get(0) + ": " + problems.get(0).get()
                        + (eventFiles.size() > 1 ? " (and every other events file is damaged too)" : ""));
            }
            if (!damaged.isEmpty()) {
                notes.add(Diagnostic.count(damaged.size(), "damaged events file", "damaged events files") + " left out ("
                        + String.join("; ", damaged) + ")");
            }
            return whole;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TraceReadException t) {
                throw t;
            }
            throw new TraceReadException("checking the events files failed (" + e.getCause() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TraceReadException("interrupted while checking the events files");
        } finally {
            pool.shutdownNow();
        }
    }

    /** What is wrong with one events file, or null when it reads whole. */
    private static String damage(Path file, Otf1FileSet.Stream stream, Otf1Definitions definitions, Otf1FileSet files)
            throws TraceReadException {
        Otf1EventStream parsed = new Otf1EventStream(definitions, DISCARD, 0);
        try (InputStream in = Otf1FileSet.openData(file)) {
            LineSource.forEachLine(in, parsed);
        } catch (Otf1EventStream.UndefinedReference e) {
            throw new TraceReadException(file + ": " + e.getMessage());
        } catch (IOException e) {
            return e.getMessage();
        } catch (RuntimeException e) {
            return "cannot be parsed (" + e + ")";
        }
        return missingProcess(stream, parsed, definitions, files);
    }

    private static final LocationEvents NOTHING = new LocationEvents() {
        @Override
        public void enter(long time, int region) {
        }

        @Override
        public void leave(long time, int region) {
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
        }

        @Override
        public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        }
    };

    private static final LocationSink DISCARD = (process, order) -> NOTHING;
}
