package org.igtrace.formats.timeline;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Perfetto's native trace: a {@code Trace} (perfetto/protos/trace.proto) of {@code TracePacket}s,
 * each written as soon as it is complete (one packet is buffered at a time). A track per process
 * ({@code TrackDescriptor.process}: pid = world rank + 1, since pid 0 is the idle task to Perfetto, and
 * the name "rank R (name)", R the world rank) and per location ({@code TrackDescriptor.thread}: "thread 0", ... in
 * its process; the first thread's tid is its pid), ordered by rank and place (a root descriptor,
 * uuid 0, asks for explicit ordering). Each location's calls are {@code TrackEvent} slice begins
 * and ends on a packet sequence of its own, whose first packet clears the incremental state, sets
 * the defaults (the location's track, clock 64) and defines clock 64 as incremental nanoseconds
 * from time 0 of the trace's clock (BOOTTIME): so a packet holds the time since the sequence's
 * previous packet, and a name's and category's interned id (the name itself once per sequence), a
 * begin about 15 bytes, an end about 12. A call never left ends at its location's last event.
 * Messages are an instant at the send (with {@code flow_ids}) and one at the receive (with
 * {@code terminating_flow_ids}) on the sender's and receiver's first thread, absolute times, on
 * sequence 1. Times: nanoseconds since {@code originTicks} (the earliest corrected time).
 *
 * <p>Field numbers from Perfetto's protos (protos/perfetto/trace/trace_packet.proto,
 * track_event/track_event.proto, track_descriptor.proto, clock_snapshot.proto, ...).
 */
public final class PerfettoTraceWriter implements TraceEventWriter {
    // TracePacket
    private static final int TIMESTAMP = 8, CLOCK_SNAPSHOT = 6, TRACK_EVENT = 11, SEQUENCE_ID = 10, INTERNED_DATA = 12,
            SEQUENCE_FLAGS = 13, DEFAULTS = 59, TRACK_DESCRIPTOR = 60;
    private static final int CLEARED = 1, NEEDS_STATE = 2;
    // TrackEvent
    private static final int CATEGORY_IIDS = 3, TYPE = 9, NAME_IID = 10, TRACK_UUID = 11, FLOW_IDS = 47, TERMINATING_FLOW_IDS = 48;
    private static final int SLICE_BEGIN = 1, SLICE_END = 2, INSTANT = 3;
    /** The sequence-scoped clock of each location's sequence: incremental nanoseconds. */
    private static final int CLOCK = 64, BOOTTIME = 6;
    private static final int FLOW_SEQUENCE = 1;
    private static final int MPI = 1, USER = 2, MESSAGE = 1;

    private final OutputStream out;
    private final double ticksPerSecond;
    private final IntFunction<String> regionName;
    private final IntPredicate mpi;
    private final ProtoBuffer packet = new ProtoBuffer();
    /** Begin and end packets, written by hand, wait here for the output (64 KB at a time). */
    private final byte[] events = new byte[1 << 16];
    private int used;
    /** Per region: its category's iid (0: not known yet). */
    private byte[] category = new byte[0];
    private long originTicks;
    private int maxRank = -1;
    /** Each process's world rank by its number ({@link Process#worldRank}): its pid is that + 1, its name "rank R". */
    private final int[] worldRanks;
    /** The highest pid - 1 (world rank) of a process track: further threads' tids come after it. */
    private int maxWorldRank = -1;
    /** The first thread track's uuid: after every process track's (rank + 1), small so that it takes few bytes. */
    private final long threadUuids;
    private int sequence = FLOW_SEQUENCE;
    private boolean flowsStarted;
    /** The sequence each region's name was interned on (its iid is region + 1). */
    private int[] internedOn = new int[0];
    private long previousNanos;
    private long calls;

    public PerfettoTraceWriter(OutputStream out, List<Process> processes, double ticksPerSecond,
                               IntFunction<String> regionName, IntPredicate mpi) throws IOException {
        this.out = out;
        this.ticksPerSecond = ticksPerSecond;
        this.regionName = regionName;
        this.mpi = mpi;
        // the root track: processes by their rank, threads by their place (sibling_order_rank)
        packet.begin(TRACK_DESCRIPTOR);
        packet.uint(1, 0);
        packet.uint(19, 1); // process_ordering: PROCESS_ORDERING_EXPLICIT
        packet.uint(20, 1); // thread_ordering: THREAD_ORDERING_EXPLICIT
        packet.end();
        writePacket();
        this.worldRanks = Process.worldRanks(processes);
        for (Process p : processes) {
            maxRank = Math.max(maxRank, p.rank());
            maxWorldRank = Math.max(maxWorldRank, p.worldRank());
            packet.begin(TRACK_DESCRIPTOR);
            packet.uint(1, p.rank() + 1L); // uuid
            packet.begin(3); // process
            packet.uint(1, p.worldRank() + 1L); // pid
            packet.string(6, "rank " + p.worldRank() + (p.name() == null ? "" : " (" + p.name() + ")")); // process_name
            packet.end();
            packet.uint(12, p.rank()); // sibling_order_rank
            packet.end();
            writePacket();
        }
        threadUuids = maxRank + 2L;
    }

    private long threadUuid(long order) {
        return threadUuids + order;
    }

    @Override
    public void threads(List<Thread> threads, long originTicks) throws IOException {
        this.originTicks = originTicks;
        long extra = 0;
        for (Thread t : threads) {
            maxWorldRank = Math.max(maxWorldRank, Process.worldRank(worldRanks, t.process()));
        }
        for (Thread t : threads) {
            int pid = Process.worldRank(worldRanks, t.process()) + 1;
            // the first thread's tid is its pid; further threads' come after every pid, in the order written
            long tid = t.index() == 0 ? pid : maxWorldRank + 2L + extra++;
            packet.begin(TRACK_DESCRIPTOR);
            packet.uint(1, threadUuid(t.order()));
            packet.begin(4); // thread
            packet.uint(1, pid);
            packet.uint(2, tid);
            packet.string(5, t.label()); // thread_name
            packet.end();
            packet.uint(12, t.index()); // sibling_order_rank
            packet.end();
            writePacket();
        }
    }

    long nanos(long ticks) {
        long relative = Math.max(0, ticks - originTicks);
        return ticksPerSecond == 1e9 ? relative : Math.round(relative * 1e9 / ticksPerSecond);
    }

    @Override
    public void flow(long id, int sender, long senderThread, long sendTicks, int receiver, long receiverThread, long receiveTicks)
            throws IOException {
        instant(FLOW_IDS, id, senderThread, sendTicks);
        instant(TERMINATING_FLOW_IDS, id, receiverThread, receiveTicks);
    }

    private void instant(int field, long id, long thread, long ticks) throws IOException {
        if (!flowsStarted) {
            flowsStarted = true;
            packet.uint(TIMESTAMP, nanos(ticks));
            packet.uint(SEQUENCE_ID, FLOW_SEQUENCE);
            packet.uint(SEQUENCE_FLAGS, CLEARED | NEEDS_STATE);
            internedNames(MESSAGE, "message", 0, null);
            packet.begin(TRACK_EVENT);
            packet.uint(TYPE, INSTANT);
            packet.uint(NAME_IID, MESSAGE);
            packet.uint(TRACK_UUID, threadUuid(thread));
            packet.fixed64(field, id);
            packet.end();
            writePacket();
            return;
        }
        // by hand, as the calls: timestamp, sequence, flags, track_event {type, name, track, flow id (fixed64)}
        int n = room();
        n = put(n, TIMESTAMP << 3, nanos(ticks));
        n = put(n, SEQUENCE_ID << 3, FLOW_SEQUENCE);
        n = put(n, SEQUENCE_FLAGS << 3, NEEDS_STATE);
        events[n++] = (byte) (TRACK_EVENT << 3 | ProtoBuffer.LENGTH);
        int length = n++;
        int start = n;
        n = put(n, TYPE << 3, INSTANT);
        n = put(n, NAME_IID << 3, MESSAGE);
        n = put(n, TRACK_UUID << 3, threadUuid(thread));
        int tag = field << 3 | ProtoBuffer.FIXED64; // two bytes: 47 and 48 are over 15
        events[n++] = (byte) (tag & 0x7F | 0x80);
        events[n++] = (byte) (tag >>> 7);
        for (int i = 0; i < 8; i++) {
            events[n++] = (byte) (id >>> (8 * i));
        }
        events[length] = (byte) (n - start);
        emit(n);
    }

    /** InternedData with one name and one category (both iid and name). */
    private void internedNames(long nameIid, String name, long categoryIid, String category) {
        packet.begin(INTERNED_DATA);
        if (category != null) {
            packet.begin(1); // event_categories
            packet.uint(1, categoryIid);
            packet.string(2, category);
            packet.end();
        }
        if (name != null) {
            packet.begin(2); // event_names
            packet.uint(1, nameIid);
            packet.string(2, name);
            packet.end();
        }
        packet.end();
    }

    @Override
    public void location(Thread t) throws IOException {
        sequence++;
        previousNanos = 0;
        packet.uint(SEQUENCE_ID, sequence);
        packet.uint(SEQUENCE_FLAGS, CLEARED | NEEDS_STATE);
        packet.begin(DEFAULTS);
        packet.uint(58, CLOCK); // timestamp_clock_id
        packet.begin(11); // track_event_defaults
        packet.uint(TRACK_UUID, threadUuid(t.order()));
        packet.end();
        packet.end();
        packet.begin(INTERNED_DATA);
        packet.begin(1);
        packet.uint(1, MPI);
        packet.string(2, "mpi");
        packet.end();
        packet.begin(1);
        packet.uint(1, USER);
        packet.string(2, "user");
        packet.end();
        packet.end();
        packet.begin(CLOCK_SNAPSHOT);
        packet.begin(1); // clocks: ours, incremental from 0 ...
        packet.uint(1, CLOCK);
        packet.uint(2, 0);
        packet.uint(3, 1); // is_incremental
        packet.end();
        packet.begin(1); // ... at 0 of BOOTTIME
        packet.uint(1, BOOTTIME);
        packet.uint(2, 0);
        packet.end();
        packet.end();
        writePacket();
    }

    @Override
    public void enter(int region, long ticks) throws IOException {
        calls++;
        long delta = delta(ticks);
        long iid = region + 1L;
        if (region >= internedOn.length || internedOn[region] != sequence) {
            if (region >= internedOn.length) {
                internedOn = Arrays.copyOf(internedOn, Math.max(region + 1, internedOn.length * 2));
                category = Arrays.copyOf(category, internedOn.length);
            }
            internedOn[region] = sequence; // the name goes with its first use on the sequence
            category[region] = (byte) (mpi.test(region) ? MPI : USER);
            packet.uint(TIMESTAMP, delta);
            packet.uint(SEQUENCE_ID, sequence);
            packet.uint(SEQUENCE_FLAGS, NEEDS_STATE);
            internedNames(iid, regionName.apply(region), 0, null);
            packet.begin(TRACK_EVENT);
            packet.uint(CATEGORY_IIDS, category[region]);
            packet.uint(TYPE, SLICE_BEGIN);
            packet.uint(NAME_IID, iid);
            packet.end();
            writePacket();
            return;
        }
        // the common case, by hand: timestamp, sequence, flags, track_event {category, type, name}
        int n = room();
        n = put(n, TIMESTAMP << 3, delta);
        n = put(n, SEQUENCE_ID << 3, sequence);
        n = put(n, SEQUENCE_FLAGS << 3, NEEDS_STATE);
        events[n++] = (byte) (TRACK_EVENT << 3 | ProtoBuffer.LENGTH);
        int length = n++;
        int start = n;
        n = put(n, CATEGORY_IIDS << 3, category[region]);
        n = put(n, TYPE << 3, SLICE_BEGIN);
        n = put(n, NAME_IID << 3, iid);
        events[length] = (byte) (n - start);
        emit(n);
    }

    @Override
    public void leave(int region, long enterTicks, long ticks) throws IOException {
        end(delta(ticks));
    }

    private void end(long delta) throws IOException {
        int n = room();
        n = put(n, TIMESTAMP << 3, delta);
        n = put(n, SEQUENCE_ID << 3, sequence);
        n = put(n, SEQUENCE_FLAGS << 3, NEEDS_STATE);
        events[n++] = (byte) (TRACK_EVENT << 3 | ProtoBuffer.LENGTH);
        events[n++] = 2;
        events[n++] = (byte) (TYPE << 3);
        events[n++] = SLICE_END;
        emit(n);
    }

    @Override
    public void endLocation(int open, long lastTicks) throws IOException {
        for (int i = 0; i < open; i++) {
            end(delta(lastTicks));
        }
    }

    /** The time since the sequence's previous packet, in nanoseconds (never negative). */
    private long delta(long ticks) {
        long now = Math.max(previousNanos, nanos(ticks));
        long d = now - previousNanos;
        previousNanos = now;
        return d;
    }

    /** A varint field (tags below 128) at {@code n}; the new end. */
    private int put(int n, int tag, long v) {
        events[n++] = (byte) tag;
        while ((v & ~0x7FL) != 0) {
            events[n++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        events[n++] = (byte) v;
        return n;
    }

    /** Where the next hand-written packet's fields start (its field 1 and length go in the two bytes before). */
    private int room() throws IOException {
        if (used + 64 > events.length) {
            flushEvents();
        }
        return used + 2;
    }

    /** The packet in {@code events[used + 2, n)}: a Trace's packet (its field 1 and length in front, both one byte). */
    private void emit(int n) {
        events[used] = 0x0A;
        events[used + 1] = (byte) (n - used - 2);
        used = n;
    }

    /** The packet built in {@link #packet}, after the hand-written ones before it. */
    private void writePacket() throws IOException {
        flushEvents();
        packet.packetTo(out);
    }

    private void flushEvents() throws IOException {
        out.write(events, 0, used);
        used = 0;
    }

    @Override
    public long finish() throws IOException {
        flushEvents();
        out.flush();
        return calls;
    }
}
