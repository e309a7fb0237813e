package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.igtrace.core.replay.ComputeScaling;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.util.Background;

/**
 * The what-ifs of {@code igtrace why} replayed ahead, beside the delay costs (definitions section 14). Which what-ifs
 * are tried depends on the top causes, known only once the delay costs are; but a replay of several what-ifs gives each
 * the numbers a replay of its own gives. So, on a thread of its own, the likely ones are replayed with the unchanged run
 * as soon as the waits are joined: up to {@value #REGIONS} regions (by name), those with the most compute, each balanced,
 * and up to {@value #RANKS} ranks above the median compute, those the others waited for most (the waiting each caused
 * directly, {@link WaitLog#caused}), each at the median; no more of either than the causes tried ({@code --top}).
 * Once the causes are known, {@link #predictions} gives the replays of the what-ifs tried when each of them was among
 * these and the compute per process and region they were made with is the one the delay costs found; else the replay
 * ahead is cancelled, and the caller replays the what-ifs tried as it would without it. A replay ahead that is not
 * wanted (no what-if tried) is cancelled too. Each replay of more what-ifs costs a few percent more (on the 98 M-event
 * bench traces about 0.15 s a what-if on a pass of 2.5 s).
 */
final class WhatIfAhead {
    /** The regions balanced ahead, by their compute over all processes, most first. */
    static final int REGIONS = 4;
    /** The ranks brought to the median ahead (those above it), by the waiting they caused directly, most first. */
    static final int RANKS = 3;
    /**
     * Waits per call from which the delay costs take about as long as a replay ({@link #worthIt}): on the 98 M-event
     * bench traces (30.3 M calls) a wait costs them about 1.3 us of CPU (4.5 s for 3.5 M waits), a call the replay about
     * 0.08 us (2.4 s), a sixteenth of it.
     */
    static final long CALLS_PER_WAIT = 16;

    /**
     * Whether replaying ahead may gain: the delay costs, beside which it runs, take about as long as the replay or longer.
     * Where they take much less (the imbalanced bench trace: 0.64 M waits, the causes known 1.3 s after the join), the
     * replay ahead shares the cores with them and with the report's output, and ends about when the replay after them
     * would have (why's wall 0.90-1.04 of before in three pairs, the report's 1.00-1.07); with 3.5 M waits it saved
     * 12-28 % of why's wall.
     *
     * @param waits the waits ({@link WaitLog#size})
     * @param calls the calls a replay replays (0: not known)
     * @return true when waits >= calls / {@value #CALLS_PER_WAIT}
     */
    static boolean worthIt(long waits, long calls) {
        return waits * CALLS_PER_WAIT >= calls;
    }

    /** The name of the thread that replays ahead. */
    static final String THREAD = "igtrace-what-if-ahead";

    private final Background<List<Prediction>> replayed;
    /** Per process and region + 1, its compute ({@link WhatIf#totals}); written before {@link #replayedOrder}. */
    private long[][] totals;
    /**
     * The hypotheses replayed ahead that change a burst, in the order of their predictions after the unchanged run's;
     * null until they are chosen.
     */
    private volatile List<String> replayedOrder;
    /** Counted down once the what-ifs are chosen ({@link #replayedOrder} set, unless choosing them failed). */
    private final CountDownLatch chosen = new CountDownLatch(1);
    /** Set when the replay ahead is not wanted: it ends at its next look. */
    private volatile boolean cancelled;

    /** Per process, the waiting it caused directly ({@link WaitLog#caused}). */
    private final long[] caused;

    /** The causes whose what-ifs are tried ({@code --top}): no more regions and ranks than these are replayed ahead. */
    private final int top;

    private WhatIfAhead(RegionSlices slices, WaitLog waits, Why.Replays replays, int top) {
        this.top = top;
        this.caused = new long[slices.processCount()];
        for (int p = 0; p < caused.length; p++) {
            caused[p] = waits.caused(p);
        }
        this.replayed = Background.of(() -> replay(slices, replays));
    }

    /**
     * Starts replaying the likely what-ifs on a thread of its own, the network's model on another
     * ({@link Why.Replays#calibrateBeside}: made beside the reading of the totals, not after it).
     *
     * @param slices  the run's region slices, finished
     * @param waits   the run's waits, joined
     * @param replays the replays
     * @param top     the causes whose what-ifs are tried
     * @return the replay ahead, running
     */
    static WhatIfAhead start(RegionSlices slices, WaitLog waits, Why.Replays replays, int top) {
        replays.calibrateBeside();
        WhatIfAhead ahead = new WhatIfAhead(slices, waits, replays, top);
        ahead.replayed.startOn(THREAD);
        return ahead;
    }

    private List<Prediction> replay(RegionSlices slices, Why.Replays replays) {
        List<ComputeScaling> scalings;
        try {
            scalings = new ArrayList<>();
            long[][] t = WhatIf.totals(slices);
            List<String> order = new ArrayList<>();
            likely(slices, t, caused, top).forEach((hypothesis, w) -> {
                if (!w.changesNothing()) {
                    order.add(hypothesis);
                    scalings.add(w);
                }
            });
            totals = t;
            replayedOrder = order; // publishes the totals too
        } finally {
            chosen.countDown(); // also when the choice failed: then there is no order, and the caller replays on its own
        }
        return replays.predictAhead(scalings, () -> cancelled);
    }

    /**
     * The likely what-ifs by their hypothesis, named as {@link Why#analyse} names them.
     *
     * @param slices the run's region slices
     * @param totals per process and region + 1, its compute ({@link WhatIf#totals})
     * @param caused per process, the waiting it caused directly
     * @param top    the causes whose what-ifs are tried: at most as many regions, and as many ranks
     * @return the what-ifs: the regions first, most compute first, then the rank
     */
    static Map<String, WhatIf> likely(RegionSlices slices, long[][] totals, long[] caused, int top) {
        BurstRegions regions = new BurstRegions(slices);
        Map<String, WhatIf> out = new LinkedHashMap<>();
        // per region name, the compute in the regions of that name (EZTrace defines one per rank), over every process
        Map<String, Long> byName = new TreeMap<>();
        for (int r = -1; r < slices.regionCount(); r++) {
            if (r == slices.offRegion() || r == slices.lateStartRegion()) {
                continue;
            }
            long sum = 0;
            for (long[] row : totals) {
                sum += row[r + 1];
            }
            if (sum > 0) {
                byName.merge(slices.name(r), sum, Long::sum);
            }
        }
        byName.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(Math.min(REGIONS, top))
                .forEach(e -> out.put("balance region " + e.getKey(), WhatIf.balance(regions, totals, e.getKey())));
        Integer[] ranks = new Integer[totals.length];
        for (int p = 0; p < ranks.length; p++) {
            ranks[p] = p;
        }
        Arrays.sort(ranks, (a, b) -> caused[a] != caused[b] ? Long.compare(caused[b], caused[a]) : Integer.compare(a, b));
        int taken = 0;
        for (int i = 0; i < ranks.length && taken < Math.min(RANKS, top) && caused[ranks[i]] > 0; i++) {
            int p = ranks[i];
            if (WhatIf.aboveMedian(slices, totals, p)) {
                out.put("rank " + slices.definitions().worldRank(p) + " at median compute", WhatIf.atMedian(regions, totals, p));
                taken++;
            }
        }
        return out;
    }

    /**
     * The predictions of the unchanged run (first) and of each what-if of {@code tried} that changes a burst, in its
     * order, as {@link Why.Replays#predict} gives them; null (the replay ahead cancelled if it still runs) when one of
     * them was not replayed ahead, the compute per process and region is not the one the what-ifs ahead were made
     * with, or the replay ahead failed or could not give them in its one pass ({@link Why.Replays#predictAhead}).
     *
     * @param tried  the what-ifs tried, by hypothesis
     * @param totals the compute per process and region + 1 the tried what-ifs were made with
     * @return the predictions, or null
     */
    List<Prediction> predictions(Map<String, WhatIf> tried, long[][] totals) {
        try {
            chosen.await(); // the totals read and the what-ifs chosen (the replay itself is waited for only on a hit)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
            return null;
        }
        List<String> order = replayedOrder;
        int[] at = order == null || !Arrays.deepEquals(this.totals, totals) ? null : positions(tried, order);
        if (at == null) {
            cancel();
            return null;
        }
        List<Prediction> ahead = joined();
        if (ahead == null) {
            return null;
        }
        List<Prediction> out = new ArrayList<>();
        out.add(ahead.get(0));
        for (int k : at) {
            out.add(ahead.get(k + 1));
        }
        return out;
    }

    /** Where each what-if of {@code tried} that changes a burst is in {@code order}; null when one is not there. */
    private static int[] positions(Map<String, WhatIf> tried, List<String> order) {
        List<Integer> at = new ArrayList<>();
        for (Map.Entry<String, WhatIf> w : tried.entrySet()) {
            if (!w.getValue().changesNothing()) {
                int k = order.indexOf(w.getKey());
                if (k < 0) {
                    return null;
                }
                at.add(k);
            }
        }
        return at.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The replay ahead's result; null when it failed (the caller replays on its own, and meets the failure if it is its too). */
    private List<Prediction> joined() {
        try {
            return replayed.joined();
        } catch (RuntimeException | OutOfMemoryError e) { // the caller's replay holds fewer models
            return null;
        }
    }

    /** No replay is wanted: the replay ahead is cancelled if it still runs. */
    void cancel() {
        cancelled = true;
    }

    /**
     * Cancels the replay ahead unless it ended, and waits for its thread: once the analysis returns, nothing reads the
     * run's store for it (the command line closes the store after the analysis). After a cancel the replay ends within
     * {@code 4,096} turns, or once the network's model it waits for is made.
     */
    void settle() {
        cancel();
        joined();
    }
}
