package org.igtrace.reader.otf1;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.pipeline.TraceSource;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.PartReader;
import org.igtrace.reader.PartitionedSource;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceReadException;

/**
 * An OTF (version 1) trace read in pure Java, as a {@link TraceSource}: {@link #open} reads the
 * master file and the global and local definitions and checks the events files; {@link #read}
 * parses every stream's events file, plain or zlib-compressed, on several threads (one file per
 * task), each location on its own. Streams that hold only processes igtrace leaves out (GPU
 * streams) are not read. Locations are numbered by the stream's place in the master file, so
 * results do not depend on thread timing.
 */
public final class Otf1TraceReader implements PartitionedSource {
    private final ReadOptions options;
    private final ReadProgress progress;
    private final Otf1FileSet files;
    /** The definitions, of the processes analysed ({@link #processesKept}). */
    private final Otf1Definitions definitions;
    private final List<Path> eventFiles = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    /** The processes (MPI processes and threads) no stream lists: they recorded nothing. */
    private final List<Long> unlisted;
    /** The definitions with the processes whose streams were left out marked so (definitions section 2). */
    private final TraceDefinitions marked;

    private Otf1TraceReader(Path master, ReadOptions options, ReadProgress progress) throws TraceReadException {
        this.options = options;
        this.progress = progress;
        files = Otf1FileSet.open(master);
        Otf1Definitions all = readDefinitions(master, files);
        unlisted = Otf1DamageCheck.masterAgreesWithDefinitions(files, all);
        List<String> missing = new ArrayList<>();
        int[] wanted = java.util.stream.IntStream.range(0, files.streamCount()).filter(s -> holdsReadProcesses(files, s, all)).toArray();
        int missingCount = 0;
        for (int s : wanted) {
            Otf1FileSet.Stream stream = files.stream(s);
            Path events = files.events(stream.id());
            if (events != null) {
                eventFiles.add(events);
                continue;
            }
            if (!options.skipMissing()) {
                String what = "stream " + Long.toHexString(stream.id()) + describe(stream, all);
                long others = java.util.Arrays.stream(wanted).filter(w -> files.events(files.streamId(w)) != null).count(); // the streams there
                throw new TraceReadException(master.resolveSibling(files.eventsName(stream.id())) + ": missing (" + what + ")"
                        + unlistedBeside(master) + (others == 0 ? "" : "; use " + Remedy.SKIP_MISSING.named() + " to read "
                        + (others == 1 ? "the other stream" : "the other " + others + " streams")));
            }
            if (++missingCount <= NAMED_MISSING) {
                missing.add(files.eventsName(stream.id()) + ": stream " + Long.toHexString(stream.id()) + describe(stream, all));
            }
        }
        if (eventFiles.isEmpty() && wanted.length > 0) {
            throw new TraceReadException(master + ": no events file of any of the " + wanted.length + " streams it lists");
        }
        if (missingCount > 0) {
            notes.add(Diagnostic.count(missingCount, "stream", "streams") + " left out, their events files missing (" + String.join("; ", missing)
                    + (missingCount > NAMED_MISSING ? "; " + Diagnostic.count(missingCount - NAMED_MISSING, "other", "others") : "") + ")"
                    + unlistedBeside(master));
        }
        if (options.skipDamaged()) {
            List<Path> undamaged = Otf1DamageCheck.withoutDamaged(files, eventFiles, all, options.threadCount(), notes);
            eventFiles.clear();
            eventFiles.addAll(undamaged);
        }
        int[] kept = options.skipMissing() && eventFiles.size() < wanted.length ? processesKept(all) : null;
        definitions = kept == null ? all : all.keeping(kept);
        marked = threadNames(leftOut(wanted, files, eventFiles, definitions), definitions, files, eventFiles);
    }

    /**
     * {@code marked} with the names of the threads read of each process that has several ({@link
     * TraceDefinitions#threadName}): a stream's locations are numbered {@code (its place in eventFiles << 20) +} their
     * place among the processes its file holds, as met ({@link Otf1EventStream}); of a stream that lists one process
     * (VampirTrace writes one a file) that place is 0 before the file is read. A stream of several keeps its threads
     * numbered.
     */
    private static TraceDefinitions threadNames(TraceDefinitions marked, Otf1Definitions definitions, Otf1FileSet files,
                                                List<Path> eventFiles) {
        java.util.Map<Path, Otf1FileSet.Stream> streamOf = Otf1DamageCheck.streamsByFile(files);
        int[] perProcess = new int[marked.processCount()];
        long[] only = new long[eventFiles.size()];
        java.util.Arrays.fill(only, -1);
        for (int i = 0; i < eventFiles.size(); i++) {
            Otf1FileSet.Stream stream = streamOf.get(eventFiles.get(i));
            for (long p : stream == null ? new long[0] : stream.processes()) {
                int process = definitions.process(p);
                if (process >= 0 && process < perProcess.length) {
                    perProcess[process]++;
                    only[i] = stream.processes().length == 1 ? p : -1;
                }
            }
        }
        java.util.Map<Long, String> names = new java.util.HashMap<>();
        for (int i = 0; i < only.length; i++) {
            int process = only[i] < 0 ? -1 : definitions.process(only[i]);
            String name = process >= 0 && perProcess[process] > 1 ? definitions.processName(only[i]) : null;
            if (name != null) {
                names.put((long) i << 20, name);
            }
        }
        java.util.BitSet threaded = new java.util.BitSet();
        for (int p = 0; p < perProcess.length; p++) {
            threaded.set(p, perProcess[p] > 1);
        }
        TraceDefinitions threads = threaded.isEmpty() ? marked : marked.withSeveralThreads(threaded);
        return names.isEmpty() ? threads : threads.withThreadNames(names);
    }

    /** How many of the streams left out the note names; it counts the others (10^6 names would be tens of megabytes). */
    static final int NAMED_MISSING = 8;

    /**
     * Where a stream's events file is missing: the trace's events files beside the master file that it lists for no
     * stream (a master file edited or damaged to name another stream, {@code 3:3} read as {@code 7:3}), else "".
     */
    private String unlistedBeside(Path master) throws TraceReadException {
        List<Path> unlisted = files.unlistedEvents();
        if (unlisted.isEmpty()) {
            return "";
        }
        String name = master.getFileName().toString();
        return "; " + unlisted.get(0).getFileName() + (unlisted.size() == 1 ? " lies in the same folder, a stream " : " and "
                + (unlisted.size() - 1) + " more lie in the same folder, streams ") + name + " does not list: " + name + " may be damaged";
    }

    /**
     * With {@code --skip-missing}, when streams were left out: the world ranks of the processes to analyse, or null
     * for all of them. Those whose events are read (a process no stream lists counts: it recorded nothing), those a
     * message or rooted collective read names (one more pass over the events files read, {@link Otf1PeerPass}, when
     * the others outnumber the processes read and selected), and those the selection names, when the others
     * outnumber them: an archive declaring 10^6 processes and holding the files of 3 then costs what the 3 and
     * their partners cost, not a process per declared one (issue 41 item 6).
     */
    private int[] processesKept(Otf1Definitions all) throws TraceReadException {
        int declared = all.mpiProcesses();
        java.util.BitSet kept = new java.util.BitSet();
        java.util.Map<Path, Otf1FileSet.Stream> streamOf = Otf1DamageCheck.streamsByFile(files);
        for (Path file : eventFiles) {
            Otf1FileSet.Stream stream = streamOf.get(file);
            for (long p : stream == null ? new long[0] : stream.processes()) {
                setRank(kept, all.rank(p));
            }
        }
        unlisted.forEach(p -> setRank(kept, all.rank(p)));
        java.util.BitSet selected = options.namedRanks();
        if (selected != null) {
            kept.or(selected.get(0, declared));
        }
        if (declared - kept.cardinality() <= kept.cardinality()) {
            return null;
        }
        kept.or(Otf1PeerPass.of(eventFiles, all, options.threadCount()));
        int analysed = kept.cardinality();
        if (declared - analysed <= analysed) {
            return null;
        }
        int last = kept.length() - 1;
        String after = last == analysed - 1 ? " after rank " + last : ""; // 0..last: the process numbers are the world ranks
        notes.add(Diagnostic.count(declared - analysed, "process", "processes") + after + " not analysed (of " + declared
                + " declared): no event of theirs was read and no message read names them" + (selected == null ? "" : ", nor does the selection"));
        return kept.stream().toArray();
    }

    private static void setRank(java.util.BitSet ranks, int rank) {
        if (rank != Otf1Definitions.NO_RANK) {
            ranks.set(rank);
        }
    }

    /**
     * The definitions with the processes of the streams left out (missing or damaged events files) marked, but for
     * those a stream read lists too: nothing of them is read, so their numbers are unknowns, not T = 0 and w = 1.
     */
    private static TraceDefinitions leftOut(int[] wanted, Otf1FileSet files, List<Path> read,
                                            Otf1Definitions definitions) {
        java.util.BitSet readRanks = new java.util.BitSet(), leftOut = new java.util.BitSet();
        java.util.Set<Path> kept = new java.util.HashSet<>(read);
        for (int s : wanted) {
            Path events = files.events(files.streamId(s));
            java.util.BitSet into = events != null && kept.contains(events) ? readRanks : leftOut;
            for (int i = 0; i < files.streamProcessCount(s); i++) {
                int process = definitions.process(files.streamProcess(s, i));
                if (process >= 0) {
                    into.set(process);
                }
            }
        }
        leftOut.andNot(readRanks);
        return leftOut.isEmpty() ? definitions.definitions() : definitions.definitions().withLeftOut(leftOut);
    }

    /**
     * Opens the trace whose master file is {@code master}: its definitions, and which events files
     * are there. {@code progress} is told the bytes of event files read as each file is done.
     */
    public static Otf1TraceReader open(Path master, ReadOptions options, ReadProgress progress) throws TraceReadException {
        return new Otf1TraceReader(master, options, progress);
    }

    private static Otf1Definitions readDefinitions(Path master, Otf1FileSet files) throws TraceReadException {
        Otf1DefinitionRecords records = new Otf1DefinitionRecords();
        Path global = files.globalDefinitions();
        if (global == null) {
            throw new TraceReadException(master.resolveSibling(stubOf(master) + ".0.def[.z]")
                    + ": missing (the trace's global definitions)");
        }
        readLines(global, records);
        records.local = true;
        for (int s = 0; s < files.streamCount(); s++) {
            Path local = files.localDefinitions(files.streamId(s));
            if (local != null && files.streamId(s) != 0) {
                readLines(local, records);
            }
        }
        return new Otf1Definitions(records, global);
    }

    @Override
    public TraceDefinitions definitions() {
        return marked;
    }

    @Override
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** Parses every events file into {@code sink}, on {@link ReadOptions#threadCount()} threads. */
    @Override
    public void read(LocationSink sink) throws TraceReadException {
        long total = 0;
        for (Path file : eventFiles) {
            total += sizeOf(file);
        }
        progress.start(total, "bytes");
        List<Otf1EventStream> parsed = readStreams(eventFiles, definitions, sink, options.threadCount(), progress);
        Otf1DamageCheck.markProcessesWithoutRecords(files, eventFiles, parsed, definitions);
        notes.addAll(countNotes(counts(parsed, allParts(), silentOffsets(streamsByPart()))));
    }

    @Override
    public int parts() {
        return eventFiles.size();
    }

    @Override
    public long announced(int part) {
        return sizeOf(eventFiles.get(part));
    }

    /** The events files, by part, with their streams, the definitions and the file set, for reading parts elsewhere. */
    @Override
    public PartReader partReader() {
        List<String> paths = new ArrayList<>();
        for (Path file : eventFiles) {
            paths.add(file.toString());
        }
        return new Otf1PartReader(files, definitions, paths, streamsByPart(), marked);
    }

    @Override
    public List<String> notes(long[] counts) {
        List<String> all = new ArrayList<>(notes);
        int length = OPEN_BY_PART + eventFiles.size() + silentOffsets(streamsByPart())[eventFiles.size()];
        all.addAll(countNotes(java.util.Arrays.copyOf(counts, Math.max(counts.length, length))));
        return all;
    }

    private int[] allParts() {
        int[] all = new int[eventFiles.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return all;
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

    private static boolean holdsReadProcesses(Otf1FileSet files, int stream, Otf1Definitions definitions) {
        for (int i = 0; i < files.streamProcessCount(stream); i++) {
            long p = files.streamProcess(stream, i);
            if (definitions.rank(p) != Otf1Definitions.NO_RANK || !definitions.isLeftOut(p) && !definitions.isGroupOnly(p)) {
                return true;
            }
        }
        return files.streamProcessCount(stream) == 0;
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
                                                     LocationSink sink, int threads, ReadProgress progress)
            throws TraceReadException {
        Otf1EventStream[] parsed = new Otf1EventStream[eventFiles.size()];
        Otf1FileTasks.each(eventFiles, threads, "otf1-stream", i -> {
            Path file = eventFiles.get(i);
            Otf1EventStream stream = new Otf1EventStream(definitions, sink, i);
            try {
                readEvents(file, stream, eventFiles.size());
            } catch (RuntimeException e) {
                throw new TraceReadException(file + ": cannot be parsed (" + e + ")");
            }
            stream.finish();
            progress.advance(sizeOf(file));
            parsed[i] = stream;
        });
        return List.of(parsed);
    }

    /**
     * Reads one of {@code files} events files into {@code stream}. A truncated or corrupt file's error
     * says, as a missing file's does, what reads the others (--skip-damaged leaves such a file out);
     * a record naming what the definitions never define does not: the definitions may be the
     * damaged file, and --skip-damaged does not skip it.
     */
    static void readEvents(Path file, Otf1EventStream stream, int files) throws TraceReadException {
        try (InputStream in = Otf1FileSet.openData(file)) {
            LineSource.forEachLine(in, stream);
        } catch (Otf1EventStream.UndefinedReference e) {
            throw new TraceReadException(file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new TraceReadException(file + ": " + org.igtrace.reader.IoReason.of(e) + (files < 2 ? ""
                    : files == 2 ? "; use " + Remedy.SKIP_DAMAGED.named() + " to read the other events file"
                    : "; use " + Remedy.SKIP_DAMAGED.named() + " to read the other " + (files - 1) + " events files"));
        }
    }

    static void readLines(Path file, LineSource.LineConsumer consumer) throws TraceReadException {
        try (InputStream in = Otf1FileSet.openData(file)) {
            LineSource.forEachLine(in, consumer);
        } catch (IOException e) {
            throw new TraceReadException(file + ": " + org.igtrace.reader.IoReason.of(e));
        }
    }

    /** Where {@link #counts} puts the regions left open in part 0; parts 1, 2, ... follow. */
    private static final int OPEN_BY_PART = 8;

    /**
     * What the streams of {@code parts} noticed, summed so that counts of other parts add up:
     * unknown records, leaves, open regions, collective ends, aborted streams, undefined roots, leaves of another function
     * than the innermost open one, collective begins without an end, then the open
     * regions of every part (the note names the files), then for every part which processes of its
     * stream it holds no record of ({@link Otf1EventStream#withoutRecords}: part p's words from
     * {@code silentOffsets[p]} on).
     */
    static long[] counts(List<Otf1EventStream> streams, int[] parts, int[] silentOffsets) {
        int allParts = silentOffsets.length - 1;
        long[] c = new long[OPEN_BY_PART + allParts + silentOffsets[allParts]];
        for (int i = 0; i < streams.size(); i++) {
            Otf1EventStream s = streams.get(i);
            c[0] += s.unknownRecords;
            c[1] += s.leavesWithoutEnter;
            c[2] += s.regionsLeftOpen;
            c[3] += s.collectiveEndsWithoutBegin;
            c[4] += s.abortedByWriter ? 1 : 0;
            c[5] += s.undefinedRoots;
            c[6] += s.leavesOfAnotherFunction;
            c[7] += s.collectiveBeginsWithoutEnd;
            c[OPEN_BY_PART + parts[i]] += s.regionsLeftOpen;
            for (int w = 0; w < s.withoutRecords.length; w++) {
                c[OPEN_BY_PART + allParts + silentOffsets[parts[i]] + w] |= s.withoutRecords[w];
            }
        }
        return c;
    }

    /** How many words say which processes of {@code stream} (null: none) recorded nothing. */
    static int silentWords(Otf1FileSet.Stream stream) {
        return stream == null ? 0 : (stream.processes().length + 63) >> 6;
    }

    /** Where each part's words of silent processes start among the counts' last words; one entry more: their total. */
    static int[] silentOffsets(List<Otf1FileSet.Stream> streamOfPart) {
        int[] offsets = new int[streamOfPart.size() + 1];
        for (int part = 0; part < streamOfPart.size(); part++) {
            offsets[part + 1] = offsets[part] + silentWords(streamOfPart.get(part));
        }
        return offsets;
    }

    /** The master file's stream of each events file (null: none lists it). */
    private List<Otf1FileSet.Stream> streamsByPart() {
        java.util.Map<Path, Otf1FileSet.Stream> streamOf = Otf1DamageCheck.streamsByFile(files);
        List<Otf1FileSet.Stream> streams = new ArrayList<>();
        for (Path file : eventFiles) {
            streams.add(streamOf.get(file));
        }
        return streams;
    }

    /** The note about the processes that recorded nothing: in no stream, or in no record of their stream's file. */
    private String silentNote(long[] c) {
        Otf1SilentProcesses silent = new Otf1SilentProcesses(definitions);
        unlisted.forEach(p -> silent.notInAnyStream(p, files.master().getFileName().toString()));
        List<Otf1FileSet.Stream> streams = streamsByPart();
        int[] offsets = silentOffsets(streams);
        // a process the master file lists under several streams recorded something when any of their files holds a
        // record of it (libotf reads it from whichever does)
        java.util.Set<Long> heard = new java.util.HashSet<>();
        for (int pass = 0; pass < 2; pass++) {
            for (int part = 0; part < eventFiles.size(); part++) {
                Otf1FileSet.Stream stream = streams.get(part);
                int first = OPEN_BY_PART + eventFiles.size() + offsets[part];
                for (int i = 0; stream != null && i < stream.processes().length; i++) {
                    boolean none = (c[first + (i >> 6)] & 1L << (i & 63)) != 0;
                    if (pass == 0 && !none) {
                        heard.add(stream.processes()[i]);
                    } else if (pass == 1 && none && !heard.contains(stream.processes()[i])) {
                        silent.noRecordIn(stream.processes()[i], eventFiles.get(part).getFileName().toString());
                    }
                }
            }
        }
        return silent.note();
    }

    private List<String> countNotes(long[] c) {
        long unknown = c[0], leaves = c[1], open = c[2], collectiveEnds = c[3], aborted = c[4], roots = c[5];
        List<String> openIn = new ArrayList<>();
        for (int part = 0; part < eventFiles.size(); part++) {
            if (c[OPEN_BY_PART + part] > 0) {
                openIn.add(eventFiles.get(part).getFileName().toString());
            }
        }
        List<String> notes = new ArrayList<>();
        String silent = silentNote(c);
        if (silent != null) {
            notes.add(silent);
        }
        if (unknown > 0) {
            notes.add(Diagnostic.count(unknown, "unknown event record", "unknown event records") + " skipped");
        }
        if (leaves > 0) {
            notes.add(Diagnostic.count(leaves, "Leave record", "Leave records") + " without an open region ignored");
        }
        if (open > 0) {
            notes.add(Diagnostic.count(open, "region", "regions") + " still open at the end of their stream closed at the process's last event ("
                    + (openIn.size() <= 3 ? String.join(", ", openIn) : String.join(", ", openIn.subList(0, 3)) + ", ...") + ")");
        }
        if (collectiveEnds > 0) {
            notes.add(collectiveEnds + " collective ends without a begin ignored");
        }
        if (c[7] > 0) {
            notes.add(Diagnostic.count(c[7], "collective begin (COPB) whose end (COPE) the stream never gives",
                    "collective begins (COPB) whose end (COPE) the stream never gives") + " ignored: the later collectives"
                    + " of its communicator pair up one off across the processes, so their waits can be wrong");
        }
        if (c[6] > 0) {
            notes.add(Diagnostic.count(c[6], "Leave record names", "Leave records name") + " another function than the innermost"
                    + " open region: read as that region's leave, the innermost closing first, as nesting asks");
        }
        if (roots > 0) {
            notes.add(Diagnostic.count(roots, "collective record names", "collective records name") + " a root no process record"
                    + " defines (a process otfshrink dropped, or damage): no root's wait measured for "
                    + (roots == 1 ? "it" : "them"));
        }
        if (aborted > 0) {
            notes.add(aborted + (aborted == 1 ? " stream ends" : " streams end") + " in the writer's 'unsorted time stamp' abort: read up to it");
        }
        return notes;
    }
}
