package org.igtrace.cli;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.igtrace.cli.isolation.SupervisedChild;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.trace.TraceInventory;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf1.Otf1Inventory;
import org.igtrace.reader.otf2.Otf2Inventory;

/**
 * The one door through which a command reads a trace, in the manner of JFR's {@code EventStream}:
 * {@link #open} (the trace located, the selection and the reading settings fixed), then
 * {@link #subscribe} the analyses the command wants beside the profile (each made from the
 * trace's definitions, held by the command as a plain object), then {@link #start}: one read
 * feeds them all. Where the read runs is decided here and nowhere else:
 * <ul>
 * <li>a command with no analysis of its own gets its profile from the command's
 * {@link ProfileReader} (this JVM, or the executors of igtrace on Spark, where the selection's
 * filter runs too);</li>
 * <li>a command with analyses of its own, or a selection the command's reader leaves to this JVM,
 * reads in this JVM; for OTF2 with isolation on, the whole command runs again in a child JVM
 * ({@link IsolatedCommand}), so that a libotf2 crash takes down only the child; a command reading
 * two traces (diff) asks once for both ({@link #runHereOrIsolated(TraceSession...)}).</li>
 * </ul>
 * What the readers throw stops here too: otf-reader's checked {@link TraceReadException} becomes the command line's
 * {@link Failure} (exit 1) once, in {@code reading}, so no command declares or catches it.
 */
final class TraceSession {
    /**
     * An analysis a read feeds: made from the trace's definitions when the read starts.
     *
     * @param <T> the analysis
     */
    static final class Subscription<T> {
        private final Function<TraceDefinitions, T> factory;
        private final Function<T, EventTaps> taps;
        private T analysis;

        private Subscription(Function<TraceDefinitions, T> factory, Function<T, EventTaps> taps) {
            this.factory = factory;
            this.taps = taps;
        }

        private EventTaps make(TraceDefinitions definitions) {
            analysis = factory.apply(definitions);
            return taps.apply(analysis);
        }

        /** @return the analysis, after {@link TraceSession#start} read the trace */
        T get() {
            if (analysis == null) {
                throw new IllegalStateException("the trace has not been read");
            }
            return analysis;
        }
    }

    private final Invocation parent;
    private final TraceFormat.Located located;
    private final TraceReading.Request request;
    private final Selection selection;
    private ProgressBar progress;
    private final List<Subscription<?>> subscriptions = new ArrayList<>();
    private java.util.function.Consumer<TraceDefinitions> beforeEvents = definitions -> { };
    private boolean everyRank;
    private boolean decided;
    private TraceProfile profile;

    private TraceSession(Invocation parent, TraceFormat.Located located, TraceReading.Request request, Selection selection,
                         ProgressBar progress) {
        this.parent = parent;
        this.located = located;
        this.request = request;
        this.selection = selection;
        this.progress = progress;
    }

    /**
     * Opens a trace for reading.
     *
     * @param parent    the igtrace command (its streams, its arguments, its reader)
     * @param trace     the path the user gave: an OTF2 anchor, an OTF master file, or a directory holding one
     * @param request   how to read and what the profile holds
     * @param selection the part of the run to analyse ({@link Selection#ALL}: all of it)
     * @param progress  where the read's progress is drawn
     * @return the opened trace, not yet read
     * @throws Failure when no trace is there
     */
    /**
     * Whether the selection cuts each process's events at its start (a window's start after the run's, or a region): the
     * first event kept is then not the process's start (why's late start, definitions section 14). A window from 0 keeps
     * every start (it keeps every event: the same numbers as no window).
     *
     * @return true when a window's start after the run's start or a region is selected
     */
    boolean cutsStarts() {
        return selection != null && (selection.from() != null && selection.from() > 0 || selection.region() != null);
    }

    /** @return the region {@code --region} selects, or null */
    String selectedRegion() {
        return selection == null ? null : selection.region();
    }

    static TraceSession open(Invocation parent, Path trace, TraceReading.Request request, Selection selection, ProgressBar progress) {
        // with --skip-missing, the processes up to the highest rank --ranks names are analysed (definitions section 2)
        TraceReading.Request named = selection.ranks() == null ? request
                : new TraceReading.Request(request.read().withNamedRanks(selection.ranks()), request.analysis());
        return new TraceSession(parent, locate(trace), named, selection, progress);
    }

    /**
     * The trace at a path the user gave, its files and format.
     *
     * @param trace an OTF2 anchor, an OTF master file, or a directory holding one
     * @return the located trace
     * @throws Failure when no trace is there
     */
    static TraceFormat.Located locate(Path trace) {
        return reading(() -> ByteNamedTrace.nameable(TraceFormat.locate(trace)));
    }

    /**
     * What a trace holds, from its definitions, with its event files read to count their events ({@code igtrace info}):
     * no analysis, so no session.
     *
     * @param located the trace
     * @param threads the threads counting OTF2's events (0: one per core)
     * @return the inventory
     * @throws Failure when the trace cannot be read
     */
    static TraceInventory inventory(TraceFormat.Located located, int threads) {
        return reading(() -> switch (located.format()) {
            case OTF2 -> Otf2Inventory.read(located.file(), threads);
            case OTF1 -> Otf1Inventory.read(located.file());
        });
    }

    /** A step of reading a trace, which may throw what its reader throws. */
    private interface Step<T> {
        T run() throws TraceReadException;
    }

    /**
     * The one place where what the readers throw becomes a command's {@link Failure}: a trace that cannot be read
     * ({@link TraceReadException}, the readers' own), a file of it that cannot be listed ({@link UncheckedIOException}).
     */
    private static <T> T reading(Step<T> step) {
        try {
            return step.run();
        } catch (TraceReadException e) {
            throw Failure.of(e);
        } catch (UncheckedIOException e) {
            if (Output.isBrokenPipe(e)) {
                throw e; // an analysis that writes as the trace is read (a streamed export) lost its reader: the quiet end
            }
            throw Failure.of(e);
        }
    }

    /**
     * Draws the read's progress on a bar started now: for a command that opened several traces
     * before reading the first (a bar waits a moment from its start before it draws).
     *
     * @param bar the bar
     * @return this
     */
    TraceSession progress(ProgressBar bar) {
        progress = bar;
        return this;
    }

    /** @return the trace's files and format */
    TraceFormat.Located located() {
        return located;
    }

    /**
     * One more analysis the read feeds, after the selection's filter.
     *
     * @param analysis makes the analysis from the trace's definitions
     * @param <T>      the analysis
     * @return where the command finds the analysis after {@link #start}
     */
    <T extends EventTaps> Subscription<T> subscribe(Function<TraceDefinitions, T> analysis) {
        Subscription<T> s = new Subscription<>(analysis, t -> t);
        subscriptions.add(s);
        return s;
    }

    /**
     * One more analysis the read feeds through its part {@code taps} (an analysis that holds more
     * than the taps, e.g. an export and its writer).
     *
     * @param analysis makes the analysis from the trace's definitions
     * @param taps     the analysis's part the read feeds
     * @param <T>      the analysis
     * @return where the command finds the analysis after {@link #start}
     */
    <T> Subscription<T> subscribe(Function<TraceDefinitions, T> analysis, Function<T, EventTaps> taps) {
        Subscription<T> s = new Subscription<>(analysis, taps);
        subscriptions.add(s);
        return s;
    }

    /**
     * One more analysis fed every event the selection keeps, beside the profile (no filter of its
     * own, no match records).
     *
     * @param analysis makes the analysis from the trace's definitions
     * @param <T>      the analysis
     * @return where the command finds the analysis after {@link #start}
     */
    <T extends LocationSink> Subscription<T> subscribeSink(Function<TraceDefinitions, T> analysis) {
        Subscription<T> s = new Subscription<>(analysis, EventTaps::alsoFeeding);
        subscriptions.add(s);
        return s;
    }

    /**
     * A check of the command line against the trace's processes, run once the definitions are
     * read and before any event (after the read where the reader cannot stop in between).
     *
     * @param check throws when the command line does not fit the trace
     * @return this
     */
    TraceSession beforeEvents(java.util.function.Consumer<TraceDefinitions> check) {
        beforeEvents = check;
        return this;
    }

    /**
     * The window and region of the selection keep the events of every process, whatever its rank;
     * the profile is then about the selected ranks (a replay of the selected ranks needs their
     * partners, and clocks corrected by every process's messages).
     *
     * @return this
     */
    TraceSession everyRank() {
        everyRank = true;
        return this;
    }

    /**
     * Decides now, not at {@link #start}, where the read runs: for a command that writes its output
     * as it reads (it must not open the output in this JVM when the whole command runs in a child).
     * A command whose read must be isolated runs whole in a child JVM here.
     *
     * @return the exit code of the command run in a child JVM, or null: the read runs here
     */
    Integer runHereOrIsolated() {
        return runHereOrIsolated(this);
    }

    /**
     * Decides once, for a command that reads several traces one after the other (diff), where the
     * reads run: the whole command runs in a child JVM when any of the traces needs it (the child
     * then reads them all, and a libotf2 crash there names the trace it was reading). The one place
     * where this is decided.
     *
     * @param sessions the opened traces, of one command
     * @return the exit code of the command run in a child JVM, or null: the reads run here
     */
    static Integer runHereOrIsolated(TraceSession... sessions) {
        TraceSession isolated = null;
        for (TraceSession s : sessions) {
            s.decided = true;
            if (isolated == null && IsolatedCommand.needed(s.located)) {
                isolated = s;
            }
        }
        if (isolated == null) {
            return null;
        }
        Invocation parent = isolated.parent;
        return IsolatedCommand.run(parent.args(), isolated.located.file(), parent.stdout(), parent.err());
    }

    /**
     * The trace's definitions (the processes analysed and their world ranks), read now and without any event: for a
     * command that checks several traces against each other before reading one (diff).
     *
     * @return the definitions
     */
    TraceDefinitions definitions() {
        if (located.format() == TraceFormat.OTF2) {
            SupervisedChild.reading(located.file()); // a crash from here on names this trace
        }
        return reading(() -> org.igtrace.reader.input.TraceInput.definitions(located, request.read()));
    }

    /**
     * Reads the trace once into the profile and the subscribed analyses.
     *
     * @return null when the trace was read here; otherwise the command's exit code: the command ran
     *         whole in a child JVM, or the selection kept no event (said on standard error)
     * @throws Failure    when the trace cannot be read
     * @throws UsageError when the trace refutes the command line (a rank it does not have, a region it does not name)
     */
    Integer start() throws Failure, UsageError {
        Integer exit = reading(this::read);
        if (exit == null && profile != null && profile.processes().isEmpty()) {
            throw new Failure(noProcess(located.file(), profile.notes()));
        }
        if (exit == null && profile != null && profile.processes().stream().noneMatch(org.igtrace.core.profile.ProcessProfile::hasRow)) {
            throw new Failure(noTime(located.file(), profile.processes().size()));
        }
        return exit;
    }

    /**
     * A trace whose processes have no row (definitions section 10: no region event read, or all their time in MPI_Init
     * or MPI_Finalize or with recording off) has no run time either: its numbers would read 0 s and efficiencies of 1,
     * as a selection that keeps no time to analyse ({@link SelectedReading}); it is refused the same way.
     */
    static String noTime(Path trace, int processes) {
        return trace + ": no time to analyse: " + (processes == 1 ? "its process has no" : "none of its " + processes + " processes has a")
                + " region event read outside MPI_Init and MPI_Finalize with recording on (none recorded, or the files were left"
                + " out), or " + (processes == 1 ? "its" : "their") + " region events span no time (T_i = 0 s); igtrace info shows"
                + " what it holds";
    }

    /**
     * A trace that holds no process has no run time, no waiting, no graph: every number would read 0 s or a perfect 1
     * (definitions section 10). It is refused, with the note that says why its locations were left out.
     */
    static String noProcess(Path trace, List<String> notes) {
        String why = notes.stream().filter(n -> n.contains("ignored") || n.contains("left out")).findFirst().orElse(null);
        return trace + ": no process to analyse: the trace defines no MPI process or thread of one"
                + (why == null ? "" : " (" + why + ")") + "; igtrace info shows what it holds";
    }

    private Integer read() throws TraceReadException {
        if (located.format() == TraceFormat.OTF2) {
            SupervisedChild.reading(located.file()); // a crash from here on names this trace
        }
        if (subscriptions.isEmpty() && !everyRank) {
            if (selection.isAll()) {
                profile = TraceReading.read(located, request, progress, parent.reader(), beforeEvents).profile();
                return null;
            }
            SelectedReading.Elsewhere elsewhere = SelectedReading.elsewhere(parent, located, request, progress, selection, beforeEvents);
            if (elsewhere != null) {
                profile = elsewhere.profile();
                return elsewhere.exit();
            }
            // the command's reader leaves the selection to this JVM: read here, as with analyses of its own
        }
        if (!decided) {
            Integer exit = runHereOrIsolated();
            if (exit != null) {
                return exit;
            }
        }
        SelectedReading reading = new SelectedReading();
        Function<TraceDefinitions, EventTaps> taps = definitions -> {
            beforeEvents.accept(definitions);
            EventTaps all = EventTaps.NONE;
            for (Subscription<?> s : subscriptions) {
                all = all == EventTaps.NONE ? s.make(definitions) : all.beside(s.make(definitions));
            }
            return all;
        };
        String nothing; // a selection the trace refutes is a UsageError, said by the one handler
        if (everyRank) {
            profile = reading.readEveryRank(located, request, progress, selection, taps);
            nothing = SelectedReading.nothingLeftOfRanks(located, selection, profile); // the ranks kept first: no event of theirs
            if (nothing == null) {
                nothing = reading.nothingLeft(located, profile);
            }
        } else {
            profile = reading.read(located, request, progress, selection, taps);
            nothing = reading.nothingLeft(located, profile);
        }
        if (nothing != null) {
            parent.err().println(nothing);
            return 1;
        }
        return null;
    }

    /** @return the profile of the selected part, after {@link #start} read the trace */
    TraceProfile profile() {
        if (profile == null) {
            throw new IllegalStateException("the trace has not been read");
        }
        return profile;
    }
}
