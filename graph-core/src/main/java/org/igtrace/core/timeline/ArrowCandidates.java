package org.igtrace.core.timeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongToDoubleFunction;
import org.igtrace.core.util.LongIntMap;

/**
 * The arrows of the messages one join thread sees (definitions section 12's level of detail):
 * messages whose ends lie in the same pixels (at the finest bins any row can have) share an arrow,
 * and once {@link #FREE} are kept, each pixel column of the send takes at most {@link #quota}
 * arrows, first come first served.
 * Each candidate keeps the task (a directed pair) it came from: {@link #select} puts every
 * thread's candidates in the order of one thread, caps them as that thread would have, and thins
 * them to {@link TimelineBuilder#MAX_ARROWS}. A thread that turns an arrow away has {@link #FREE}
 * earlier candidates and {@link #quota} earlier ones in its column, so one thread would have
 * turned it away too.
 */
final class ArrowCandidates {
    /** Candidates kept for all threads together: 8 x the arrows drawn, spread over the run. */
    static final int MOST = 8 * TimelineBuilder.MAX_ARROWS;
    /**
     * Candidates kept before the per-column quota applies: below it every arrow is kept wherever
     * it starts (a quota from the first arrow on left out 26 of a 40-rank ring's 40 messages, all
     * sent in one pixel column, under a note blaming the arrow limit).
     */
    static final int FREE = MOST / 2;

    private final WaitsFrame frame;
    private final int quota;
    /** Index in {@link #list} of the arrow whose ends lie in the same pixels (no boxing per message). */
    private final LongIntMap arrowByPixels = new LongIntMap();
    /** Per candidate: sender, receiver, send tick, receive tick, messages, column of the send, task. */
    private final List<long[]> list = new ArrayList<>();
    private final int[] inColumn;
    private long leftOut;
    private int task;
    /**
     * The last message's arrow: its sender and receiver, the send and receive times that give the
     * same arrow key and column, and what became of it (an index in list, or -1: left out).
     * Messages of a pair come one after another in time order, so most find their arrow here.
     */
    private int lastSender = -1;
    private int lastReceiver = -1;
    private long lastSendFrom = 1;
    private long lastSendTo;
    private long lastReceiveFrom;
    private long lastReceiveTo;
    private int lastArrow = -1;
    /** Messages of the last arrow not yet added to its count (or to leftOut). */
    private long pending;

    ArrowCandidates(WaitsFrame frame) {
        this.frame = frame;
        this.quota = Math.max(1, MOST / frame.columns());
        this.inColumn = new int[frame.columns()];
    }

    /** The join thread starts task {@code index}. */
    void task(int index) {
        task = index;
    }

    /** A message from {@code s} at tick {@code send} to {@code r} at {@code receive} (corrected clocks). */
    void add(int s, int r, long send, long receive) {
        if (s == lastSender && r == lastReceiver && send >= lastSendFrom && send <= lastSendTo && receive >= lastReceiveFrom
                && receive <= lastReceiveTo) {
            pending++; // same key and column as the last message: the same outcome
            return;
        }
        long quantum = frame.columnTicks();
        // pixels counted from the picture's origin, as its columns are: a key counted from tick 0 could span two columns,
        // its arrow then made by a message in one and taking the next column's messages where that message was kept, and
        // the arrows drawn depended on which join thread had kept what (a WRF trace: 1,613 arrows with -j 1, 1,940 to
        // 1,997 on two threads, differing from run to run)
        long fromOrigin = Math.floorDiv(send - frame.origin(), quantum);
        long receivePixel = Math.floorDiv(receive - frame.origin(), quantum);
        long key = (((long) s * 1_000_003L + r) * 1_000_003L + fromOrigin) * 1_000_003L + receivePixel;
        int column = (int) Math.max(0, Math.min(frame.columns() - 1, fromOrigin));
        remember(s, r, quantum, fromOrigin, receivePixel);
        flushPending();
        pending = 1;
        int existing = arrowByPixels.get(key, -1);
        if (existing >= 0) {
            lastArrow = existing;
            return;
        }
        if (list.size() >= FREE && inColumn[column] >= quota) {
            lastArrow = -1;
            return;
        }
        inColumn[column]++;
        lastArrow = list.size();
        arrowByPixels.put(key, lastArrow);
        list.add(new long[] {s, r, send, receive, 0, column, task});
    }

    /** Adds the pending messages to the last arrow's count, or to those left out. */
    private void flushPending() {
        if (lastArrow >= 0) {
            list.get(lastArrow)[4] += pending;
        } else {
            leftOut += pending;
        }
        pending = 0;
    }

    /**
     * Keeps the ranges of send and receive times whose arrow has the key and column of this message: its pixels of
     * {@code quantum} ticks from the picture's origin (the send's pixel is its column, unclamped).
     */
    private void remember(int s, int r, long quantum, long sendPixel, long receivePixel) {
        long origin = frame.origin();
        lastSender = s;
        lastReceiver = r;
        lastSendFrom = origin + sendPixel * quantum;
        lastSendTo = last(lastSendFrom, quantum);
        lastReceiveFrom = origin + receivePixel * quantum;
        lastReceiveTo = last(lastReceiveFrom, quantum);
    }

    /** The last tick of the {@code quantum} ticks from {@code from}, without overflow. */
    private static long last(long from, long quantum) {
        long to = from + (quantum - 1);
        return to < from ? Long.MAX_VALUE : to;
    }

    /** The arrows drawn and the messages left out. */
    record Selected(List<Timeline.Arrow> arrows, long leftOut) {
    }

    /**
     * The arrows of all threads' candidates, as one thread taking the tasks in order would have
     * kept them (at most {@link #MOST}, a quota per column past {@link #FREE}), then thinned to
     * {@link TimelineBuilder#MAX_ARROWS}: all when there are at most that many, else spread over
     * the columns and the pairs ({@link #thin}).
     */
    static Selected select(List<ArrowCandidates> threads, int columns, LongToDoubleFunction seconds) {
        long leftOut = 0;
        List<long[]> all = new ArrayList<>();
        for (ArrowCandidates t : threads) {
            t.flushPending();
            leftOut += t.leftOut;
            all.addAll(t.list);
        }
        all.sort(Comparator.comparingLong(a -> a[6])); // stable: a task's candidates stay in their order
        int quota = Math.max(1, MOST / columns);
        int[] inColumn = new int[columns];
        List<long[]> kept = new ArrayList<>();
        for (long[] a : all) {
            int column = (int) a[5];
            if (kept.size() >= MOST || (kept.size() >= FREE && inColumn[column] >= quota)) {
                leftOut += a[4];
                continue;
            }
            inColumn[column]++;
            kept.add(a);
        }
        List<long[]> drawn = thin(kept, inColumn, TimelineBuilder.MAX_ARROWS);
        List<Timeline.Arrow> arrows = new ArrayList<>(drawn.size());
        long drawnMessages = 0;
        for (long[] a : drawn) {
            drawnMessages += a[4];
            arrows.add(new Timeline.Arrow((int) a[0], (int) a[1], seconds.applyAsDouble(a[2]), seconds.applyAsDouble(a[3]), (int) a[4]));
        }
        long keptMessages = 0;
        for (long[] a : kept) {
            keptMessages += a[4];
        }
        return new Selected(arrows, leftOut + keptMessages - drawnMessages);
    }

    /**
     * At most {@code most} of the candidates (in task order), spread over the run and over the
     * pairs: every one when they are that few; else {@link #perColumn} per column, or, when there
     * are more columns with candidates than {@code most}, one in each of {@code most} columns
     * evenly apart; within a column the candidates whose pair has been drawn least so far (the
     * earliest among equals). Drawn in column order. (Taking each column's first in task order drew
     * only the first pairs of a ring, and past 2000 columns only the start of the run.)
     */
    static List<long[]> thin(List<long[]> kept, int[] inColumn, int most) {
        if (kept.size() <= most) {
            return kept;
        }
        int columns = inColumn.length;
        List<List<long[]>> byColumn = new ArrayList<>(columns);
        for (int c = 0; c < columns; c++) {
            byColumn.add(new ArrayList<>());
        }
        for (long[] a : kept) {
            byColumn.get((int) a[5]).add(a);
        }
        int limit = perColumn(inColumn, most);
        List<Integer> used = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
            if (!byColumn.get(c).isEmpty()) {
                used.add(c);
            }
        }
        List<Integer> chosen = used;
        if (used.size() > most) { // one each is too many: most columns, evenly apart
            chosen = new ArrayList<>(most);
            for (int i = 0; i < most; i++) {
                chosen.add(used.get((int) ((long) i * used.size() / most)));
            }
        }
        java.util.Map<Long, Integer> drawnOfPair = new java.util.HashMap<>();
        List<long[]> out = new ArrayList<>(most);
        for (int c : chosen) {
            List<long[]> candidates = byColumn.get(c);
            boolean[] taken = new boolean[candidates.size()];
            int take = Math.min(Math.min(limit, candidates.size()), most - out.size());
            for (int n = 0; n < take; n++) {
                int best = -1, fewest = Integer.MAX_VALUE;
                for (int i = 0; i < candidates.size(); i++) {
                    int d = drawnOfPair.getOrDefault(pair(candidates.get(i)), 0);
                    if (!taken[i] && d < fewest) {
                        best = i;
                        fewest = d;
                    }
                }
                taken[best] = true;
                out.add(candidates.get(best));
                drawnOfPair.merge(pair(candidates.get(best)), 1, Integer::sum);
            }
        }
        return out;
    }

    private static long pair(long[] a) {
        return a[0] * 0x1_0000_0000L + a[1];
    }

    /**
     * The most arrows each column may keep so that all columns together keep at most {@code most}:
     * the largest L with {@code sum over columns of min(count, L) <= most} (every arrow when they
     * are that few; a column that has few keeps them all, and what they leave goes to the full
     * ones: 2000 / columns each cut arrows crowded into a few columns down to 125 of 2000).
     */
    static int perColumn(int[] counts, int most) {
        long total = 0;
        int largest = 0;
        for (int c : counts) {
            total += c;
            largest = Math.max(largest, c);
        }
        if (total <= most) {
            return Integer.MAX_VALUE;
        }
        int low = 1, high = largest; // sum(min(count, low)) <= most for low = 1 unless columns > most: then 1 each, capped by most
        while (low < high) {
            int mid = (int) (((long) low + high + 1) / 2);
            long sum = 0;
            for (int c : counts) {
                sum += Math.min(c, mid);
            }
            if (sum <= most) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low;
    }
}
