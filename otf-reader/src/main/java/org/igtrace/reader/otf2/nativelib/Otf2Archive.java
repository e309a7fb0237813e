package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;

/**
 * An open OTF2 archive read through libotf2. The only class that talks to the native library:
 * it turns definition callbacks and batches of event records into visitor calls with plain Java
 * values, and libotf2 errors into {@link Otf2Exception}s. Not thread-safe: one archive, one
 * thread; several archives open on the same anchor may be read on several threads.
 */
public final class Otf2Archive implements AutoCloseable {
    /** Records per shim batch: 8192 x 40 bytes, 320 KiB a reading thread; tests set {@code -Digtrace.otf2.batch=N} to a few. */
    private static final int BATCH_RECORDS = 8192;
    /**
     * Locations one native reader selects at most. libotf2 keeps an archive's selected locations in
     * an array it searches from the start on every selection and every definition or event reader
     * ({@code otf2_archive_add_location}, {@code otf2_archive_find_location}), so n locations in
     * one reader cost O(n^2): on a 100,000-rank trace those two functions were 71 % of the read
     * (perf). Beyond this many the archive reads with a fresh reader: O(n x 1024). Tests set
     * {@code -Digtrace.otf2.locationsPerReader=N} to a few so that small traces cross readers.
     */
    private static final int LOCATIONS_PER_READER = 1024;
    private static final AtomicLong READERS_OPENED = new AtomicLong(), DEFINITION_READERS = new AtomicLong();
    private static final ThreadLocal<String> LAST_ERROR = new ThreadLocal<>();
    private static final Otf2Library.ErrorCallback ERROR_CALLBACK = Otf2Archive::onError;

    /*
     * No malloc tuning: libotf2 fills every chunk buffer (END_OF_CHUNK) when it makes a reader, so where malloc takes the
     * buffer from does not change what a damaged file reads as. An earlier fixed mmap threshold put each buffer on fresh
     * pages, which cost a page fault per 4 KiB of every reader's 1-4 MiB buffers (about 190,000 faults, 0.8 s of system
     * time, on a 64-location trace) and changed nothing: truncated files are refused before reading (LocationFileCheck).
     */
    static {
        if (Otf2Library.loadFailure() == null) {
            Otf2Library.OTF2_Error_RegisterCallback(ERROR_CALLBACK, null);
        }
    }

    private final Path anchor;
    /** The anchor libotf2 opens: {@link #anchor}, or a copy of it saying a smaller event chunk size (ReadingAnchor). */
    private final Path via;
    private final Otf2Files files;
    /** The event folder's key in {@link ReadAheadBudget}, made at the first event file read. */
    private String readAheadKey;
    private Pointer reader;

    // The global definitions' callbacks, the visitor they forward to and the first failure one of them threw.
    private final DefinitionCallbacks callbacks = new DefinitionCallbacks();
    private final LocalClockOffsets clockOffsets = new LocalClockOffsets(); // checked as libotf2 reads a location's

    private Otf2Archive(Path anchor, Path via, Pointer reader) {
        this.anchor = anchor;
        this.via = via;
        this.files = new Otf2Files(anchor);
        this.reader = reader;
    }

    /** Whether libotf2 could be loaded; when not, {@link #libraryProblem()} says why. */
    public static boolean libraryAvailable() {
        return Otf2Library.loadFailure() == null;
    }

    /**
     * Loads libotf2 and igtrace's shim now and binds them (JNA's start, dlopen, the bindings: tens
     * of milliseconds at start-up), so that a command can do it on another thread while it parses
     * its command line. Whatever fails is kept for {@link #open} to report.
     */
    public static void preload() {
        if (libraryAvailable()) {
            Otf2Shim.loadFailure();
        }
    }

    /** A one-line explanation of why libotf2 is missing, naming the Debian package to install. */
    public static String libraryProblem() {
        Throwable t = Otf2Library.loadFailure();
        if (t == null) {
            return null;
        }
        if (!Otf2Library.LIBRARY.equals(Otf2Library.SONAME)) { // -Digtrace.libotf2=PATH: the user's own library
            return "libotf2 (" + Otf2Library.LIBRARY + ", given by -Digtrace.libotf2) could not be loaded: check that the file "
                    + "exists and is a libotf2 for this machine, or leave the option out to use Debian's libopen-trace-format2-10";
        }
        return "libotf2 (" + Otf2Library.LIBRARY + ") could not be loaded; install the Debian package "
                + "libopen-trace-format2-10 (sudo apt-get install libopen-trace-format2-10)";
    }

    /** Opens the archive whose anchor file is {@code anchor}. */
    public static Otf2Archive open(Path anchor) throws Otf2Exception {
        return open(anchor, anchor);
    }

    /** Opens the archive of {@code anchor} through {@code via}, an anchor of the same archive; messages name {@code anchor}'s files. */
    public static Otf2Archive open(Path anchor, Path via) throws Otf2Exception {
        if (!libraryAvailable()) {
            throw new Otf2Exception(libraryProblem());
        }
        refuseOversizedAnchor(anchor);
        Otf2Archive archive = new Otf2Archive(anchor, via, nativeReader(anchor, via));
        long[] chunks = Otf2AnchorProperties.chunkSizesOf(archive.reader);
        archive.eventChunk = chunks == null ? 0 : chunks[0];
        if (chunks != null && (chunks[0] <= 0 || chunks[1] <= 0)) {
            // libotf2 then fails at the first event file with "no valid chunk size", which named that file, not the anchor
            archive.close();
            throw Otf2Exception.found("damaged: a chunk size of 0 for the " + (chunks[0] <= 0 ? "event" : "definition") + " files",
                    anchor, "libotf2 reads no file of the archive with it");
        }
        archive.check(Otf2Library.OTF2_Reader_SetSerialCollectiveCallbacks(archive.reader), "setting up the reader");
        return archive;
    }

    /** libotf2's reader of {@code via}, an anchor of {@code anchor}'s archive; a failure names {@code anchor}'s files. */
    private static Pointer nativeReader(Path anchor, Path via) throws Otf2Exception {
        LAST_ERROR.remove();
        Pointer reader = Otf2Library.OTF2_Reader_Open(via.toString());
        if (reader == null) {
            throw failure(anchor, via, anchor, "libotf2 cannot open it as an OTF2 archive");
        }
        READERS_OPENED.incrementAndGet();
        return reader;
    }

    /**
     * Closes the native reader and opens a fresh one on the same anchor, to read the next
     * {@link #LOCATIONS_PER_READER} locations. Only for local definitions and events: a fresh
     * reader has read no global definitions, as a reader of events needs none.
     */
    private void renew() throws Otf2Exception {
        close();
        reader = nativeReader(anchor, via);
        check(Otf2Library.OTF2_Reader_SetSerialCollectiveCallbacks(reader), "setting up the reader");
    }

    /** {@code locations} in runs of at most {@link #LOCATIONS_PER_READER}, in order. */
    private static long[][] runs(long[] locations) {
        int per = Math.max(1, Integer.getInteger("igtrace.otf2.locationsPerReader", LOCATIONS_PER_READER));
        int n = (locations.length + per - 1) / per;
        long[][] runs = new long[n][];
        for (int i = 0; i < n; i++) {
            runs[i] = java.util.Arrays.copyOfRange(locations, i * per, Math.min(locations.length, (i + 1) * per));
        }
        return runs;
    }

    /**
     * @return how many local definition readers libotf2 was asked for so far in this JVM (tests see
     *         that files holding no definitions are not handed to libotf2: {@link EmptyLocalDefinitions})
     */
    public static long localDefinitionReadersOpened() {
        return DEFINITION_READERS.get();
    }

    /**
     * @return how many native readers the archives of this JVM have opened so far (tests see that a
     *         read crossed readers)
     */
    public static long readersOpened() {
        return READERS_OPENED.get();
    }

    public Path anchor() {
        return anchor;
    }

    /**
     * The most of an anchor file igtrace lets libotf2 read: 16 MiB. An anchor holds the archive's
     * version, chunk sizes, counts, creator and properties: a few KB (Score-P's: 1-2 KB). libotf2
     * reads the whole file into memory, so a padded anchor (2 GB of zeros after its records) took
     * 2.1 GB and 1.5 minutes per 300 MB before any message (issue 41 item 7).
     */
    static final long MAX_ANCHOR_BYTES = 16L << 20;

    /** The size of {@code anchor} when it is beyond {@link #MAX_ANCHOR_BYTES} (libotf2 must not open it), else 0. */
    static long oversizedAnchor(Path anchor) {
        try {
            long size = java.nio.file.Files.size(anchor);
            return size > MAX_ANCHOR_BYTES ? size : 0;
        } catch (java.io.IOException e) {
            return 0; // libotf2 says what is wrong with it
        }
    }

    /**
     * Whether libotf2 must not be given the anchor: too large to read whole, or announcing more properties than it holds
     * ({@link AnchorLayout}); {@link #open} says why.
     */
    static boolean refusedAnchor(Path anchor) {
        if (oversizedAnchor(anchor) > 0) {
            return true;
        }
        try {
            return AnchorLayout.impossibleProperties(anchor) >= 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static void refuseOversizedAnchor(Path anchor) throws Otf2Exception {
        long size = oversizedAnchor(anchor);
        if (size > 0) {
            throw new Otf2Exception("the anchor file holds " + (size >> 20) + " MB, where an OTF2 anchor holds a few KB (igtrace "
                    + "reads at most " + (MAX_ANCHOR_BYTES >> 20) + " MB of one): it is damaged, or not an anchor file");
        }
        long properties;
        try {
            properties = AnchorLayout.impossibleProperties(anchor);
        } catch (java.io.IOException e) {
            return; // libotf2 says what is wrong with a file it cannot read
        }
        if (properties >= 0) {
            throw Otf2Exception.found("damaged: it announces " + properties + " properties, more than its "
                    + "bytes after them hold", anchor, "libotf2 would make room for all of them first");
        }
    }

    /** Reads every global definition into {@code visitor}. */
    public void readGlobalDefinitions(GlobalDefinitionVisitor visitor) throws Otf2Exception {
        readDefinitions(visitor, true, true);
    }

    /**
     * Reads only the location groups and locations into {@code visitor}: libotf2 decodes the others, but
     * none passes through JNA (an archive declaring 10^7 processes writes 10^7 strings before them).
     */
    public void readLocationDefinitions(GlobalDefinitionVisitor visitor) throws Otf2Exception {
        readDefinitions(visitor, false, true);
    }

    /** Reads only the strings into {@code visitor}. */
    public void readStrings(GlobalDefinitionVisitor visitor) throws Otf2Exception {
        readDefinitions(visitor, true, false);
    }

    /** The number of locations the anchor file declares. */
    public long declaredLocations() throws Otf2Exception {
        LongByReference count = new LongByReference();
        check(Otf2Library.OTF2_Reader_GetNumberOfLocations(reader, count), "counting the locations");
        return count.getValue();
    }

    private void readDefinitions(GlobalDefinitionVisitor visitor, boolean strings, boolean locations) throws Otf2Exception {
        visitor.creator(Otf2Creator.of(reader));
        Pointer defReader = Otf2Library.OTF2_Reader_GetGlobalDefReader(reader);
        if (defReader == null) {
            throw failure(anchor, via, files.globalDefinitions(), "the global definitions cannot be read");
        }
        Pointer cbs = Otf2Library.OTF2_GlobalDefReaderCallbacks_New();
        try {
            if (strings) {
                Otf2Library.OTF2_GlobalDefReaderCallbacks_SetStringCallback(cbs, callbacks.onString);
            }
            if (locations) {
                Otf2Library.OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback(cbs, callbacks.onLocationGroup);
                Otf2Library.OTF2_GlobalDefReaderCallbacks_SetLocationCallback(cbs, callbacks.onLocation);
            }
            if (strings && locations) {
                callbacks.registerTheRest(cbs);
            }
            check(Otf2Library.OTF2_Reader_RegisterGlobalDefCallbacks(reader, defReader, cbs, null), "registering callbacks");
        } finally {
            Otf2Library.OTF2_GlobalDefReaderCallbacks_Delete(cbs);
        }
        callbacks.definitions = visitor;
        try {
            LongByReference read = new LongByReference();
            check(Otf2Library.OTF2_Reader_ReadAllGlobalDefinitions(reader, defReader, read), "reading the global definitions",
                    files.globalDefinitions());
            requireAnnouncedCount(read.getValue());
            if (callbacks.invalidType != null) {
                String words = callbacks.invalidType;
                callbacks.invalidType = null;
                throw Otf2Exception.found("damaged: " + words, files.globalDefinitions(), "libotf2's otf2-print shows it as INVALID");
            }
        } finally {
            callbacks.definitions = null;
            Otf2Library.OTF2_Reader_CloseGlobalDefReader(reader, defReader);
        }
    }

    /**
     * Reads the events of the given locations, one after another: for each, its local definitions
     * first (so libotf2 applies mapping tables and clock offsets), then its events into the visitor
     * that {@code visitorFor} returns for it (null skips the location). Events are fetched in
     * batches through the C shim ({@link EventBatch}); {@code progress} is told how many events
     * were read after each batch.
     */
    public void readEvents(long[] locations, LongFunction<EventVisitor> visitorFor, LongConsumer progress) throws Otf2Exception {
        readEvents(locations, visitorFor, location -> false, progress);
    }

    /**
     * {@link #readEvents(long[], LongFunction, LongConsumer)}, where the locations {@code noDefinitions}
     * names were found before (by {@link Otf2Files#localDefinitionsCheck()}) to have no local
     * definitions file or libotf2's empty one: neither libotf2 nor igtrace opens it again.
     */
    public void readEvents(long[] locations, LongFunction<EventVisitor> visitorFor, LongPredicate noDefinitions,
                           LongConsumer progress) throws Otf2Exception {
        readEvents(locations, visitorFor, noDefinitions, location -> 0, progress);
    }

    /**
     * As above; in an archive Score-P wrote, a location whose events libotf2 read are fewer or more than {@code announced}
     * gives for it (the definitions' count; 0: not known) fails as damaged, naming its event file. libotf2 reads a
     * block of zeros inside a chunk as the chunk's end and goes on without a word, and a record repeated by damage as
     * one more event; Score-P announces each location's events as it wrote them. In other archives the events read are
     * compared with the number the file's last chunk header gives ({@link Otf2Files#numberedEvents}). Other writers' counts are not checked: the count is the writer's word (EZTrace announces
     * 2 per location whatever it wrote, libotf2's documentation writes constants).
     */
    public void readEvents(long[] locations, LongFunction<EventVisitor> visitorFor, LongPredicate noDefinitions,
                           java.util.function.LongUnaryOperator announced, LongConsumer progress) throws Otf2Exception {
        String creator = Otf2AnchorProperties.creator(reader);
        this.announced = creator != null && creator.startsWith(EXACT_COUNTS) ? announced : location -> 0;
        if (Otf2Shim.loadFailure() != null) {
            throw new Otf2Exception("igtrace's libotf2 shim could not be loaded (" + Otf2Shim.loadFailure().getMessage() + ")");
        }
        long[][] runs = runs(locations);
        for (int i = 0; i < runs.length; i++) {
            if (i > 0) {
                renew();
            }
            readRun(runs[i], visitorFor, noDefinitions, progress);
        }
    }

    /** {@link #readEvents} for at most {@link #LOCATIONS_PER_READER} locations, with this archive's reader. */
    private void readRun(long[] locations, LongFunction<EventVisitor> visitorFor, LongPredicate noDefinitions, LongConsumer progress)
            throws Otf2Exception {
        for (long location : locations) {
            int selected = Otf2Library.OTF2_Reader_SelectLocation(reader, location);
            if (!succeeded(selected)) {
                check(selected, "selecting location " + location);
            }
        }
        check(Otf2Library.OTF2_Reader_OpenDefFiles(reader), "opening the local definition files");
        check(Otf2Library.OTF2_Reader_OpenEvtFiles(reader), "opening the event files");
        try (EventBatch batch = new EventBatch(Math.max(1, Integer.getInteger("igtrace.otf2.batch", BATCH_RECORDS)))) {
            for (long location : locations) {
                EventVisitor visitor = visitorFor.apply(location);
                if (visitor == null) {
                    continue;
                }
                if (!noDefinitions.test(location)) {
                    readLocalDefinitions(location);
                }
                readLocationEvents(location, batch, visitor, progress);
                visitor.end();
            }
        } finally {
            Otf2Library.OTF2_Reader_CloseDefFiles(reader);
            Otf2Library.OTF2_Reader_CloseEvtFiles(reader);
        }
    }

    /**
     * Reads a location's local definitions ({@code NAME/<location>.def}: mapping tables and clock
     * offsets, which libotf2 applies to the events read after them). A file that does not exist is
     * skipped: tracers that write no local definitions exist, and Otf2TraceReader refuses an
     * archive where only some are missing before reading. A file libotf2 cannot read is an error.
     * A file holding exactly libotf2's empty definitions is not handed to libotf2, which would read
     * nothing from it after filling a chunk buffer of the archive's definition chunk size.
     */
    private void readLocalDefinitions(long location) throws Otf2Exception {
        Path file = files.localDefinitions(location);
        try {
            if (EmptyLocalDefinitions.holdsNone(file)) {
                return;
            }
        } catch (Otf2Files.NotRegularFile e) { // info's count reads without the checks before the read
            throw Files.isDirectory(file) ? Otf2Exception.found("not a regular file (a directory)", file, "libotf2 cannot read it")
                    : Otf2Exception.found("not a regular file (a named pipe or device)", file, "libotf2 would wait for a writer for ever");
        }
        DEFINITION_READERS.incrementAndGet();
        Pointer defReader = Otf2Library.OTF2_Reader_GetDefReader(reader, location);
        if (defReader == null) {
            if (!Files.exists(file)) {
                LAST_ERROR.remove();
                return;
            }
            throw failure(anchor, via, file, "the local definitions of location " + location + " cannot be read");
        }
        try {
            clockOffsets.register(reader, defReader);
            check(Otf2Library.OTF2_Reader_ReadAllLocalDefinitions(reader, defReader, new LongByReference()),
                    "reading the local definitions of location " + location, file);
            clockOffsets.check(file);
        } finally {
            Otf2Library.OTF2_Reader_CloseDefReader(reader, defReader);
        }
    }

    /**
     * Reads the local definitions of the given locations and nothing else, to find the damaged
     * ones before any event is read: returns libotf2's failure for each location whose file
     * exists but cannot be read, in the given order.
     */
    public Map<Long, Otf2Exception> localDefinitionFailures(long[] locations) throws Otf2Exception {
        Map<Long, Otf2Exception> failures = new LinkedHashMap<>();
        long[][] runs = runs(locations);
        for (int i = 0; i < runs.length; i++) {
            if (i > 0) {
                renew();
            }
            for (long location : runs[i]) {
                check(Otf2Library.OTF2_Reader_SelectLocation(reader, location), "selecting location " + location);
            }
            check(Otf2Library.OTF2_Reader_OpenDefFiles(reader), "opening the local definition files");
            try {
                for (long location : runs[i]) {
                    try {
                        readLocalDefinitions(location);
                    } catch (Otf2Exception e) {
                        failures.put(location, e);
                    }
                }
            } finally {
                Otf2Library.OTF2_Reader_CloseDefFiles(reader);
            }
        }
        return failures;
    }

    private void readLocationEvents(long location, EventBatch batch, EventVisitor visitor, LongConsumer progress)
            throws Otf2Exception {
        if (ReadAheadBudget.ahead() > 0) { // libotf2 reads the file now: what the checks read ahead of it is used
            if (readAheadKey == null) {
                readAheadKey = ReadAheadBudget.key(files.directory());
            }
            ReadAheadBudget.read(readAheadKey, location);
        }
        Pointer evtReader = Otf2Library.OTF2_Reader_GetEvtReader(reader, location);
        if (evtReader == null) {
            throw failure(anchor, via, files.events(location), "the events of location " + location + " cannot be read");
        }
        try {
            check(batch.attach(reader, evtReader), "registering callbacks");
            long reported = batch.eventsRead(), first = reported;
            long[] counted = batch.counted();
            long[] halves = batch.halves();
            int status;
            do {
                status = batch.fill(reader, evtReader);
                if (status != Otf2Shim.FULL && !succeeded(status)) {
                    check(status, "reading the events of location " + location, files.events(location));
                }
                batch.decode(visitor, files.events(location));
                long read = batch.eventsRead();
                progress.accept(read - reported);
                reported = read;
            } while (status == Otf2Shim.FULL);
            long held = batch.eventsRead() - first, expected = announced.applyAsLong(location);
            if (expected > 0 && held != expected) {
                throw Otf2Exception.found("damaged: " + held + " events where Score-P's definitions announce " + expected,
                        files.events(location), held < expected
                                ? "libotf2 reads a damaged part, such as a block of zeros, as the end of a chunk, without a word"
                                : "libotf2 reads records repeated or put in by damage without a word");
            }
            long numbered = expected > 0 ? -1 : files.numberedEvents(location, eventChunk); // Score-P's: counted above
            if (numbered >= 0 && numbered != held) {
                throw Otf2Exception.found("damaged: " + held + " events where its chunk headers number " + numbered, files.events(location),
                        Otf2FileEnd.miscount(held, numbered, files.events(location).toFile().length()));
            }
            batch.timesSince(halves, visitor, files.events(location));
            long[] unread = batch.unreadSince(counted);
            boolean any = false;
            for (long u : unread) {
                any |= u > 0;
            }
            if (any) {
                visitor.unread(unread);
            }
        } finally {
            Otf2Library.OTF2_Reader_CloseEvtReader(reader, evtReader);
        }
    }

    @Override
    public void close() {
        clockOffsets.close();
        if (reader != null) {
            Otf2Library.OTF2_Reader_Close(reader);
            reader = null;
        }
    }

    /** The creator (its name's start) of archives whose definitions announce each location's events as written. */
    static final String EXACT_COUNTS = "Score-P";

    /** The events the definitions announce per location (0: not known), checked as each location is read. */
    private java.util.function.LongUnaryOperator announced = location -> 0;
    private long eventChunk;

    private void check(int errorCode, String what) throws Otf2Exception {
        check(errorCode, what, null);
    }

    /**
     * Throws when the global definitions read, {@code read} records, are not as many as the anchor file announces: a
     * record whose length byte was damaged makes libotf2 read the rest of the file as other records (on jacobi-4 the
     * clock became 1 tick per second and the run 2.92e7 s), one cut out leaves a process out. libotf2's own
     * {@code otf2-print} refuses such an archive so ("Number of global definitions read and defined in anchor file do
     * not match").
     */
    private void requireAnnouncedCount(long read) throws Otf2Exception {
        LongByReference announced = new LongByReference();
        check(Otf2Library.OTF2_Reader_GetNumberOfGlobalDefinitions(reader, announced), "counting the global definitions");
        if (read != announced.getValue()) {
            // which of the two is wrong the count cannot tell: a damaged definitions file, or an anchor file of another run
            // (copied over the archive's: the definitions are whole, and copying them again would not help)
            throw Otf2Exception.found("damaged, or not of the run of " + anchor.getFileName() + ": " + read + " global definition records"
                    + " where the anchor file announces " + Long.toUnsignedString(announced.getValue()), files.globalDefinitions(), "libotf2's otf2-print refuses it too");
        }
    }

    /**
     * {@link #check}'s success without its message: true (and libotf2's last message forgotten, as
     * check does) when libotf2 and the callbacks succeeded. The calls made per location and per batch
     * test this first, so that no message is made for each of 10^5 locations (issue 41 item 6).
     */
    private boolean succeeded(int errorCode) {
        if (errorCode != 0 || callbacks.failure != null) {
            return false;
        }
        LAST_ERROR.remove();
        return true;
    }

    /** Throws libotf2's failure, naming {@code file} (null: not about a file) as the one it was reading. */
    private void check(int errorCode, String what, Path file) throws Otf2Exception {
        RuntimeException failure = callbacks.takeFailure();
        if (failure != null) {
            throw failure;
        }
        if (errorCode != 0) {
            Pointer description = Otf2Library.OTF2_Error_GetDescription(errorCode);
            String fallback = description == null ? "error " + errorCode : description.getString(0);
            String words = ownNames(lastError(fallback), anchor, via);
            throw new Otf2Exception(what + ": " + words, file, words);
        }
        LAST_ERROR.remove();
    }

    /** libotf2's last message (or {@code fallback}) as a failure of {@code file}, a file of {@code anchor}'s archive read through {@code via}. */
    private static Otf2Exception failure(Path anchor, Path via, Path file, String fallback) {
        String words = ownNames(lastError(fallback), anchor, via);
        return new Otf2Exception(words, file, words);
    }

    /**
     * libotf2's words with the paths of files read through {@code via}, a copy of the anchor in another folder beside
     * links named as the archive's files (ReadingAnchor), written as the archive's own: the folder of {@code via} made
     * {@code anchor}'s; and, when they named it, which folder the copy is in (the links in it may be what failed).
     */
    static String ownNames(String words, Path anchor, Path via) {
        Path from = via.getParent();
        if (via.equals(anchor) || from == null || words == null || !words.contains(from + "/")) {
            return words;
        }
        Path to = anchor.getParent();
        String folder = to == null ? "" : to.toString().endsWith("/") ? to.toString() : to + "/";
        return words.replace(from + "/", folder) + " (read through igtrace's copy of the anchor in " + from + ")";
    }

    private static String lastError(String fallback) {
        String message = LAST_ERROR.get();
        LAST_ERROR.remove();
        return message == null || message.isBlank() ? fallback : message;
    }

    /** libotf2's error hook: remember the formatted message instead of printing it. */
    private static int onError(Pointer userData, String file, long line, String function, int errorCode, String format, Pointer va) {
        try {
            String message = format;
            if (format != null && va != null) {
                byte[] buffer = new byte[1024];
                int n = LibC.vsnprintf(buffer, buffer.length, format, va);
                if (n >= 0) {
                    message = new String(buffer, 0, Math.min(n, buffer.length - 1), StandardCharsets.UTF_8);
                }
            }
            if (LAST_ERROR.get() == null && message != null) {
                LAST_ERROR.set(message.replaceAll("\\s+", " ").strip());
            }
        } catch (Throwable ignored) {
            // Nothing may escape into native code: JNA would answer 0, and libotf2 would take
            // its error for success.
        }
        return errorCode;
    }
}
