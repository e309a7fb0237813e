package org.igtrace.core.replay;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A replay ({@link ReplaySimulation}) on several threads, with the numbers of one thread's. The
 * processes are split into blocks of consecutive ranks with about as many calls each, one block per
 * worker. The replay's rule makes this possible: a call's times depend only on the posts its
 * partners publish, not on the order in which processes take turns. A worker hands the posts of
 * messages to another worker's processes through a mailbox ({@link PostMailbox}, first in first
 * out) and reads its own mailboxes between turns; collective instances are shared under a lock.
 *
 * <p>One thing depends on more than posts: when every process stalls (a cycle the real run broke by
 * buffering), the call entered earliest is let through. The crew finds that state as one thread
 * would: every worker idle, under the crew's lock, with nothing left in any mailbox; then it lets
 * the same call through and wakes its worker. A worker that waits first spins, then yields, then
 * parks on the lock's condition, waking every {@value #PARK_MICROS} microseconds to read its
 * mailboxes.
 */
final class ReplayCrew {
    private static final long PARK_MICROS = 50;

    private final ReplaySimulation shared;
    private final ReplaySimulation[] workers;
    private final TransferTimes[] transfers;
    /** Per process, its worker. */
    private final int[] owner;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition waiting = lock.newCondition();
    /** Workers idle or ended (under the lock), and which ended. */
    private int idle;
    private final boolean[] ended;
    private volatile boolean stopped;
    private boolean disagreed;
    /** The first failure of a worker (written without the lock: taking it could run out of memory itself). */
    private volatile Throwable failure;
    private long forcedCalls;

    /**
     * @param shared     the replay whose per-process state the workers share (started: clocks, cursors, calls left)
     * @param count      workers, at least 2
     * @param calibration the calibration made in the replay (null: none); each worker collects into its own, added
     *                    into this one at the end
     */
    ReplayCrew(ReplaySimulation shared, int count, TransferTimes calibration) {
        this.shared = shared;
        this.workers = new ReplaySimulation[count];
        this.transfers = new TransferTimes[count];
        this.ended = new boolean[count];
        owner = shared.ownersByCalls(count);
        for (int w = 0; w < count; w++) {
            transfers[w] = calibration == null ? null : w == 0 ? calibration : calibration.emptyCopy();
            workers[w] = new ReplaySimulation(shared, transfers[w]);
        }
        PostMailbox[][] box = new PostMailbox[count][count];
        for (int a = 0; a < count; a++) {
            for (int b = 0; b < count; b++) {
                box[a][b] = a == b ? null : new PostMailbox(shared.models());
            }
        }
        for (int w = 0; w < count; w++) {
            PostMailbox[] in = new PostMailbox[count];
            for (int a = 0; a < count; a++) {
                in[a] = box[a][w];
            }
            workers[w].join(this, w, owner, box[w], in);
        }
    }

    /** Replays: false when the models would let different calls through a cycle; what a worker threw is thrown. */
    boolean replay() {
        Thread[] threads = new Thread[workers.length - 1];
        int started = 0;
        try {
            for (int w = 1; w < workers.length; w++) {
                ReplaySimulation worker = workers[w];
                Thread t = new Thread(() -> work(worker), "igtrace-replay-" + w);
                t.setDaemon(true);
                t.start();
                threads[started++] = t;
            }
        } catch (RuntimeException | Error e) { // e.g. no native thread to be had: the started ones must not wait forever
            stop();
            throw e;
        }
        work(workers[0]);
        boolean interrupted = false;
        for (Thread t : threads) {
            if (t == null) {
                continue;
            }
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                    stop();
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        lock.lock();
        try {
            if (failure instanceof RuntimeException r) {
                throw r;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            if (failure != null) {
                throw new IllegalStateException(failure);
            }
            if (disagreed) {
                return false;
            }
        } finally {
            lock.unlock();
        }
        for (ReplaySimulation worker : workers) {
            // posts handed over after a worker ended still complete its calibration: a receive let through a
            // cycle before its send was posted is timed when the send is (as on one thread)
            worker.drain();
            worker.handBack(shared);
        }
        for (int w = 1; w < workers.length; w++) {
            if (transfers[w] != null) {
                transfers[0].addAll(transfers[w]);
            }
        }
        return true;
    }

    private void work(ReplaySimulation worker) {
        try {
            if (worker.work()) {
                ended(worker);
            }
        } catch (Throwable t) {
            // first what needs no memory: the others look at stopped at least every PARK_MICROS, and the
            // failure is there for replay() to throw, even if the heap runs out again while they are woken
            stopped = true;
            if (failure == null) {
                failure = t;
            }
            stop();
        }
    }

    long forcedCalls() {
        return forcedCalls;
    }

    boolean stopped() {
        return stopped;
    }

    private void stop() {
        stopped = true;
        lock.lock();
        try {
            waiting.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void ended(ReplaySimulation worker) {
        lock.lock();
        try {
            idle++;
            ended[index(worker)] = true;
            waiting.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private int index(ReplayWorker worker) {
        for (int w = 0; w < workers.length; w++) {
            if (workers[w] == worker) {
                return w;
            }
        }
        throw new IllegalArgumentException("not a worker of this crew");
    }

    /**
     * Worker {@code worker} has nothing to replay: waits until it has (true) or the crew stopped
     * (false). When every worker waits and nothing is in flight, lets the call entered earliest through.
     */
    boolean idle(ReplayWorker worker) {
        lock.lock();
        try {
            idle++;
            try {
                while (true) {
                    if (stopped) {
                        return false;
                    }
                    if (worker.hasQueued() || worker.hasMail()) {
                        return true;
                    }
                    if (idle == workers.length) {
                        if (!inFlight()) {
                            if (!letEarliestThrough()) {
                                disagreed = true;
                                stopped = true;
                                waiting.signalAll();
                                return false;
                            }
                            waiting.signalAll();
                            continue;
                        }
                        waiting.signalAll();
                    }
                    waiting.awaitNanos(TimeUnit.MICROSECONDS.toNanos(PARK_MICROS));
                }
            } finally {
                idle--;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while replaying", e);
        } finally {
            lock.unlock();
        }
    }

    /** Whether a worker still running has something queued or unread (every worker idle: under the lock, stable). */
    private boolean inFlight() {
        for (int w = 0; w < workers.length; w++) {
            if (!ended[w] && (workers[w].hasQueued() || workers[w].hasMail())) {
                return true;
            }
        }
        return false;
    }

    /** As {@link ReplaySimulation}'s own: the process inside the call it entered earliest in model j (the lowest rank among equals). */
    private int earliestStalled(int j) {
        int best = -1;
        double bestEnter = 0;
        for (ReplaySimulation worker : workers) {
            int p = worker.earliestStalled(j);
            if (p >= 0) {
                double e = worker.enterOf(p, j);
                if (best < 0 || e < bestEnter || (e == bestEnter && p < best)) {
                    best = p;
                    bestEnter = e;
                }
            }
        }
        return best;
    }

    /** Every unfinished process stalls: lets through the call one thread would; false when the models disagree. */
    private boolean letEarliestThrough() {
        int best = earliestStalled(0);
        if (best < 0) {
            throw new IllegalStateException("replay stalled with no call to let through");
        }
        for (int j = 1; j < shared.models(); j++) {
            if (earliestStalled(j) != best) {
                return false;
            }
        }
        forcedCalls++;
        workers[owner[best]].letThrough(best);
        return true;
    }
}
