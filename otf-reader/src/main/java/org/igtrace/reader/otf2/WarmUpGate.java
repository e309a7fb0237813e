package org.igtrace.reader.otf2;

/**
 * Holds the reading threads back that would leave the JIT compiler no core ({@link #starting}: on two cores all
 * but the first) until those started have read a number of events, so that on a large trace the compiler has a
 * core of its own while it compiles the hot read path. Two readers started together share two cores with the
 * compiler and both run the slower code meanwhile; started so, two threads read the 98 M-event stencil in less
 * wall time and less CPU
 * (bench/history/reading.md, "Two threads: the later readers held back"). On traces that announce fewer than
 * {@link #FROM} events in less than {@link #FROM_BYTES} of event files (every test trace), the gate is
 * open from the start. A started reader that ends first opens the gate; one that fails lets the held-back
 * readers go without reading ({@link #fail}).
 */
final class WarmUpGate {
    /** The events the first reader reads before the others start, unless {@code igtrace.otf2.warmUp} says otherwise. */
    static final long EVENTS = 4_000_000;
    /**
     * The fewest events a trace announces for the others to be held back, unless {@code igtrace.otf2.warmUpFrom} says
     * otherwise.
     */
    static final long FROM = 16_000_000;
    /**
     * The fewest bytes of event files for the others to be held back whatever the definitions announce (EZTrace
     * announces two events per location): about what {@link #FROM} events take in OTF2 (10-11 bytes each).
     */
    static final long FROM_BYTES = 160L << 20;

    private final long opensAt;
    private final java.util.concurrent.atomic.AtomicLong read = new java.util.concurrent.atomic.AtomicLong();
    private volatile boolean open;
    /** Whether a started reader failed: the held-back ones then read nothing. */
    private volatile boolean failed;

    private WarmUpGate(long opensAt) {
        this.opensAt = opensAt;
        this.open = opensAt <= 0;
    }

    /**
     * The gate for a read of {@code announced} events in {@code bytes} of event files.
     *
     * @param announced the events the definitions announce (negative: not known)
     * @param bytes the bytes of the event files read (negative: not known)
     * @return a gate that opens after {@link #EVENTS} events, or an open one below {@link #FROM} events and
     *     {@link #FROM_BYTES}
     */
    static WarmUpGate of(long announced, long bytes) {
        long from = Long.getLong("igtrace.otf2.warmUpFrom", FROM);
        boolean large = announced >= from || bytes >= 0 && bytes >= (double) from / FROM * FROM_BYTES;
        return new WarmUpGate(large ? Long.getLong("igtrace.otf2.warmUp", EVENTS) : 0);
    }

    /**
     * The readers that start at once: all but one of the cores, at least one.
     *
     * @param threads the reading threads
     * @return how many of them start before the gate opens
     */
    static int starting(int threads) {
        return Math.min(threads, Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
    }

    /** @return whether the later readers may start */
    boolean open() {
        return open;
    }

    /**
     * Counts {@code events} read by the readers started; opens the gate at {@link #opensAt}.
     *
     * @param events events read since the last call
     */
    void advance(long events) {
        if (!open) {
            if (read.addAndGet(events) >= opensAt) {
                openNow();
            }
        }
    }

    /** Opens the gate: the readers started have read enough, or one of them ended or failed. */
    void openNow() {
        if (!open) {
            synchronized (this) {
                open = true;
                notifyAll();
            }
        }
    }

    /** Opens the gate for a started reader that failed: the held-back readers start no read after it. */
    void fail() {
        failed = true;
        openNow();
    }

    /**
     * Waits until the gate is open.
     *
     * @return whether to read: false when a started reader failed
     * @throws InterruptedException when the read is ended meanwhile
     */
    boolean await() throws InterruptedException {
        if (!open) {
            synchronized (this) {
                while (!open) {
                    wait();
                }
            }
        }
        return !failed;
    }
}
