package org.igtrace.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.igtrace.formats.Escape;
import org.igtrace.core.compare.PathAttribution;
import org.igtrace.core.compare.PathTimes;
import org.igtrace.core.compare.ProcessContributors;
import org.igtrace.core.compare.RankMatching;
import org.igtrace.core.compare.RegionTimes;
import org.igtrace.core.compare.RunComparison;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.why.CriticalPath;
import org.igtrace.core.why.PathShares;
import org.igtrace.core.why.RegionSlices;
import org.igtrace.core.why.WaitLog;
import org.igtrace.core.why.WhatIf;
import org.igtrace.formats.diff.DiffOutput;
import org.igtrace.formats.stats.Summary;
import org.igtrace.reader.TraceFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code igtrace diff A B}: two runs side by side, and what made B slower or faster than A (definitions section 15). */
@Command(name = "diff", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Version.class,
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        descriptionHeading = "%n", header = "Two runs of one program side by side, and what made one slower than the other.",
        description = {
            "Reads two traces of the same program with the same processes (one after the other), walks the critical path "
                    + "of each (definitions section 14) and splits the difference of their run times into contributors: "
                    + "per kind (compute, transfer; waiting is never on the path) and region (the user region computed in, the "
                    + "MPI call transferred in), its time on B's path minus its time on A's. The paths are as long as the runs, so the "
                    + "contributors add up to the difference; each is named by the process that carries most of it. The "
                    + "text starts with the story (how much slower or faster B is, and its largest contributors, such as "
                    + "rank 5's solve), then the contributors, then the numbers of igtrace stats side by side: run time and "
                    + "efficiency (the POP metrics), per process T, useful time and waiting, waiting per pattern, compute per "
                    + "region, and the traffic of the pairs whose traffic changed.",
            "",
            "Per process, each process's own compute, transfer and waiting in A and B (they add up to its T) beside its time "
                    + "on the paths: a slowdown that moved from one rank to another cancels out per region and shows here.",
            "",
            "Processes are matched by rank (their world rank, also when --skip-missing analysed processes apart from "
                    + "theirs); when the runs placed them on their nodes differently, a note and the output say so. --window, "
                    + "--ranks and --region select the same part of both runs (the window from each run's start): "
                    + "the numbers are those of two traces holding only the selected events.",
            "",
            "text is for people; json holds the same as data, every number as {a, b, delta} (delta = b - a)."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the comparison was written",
            "1:a trace or the output could not be handled, or the two traces have different numbers of processes "
                    + "(one line naming the files)",
            "2:usage error"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  igtrace diff before/traces.otf2 after/traces.otf2",
            "  igtrace diff before/ after/ --format json | jq '.contributors[0]'",
            "  igtrace diff before/ after/ --region solve --ranks 0-15"
        })
public final class DiffCommand implements Callable<Integer> {
    /** The formats of {@code igtrace diff}. */
    enum Format { TEXT, JSON }

    /** {@code --format}'s values for the completion. */
    static final class DiffFormats implements Iterable<String> {
        public java.util.Iterator<String> iterator() {
            return FormatValues.of(Format.class).iterator();
        }
    }

    private static final Map<String, Format> BY_EXTENSION = Map.of("txt", Format.TEXT, "text", Format.TEXT, "json", Format.JSON);

    @Parameters(index = "0", paramLabel = "A", description = "The first run (the one compared against): a trace as every command takes it "
            + "(an OTF2 anchor file, an OTF master file, or a directory holding exactly one).")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The second run, of the same program with as many processes.")
    Path b;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = DiffFormats.class,
            description = "text (the default) or json. Without it the extension of the output file decides: txt or json.")
    Format format;

    @Option(names = "--clock-correction", paramLabel = "HOW",
            description = "offsets (the default, as igtrace stats) or none (raw timestamps), for both runs.")
    ClockCorrection clockCorrection;

    @Mixin
    TraceOptions common;

    @ParentCommand
    Invocation parent;

    /**
     * One run read: its profile, its compute per region, its critical path (null when it could not be walked); or, with
     * {@code exit} not null, the exit code of a read that kept nothing of the selection (said on standard error).
     */
    private record Run(TraceFormat.Located located, TraceProfile profile, RegionTimes regions, PathTimes path, TraceDefinitions definitions,
                       Integer exit) {
        static Run ended(int exit) {
            return new Run(null, null, null, null, null, exit);
        }

        RunComparison.Run compared() {
            return new RunComparison.Run(profile, regions, definitions);
        }
    }

    @Override
    public Integer call() throws Exception {
        TraceOptions.Checked<Format> checked = common.check(format, BY_EXTENSION, Format.TEXT);
        Selection selection = checked.selection();
        Format chosen = checked.format();
        TraceReading.Request options = TraceReading.options(common.reading, false, clockCorrection, false);
        ProgressBar none = ProgressBar.on(parent.err(), true); // each read draws on a bar of its own (read())
        TraceSession sa = TraceSession.open(parent, a, options, selection, none);
        TraceSession sb = TraceSession.open(parent, b, options, selection, none);
        Integer isolated = TraceSession.runHereOrIsolated(sa, sb); // both read here, or the whole command in a child JVM
        if (isolated != null) {
            return isolated;
        }
        TraceFormat.Located la = sa.located(), lb = sb.located();
        // B's processes from its definitions, checked against A's before any event of either is read (after A's
        // whole read, it took 27.7 s on a large A to refuse)
        TraceDefinitions inB = sb.definitions();
        Run ra = read(sa, inA -> {
            boolean whole = inA.everyProcessAnalysed() && inB.everyProcessAnalysed();
            if (whole && inA.processCount() != inB.processCount()) {
                // not two runs of one program to compare
                throw new Failure(la.file() + " has " + Summary.count(inA.processCount(), "process", "processes")
                        + " and " + lb.file() + " has " + inB.processCount() + ": diff matches the processes of two runs rank by rank, so both need as many");
            }
            if (!whole && common(inA, inB) == 0) { // --skip-missing kept processes of other world ranks in each
                throw new Failure(la.file() + " and " + lb.file() + " have no process of the same world rank to compare (--skip-missing"
                        + " analysed " + inA.processCount() + " and " + inB.processCount() + " processes): diff matches the processes of"
                        + " two runs rank by rank");
            }
        });
        if (ra.exit() != null) {
            return ra.exit();
        }
        Run rb = read(sb, inBAgain -> { });
        if (rb.exit() != null) {
            return rb.exit();
        }
        // --skip-missing read a rank in one run only: both runs read again without it, so that the others' waits for it and
        // their traffic with it are in neither run (the waits were in one: a run against its copy missing rank 1's file read
        // "rank 2's transfer +15.2 ms, rank 2's waiting -15.2 ms"), as diff A B --ranks of the others compares them
        BitSet readA = analysed(ra.definitions()), readB = analysed(rb.definitions());
        if (selection.ranks() != null) { // only the selected ranks count: ranks outside it need no read again
            readA.and(selection.ranks());
            readB.and(selection.ranks());
        }
        List<Integer> oneRunOnly = new ArrayList<>();
        if (!readA.equals(readB)) {
            BitSet both = (BitSet) readA.clone();
            both.and(readB);
            readA.xor(readB);
            readA.stream().forEach(oneRunOnly::add);
            if (both.isEmpty()) { // no rank read by both: nothing to read again (an empty selection said "the selection () keeps no event")
                throw noProcess(la, lb, oneRunOnly);
            }
            ra = read(TraceSession.open(parent, a, options, narrowed(selection, both), none), d -> { });
            rb = ra.exit() != null ? rb : read(TraceSession.open(parent, b, options, narrowed(selection, both), none), d -> { });
            if (ra.exit() != null || rb.exit() != null) {
                return ra.exit() != null ? ra.exit() : rb.exit();
            }
        }
        RunComparison comparison = RunComparison.of(ra.compared(), rb.compared()).withLeftOut(oneRunOnly);
        if (comparison.processes().isEmpty() && !comparison.leftOut().isEmpty()) {
            // every rank of the selection left out: T 0 against T 0, and the paths of processes not compared
            throw noProcess(la, lb, comparison.leftOut());
        }
        // the paths cross every process of their runs: with ranks left out of both runs' T they would not add up to T_B - T_A
        List<PathAttribution.Contributor> contributors = ra.path() == null || rb.path() == null || !comparison.leftOut().isEmpty()
                ? List.of() : PathAttribution.of(ra.path(), rb.path(), comparison.runtime().a(), comparison.runtime().b());
        DiffOutput out = new DiffOutput(PathAliases.shown(la.file().toString()), PathAliases.shown(lb.file().toString()), comparison, contributors, ra.path(), rb.path(),
                // with ranks left out, neither the paths' parts nor a process's share of them (its path crosses the others)
                ProcessContributors.of(comparison.processes(), comparison.leftOut().isEmpty() ? ra.path() : null,
                        comparison.leftOut().isEmpty() ? rb.path() : null), RankMatching.of(ra.compared(), rb.compared()),
                selection.isAll() ? null : selection.words());
        String unmatched = unmatched(ra, rb);
        if (unmatched != null && !common.output.quiet) {
            parent.err().println("igtrace diff: note: " + Escape.line(unmatched));
        }
        if (out.placementNote() != null && !common.output.quiet) {
            parent.err().println("igtrace diff: note: " + Escape.line(out.placementNote()));
        }
        if (out.leftOutNote() != null && !common.output.quiet) {
            parent.err().println("igtrace diff: note: " + Escape.line(out.leftOutNote()));
        }
        if (!common.output.quiet) {
            // what the reader said about each trace (a location --skip-missing left out, threads folded, ...), naming it
            for (Run r : new Run[] {ra, rb}) {
                String name = PathAliases.shown(r.located().file().toString());
                r.profile().diagnostics().stream().filter(d -> d.kind() == org.igtrace.core.diagnostic.DiagnosticKind.NOTE)
                        .forEach(d -> parent.err().println("igtrace diff: note: " + Escape.line(name + ": " + d.text())));
            }
        }
        String text = chosen == Format.JSON ? out.json() : out.text();
        FormatChoice.warnUnclaimed(parent.err(), common.output.output, format != null, BY_EXTENSION.keySet(), FormatChoice.name(chosen));
        Output.write(common.output, parent.stdout(), w -> w.write(text));
        if (!common.output.quiet && (common.output.output != null || chosen != Format.TEXT)) {
            parent.err().println("igtrace: " + Escape.line(out.story())); // names a region: one line, as on standard output
        }
        return 0;
    }

    /**
     * How many processes of {@code a} have a world rank {@code b} analyses.
     */
    /** No process to compare: {@code ranks} of one run or both were not read, or have no row. */
    private static Failure noProcess(TraceFormat.Located la, TraceFormat.Located lb, List<Integer> ranks) {
        return new Failure(la.file() + " and " + lb.file() + ": no process to compare: " + (ranks.size() == 1 ? "rank " : "ranks ")
                + Summary.ranks(ranks) + " of one run or both were not read or have no region event read (none recorded, or none inside"
                + " the --window)");
    }

    /** The world ranks a run analysed (--skip-missing leaves out those whose files are missing). */
    private static BitSet analysed(TraceDefinitions d) {
        BitSet ranks = new BitSet();
        for (int p = 0; p < d.processCount(); p++) {
            if (!d.leftOut(p)) {
                ranks.set(d.worldRank(p));
            }
        }
        return ranks;
    }

    /** {@code selection} kept to the world ranks {@code ranks}, its words as the user wrote them. */
    private static Selection narrowed(Selection selection, BitSet ranks) {
        BitSet kept = (BitSet) ranks.clone();
        if (selection.ranks() != null) {
            kept.and(selection.ranks());
        }
        return new Selection(selection.from(), selection.to(), kept, selection.region(), selection.words());
    }

    private static int common(TraceDefinitions a, TraceDefinitions b) {
        int n = 0;
        for (int p = 0; p < a.processCount(); p++) {
            n += b.process(a.worldRank(p)) >= 0 ? 1 : 0;
        }
        return n;
    }

    /**
     * The note on the processes only one run analysed (--skip-missing kept other world ranks in each; they are left out
     * of both runs), or null: every process has its counterpart.
     */
    static String unmatched(Run a, Run b) {
        int matched = RunComparison.matched(a.compared(), b.compared()).length;
        int onlyA = a.definitions().processCount() - matched, onlyB = b.definitions().processCount() - matched;
        if (onlyA == 0 && onlyB == 0) {
            return null;
        }
        return "processes are matched by world rank: " + onlyA + " of A's " + a.definitions().processCount() + " and " + onlyB
                + " of B's " + b.definitions().processCount() + " have no process of their world rank in the other run (with --skip-missing"
                + " the runs analysed different ranks), and are left out of both runs' rows, totals and efficiencies";
    }

    /**
     * Reads one run: its profile with waits, compute per region and critical path; {@code check} is given its definitions
     * before any event is read.
     */
    private Run read(TraceSession session, java.util.function.Consumer<TraceDefinitions> check) throws Failure, UsageError {
        TraceFormat.Located located = session.located();
        try (TemporaryStore store = new TemporaryStore(common.reading.tempDir, "the region slices")) {
            WhyReading.Taps taps = new WhyReading.Taps(false);
            session.progress(ProgressBar.on(parent.err(), common.output.quiet));
            session.subscribe(d -> {
                check.accept(d); // once the definitions are read, before any event
                return taps.on(d, store, session);
            });
            Integer ended;
            try {
                ended = session.start(); // where it runs was decided for both (call()): only a selection that kept nothing ends it
            } catch (UsageError e) {
                // a --region one run lacks: say which run (the runs have the same ranks, checked before: --ranks is refuted by both)
                throw e.getMessage().startsWith("--region") ? new UsageError(PathAliases.shown(located.file().toString()) + ": " + e.getMessage()) : e;
            }
            if (ended != null) {
                return Run.ended(ended);
            }
            TraceProfile profile = session.profile();
            taps.standByReplayedThreads();
            WaitLog waits = taps.waits;
            if (waits == null) { // no wait analysis ran (no message, no collective): a path without jumps
                waits = new WaitLog(new long[profile.processes().size()]);
                waits.joined();
            }
            TraceDefinitions d = taps.slices.definitions();
            CriticalPath path = CriticalPath.of(waits, taps.slices);
            List<PathTimes.Share> shares = new ArrayList<>();
            for (PathShares.Share s : PathShares.of(path, taps.slices, waits)) {
                PathTimes.Kind kind = s.mpi() ? PathTimes.Kind.TRANSFER
                        : s.region() == taps.slices.offRegion() ? PathTimes.Kind.RECORDING_OFF : PathTimes.Kind.COMPUTE;
                shares.add(new PathTimes.Share(kind, d.worldRank(s.process()),
                        taps.slices.name(s.region()), s.ticks() / d.ticksPerSecond()));
            }
            // per process, region + 1 (0: computing outside every region), over each process's whole events: U_i's part
            RegionSlices slices = taps.slices;
            long[][] compute = slices.computeEverywhere();
            RegionTimes regions = RegionTimes.of(compute, g -> slices.name(g - 1), d.ticksPerSecond());
            return new Run(located, profile, regions, new PathTimes(path.length() / d.ticksPerSecond(), shares), d, null);
        }
    }
}
