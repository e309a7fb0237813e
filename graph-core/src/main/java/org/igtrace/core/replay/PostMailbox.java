package org.igtrace.core.replay;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What one replay worker publishes for another's processes ({@link ReplaySimulation}'s replay on
 * several threads): the post times of the messages of a channel whose sender and receiver are
 * replayed by different workers, the mark of a rendezvous send let through a cycle as an eager
 * one, and the news that a collective instance is full. One writer, one reader, first in first
 * out; entries go into chunks linked one after the other, so the writer never waits however far
 * it runs ahead, and a chunk is dropped once read.
 */
final class PostMailbox {
    static final byte SEND_POST = 1, RECEIVE_POST = 2, SENT_EAGERLY = 3, INSTANCE_FULL = 4;
    private static final int CHUNK = 1024;
    private static final VarHandle PUBLISHED;

    static {
        try {
            PUBLISHED = MethodHandles.lookup().findVarHandle(Chunk.class, "published", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final class Chunk {
        final byte[] kind = new byte[CHUNK];
        final int[] channel = new int[CHUNK];
        final long[] number = new long[CHUNK];
        final double[] values;
        /** Entries written so far: read with acquire, written with release. */
        @SuppressWarnings("unused")
        private int published;
        volatile Chunk next;

        Chunk(int stride) {
            values = new double[CHUNK * stride];
        }
    }

    /** The writer's end, kept apart from the reader's so the two threads do not write one cache line. */
    private static final class End {
        Chunk chunk;
        int at;
    }

    /** Values per entry: one per model, then the send's measured post. */
    final int stride;
    private final End writer = new End();
    private final End reader = new End();

    PostMailbox(int models) {
        this.stride = models + 1;
        Chunk first = new Chunk(stride);
        writer.chunk = first;
        reader.chunk = first;
    }

    /**
     * Appends an entry: {@code kind}, channel (or communicator) and message (or instance) number,
     * the values {@code times[from] .. times[from + models - 1]} (none when {@code times} is null) and {@code extra}.
     */
    void put(byte kind, int channel, long number, double[] times, int from, double extra) {
        End w = writer;
        Chunk c = w.chunk;
        int i = w.at;
        c.kind[i] = kind;
        c.channel[i] = channel;
        c.number[i] = number;
        int v = i * stride;
        if (times != null) {
            System.arraycopy(times, from, c.values, v, stride - 1);
        }
        c.values[v + stride - 1] = extra;
        i++;
        PUBLISHED.setRelease(c, i);
        if (i == CHUNK) {
            Chunk next = new Chunk(stride);
            c.next = next;
            w.chunk = next;
            i = 0;
        }
        w.at = i;
    }

    /** Whether an entry is waiting to be read (reader's thread). */
    boolean hasMail() {
        End r = reader;
        Chunk c = r.chunk;
        return (int) PUBLISHED.getAcquire(c) > r.at || (r.at == CHUNK && c.next != null);
    }

    /** Reads every entry written so far into {@code to}; true when there was one (reader's thread). */
    boolean drainTo(ReplayWorker to) {
        End r = reader;
        boolean any = false;
        while (true) {
            Chunk c = r.chunk;
            if (r.at == CHUNK) {
                Chunk next = c.next;
                if (next == null) {
                    return any;
                }
                r.chunk = next;
                r.at = 0;
                continue;
            }
            int end = (int) PUBLISHED.getAcquire(c);
            if (end == r.at) {
                return any;
            }
            for (int i = r.at; i < end; i++) {
                to.received(c.kind[i], c.channel[i], c.number[i], c.values, i * stride);
            }
            r.at = end;
            any = true;
        }
    }
}
