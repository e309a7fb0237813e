package org.igtrace.core.replay;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.WorldRankNotes;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.util.RecordBlocks;

/**
 * Records every location's activities for the replay (definitions section 9) as a reader pushes the
 * events, in any order of locations and on any threads (each location on one thread). A plain
 * {@link LocationSink}: it can be fed alone or beside other analyses. The activities are encoded
 * into a {@link RecordBlocks} store (see {@link LocationActivities}): the command line's spills to
 * a temporary file beyond a memory budget; the store must stay open while the run is replayed.
 */
public final class ActivityRecorder implements LocationSink {
    private final TraceDefinitions definitions;
    private final RecordBlocks store;
    private final Membership membership;
    private final List<LocationActivities> locations = Collections.synchronizedList(new ArrayList<>());

    /** A recorder keeping the activities in memory. */
    public ActivityRecorder(TraceDefinitions definitions) {
        this(definitions, new MemoryRecordBlocks());
    }

    public ActivityRecorder(TraceDefinitions definitions, RecordBlocks store) {
        this(definitions, store, -1);
    }

    /**
     * As above, keeping beside each location's calls what predict's fits before its replay need, so that they read no
     * call ({@link RecordedFitCalls}: the calls with a collective, the eager blocking sends' durations below
     * {@code eagerLimit}; a negative limit: none kept).
     */
    public ActivityRecorder(TraceDefinitions definitions, RecordBlocks store, long eagerLimit) {
        this(definitions, store, eagerLimit, eagerLimit < 0 ? ReplayParameters.DEFAULT_EAGER_LIMIT : eagerLimit);
    }

    /**
     * As above, a blocking probe and its receive merged ({@link ProbeMerge}) only for a message under {@code replayEagerLimit}
     * bytes, the eager limit the run is replayed with (the fits' {@code eagerLimit} is -1 where the network is given).
     */
    public ActivityRecorder(TraceDefinitions definitions, RecordBlocks store, long eagerLimit, long replayEagerLimit) {
        this.definitions = definitions;
        this.store = store;
        this.membership = new Membership(definitions);
        this.eagerRegions = eagerLimit < 0 ? null : SendOverhead.eagerCalls(definitions);
        this.eagerLimit = eagerLimit;
        this.probes = ProbeMerge.needed(definitions);
        this.replayEagerLimit = replayEagerLimit;
    }

    /**
     * A recorder of the threads of processes with several ({@link TraceDefinitions#severalThreads}) alone, for an analysis
     * that replays nothing but stands a process by the thread the replay would take ({@link #feedMerged}); the other
     * processes' events are not kept.
     *
     * @param definitions the trace's definitions
     * @param store       where the threads' events are kept
     * @return the recorder
     */
    public static ActivityRecorder threadsOnly(TraceDefinitions definitions, RecordBlocks store) {
        ActivityRecorder r = new ActivityRecorder(definitions, store);
        r.threadsOnly = true;
        return r;
    }

    private boolean threadsOnly;

    /** Whether a blocking probe and its receive are merged into one call ({@link ProbeMerge}). */
    private final boolean probes;
    private final long replayEagerLimit;

    private final boolean[] eagerRegions;
    private final long eagerLimit;

    /** The threads of processes with several ({@link TraceDefinitions#severalThreads}), kept until every one is read. */
    private final List<ThreadEvents> threads = Collections.synchronizedList(new ArrayList<>());
    /** What {@link #mergeThreads} found: per process of several threads, its calls on threads its replay leaves out. */
    private final java.util.Map<Integer, Long> callsLeftOut = new java.util.TreeMap<>();
    /** The processes whose threads' calls are replayed as one thread's, and the threads not replayed at all. */
    private final java.util.Set<Integer> merged = new java.util.TreeSet<>();
    /** Per process replayed with its threads' calls, its threads (the replayed one first), for {@link #feedMerged}. */
    private final java.util.Map<Integer, List<ThreadEvents>> mergedThreads = new java.util.HashMap<>();
    private long threadsLeftOut;
    /** Per process of several threads, the message and collective events on its threads with no region event. */
    private final java.util.Map<Integer, Long> stranded = new java.util.TreeMap<>();
    private long threadCalls;

    /**
     * The location's recorder, behind a {@link ProbeMerge} when the trace defines a blocking probe; for a thread of a
     * process of several, its events kept until all are read ({@link #mergeThreads}).
     */
    @Override
    public org.igtrace.core.trace.LocationEvents location(int process, long order) {
        if (definitions.severalThreads(process)) {
            ThreadEvents t = new ThreadEvents(definitions, process, order, store);
            threads.add(t);
            return t;
        }
        if (threadsOnly) {
            return new org.igtrace.core.trace.LocationEvents() {
            };
        }
        LocationActivities l = new LocationActivities(definitions, membership, process, order, store, eagerRegions, eagerLimit);
        locations.add(l);
        return probes ? new ProbeMerge(definitions, l, replayEagerLimit) : l;
    }

    /**
     * Each process of several threads as one location to replay: the thread it replays (region events before none, then
     * the most message and collective events, then the most calls; the first in order among equals) with the MPI calls of
     * its other threads when no two of them are in MPI at once ({@link ThreadMerge}), else that thread alone.
     */
    private void mergeThreads() {
        java.util.Map<Integer, List<ThreadEvents>> byProcess = new java.util.TreeMap<>();
        List<ThreadEvents> ordered = new ArrayList<>(threads);
        ordered.sort(Comparator.comparingLong(t -> t.order));
        for (ThreadEvents t : ordered) {
            byProcess.computeIfAbsent(t.process, p -> new ArrayList<>()).add(t);
        }
        threads.clear();
        byProcess.forEach((process, list) -> {
            int withCalls = 0;
            for (ThreadEvents t : list) {
                withCalls += t.calls > 0 ? 1 : 0;
            }
            // threads that take turns in MPI replay as one making every call: the one that called MPI_Init or MPI_Finalize,
            // else the one of the longest span, among those that called MPI (a helper pthread that outlives them does not
            // hold the process's MPI); otherwise the thread with the most message and collective events alone
            boolean together = withCalls > 1 && !new ThreadMerge(definitions, list).overlaps();
            ThreadEvents first = null;
            for (ThreadEvents t : list) {
                if (together && t.calls == 0 && !t.environment) {
                    continue;
                }
                boolean better = first == null || (together ? t.environment != first.environment ? t.environment : t.span() > first.span()
                        : t.regions != first.regions ? t.regions : t.counts.beats(first.counts));
                if (better) {
                    first = t;
                }
            }
            List<ThreadEvents> inOrder = new ArrayList<>();
            inOrder.add(first);
            long others = 0;
            for (ThreadEvents t : list) {
                if (t != first) {
                    inOrder.add(t);
                    others += t.calls;
                    if (first.regions && !t.regions && t.counts.events() > 0) {
                        stranded.merge(process, t.counts.events(), Long::sum);
                    }
                }
            }
            ThreadMerge merge = new ThreadMerge(definitions, inOrder);
            LocationActivities l = new LocationActivities(definitions, membership, process, first.order, store, eagerRegions, eagerLimit);
            org.igtrace.core.trace.LocationEvents to = probes ? new ProbeMerge(definitions, l, replayEagerLimit) : l;
            if (together) {
                merge.feed(to);
                merged.add(process);
                mergedThreads.put(process, inOrder);
                threadsLeftOut += inOrder.stream().filter(t -> t != inOrder.get(0) && t.calls == 0).count();
            } else {
                new ThreadMerge(definitions, List.of(first)).feed(to);
                threadsLeftOut += inOrder.size() - 1;
                if (others > 0) {
                    callsLeftOut.put(process, others);
                }
            }
            to.end();
            threadCalls += first.calls + others;
            locations.add(l);
        });
    }

    /**
     * Hands {@code to} the events of the thread process {@code process} replays with its other threads' outermost MPI
     * calls in time order ({@link OtherThreadCalls#otherThreadCall}), when the replay takes its threads' calls together
     * ({@link #recorded} first).
     *
     * @param process a process
     * @param to      what takes the events
     * @return the replayed thread's place among all locations, or -1 (nothing fed) when the process is not replayed so
     */
    public long feedMerged(int process, OtherThreadCalls to) {
        List<ThreadEvents> list = mergedThreads.get(process);
        if (list == null) {
            return -1;
        }
        new ThreadMerge(definitions, list).feed(to);
        to.end();
        return list.get(0).order;
    }

    /**
     * The place among all locations of the thread process {@code process} replays with its other threads' calls, or -1.
     *
     * @param process a process
     * @return its replayed thread's order, or -1 when its threads' calls are not replayed together
     */
    public long mergedOrder(int process) {
        List<ThreadEvents> list = mergedThreads.get(process);
        return list == null ? -1 : list.get(0).order;
    }

    /** The processes replayed with their threads' calls together ({@link #feedMerged}). */
    public java.util.Set<Integer> mergedProcesses() {
        return java.util.Collections.unmodifiableSet(merged);
    }

    /**
     * The recorded run: per process the location holding its MPI events (the one with the most
     * recorded events, the first in definition order among equals); other locations of the same
     * process are left out and counted in a note.
     */
    public RecordedRun recorded() {
        mergeThreads();
        int n = definitions.processCount();
        LocationActivities[] chosen = new LocationActivities[n];
        List<LocationActivities> ordered = new ArrayList<>(locations);
        ordered.sort(Comparator.comparingLong(l -> l.order));
        int leftOut = 0;
        long untranslated = 0, impossible = 0;
        for (LocationActivities l : ordered) {
            l.end();
            untranslated += l.untranslated;
            impossible += l.impossibleLengths;
            if (l.process < 0 || l.process >= n) {
                continue;
            }
            LocationActivities c = chosen[l.process];
            if (c == null) {
                chosen[l.process] = l;
            } else {
                leftOut++;
                if (better(l, c)) {
                    chosen[l.process] = l;
                }
            }
        }
        List<String> notes = new ArrayList<>();
        // a process with no region event (no event inside a --window) has nothing to replay, and no start: its
        // start of 0 ticks made the replay's run from there (jacobi-4 --window 20ms:25ms measured 28.1 ms)
        List<Integer> empty = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            if (chosen[p] != null && !chosen[p].hasRegionEvents()) {
                chosen[p] = null;
                empty.add(p);
            }
        }
        if (!empty.isEmpty()) {
            notes.add((empty.size() == 1 ? "rank " + definitions.worldRank(empty.get(0)) + " has"
                    : "ranks " + WorldRankNotes.ranges(empty, definitions::worldRank) + " have")
                    + " no region event in what was read: not replayed");
        }
        leftOut += threadsLeftOut;
        if (leftOut > 0) {
            notes.add(leftOut + " further thread locations of processes are not replayed (each process replays one thread, the"
                    + " one holding its MPI events or the most of them" + (merged.isEmpty() ? "" : ", with its other threads' MPI calls") + ")");
        }
        if (!merged.isEmpty()) {
            notes.add(ranks(merged) + MERGED_THREADS + (merged.size() == 1 ? "its" : "each one's")
                    + " threads' calls are replayed in time order as one thread's");
        }
        String otherThreads = otherThreadsNote(ordered, chosen);
        if (otherThreads != null) {
            notes.add(otherThreads);
        }
        String stranded = strandedNote(ordered, chosen);
        if (stranded != null) {
            notes.add(stranded);
        }
        String off = offNote(chosen);
        if (off != null) {
            notes.add(off);
        }
        if (impossible > 0) {
            notes.add(impossible + (impossible == 1 ? " message or collective event" : " message and collective events")
                    + " with a length no run sends (negative, or over 1 TiB: a damaged length field) replayed as 0 bytes");
        }
        if (untranslated > 0) {
            notes.add(untranslated + (untranslated == 1 ? " message event names" : " message events name")
                    + " a partner outside the known processes: not replayed");
        }
        return new RecordedRun(definitions, chosen, store, notes);
    }

    /** What the note on processes whose threads' calls are replayed together says after their ranks. */
    public static final String MERGED_THREADS = " called MPI on several threads, never two at once: ";

    /** What the note on MPI calls of threads not replayed says after its numbers ({@link #otherThreadsNote}). */
    public static final String OTHER_THREADS = " MPI calls are made on threads that are not replayed";

    /**
     * The note on MPI calls made on threads other than the one each process replays, where they are not merged into it
     * (threads in MPI at the same time, MPI_THREAD_MULTIPLE, or a reader that did not say the process has several threads):
     * the replay misses them and pairs their partners' messages with other calls (EZTrace's multiple-2: 32 of its 66
     * calls); null when there are none.
     */
    private String otherThreadsNote(List<LocationActivities> ordered, LocationActivities[] chosen) {
        java.util.Set<Integer> processes = new java.util.TreeSet<>(callsLeftOut.keySet());
        long calls = callsLeftOut.values().stream().mapToLong(Long::longValue).sum(), all = threadCalls;
        boolean unmerged = false;
        for (LocationActivities l : ordered) {
            if (l.process < 0 || l.process >= chosen.length || chosen[l.process] == null) {
                continue;
            }
            all += definitions.severalThreads(l.process) ? 0 : l.callCount();
            if (chosen[l.process] != l && l.hasRegionEvents() && l.callCount() > 0) {
                processes.add(l.process);
                calls += l.callCount();
                unmerged = true;
            }
        }
        if (processes.isEmpty()) {
            return null;
        }
        return calls + " of the " + all + OTHER_THREADS + " (" + ranks(processes) + "): " + (unmerged ? ""
                : "their threads were in MPI at the same time (MPI_THREAD_MULTIPLE), which one thread's calls cannot be; ")
                + "each process replays one thread, the one with the"
                + " most message and collective events, so the replay leaves those calls out and pairs their partners' messages"
                + " with other calls; its run times and waits are not the run's";
    }

    /** "rank 3" or "ranks 0-2". */
    private String ranks(java.util.Collection<Integer> processes) {
        return processes.size() == 1 ? "rank " + definitions.worldRank(processes.iterator().next())
                : "ranks " + WorldRankNotes.ranges(new ArrayList<>(processes), definitions::worldRank);
    }

    /**
     * The note on message and collective events that lie on a thread with no region event while the process replays
     * another (APEX 1.2.0 records an HPX process's messages on a thread with no region, its work on other threads: the
     * replay had 0 messages and said each process replays "the location holding its MPI events"); null when none do.
     */
    private String strandedNote(List<LocationActivities> ordered, LocationActivities[] chosen) {
        java.util.Set<Integer> processes = new java.util.TreeSet<>();
        long events = 0;
        for (var e : stranded.entrySet()) {
            if (chosen[e.getKey()] != null) {
                processes.add(e.getKey());
                events += e.getValue();
            }
        }
        for (LocationActivities l : ordered) {
            if (l.process >= 0 && l.process < chosen.length && chosen[l.process] != null && chosen[l.process] != l
                    && !l.hasRegionEvents() && l.eventCount() > 0) {
                processes.add(l.process);
                events += l.eventCount();
            }
        }
        if (processes.isEmpty()) {
            return null;
        }
        return events + " message and collective events of " + (processes.size() == 1 ? "rank " + definitions.worldRank(processes.iterator().next())
                : "ranks " + WorldRankNotes.ranges(new ArrayList<>(processes), definitions::worldRank))
                + " lie on a thread with no region event (no MPI call around them): not replayed; the thread with regions is";
    }

    /**
     * Whether location {@code l} is replayed rather than {@code c}: one with region events over one without (a
     * threaded program without MPI whose main thread recorded no region: its threads' regions replayed, not
     * nothing, which read "measured run time 0 s ... speedup NaN"), then more recorded events, then more calls.
     */
    private static boolean better(LocationActivities l, LocationActivities c) {
        if (l.hasRegionEvents() != c.hasRegionEvents()) {
            return l.hasRegionEvents();
        }
        return l.eventCount() > c.eventCount() || (l.eventCount() == c.eventCount() && l.callCount() > c.callCount());
    }

    /** The replay's note on the time recording was off (definitions section 3), or null if never. */
    private String offNote(LocationActivities[] chosen) {
        long[] off = new long[chosen.length];
        for (int p = 0; p < chosen.length; p++) {
            off[p] = chosen[p] == null ? 0 : chosen[p].offTicks(chosen[p].start(), chosen[p].endTicks());
        }
        String b = WorldRankNotes.recordingOff(off, definitions.ticksPerSecond(), definitions::worldRank);
        return b == null ? null : "the replay leaves out the time recording was off (unknown: neither computation nor a call's own time) on " + b;
    }

    /** Bytes of encoded activities so far, over all locations (and the kept events of threads). */
    public long bytes() {
        long b = 0;
        synchronized (locations) {
            for (LocationActivities l : locations) {
                b += l.bytes();
            }
        }
        synchronized (threads) {
            for (ThreadEvents t : threads) {
                b += t.bytes();
            }
        }
        return b;
    }
}
