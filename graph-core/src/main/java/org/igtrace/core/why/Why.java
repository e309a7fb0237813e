package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.replay.ComputeScaling;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.Background;

/**
 * Why the run is slow, and what fixing it would gain (definitions section 14): the critical path and
 * what lies on it, the causes by delay cost, and the what-if replays of the top causes. Seconds.
 *
 * @param path             the critical path's profile
 * @param causes           by delay cost, largest first
 * @param whatIf           the hypotheses replayed, in the order of the causes
 * @param waiting          the run's waiting (every wait of definitions section 8), the sum of the delay costs
 * @param predictedRuntime the replay's run time without a change (the what-ifs' gains are against it), or 0 without replay
 *                         (none asked for, or none wanted: no what-if tried and the unchanged run's not shown)
 * @param costs            the delay costs, per process and pair too (ticks)
 * @param tick             seconds per tick of the costs
 * @param definitions      the trace's definitions: the world rank each process is named by in text
 *                         ({@link TraceDefinitions#worldRank}); null: process numbers are world ranks
 * @param offByProcess     per process, its time with recording switched off (seconds; {@link RegionSlices#offTicks})
 * @param ownThreads       per process, its waits for its own other threads (seconds; {@link WaitLog#ownThreads}): in the
 *                         wait analysis's waiting, not in {@code waiting} (no cause is charged with them)
 */
public record Why(PathProfile path, List<CauseRow> causes, List<Hypothesis> whatIf, double waiting, double predictedRuntime,
                  DelayCosts costs, double tick, TraceDefinitions definitions, double[] offByProcess, double[] ownThreads) {

    /** The waits of processes for their own other threads, summed (seconds; {@link #ownThreads}). */
    public double ownThreadWaiting() {
        double sum = 0;
        for (double w : ownThreads) {
            sum += w;
        }
        return sum;
    }

    /**
     * The world rank of process {@code process} (the ranks of the rows here are process numbers), the number every output
     * names it by: itself on every trace read whole.
     */
    public int worldRank(int process) {
        return definitions == null ? process : definitions.worldRank(process);
    }

    /** Per rank, its compute on the critical path, seconds. */
    public double[] criticalByProcess() {
        double[] r = new double[path.processes().size()];
        path.processes().forEach(p -> r[p.rank()] = p.computeOnPath());
        return r;
    }

    /** Per rank, the delay cost it caused, seconds. */
    public double[] delayByProcess() {
        double[] r = new double[path.processes().size()];
        for (int p = 0; p < r.length; p++) {
            r[p] = costs.ofProcess(p) * tick;
        }
        return r;
    }

    /** The time on the critical path of the messages between {@code a} and {@code b} (both ways), seconds. */
    public double criticalOfPair(int a, int b) {
        return path.pairs().stream().filter(p -> p.from() == a && p.to() == b || p.from() == b && p.to() == a)
                .mapToDouble(PathProfile.PairOnPath::time).sum();
    }

    /** The waiting of {@code a} and {@code b} for each other (both ways), seconds. */
    public double delayOfPair(int a, int b) {
        return (costs.ofPair(a, b) + costs.ofPair(b, a)) * tick;
    }

    /**
     * A cause: process {@code rank}'s region {@code region} (or "(communication)", "(recording off)"), the waiting it caused;
     * {@code kind} says which, since a trace's region may carry any name, igtrace's own labels too.
     */
    public record CauseRow(int rank, String region, double delayCost, CauseKind kind) {
        /** A cause in a region of the trace. */
        public CauseRow(int rank, String region, double delayCost) {
            this(rank, region, delayCost, CauseKind.REGION);
        }
    }

    /** What a cause is charged to: a region of the trace (or outside every region), communication, or time with recording off. */
    public enum CauseKind { REGION, COMMUNICATION, RECORDING_OFF, NO_REGION, LATE_START }

    /** A hypothesis ("balance region solve", "rank 5 at median compute", the rank a world rank), its replayed run time and gain. */
    public record Hypothesis(String hypothesis, double predictedRuntime, double gain) {
    }


    /** The name of the region of causes charged to no compute region. */
    public static final String COMMUNICATION = "(communication)";

    /** The name of the region of causes charged to time with recording off ({@link RegionSlices#offRegion}). */
    public static final String RECORDING_OFF = RegionSlices.RECORDING_OFF;

    /**
     * The replays of the unchanged run and the what-ifs ({@link WhatIfReplays}): asked for at most once, and only when
     * what they give is shown.
     */
    public interface Replays {
        /** Starts what the replays need first (the network's model) on a thread of its own, if it has such work. */
        default void calibrateBeside() {
        }

        /** The predictions of the unchanged run (first) and of each of {@code changing}, in their order. */
        List<Prediction> predict(List<ComputeScaling> changing);

        /** The MPI calls a replay replays, what its time grows with (0: not known). */
        default long calls() {
            return 0;
        }

        /**
         * As {@link #predict(List)}, for a replay made ahead ({@link WhatIfAhead}): it may end early, with a {@link
         * java.util.concurrent.CancellationException}, once {@code cancelled} says true, and may give null where its one
         * pass cannot give the numbers (the caller's {@link #predict(List)} then makes them).
         */
        default List<Prediction> predictAhead(List<ComputeScaling> changing, java.util.function.BooleanSupplier cancelled) {
            return predict(changing);
        }
    }

    /** As {@link #analyse(WaitLog, RegionSlices, Replays, int, boolean, boolean)}, the unchanged run's replay always made. */
    public static Why analyse(WaitLog waits, RegionSlices slices, Replays replays, int top, boolean parallel) {
        return analyse(waits, slices, replays, top, parallel, true);
    }

    /**
     * The analysis of a run read into {@code waits} and {@code slices}: the what-ifs of the {@code top} first
     * causes replayed by {@code replays} (asked for once the causes are known, so that the collectives' calibration can
     * run meanwhile; null: none); with {@code parallel}, a large run's slices are read by two threads for the delay costs,
     * and the what-ifs are replayed on a thread of their own while this one profiles the critical path.
     *
     * <p>The unchanged run alone is replayed only when {@code unchangedShown} (its run time is written even without a
     * what-if: JSON); otherwise a run where no what-if is tried (none of the top causes is a region, none of their
     * ranks above the median compute, or {@code top} 0) is not replayed at all, its {@link #predictedRuntime} 0. The
     * network's model ({@link Replays#calibrateBeside}) is started, with {@code parallel}, beside the causes when the
     * unchanged run is shown, else as soon as the delay costs find a wait whose cause computed more than its waiter (a
     * region is charged: a "balance region" what-if is likely), so that the replay, once asked for, does not wait for it;
     * where the causes then try no what-if it was made for nothing, and where only communication is charged it is made
     * once a what-if is known to be tried. With {@code parallel}, on a run whose delay costs take about as long as a
     * replay or longer ({@link WhatIfAhead#worthIt}), the likely what-ifs are replayed ahead, beside the delay costs
     * ({@link WhatIfAhead}), and the network's model is started beside them whatever the causes: when the what-ifs tried
     * are among them, their replays are taken from there, the same numbers.
     */
    public static Why analyse(WaitLog waits, RegionSlices slices, Replays replays, int top, boolean parallel, boolean unchangedShown) {
        if (replays != null && top == 0 && !unchangedShown) {
            replays = null; // nothing to replay, nor the what-ifs' totals to find
        }
        if (replays != null && unchangedShown && parallel) {
            replays.calibrateBeside(); // a replay is made whatever the causes: its model beside them
        }
        // the likely what-ifs replayed beside the delay costs, on a thread of their own
        WhatIfAhead ahead = replays != null && parallel && WhatIfAhead.worthIt(waits.size(), replays.calls())
                ? WhatIfAhead.start(slices, waits, replays, top) : null;
        try {
            return analyse(waits, slices, replays, top, parallel, unchangedShown, ahead);
        } finally {
            if (ahead != null) {
                ahead.settle(); // what ran ahead ends with the analysis (unless taken, cancelled), a failure too
            }
        }
    }

    /** As above, with the what-ifs replayed ahead ({@code ahead}; null: none). */
    private static Why analyse(WaitLog waits, RegionSlices slices, Replays replays, int top, boolean parallel, boolean unchangedShown,
                               WhatIfAhead ahead) {
        CriticalPath path = CriticalPath.of(waits, slices);
        double tick = 1 / slices.definitions().ticksPerSecond();
        // the what-ifs' compute per process and region, found as the delay costs read the slices
        long[][] totals = replays == null ? null : new long[slices.processCount()][];
        // a region charged makes a what-if likely ("balance region"): the model is then started beside the rest of the causes
        Replays r0 = replays;
        DelayCosts costs = DelayCosts.of(waits, slices, path.start(), totals, parallel,
                r0 != null && parallel && !unchangedShown && ahead == null ? r0::calibrateBeside : null);
        List<CauseRow> causes = new ArrayList<>();
        for (DelayCosts.Cause c : costs.causes()) {
            CauseKind kind = c.region() == DelayCosts.COMMUNICATION ? CauseKind.COMMUNICATION
                    : c.region() == slices.offRegion() ? CauseKind.RECORDING_OFF : c.region() == slices.lateStartRegion() ? CauseKind.LATE_START
                    : c.region() < 0 ? CauseKind.NO_REGION : CauseKind.REGION;
            causes.add(new CauseRow(c.rank(), kind == CauseKind.COMMUNICATION ? COMMUNICATION : slices.name(c.region()), c.cost() * tick, kind));
        }
        Map<String, WhatIf> tried = new LinkedHashMap<>();
        Background<List<Prediction>> replayed = null;
        if (replays != null) {
            WhatIf.totals(slices, totals);
            BurstRegions regions = new BurstRegions(slices); // each burst's slices read once for every what-if
            for (DelayCosts.Cause c : costs.causes().subList(0, Math.min(top, costs.causes().size()))) {
                if (c.region() != DelayCosts.COMMUNICATION && c.region() != slices.offRegion()
                        && c.region() != slices.lateStartRegion()) { // time off, a late start: nothing to balance
                    tried.computeIfAbsent("balance region " + slices.name(c.region()), k -> WhatIf.balance(regions, totals, slices.name(c.region())));
                }
                if (WhatIf.aboveMedian(slices, totals, c.rank())) { // a rank at or below the median would be made slower, or stay
                    tried.computeIfAbsent("rank " + slices.definitions().worldRank(c.rank()) + " at median compute", k -> WhatIf.atMedian(regions, totals, c.rank()));
                }
            }
        }
        if (replays != null && (unchangedShown || !tried.isEmpty())) {
            // the unchanged run and every what-if that changes a burst (one that changes none, every factor 1, is the
            // unchanged run: its replay gives the same numbers)
            List<ComputeScaling> scalings = new ArrayList<>();
            tried.values().stream().filter(w -> !w.changesNothing()).forEach(scalings::add);
            Replays r = replays;
            replayed = Background.of(() -> {
                List<Prediction> known = ahead == null ? null : ahead.predictions(tried, totals);
                return known != null ? known : r.predict(scalings);
            });
            if (parallel) {
                replayed.startOn("igtrace-what-if");
            }
        }
        if (replayed == null && ahead != null) {
            ahead.cancel(); // nothing replayed: what ran ahead is not wanted (it ends while the path's profile is made)
        }
        PathProfile profile = PathProfile.of(path, slices, waits);
        List<Hypothesis> whatIf = new ArrayList<>();
        double predicted = 0;
        if (replayed != null) {
            List<Prediction> predictions = replayed.joined(); // replayed here if no thread took it
            predicted = predictions.get(0).predictedRuntime();
            int k = 1;
            for (Map.Entry<String, WhatIf> w : tried.entrySet()) {
                double t = w.getValue().changesNothing() ? predicted : predictions.get(k++).predictedRuntime();
                whatIf.add(new Hypothesis(w.getKey(), t, predicted - t));
            }
        }
        double[] off = new double[slices.processCount()];
        for (int p = 0; p < off.length; p++) {
            off[p] = slices.offTicks(p) * tick;
        }
        double[] own = new double[slices.processCount()];
        for (int p = 0; p < own.length; p++) {
            own[p] = waits.ownThreads(p) * tick;
        }
        return new Why(profile, causes, whatIf, costs.total() * tick, predicted, costs, tick, slices.definitions(), off, own);
    }
}
