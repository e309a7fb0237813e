package org.igtrace.reader.otf2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.pipeline.TraceSource;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.core.util.Workers;
import org.igtrace.reader.PartReader;
import org.igtrace.reader.PartitionedSource;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.EventVisitor;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;
import org.igtrace.reader.otf2.nativelib.Otf2Exception;

/**
 * An OTF2 archive as a {@link TraceSource}: {@link #open} reads the global definitions and checks
 * that every CPU-thread location's event file exists (a missing one is an error naming it, or
 * with {@link ReadOptions#skipMissing()} a note); {@link #read} reads each location's local
 * definitions and events into a {@link LocationSink}, locations split among
 * {@link ReadOptions#threadCount()} threads (by default no more than one per 4 MiB of event
 * files), each with its own libotf2 reader, claiming locations as it becomes free, largest
 * first by the events the definitions announce ({@link LocationClaims}). Each location is read
 * on its own, start to end; nothing is merged across locations.
 */
public final class Otf2TraceReader implements PartitionedSource {
    private final Path anchor;
    private final ReadOptions options;
    private final ReadProgress progress;
    private final Otf2Definitions collected;
    private final TraceDefinitions definitions;
    private final long[] ids;
    /** A location's index in {@link #ids}. */
    private final LongIntMap order = new LongIntMap();
    private final LocationFileCheck.Checked checked;
    /** The bytes of all event files read, or -1 when not known (not one file per location). */
    private final long eventBytes;
    /** The largest event file read, bytes, or -1 when not known. */
    private final long largestEventFile;
    private final List<String> notes = new ArrayList<>();
    private final long events;
    private boolean budgetNoted;

    private Otf2TraceReader(Path anchor, ReadOptions options, ReadProgress progress, Otf2FileChecks.Runner checks)
            throws TraceReadException {
        this.anchor = anchor;
        this.options = options;
        this.progress = progress;
        collected = new Otf2Definitions();
        Otf2ReadFailure.requireCompleteGlobalDefinitions(anchor);
        Path dir = eventFolder(anchor);
        EventFolder folder = EventFolder.of(dir); // listed once: the refusal, the files present, their sizes
        FirstMissingEventFile watch = options.skipMissing() ? null : FirstMissingEventFile.of(dir, folder);
        FirstMissingEventFile.Found first = watch == null ? null : watch.firstPass(anchor);
        if (first != null) {
            throw missing(dir.resolve(first.location + ".evt"), describe(first.location, first.name), first.others);
        }
        collected.stopAtMissing(watch);
        long declared = -1;
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            declared = archive.declaredLocations();
            collected.expect(expectedLocations(anchor, declared));
            archive.readGlobalDefinitions(collected);
            collected.requireUsableClock(new org.igtrace.reader.otf2.nativelib.Otf2Files(anchor).globalDefinitions());
        } catch (Otf2Exception e) {
            throw Otf2ReadFailure.of(anchor, e);
        } catch (FirstMissingEventFile.Found found) {
            if (declared >= 0 && collected.locationsDefined() > declared) {
                // more locations than the anchor announces: the global definitions may be another archive's, which the
                // count of their records says (the read stopped at the missing file, before that check)
                requireAnnouncedDefinitions(anchor);
            }
            throw missing(dir.resolve(found.location + ".evt"), describe(collected, found.location), found.others);
        }
        collected.stopAtMissing(null);
        if (declared >= 0 && collected.locationsDefined() < declared) {
            // a location record damaged (its kind byte, its id made another's): a rank lost without a word and the ranks after
            // it renumbered, read as a smaller run; libotf2's writer and every tracer's archive define each one they announce
            throw new TraceReadException(new org.igtrace.reader.otf2.nativelib.Otf2Files(anchor).globalDefinitions() + ": damaged (the anchor"
                    + " announces " + Long.toUnsignedString(declared) + " locations, the definitions define " + collected.locationsDefined() + ")");
        }
        collected.number();
        long[] toRead = collected.readLocations();
        Present present = present(anchor, folder, collected, toRead, options.skipMissing(), notes);
        checked = LocationFileCheck.readable(anchor, collected, present.locations(), present.sizes(), options.skipMissing(), notes,
                checks, folder == null || folder.definitionsListed());
        int[] kept = options.skipMissing() && checked.locations().length < toRead.length
                ? processesKept(anchor, collected, checked, present.largest(), options.namedRanks(), notes) : null;
        ids = wholeProcesses(collected, toRead, checked.locations(), notes);
        definitions = threadNames(collected.resolve(kept, ids.length < toRead.length ? processesRead(collected, ids) : null), collected, ids);
        long total = 0;
        for (long id : ids) {
            order.put(id, order.size());
            total += collected.locationEvents(id);
        }
        events = total;
        eventBytes = present.bytes(ids);
        largestEventFile = present.largest();
    }

    /**
     * {@code definitions} with the names of the locations read of each process that has several ({@link
     * TraceDefinitions#threadName}), by their place in {@code ids} (the order the sink is given: {@link #order}).
     */
    private static TraceDefinitions threadNames(TraceDefinitions definitions, Otf2Definitions collected, long[] ids) {
        int[] perProcess = new int[definitions.processCount()];
        boolean several = false;
        for (long id : ids) {
            int p = collected.process(id);
            several |= p >= 0 && p < perProcess.length && ++perProcess[p] > 1;
        }
        if (!several) {
            return definitions;
        }
        java.util.Map<Long, String> names = new java.util.HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            int p = collected.process(ids[i]);
            String name = p >= 0 && p < perProcess.length && perProcess[p] > 1 ? collected.locationName(ids[i]) : null;
            if (name != null) {
                names.put((long) i, name);
            }
        }
        java.util.BitSet threaded = new java.util.BitSet();
        for (int p = 0; p < perProcess.length; p++) {
            threaded.set(p, perProcess[p] > 1);
        }
        TraceDefinitions marked = definitions.withSeveralThreads(threaded);
        return names.isEmpty() ? marked : marked.withThreadNames(names);
    }

    /**
     * With {@code --skip-missing}, when locations were left out: the world ranks of the processes to keep,
     * ascending, or null for all of them. The processes read, those a message or rooted collective of theirs
     * names (one more pass over the events read) and those the selection names ({@code named}, null for none)
     * are kept; the others are left out when they outnumber them, so that an archive declaring 10^6 processes
     * and holding the files of 8 costs what the 8 and their partners cost, not a process per declared one,
     * wherever the 8 are (issue 41 item 6). Fewer of them are kept as they are (a vertex each, left out:
     * nothing of theirs read, {@link TraceDefinitions#leftOut}).
     */
    private static int[] processesKept(Path anchor, Otf2Definitions collected, LocationFileCheck.Checked checked, long largestEventFile,
            java.util.BitSet named, List<String> notes) throws TraceReadException {
        int ranks = collected.ranks();
        long[] read = checked.locations();
        java.util.BitSet kept = processesRead(collected, read);
        if (named != null) {
            kept.or(named.get(0, ranks));
        }
        if (ranks - kept.cardinality() <= kept.cardinality()) {
            return null;
        }
        kept.or(PeersNamed.of(anchor, collected, read, checked::noDefinitions, largestEventFile).get(0, ranks));
        int n = kept.cardinality();
        if (ranks - n <= n) {
            return null;
        }
        int[] ranksKept = kept.stream().toArray();
        boolean prefix = n == 0 || ranksKept[n - 1] == n - 1;
        notes.add(Diagnostic.count(ranks - n, "process", "processes") + (prefix ? " after rank " + (n - 1) : "") + " not analysed (of "
                + ranks + " declared): no event of theirs was read and no message read names them"
                + (named == null ? "" : ", nor does the selection"));
        return ranksKept;
    }

    /** The processes of the locations {@code read}. */
    /**
     * Of the locations {@code read} (those of {@code toRead} whose files are there), those of processes none of whose
     * locations was left out: a process is analysed whole or not at all. A process whose MPI thread's file is missing
     * and whose other threads are read kept a row of Tcomm 0 and w 1 (NPB BT-MZ of 8 x 4 threads, {@code 4.evt}
     * missing: rank 4 read as never calling MPI, the POP communication efficiency 1.000 where it is 0.985).
     */
    private static long[] wholeProcesses(Otf2Definitions collected, long[] toRead, long[] read, List<String> notes) {
        if (read.length == toRead.length) {
            return read;
        }
        java.util.HashSet<Long> there = new java.util.HashSet<>();
        for (long location : read) {
            there.add(location);
        }
        java.util.BitSet partial = new java.util.BitSet();
        for (long location : toRead) {
            int process = collected.process(location);
            if (process >= 0 && !there.contains(location)) {
                partial.set(process);
            }
        }
        long[] whole = java.util.Arrays.stream(read).filter(l -> {
            int process = collected.process(l);
            return process < 0 || !partial.get(process);
        }).toArray();
        if (whole.length < read.length) {
            int left = read.length - whole.length;
            notes.add(Diagnostic.count(left, "location", "locations") + " of processes with another location left out not read either"
                    + " (a process is analysed whole or not at all: its numbers would lack what the missing thread did)");
        }
        return whole;
    }

    private static java.util.BitSet processesRead(Otf2Definitions collected, long[] read) {
        java.util.BitSet processes = new java.util.BitSet();
        for (long location : read) {
            int process = collected.process(location);
            if (process >= 0) {
                processes.set(process);
            }
        }
        return processes;
    }

    /**
     * The locations to make room for before the global definitions are read: those the anchor declares, but
     * no more than the global definitions file could hold (a location's record takes more than 8 bytes), so
     * that an anchor's claim alone allocates nothing (issue 41 item 7); 0 below 4,096 (the tables grow).
     */
    /**
     * Reads the global definitions whole, only to check that they are as many records as the anchor file announces
     * (a definitions file of another archive: refused naming it, where its missing event files were named).
     */
    private static void requireAnnouncedDefinitions(Path anchor) throws TraceReadException {
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readGlobalDefinitions(new Otf2Definitions());
        } catch (Otf2Exception e) {
            throw Otf2ReadFailure.of(anchor, e);
        }
    }

    private static int expectedLocations(Path anchor, long declared) {
        String name = anchor.getFileName().toString();
        Path global = anchor.resolveSibling((name.endsWith(".otf2") ? name.substring(0, name.length() - 5) : name) + ".def");
        try {
            long bound = Math.min(declared, Files.size(global) / 8);
            return bound < 4096 ? 0 : (int) Math.min(bound, Integer.MAX_VALUE - 16);
        } catch (IOException e) {
            return 0;
        }
    }

    /** Opens the archive: its global definitions, and which locations' event files are there. */
    public static Otf2TraceReader open(Path anchor, ReadOptions options, ReadProgress progress) throws TraceReadException {
        return new Otf2TraceReader(anchor, options, progress, null);
    }

    /**
     * As {@link #open(Path, ReadOptions, ReadProgress)}, the checks of the locations' files ({@link LocationFileCheck})
     * handed to {@code checks} to run elsewhere (the Spark job's tasks, or its driver's other threads): this thread opens none of the
     * locations' files, and the errors and notes are those of checks run here. Such a reader is for reading parts
     * ({@link #partReader()}): its {@link #read} lets libotf2 open every location's local definitions.
     */
    public static Otf2TraceReader open(Path anchor, ReadOptions options, ReadProgress progress, Otf2FileChecks.Runner checks)
            throws TraceReadException {
        return new Otf2TraceReader(anchor, options, progress, checks);
    }

    @Override
    public TraceDefinitions definitions() {
        return definitions;
    }

    @Override
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /**
     * Reads every location's events into {@code sink} on {@link #threads()} threads; each
     * location's events end with {@link org.igtrace.core.trace.LocationEvents#end()}.
     */
    @Override
    public void read(LocationSink sink) throws TraceReadException {
        progress.start(events, "events");
        long[] counts = ReaderCounts.of(ids.length);
        LongFunction<EventVisitor> visitors = location -> {
            int process = collected.process(location);
            int part = order.get(location, -1);
            return new Otf2LocationTranslator(collected.ids(), definitions, process, sink.location(process, part), counts, part);
        };
        // the anchor's event and definition chunk sizes (libotf2's buffer per event reader), null when libotf2 cannot tell
        long[] chunkSizes = org.igtrace.reader.otf2.nativelib.Otf2AnchorProperties.chunkSizes(anchor);
        try (ReadingAnchor via = ReadingAnchor.of(anchor, chunkSizes, ids.length, largestEventFile)) {
            long chunk = via.chunk() > 0 ? via.chunk() : chunkSizes == null ? 0 : chunkSizes[0]; // each reading thread's buffer
            int threads = Math.min(threads(), ids.length);
            int capped = ChunkBufferBudget.readers(threads, chunk);
            if (capped < threads) {
                threads = capped;
                if (!budgetNoted) {
                    budgetNoted = true;
                    notes.add(ChunkBufferBudget.note(capped, chunk));
                }
            }
            if (threads <= 1) {
                readShare(anchor, via.path(), ids, visitors, checked::noDefinitions, collected::locationEvents, collected::locationName, progress);
            } else {
                LocationClaims claims = new LocationClaims(ids, collected::locationEvents);
                readInParallel(anchor, via.path(), threads, claims.order(), claims.claiming(visitors), checked::noDefinitions,
                        collected::locationEvents, collected::locationName, progress, WarmUpGate.of(events, eventBytes));
            }
        }
        ReaderCounts.requireOneHalf(counts, ids.length, this::describePart, anchor);
        notes.addAll(ReaderCounts.notes(counts, ids.length, this::describePart));
    }

    /**
     * Event file bytes per reading thread, unless {@code --threads} says otherwise: each thread
     * opens its own libotf2 reader, which allocates a chunk buffer (up to 16 MiB, EZTrace) per file
     * it opens, and on a trace this small that costs more than the threads save.
     */
    static final long BYTES_PER_THREAD = 4L << 20;

    /** The threads to read on: {@code --threads}, else one per core, at most one per {@link #BYTES_PER_THREAD}. */
    int threads() {
        if (options.threads() > 0) {
            return options.threads();
        }
        long bytes = eventBytes;
        if (bytes < 0) {
            return options.threadCount(); // not one file per location (SION): as many as cores
        }
        return (int) Math.max(1, Math.min(options.threadCount(), bytes / BYTES_PER_THREAD));
    }

    @Override
    public int parts() {
        return ids.length;
    }

    @Override
    public long announced(int part) {
        return collected.locationEvents(ids[part]);
    }

    /** The locations, by part, with their processes and the id tables, for reading parts elsewhere. */
    @Override
    public PartReader partReader() {
        int[] processes = new int[ids.length];
        String[] names = new String[ids.length]; // a damaged events file is named with its location's name, as here
        for (int i = 0; i < ids.length; i++) {
            processes[i] = collected.process(ids[i]);
            names[i] = collected.locationName(ids[i]);
        }
        return new Otf2PartReader(anchor.toString(), definitions, collected.ids(), ids.clone(), processes, names);
    }

    @Override
    public List<String> notes(long[] counts) throws TraceReadException {
        ReaderCounts.requireOneHalf(counts, ids.length, this::describePart, anchor);
        List<String> all = new ArrayList<>(notes());
        all.addAll(ReaderCounts.notes(counts, ids.length, this::describePart));
        return all;
    }

    /** A part's location as the notes name it: its id and name. */
    private String describePart(int part) {
        String name = collected.locationName(ids[part]);
        return "location " + ids[part] + (name == null ? "" : " \"" + name + "\"");
    }

    static void readShare(Path anchor, long[] share, LongFunction<EventVisitor> visitors, LongFunction<String> names, ReadProgress progress)
            throws TraceReadException {
        readShare(anchor, anchor, share, visitors, location -> false, location -> 0, names, progress);
    }

    /**
     * {@link #readShare} through the anchor {@code via} ({@link ReadingAnchor}), not opening the local definitions of
     * the locations {@code noDefinitions} names, a location that holds fewer events than the definitions announce for it
     * ({@code announced}, 0: not known) refused as damaged ({@link Otf2Archive#readEvents}).
     */
    private static void readShare(Path anchor, Path via, long[] share, LongFunction<EventVisitor> visitors, LongPredicate noDefinitions,
                                  java.util.function.LongUnaryOperator announced, LongFunction<String> names, ReadProgress progress)
            throws TraceReadException {
        try (Otf2Archive archive = Otf2Archive.open(anchor, via)) {
            archive.readEvents(share, visitors, noDefinitions, announced, progress::advance);
        } catch (Otf2Exception e) {
            throw Otf2ReadFailure.of(anchor, e, names); // its location named as the checks before the read name it
        }
    }

    /**
     * Reads on {@code threads} threads, each walking all of {@code locations} and reading those {@code visitors} gives it;
     * those after the first {@link WarmUpGate#starting} start when {@code gate} opens.
     */
    private static void readInParallel(Path anchor, Path via, int threads, long[] locations, LongFunction<EventVisitor> visitors,
                                       LongPredicate noDefinitions, java.util.function.LongUnaryOperator announced,
                                       LongFunction<String> names, ReadProgress progress, WarmUpGate gate) throws TraceReadException {
        ReadProgress counted = gate.open() ? progress : new ReadProgress() {
            @Override
            public void start(long total, String unit) {
                progress.start(total, unit);
            }

            @Override
            public void advance(long done) {
                progress.advance(done);
                gate.advance(done);
            }
        };
        int starting = WarmUpGate.starting(threads);
        try {
            // The first reader that fails (a damaged file, the heap running out) ends the read at
            // once, though the others may wait for it for ever; an OutOfMemoryError reaches the
            // command's handler as itself.
            Workers.run("otf2-reader", threads, true, worker -> {
                if (worker < starting) {
                    boolean ended = false;
                    try {
                        readShare(anchor, via, locations, visitors, noDefinitions, announced, names, counted);
                        ended = true;
                    } finally {
                        if (ended) {
                            gate.openNow(); // ended before the count: the others read what is left
                        } else {
                            gate.fail(); // the read fails: the held-back readers start none (an OutOfMemoryError too)
                        }
                    }
                    return;
                }
                try {
                    if (!gate.await()) {
                        return;
                    }
                } catch (InterruptedException e) { // the read ends: another reader failed
                    Thread.currentThread().interrupt();
                    return;
                }
                readShare(anchor, via, locations, visitors, noDefinitions, announced, names, progress);
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TraceReadException(anchor + ": interrupted");
        }
    }

    /** The most locations the note on missing event files names; the others are counted (10^7 names took gigabytes). */
    static final int NAMED_MISSING = 8;

    /** The locations whose event file is there, each with its size (null: not one file per location). */
    private record Present(long[] locations, long[] sizes) {
        /** The bytes of the event files of {@code kept} (those of {@link #locations} left after the check, in order), or -1. */
        long bytes(long[] kept) {
            if (sizes == null) {
                return -1;
            }
            long bytes = 0;
            for (int i = 0, k = 0; i < locations.length && k < kept.length; i++) {
                if (locations[i] == kept[k]) {
                    bytes += sizes[i];
                    k++;
                }
            }
            return bytes;
        }

        /** The largest event file there, bytes, or -1 when not known. */
        long largest() {
            return sizes == null ? -1 : Arrays.stream(sizes).max().orElse(-1);
        }
    }

    /**
     * The locations whose event file {@code NAME/<location>.evt} exists, with their sizes, as the folder's
     * one listing found them ({@code folder}: no second look at a file there; null when {@code NAME} is not a
     * folder). Checked only for archives written with the POSIX substrate (one file per location); others are
     * left to libotf2.
     */
    private static Present present(Path anchor, EventFolder folder, Otf2Definitions collected, long[] locations, boolean skipMissing,
                                   List<String> notes) throws TraceReadException {
        Path dir = eventFolder(anchor);
        if (folder != null && folder.sion()) {
            return new Present(locations, null);
        }
        if (Files.isDirectory(dir) && !Files.isExecutable(dir)) { // listed, but no file in it can be opened: not "missing"
            throw new TraceReadException(dir + ": cannot open the files in it (not searchable: permission denied)");
        }
        if (folder != null && folder.failure() != null) {
            throw new TraceReadException(dir + ": cannot list (" + org.igtrace.reader.IoReason.of(folder.failure()) + ")");
        }
        // only the files listed are looked at: an archive declaring 10^7 locations and holding 8 files cost 10^7
        // look-ups with --skip-missing (without, the first missing one ends the read)
        long[] there = folder == null ? null : folder.ids();
        int present = there == null ? locations.length : there.length;
        long[] kept = new long[Math.min(locations.length, present)];
        long[] sizes = new long[kept.length];
        int n = 0;
        long missingCount = 0;
        List<String> missing = new ArrayList<>();
        for (long location : locations) {
            // the path and the location's description only for a file looked up or named: at 10^6 missing locations
            // they were 10^6 paths and names made for nothing (about 0.6 GB of garbage)
            long size = there != null ? folder.size(location) : regularFileSize(dir.resolve(location + ".evt"));
            if (size < 0 && there != null && !skipMissing) {
                size = regularFileSize(dir.resolve(location + ".evt")); // one that came after the listing; else the refusal, once
            }
            if (size >= 0 && n == kept.length) {
                kept = Arrays.copyOf(kept, 2 * n + 1); // a file that came after the listing
                sizes = Arrays.copyOf(sizes, kept.length);
            }
            if (size >= 0) {
                sizes[n] = size;
                kept[n++] = location;
                continue;
            }
            if (!skipMissing) {
                // the locations whose event files are there, not those declared (issue 41, item 8: "the other
                // 999999 locations" when 8 were there)
                throw missing(dir.resolve(location + ".evt"), describe(collected, location), eventFilesThere(dir, folder, locations));
            }
            if (++missingCount <= NAMED_MISSING) {
                missing.add(dir.getFileName() + "/" + location + ".evt of " + describe(collected, location));
            }
        }
        if (n == 0 && locations.length > 0) {
            throw new TraceReadException(dir + ": no event file (*.evt) of any of the " + locations.length + " locations");
        }
        if (missingCount > 0) {
            notes.add(Diagnostic.count(missingCount, "location", "locations") + (missingCount == 1 ? " left out, its event file missing ("
                    : " left out, their event files missing (") + String.join("; ", missing)
                    + (missingCount > NAMED_MISSING ? "; " + Diagnostic.count(missingCount - NAMED_MISSING, "other", "others") + ")" : ")"));
        }
        return new Present(Arrays.copyOf(kept, n), Arrays.copyOf(sizes, n));
    }

    /** The folder of the archive's files: the anchor's name without {@code .otf2}. */
    private static Path eventFolder(Path anchor) {
        String name = anchor.getFileName().toString();
        return anchor.resolveSibling(name.endsWith(".otf2") ? name.substring(0, name.length() - 5) : name);
    }

    private static String describe(Otf2Definitions collected, long location) {
        return describe(location, collected.locationName(location));
    }

    private static String describe(long location, String locationName) {
        return "location " + location + (locationName == null ? "" : ", \"" + locationName + "\"");
    }

    /** The refusal of a missing event file, {@code others} the locations to read whose event files are there. */
    private static TraceReadException missing(Path evt, String what, long others) {
        String state = Otf2ReadFailure.state(evt); // "missing", or missing beside a compressed copy to decompress
        return new TraceReadException(evt + ": " + state.replace("missing", "missing (" + what + ")").replace(") (", "; ") + (others == 0 ? ""
                : "; use " + Remedy.SKIP_MISSING.named() + " to read " + (others == 1 ? "the other location" : "the other " + others + " locations")));
    }

    /** The size of {@code file} when it is a regular file (symbolic links followed), else -1. */
    private static long regularFileSize(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return attributes.isRegularFile() ? attributes.size() : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * How many of {@code locations} have their event file in {@code dir}: the folder listed once and
     * only the files found there looked at, not one look-up per declared location (10^7 of them
     * for an archive that declares 10^7 and holds 8).
     */
    private static long eventFilesThere(Path dir, EventFolder folder, long[] locations) {
        long[] there = folder == null ? null : folder.ids();
        if (there == null) {
            return Arrays.stream(locations).filter(l -> regularFileSize(dir.resolve(l + ".evt")) >= 0).count();
        }
        return Arrays.stream(locations).filter(l -> Arrays.binarySearch(there, l) >= 0).count();
    }
}
