package org.igtrace.core.replay;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The what-ifs' scaling of a replay's compute bursts ({@link ComputeScaling.Parts}) worked out ahead, on a thread of its
 * own, while the replay runs on another: a burst's parts depend only on its process, start and end, which the recorded
 * calls give (a burst runs from a call's leave, or the process's start, to the next call's enter, or the process's end),
 * so this thread reads each process's calls with a cursor of its own and hands each burst's parts over through a ring
 * per process. The replay takes them in the same order ({@link #next}); its numbers are those of the scaling's own
 * {@link ComputeScaling#burst}. Only the processes some model's scaling changes are worked out here.
 */
final class BurstsAhead {
    /** At most this many processes worked out ahead (each holds a ring and a second cursor over its calls). */
    static final int MAX_PROCESSES = 1024;
    /** Bursts a process's ring holds (a power of two), and how many the thread works out for a process at a time. */
    private static final int RING = 1024, BATCH = 128;
    /** Counters per process spaced a cache line apart: the two threads write their own. */
    private static final int PAD = 8;

    private final ReplayMatching m;
    private final ComputeScaling.Parts[] parts;
    /** Per model: its place among the models worked out ahead (-1: none). */
    final int[] place;
    private final int stride;
    /** Per process: its ring (null: not worked out ahead), parts of model place i of burst b at {@code (b % RING) * stride + 2 i}. */
    final double[][] ring;
    private final AtomicLongArray written;
    private final AtomicLongArray taken;
    /** The replay's side: bursts taken, and bursts known written. */
    private final long[] read;
    private final long[] known;
    /** The replay's side per process: its record taken and not used up, where it is, the bursts without compute before its own. */
    private final boolean[] held;
    private final int[] slot;
    private final long[] zeros;
    private volatile boolean stop;
    private volatile RuntimeException failure;
    private Thread thread;

    private BurstsAhead(ReplayMatching m, ComputeScaling.Parts[] parts, int[] place, int count, boolean[] active) {
        this.m = m;
        this.parts = parts;
        this.place = place;
        this.stride = 1 + 2 * count;
        int n = active.length;
        ring = new double[n][];
        for (int p = 0; p < n; p++) {
            if (active[p]) {
                ring[p] = new double[RING * stride];
            }
        }
        written = new AtomicLongArray(n * PAD);
        taken = new AtomicLongArray(n * PAD);
        read = new long[n];
        known = new long[n];
        held = new boolean[n];
        slot = new int[n];
        zeros = new long[n];
    }

    /**
     * The bursts of {@code scaling} (per model, null: as measured) to work out ahead in the replay of {@code m}, or null
     * when none can be (no scaling has {@link ComputeScaling.Parts}, none changes a process, or too many processes).
     */
    static BurstsAhead of(ReplayMatching m, ComputeScaling[] scaling) {
        if (scaling == null) {
            return null;
        }
        ComputeScaling.Parts[] parts = new ComputeScaling.Parts[scaling.length];
        int[] place = new int[scaling.length];
        int count = 0;
        for (int j = 0; j < scaling.length; j++) {
            parts[j] = scaling[j] == null ? null : scaling[j].parts();
            place[j] = parts[j] == null ? -1 : count++;
        }
        int n = m.run.processCount(), active = 0;
        boolean[] changes = new boolean[n];
        for (int p = 0; p < n && count > 0; p++) {
            for (ComputeScaling.Parts s : parts) {
                changes[p] |= s != null && m.run.process(p) != null && s.changes(p);
            }
            active += changes[p] ? 1 : 0;
        }
        return active == 0 || active > MAX_PROCESSES ? null : new BurstsAhead(m, parts, place, count, changes);
    }

    /** Whether process p's bursts are worked out here. */
    boolean has(int p) {
        return ring[p] != null;
    }

    /** Starts the thread. */
    void start() {
        replayThread = Thread.currentThread();
        thread = new Thread(this::work, "igtrace-bursts-ahead");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops the thread (the replay ended, or gave up) and waits for it. */
    void stop() {
        stop = true;
        LockSupport.unpark(thread);
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Where in {@code ring[p]} the parts of p's next burst are (waits for them): each model's at {@code + 1 + 2 place[j]};
     * -1 when no model has compute in it (each model's burst is then as its scaling gives one without compute: as is).
     * The slot stays p's until its next call here.
     */
    int next(int p) {
        if (!held[p]) {
            long r = read[p];
            if (r >= known[p]) {
                taken.set(p * PAD, r);
                wakeThread();
                known[p] = awaitWritten(p, r);
                waitingFor = -1;
            } else if ((r & (BATCH - 1)) == 0) {
                taken.set(p * PAD, r); // the records before r are used: their slots may be written again
                wakeThread();
            }
            read[p] = r + 1;
            slot[p] = (int) (r & (RING - 1)) * stride;
            zeros[p] = (long) ring[p][slot[p]];
            held[p] = true;
        }
        if (zeros[p] > 0) {
            zeros[p]--;
            return -1;
        }
        held[p] = false;
        return slot[p];
    }

    /** Spins while p's next record is not written yet, then sleeps until the thread says it wrote one of p's. */
    private void wakeThread() {
        if (sleeping) {
            sleeping = false;
            LockSupport.unpark(thread);
        }
    }

    private long awaitWritten(int p, long r) {
        for (int i = 0; ; i++) {
            long w = written.getAcquire(p * PAD);
            if (w > r) {
                return w;
            }
            if (failure != null) {
                throw failure;
            }
            if (i < SPINS) {
                Thread.onSpinWait();
            } else if (waitingFor != p) {
                waitingFor = p; // then read written again before sleeping: the thread reads this after it writes
            } else {
                LockSupport.parkNanos(this, 1_000_000);
                if (written.getAcquire(p * PAD) > r) {
                    waitingFor = -1;
                }
            }
        }
    }

    private static final int SPINS = 64;
    /** The process whose record the replay sleeps for (-1: none), set by the replay's thread. */
    private volatile int waitingFor = -1;
    /** Whether the thread sleeps until the replay frees room in a ring. */
    private volatile boolean sleeping;
    private volatile Thread replayThread;

    /** The thread: fills each process's ring as the replay empties it, until every burst is written or it is stopped. */
    private void work() {
        try {
            int n = ring.length;
            ActivityCursor[] cursor = new ActivityCursor[n];
            long[] previousLeave = new long[n];
            boolean[] ended = new boolean[n];
            long[] skipped = new long[n]; // per process, bursts without compute since its last record
            int left = 0;
            for (int p = 0; p < n; p++) {
                if (ring[p] != null) {
                    LocationActivities l = m.run.process(p);
                    cursor[p] = l.cursor().window(m.firstCall[p], m.endCall[p]); // as ReplayMatching.window, not counted as a pass
                    previousLeave[p] = l.start();
                    left++;
                }
            }
            while (left > 0 && !stop) {
                boolean any = false;
                for (int p = 0; p < n; p++) {
                    if (cursor[p] == null || ended[p]) {
                        continue;
                    }
                    long w = written.getPlain(p * PAD);
                    long room = taken.getAcquire(p * PAD) + RING - w;
                    if (room < BATCH) {
                        continue;
                    }
                    long until = w + Math.min(room, BATCH);
                    double[] out = ring[p];
                    ActivityCursor c = cursor[p];
                    while (w < until) {
                        boolean more = c.next();
                        long to = more ? c.enter : m.run.process(p).endTicks();
                        int record = (int) (w & (RING - 1)) * stride, at = record + 1;
                        boolean compute = !more;
                        for (ComputeScaling.Parts s : parts) {
                            if (s != null) {
                                s.parts(p, previousLeave[p], to, out, at);
                                compute |= out[at + 1] > 0;
                                at += 2;
                            }
                        }
                        if (compute) { // a record: the bursts without compute before it, then this one's parts
                            out[record] = skipped[p];
                            skipped[p] = 0;
                            w++;
                        } else {
                            skipped[p]++;
                        }
                        if (!more) {
                            ended[p] = true;
                            left--;
                            cursor[p] = null;
                            break;
                        }
                        previousLeave[p] = c.leave;
                    }
                    written.set(p * PAD, w); // volatile: ordered before the read of waitingFor
                    if (waitingFor == p) {
                        LockSupport.unpark(replayThread);
                    }
                    any = true;
                }
                if (any) {
                    if (sleeping) {
                        sleeping = false;
                    }
                } else { // every ring full: sleep until the replay frees room (or a while, at most)
                    if (!sleeping) {
                        sleeping = true; // then look at the rings again before sleeping: the replay reads this after it frees room
                    } else {
                        LockSupport.parkNanos(this, 1_000_000);
                        sleeping = false;
                    }
                }
            }
        } catch (RuntimeException | Error e) {
            failure = e instanceof RuntimeException r ? r : new IllegalStateException("the what-ifs' bursts ahead failed", e);
        }
    }
}
