package org.igtrace.reader.otf2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.igtrace.core.trace.ProcessInfo;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.trace.TraceInventory;
import org.igtrace.core.util.Labels;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor;
import org.igtrace.reader.otf2.nativelib.EventVisitor;
import org.igtrace.reader.otf2.nativelib.Otf2AnchorProperties;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;
import org.igtrace.reader.otf2.nativelib.Otf2Exception;
import org.igtrace.reader.otf2.nativelib.Otf2Files;

/**
 * What an OTF2 archive holds, from its anchor and global definitions: the definitions go both to
 * {@link Otf2Definitions}, which resolves processes and ranks as the reader does, and to this
 * class, which keeps what the reader does not need. The events of every location whose file is
 * there are counted by reading them (libotf2 decodes them, nothing is kept): the counts the
 * definitions announce are not to be trusted (EZTrace 2.0 announces 2 per location, whatever
 * it wrote); a note says where they differ. If the event files cannot be read, the announced
 * counts are shown, and a note says they were not checked and why.
 */
public final class Otf2Inventory implements GlobalDefinitionVisitor {
    private record Location(long id, int name, LocationKind kind, long events) {
    }

    private record Group(GroupKind kind, int size, int name, int paradigm) {
    }

    private final Otf2Definitions definitions = new Otf2Definitions();
    private final Map<Integer, String> strings = new HashMap<>();
    private final List<Location> locations = new ArrayList<>();
    private final Map<String, Integer> regions = new TreeMap<>();
    private final Map<Integer, Group> groups = new HashMap<>();
    private final Map<Integer, int[]> communicators = new LinkedHashMap<>();
    /** Inter-communicators: group A, group B, name. */
    private final Map<Integer, int[]> interCommunicators = new LinkedHashMap<>();
    private double ticksPerSecond = 1;
    private long traceLength = -1;
    /** Per location (in {@link #locations}' order): its events as read, -1 where its file is missing; null if not read. */
    private long[] counted;
    /** Why the events could not be counted, or null. */
    private String countFailure;
    /** The earliest and latest time (ticks) of the region, message and collective events read; MAX/MIN_VALUE if none. */
    private long firstEvent = Long.MAX_VALUE;
    private long lastEvent = Long.MIN_VALUE;

    /** At most this many threads count the events. */
    private int maxThreads;
    /** The locations the anchor announces. */
    private long declared = -1;

    private Otf2Inventory() {
    }

    public static TraceInventory read(Path anchor) throws TraceReadException {
        return read(anchor, 0);
    }

    /** As above, counting the events on at most {@code threads} threads (0: one per core). */
    public static TraceInventory read(Path anchor, int threads) throws TraceReadException {
        Otf2Inventory inventory = new Otf2Inventory();
        inventory.maxThreads = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        Otf2ReadFailure.requireCompleteGlobalDefinitions(anchor);
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            inventory.declared = archive.declaredLocations();
            archive.readGlobalDefinitions(inventory);
            inventory.definitions.requireUsableClock(new Otf2Files(anchor).globalDefinitions());
        } catch (Otf2Exception e) {
            throw Otf2ReadFailure.of(anchor, e); // the file and its state, as the other commands name them
        }
        inventory.countEvents(anchor, eventDirectory(anchor));
        return inventory.inventory(anchor, Otf2AnchorProperties.read(anchor));
    }

    /**
     * Keeps the earliest and latest time of the events it is given (region enters and leaves,
     * messages, collectives; the reading counts every event, these and the others), and marks
     * each location whose events were read to the end. One per counting thread, told which
     * location it reads.
     */
    private static final class TimeRange implements EventVisitor {
        final boolean[] completed;
        int location = -1;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        TimeRange(boolean[] completed) {
            this.completed = completed;
        }

        private void at(long time) {
            if (time < first) {
                first = time;
            }
            if (time > last) {
                last = time;
            }
        }

        @Override
        public void enter(long time, int region) {
            at(time);
        }

        @Override
        public void leave(long time, int region) {
            at(time);
        }

        @Override
        public void callingContextEnter(long time, int callingContext) {
            at(time);
        }

        @Override
        public void callingContextLeave(long time, int callingContext) {
            at(time);
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long length) {
            at(time);
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long length) {
            at(time);
        }

        @Override
        public void collectiveEnd(long time, int operation, int communicator, int root, long sent, long received) {
            at(time);
        }

        @Override
        public void end() {
            completed[location] = true;
        }
    }

    /**
     * Reads the events of every location whose event file is in {@code dir} (none for another
     * substrate than one file per location, SION), on as many threads as the reader would use
     * (one per core, at most one per {@link Otf2TraceReader#BYTES_PER_THREAD} of event files),
     * each with its own reader of the archive and its share of the locations by file size; keeps
     * per location how many events it has, -1 where its file is missing or could not be read to
     * the end ({@link #counted}, null when no location was read), and the first failure
     * ({@link #countFailure}).
     */
    private static final int MAX_FAILURES = 16;

    private void countEvents(Path anchor, Path dir) {
        Map<Long, Long> bytes = new java.util.TreeMap<>();
        Predicate<Path> complete = new Otf2Files(anchor).completeness();
        boolean sizeUnknown = false;
        for (Location l : locations) {
            Path evt = dir.resolve(l.id() + ".evt");
            if (!bytes.containsKey(l.id()) && Files.isRegularFile(evt) && !complete.test(evt)) {
                // libotf2 reads past the end of a cut file, or loops for ever on some: not read (as the reader refuses it)
                if (countFailure == null) {
                    String state = Otf2ReadFailure.state(evt);
                    String order = new Otf2Files(anchor).chunkProblem(l.id()); // lost or swapped chunks, not a missing end
                    countFailure = evt + ": " + state + (Otf2ReadFailure.DAMAGED.equals(state) ? " (" + (order != null ? order : LocationFileCheck.NO_END) + ")" : "");
                }
                continue;
            }
            if (!bytes.containsKey(l.id()) && Files.isRegularFile(evt)) {
                try {
                    bytes.put(l.id(), Files.size(evt));
                } catch (IOException e) {
                    bytes.put(l.id(), 0L);
                    sizeUnknown = true;
                }
            }
        }
        if (bytes.isEmpty() || otherSubstrate(dir)) {
            return;
        }
        long[] present = bytes.keySet().stream().mapToLong(Long::longValue).toArray();
        Map<Long, Integer> slot = new HashMap<>();
        for (int i = 0; i < present.length; i++) {
            slot.put(present[i], i);
        }
        long total = bytes.values().stream().mapToLong(Long::longValue).sum();
        int threads = (int) Math.min(maxThreads,
                Math.max(1, (total + Otf2TraceReader.BYTES_PER_THREAD - 1) / Otf2TraceReader.BYTES_PER_THREAD));
        long[] chunkSizes = org.igtrace.reader.otf2.nativelib.Otf2AnchorProperties.chunkSizes(anchor);
        long largest = sizeUnknown ? -1 : bytes.values().stream().mapToLong(Long::longValue).max().orElse(0);
        try (ReadingAnchor via = ReadingAnchor.of(anchor, chunkSizes, present.length, largest)) { // as the reader reads them
            long chunk = via.chunk() > 0 ? via.chunk() : chunkSizes == null ? 0 : chunkSizes[0];
            // their chunk buffers within the reader's budget (issue 41 item 7)
            countEvents(anchor, via.path(), bytes, present, slot, threads > 1 ? ChunkBufferBudget.readers(threads, chunk) : threads);
        }
    }

    /**
     * Counts the events of the locations {@code present} (their places: {@code slot}, their files' sizes: {@code bytes})
     * on {@code threads} threads, read through {@code via} ({@link ReadingAnchor}).
     */
    private void countEvents(Path anchor, Path via, Map<Long, Long> bytes, long[] present, Map<Long, Integer> slot, int threads) {
        long[] counts = new long[present.length];
        boolean[] completed = new boolean[present.length];
        Throwable[] failure = new Throwable[1];
        long[] failedLocation = {-1};
        List<Thread> started = new ArrayList<>();
        List<TimeRange> ranges = new ArrayList<>();
        for (long[] share : LocationShares.balance(present, bytes::get, threads)) {
            TimeRange range = new TimeRange(completed);
            ranges.add(range);
            Thread t = new Thread(() -> {
                // a location that cannot be read to the end is left out and the rest of the share read with a new
                // reader (libotf2's reader is not used again after an error), up to MAX_FAILURES times
                long[] left = share;
                for (int failures = 0; left.length > 0 && failures < MAX_FAILURES; failures++) {
                    range.location = -1;
                    try (Otf2Archive archive = Otf2Archive.open(anchor, via)) {
                        archive.readEvents(left, id -> {
                            range.location = slot.get(id);
                            return range;
                        }, n -> counts[range.location] += n);
                        return;
                    } catch (Otf2Exception | RuntimeException | Error e) { // NOPMD: the location being read stays uncounted
                        int failed = range.location;
                        synchronized (failure) {
                            if (failure[0] == null) {
                                failure[0] = e;
                                failedLocation[0] = failed >= 0 ? present[failed] : -1;
                            }
                        }
                        left = java.util.Arrays.stream(left).filter(id -> !completed[slot.get(id)] && slot.get(id) != failed).toArray();
                    }
                }
            }, "igtrace-count");
            t.setDaemon(true);
            t.start();
            started.add(t);
        }
        for (Thread t : started) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return; // nothing counted: the announced counts, not checked
            }
        }
        long[] perLocation = new long[locations.size()];
        boolean any = false;
        for (int i = 0; i < locations.size(); i++) {
            Integer k = slot.get(locations.get(i).id());
            perLocation[i] = k != null && completed[k] ? counts[k] : -1;
            any |= perLocation[i] >= 0;
        }
        synchronized (failure) {
            if (failure[0] != null && countFailure == null) {
                String why = failure[0] instanceof Otf2Exception || failure[0].getMessage() != null
                        ? failure[0].getMessage() : failure[0].toString();
                // the file it failed in, as the other commands name it: libotf2's (a location's local definitions or its
                // events), else the events of the location being read
                if (failure[0] instanceof Otf2Exception o && o.file() != null) {
                    countFailure = Otf2ReadFailure.of(anchor, o).getMessage();
                } else {
                    countFailure = failedLocation[0] < 0 ? why : eventDirectory(anchor).resolve(failedLocation[0] + ".evt") + ": " + why;
                }
            }
        }
        if (any) {
            counted = perLocation;
            for (TimeRange r : ranges) {
                firstEvent = Math.min(firstEvent, r.first);
                lastEvent = Math.max(lastEvent, r.last);
            }
        }
    }

    /** Whether the event directory holds SION files (another substrate than one file per location). */
    private static boolean otherSubstrate(Path dir) {
        try (java.util.stream.Stream<Path> listed = Files.list(dir)) {
            return listed.anyMatch(f -> f.getFileName().toString().endsWith(".sion"));
        } catch (java.nio.file.AccessDeniedException e) {
            return false; // may be searched, not listed (mode 711): the event files were found by their names, as libotf2 opens them
        } catch (IOException e) {
            return true;
        }
    }

    private TraceInventory inventory(Path anchor, Otf2AnchorProperties.Properties anchorProperties) {
        TraceDefinitions resolved = definitions.resolve();
        int[] threads = new int[resolved.processCount()];
        for (long location : definitions.readLocations()) {
            threads[definitions.process(location)]++;
        }
        List<TraceInventory.Process> processes = new ArrayList<>();
        for (ProcessInfo p : resolved.processes()) {
            processes.add(new TraceInventory.Process(p.rank(), p.name(), p.host(), threads[p.rank()]));
        }
        List<TraceInventory.Location> listed = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        Path dir = eventDirectory(anchor);
        long announced = 0, read = 0;
        int differ = 0;
        for (int i = 0; i < locations.size(); i++) {
            Location l = locations.get(i);
            int rank = definitions.process(l.id());
            long events = counted == null ? l.events() : counted[i];
            if (counted != null && counted[i] >= 0) {
                announced += l.events();
                read += counted[i];
                differ += counted[i] == l.events() ? 0 : 1;
            }
            listed.add(new TraceInventory.Location(Long.toString(l.id()), strings.get(l.name()), rank,
                    kindName(l.kind()), events));
            Path evt = dir.resolve(l.id() + ".evt");
            if (rank >= 0 && Files.isDirectory(dir) && Files.isExecutable(dir) && !Files.isRegularFile(evt)) {
                missing.add(evt.toString());
            }
        }
        if (Files.isDirectory(dir) && !Files.isExecutable(dir)) { // its files cannot be opened, nor said to be missing
            countFailure = countFailure != null ? countFailure : dir + ": cannot open the files in it (not searchable: permission denied)";
        }
        if (!Files.isDirectory(dir)) {
            missing.add(dir + "/ (the directory of event files)");
        }
        List<TraceInventory.Communicator> comms = new ArrayList<>();
        for (Map.Entry<Integer, int[]> c : communicators.entrySet()) {
            Group g = groups.get(c.getValue()[0]);
            comms.add(new TraceInventory.Communicator(communicatorName(c.getKey(), c.getValue()[1], g),
                    g == null ? 0 : g.kind() == GroupKind.COMM_SELF ? 1 : g.size(),
                    g == null || g.paradigm() == PARADIGM_MPI ? null : paradigmName(g.paradigm())));
        }
        for (Map.Entry<Integer, int[]> c : interCommunicators.entrySet()) {
            Group a = groups.get(c.getValue()[0]), b = groups.get(c.getValue()[1]);
            int sizeA = a == null ? 0 : a.kind() == GroupKind.COMM_SELF ? 1 : a.size(), sizeB = b == null ? 0 : b.kind() == GroupKind.COMM_SELF ? 1 : b.size();
            comms.add(new TraceInventory.Communicator(communicatorName(c.getKey(), c.getValue()[2], null) + ", inter-communicator of "
                    + sizeA + " and " + sizeB, sizeA + sizeB, null));
        }
        List<String> notes = new ArrayList<>(resolved.notes());
        if (declared >= 0 && definitions.locationsDefined() < declared) { // the other commands refuse it (Otf2TraceReader)
            notes.add("the anchor announces " + Long.toUnsignedString(declared) + " locations, the definitions define " + definitions.locationsDefined()
                    + ": " + new Otf2Files(anchor).globalDefinitions().getFileName() + " is damaged, and the ranks listed may not be the run's");
        }
        String format = "OTF2" + (anchorProperties.version() == null ? "" : " " + anchorProperties.version());
        double span = traceLength < 0 ? -1 : (double) traceLength / ticksPerSecond;
        if (lastEvent >= firstEvent) {
            // the definitions' length covers every event; EZTrace 2.0's is too short (pi-4: 13.6 ms for events over 34.8 ms)
            double eventSpan = (double) (lastEvent - firstEvent) / ticksPerSecond;
            if (span < 0 || eventSpan > span) {
                if (span >= 0) {
                    notes.add("the definitions give the trace a length of " + Labels.seconds3(span) + ", but its events span " + Labels.seconds3(eventSpan)
                            + ": the time span shown is the events' (from the first to the last region, message or collective event)");
                }
                span = eventSpan;
            }
        }
        long unread = counted == null ? 0 : java.util.Arrays.stream(counted).filter(c -> c < 0).count();
        if (counted == null && countFailure != null) {
            notes.add("event counts as the definitions announce them, not checked: the event files could not be read (" + countFailure + ")");
        } else if (counted == null) {
            notes.add("event counts as the definitions announce them, not checked: no event file of one file per location was found");
        } else if (unread > 0) {
            notes.add(unread + (unread == 1 ? " location's" : " locations'") + " events could not be counted (missing or unreadable file"
                    + (countFailure == null ? "" : ": " + countFailure) + "): the total leaves them out");
        }
        if (differ > 0) {
            notes.add("the definitions announce " + announced + " events, the event files hold " + read + " (" + differ + " of "
                    + locations.size() + " locations differ); the counts shown are the events read");
        }
        return new TraceInventory(format, anchorProperties.creator(), processes, listed, regions, comms, ticksPerSecond, span,
                counted == null ? "announced by the definitions (not checked)"
                        : unread == 0 ? "counted" : "counted in " + (locations.size() - unread) + " of " + locations.size() + " locations",
                missing, notes);
    }

    /**
     * A communicator's name; an unnamed one (Score-P 1.3 names only MPI_COMM_WORLD) by its group's
     * name, "self" for a self-communicator, else "unnamed".
     */
    private String communicatorName(int id, int name, Group g) {
        String own = strings.get(name);
        if (own == null) {
            return "communicator " + id;
        } else if (!own.isEmpty() || g == null) {
            return own;
        }
        String group = strings.getOrDefault(g.name(), "");
        return !group.isEmpty() ? group : g.kind() == GroupKind.COMM_SELF ? "self" : "unnamed";
    }

    /** An OTF2_Paradigm code as people name the paradigm. */
    static String paradigmName(int paradigm) {
        String[] names = {"unknown", "user", "compiler", "OpenMP", "MPI", "CUDA", "measurement system", "Pthreads", "HMPP",
            "OmpSs", "hardware", "GASPI", "UPC", "SHMEM", "Windows threads", "Qt threads", "ACE threads", "TBB threads", "OpenACC",
            "OpenCL", "MTAPI", "sampling", "none", "HIP", "Kokkos"};
        return paradigm >= 0 && paradigm < names.length ? names[paradigm] : "paradigm " + paradigm;
    }

    private static Path eventDirectory(Path anchor) {
        String name = anchor.getFileName().toString();
        return anchor.resolveSibling(name.endsWith(".otf2") ? name.substring(0, name.length() - 5) : name);
    }

    private static String kindName(LocationKind kind) {
        return switch (kind) {
            case CPU_THREAD -> "CPU thread";
            case ACCELERATOR_STREAM -> "accelerator stream";
            case METRIC -> "metric";
            case OTHER -> "other";
        };
    }

    @Override
    public void creator(String creator) {
        definitions.creator(creator);
    }

    @Override
    public void clockProperties(long ticksPerSecond, long globalOffset, long traceLength) {
        definitions.clockProperties(ticksPerSecond, globalOffset, traceLength);
        this.ticksPerSecond = Otf2Definitions.unsignedTicks(ticksPerSecond);
        this.traceLength = traceLength;
    }

    @Override
    public void string(int id, byte[] value) {
        definitions.string(id, value);
        strings.putIfAbsent(id, value == null ? null : org.igtrace.reader.NameBytes.text(value, 0, value.length));
    }

    @Override
    public void systemTreeNode(int id, int name, int className, int parent) {
        definitions.systemTreeNode(id, name, className, parent);
    }

    @Override
    public void locationGroup(int id, int name, LocationGroupKind kind, int systemTreeParent) {
        definitions.locationGroup(id, name, kind, systemTreeParent);
    }

    @Override
    public void location(long id, int name, LocationKind kind, long numberOfEvents, int locationGroup) {
        definitions.location(id, name, kind, numberOfEvents, locationGroup);
        locations.add(new Location(id, name, kind, numberOfEvents));
    }

    @Override
    public void region(int id, int name, boolean mpiParadigm) {
        definitions.region(id, name, mpiParadigm);
        // MPI as igtrace reads it (definitions section 3): the MPI paradigm, or a name starting MPI_ (EZTrace marks MPI calls USER)
        boolean mpi = RegionKind.classify(strings.get(name), mpiParadigm) != RegionKind.OTHER;
        regions.merge(mpi ? "MPI" : "other", 1, Integer::sum);
    }

    /**
     * A region of its paradigm, counted under it (OpenMP, CUDA, compiler, user, ...: every region outside MPI was "other",
     * where info.md promises the regions per paradigm); MPI as igtrace reads it, as {@link #region} counts it.
     */
    @Override
    public void regionOfParadigm(int id, int name, int role, int paradigm) {
        definitions.regionOfParadigm(id, name, role, paradigm);
        boolean mpi = RegionKind.classify(strings.get(name), paradigm == PARADIGM_MPI) != RegionKind.OTHER;
        regions.merge(mpi ? "MPI" : paradigm == 0 ? "other" : paradigmName(paradigm), 1, Integer::sum);
    }

    @Override
    public void groupOfParadigm(int id, int name, GroupKind kind, int paradigm, long[] members) {
        definitions.groupOfParadigm(id, name, kind, paradigm, members);
        if (kind == GroupKind.COMM_GROUP || kind == GroupKind.COMM_SELF) {
            groups.putIfAbsent(id, new Group(kind, members.length, name, paradigm));
        }
    }

    @Override
    public void communicator(int id, int name, int group, int parent) {
        definitions.communicator(id, name, group, parent);
        communicators.putIfAbsent(id, new int[] {group, name});
    }

    @Override
    public void interCommunicator(int id, int name, int groupA, int groupB) {
        definitions.interCommunicator(id, name, groupA, groupB);
        interCommunicators.putIfAbsent(id, new int[] {groupA, groupB, name});
    }
}
