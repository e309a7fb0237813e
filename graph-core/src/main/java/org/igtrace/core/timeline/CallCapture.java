package org.igtrace.core.timeline;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.RegionStack;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.BlockStreamReader;
import org.igtrace.core.util.RecordBlocks;
import org.igtrace.core.wait.MatchTap;

/**
 * Keeps every region call and matched message of the read for a trace-event export (Perfetto's
 * protobuf trace or Chrome's JSON: a {@link CallSink}): each location's enters and leaves
 * (region, time: raw ticks, as variable-length deltas in a {@link BlockStream} of a store that
 * spills to a temporary file beyond its budget; a leave without its enter is dropped) as the read
 * passes, since the clock offsets are known only after it, and the join's messages by join task
 * ({@link CapturedFlows}). {@link #writeTo()} hands them to the sink on corrected clocks: the
 * threads, the flows (in the order one join thread would have found them), then each location's
 * events in process and location order.
 */
public final class CallCapture extends LocationTaps<CallCapture.Calls> {
    private final TraceDefinitions definitions;
    private final CallSink writer;
    private final RecordBlocks store;
    private final Map<Integer, Long> threadOfProcess = new ConcurrentHashMap<>();
    private CapturedFlows messages;
    private long flows;

    /**
     * @param definitions the trace's definitions
     * @param writer where {@link #writeTo()} hands the calls and messages
     * @param store where the calls wait for the clock offsets (open until {@link #writeTo()} returns)
     */
    public CallCapture(TraceDefinitions definitions, CallSink writer, RecordBlocks store) {
        this.definitions = definitions;
        this.writer = writer;
        this.store = store;
    }

    @Override
    Calls record(int process, long order) {
        threadOfProcess.merge(process, order, Math::min);
        return new Calls(process, order);
    }

    /** The join's messages, kept by task and written as flows before the calls (in {@link #writeTo()}). */
    @Override
    MatchTap tap() {
        messages = new CapturedFlows(store);
        return messages;
    }

    /**
     * Hands the threads, flows and calls kept to the sink, on corrected clocks.
     *
     * @throws SinkFailure when the sink's output fails (a failure to read the calls kept is another exception)
     */
    public void writeTo() {
        try {
            List<Calls> ordered = new ArrayList<>(locations);
            ordered.sort(Comparator.comparingInt((Calls c) -> c.process).thenComparingLong(c -> c.thread));
            List<CallSink.Thread> threads = new ArrayList<>();
            int previous = Integer.MIN_VALUE, index = 0;
            long origin = definitions.startTicks();
            for (Calls c : ordered) {
                // "thread 0" of each process, in location order: the viewer showed the location's number
                index = c.process == previous ? index + 1 : 0;
                previous = c.process;
                threads.add(new CallSink.Thread(c.process, c.thread, index, definitions.threadName(c.thread)));
                origin = Math.min(origin, definitions.startTicks() + offset(c.process));
            }
            writer.threads(threads, origin);
            if (messages != null) {
                IOException[] failed = {null};
                messages.forEach((sender, receiver, send, receive) -> {
                    if (failed[0] != null) {
                        return;
                    }
                    try {
                        writer.flow(++flows, sender, threadOfProcess.getOrDefault(sender, 0L), send + offset(sender),
                                receiver, threadOfProcess.getOrDefault(receiver, 0L), receive + offset(receiver));
                    } catch (IOException e) {
                        failed[0] = e;
                    }
                });
                if (failed[0] != null) {
                    throw failed[0];
                }
            }
            for (int i = 0; i < ordered.size(); i++) {
                writer.location(threads.get(i));
                ordered.get(i).write();
            }
        } catch (IOException e) {
            throw new SinkFailure(e);
        }
    }

    /**
     * The sink's output failed (the disk it writes to is full, say, or its pipe's reader went away): the caller names that
     * output. A trace's reader lets it through as it is: it is not the trace's failure.
     */
    public static final class SinkFailure extends org.igtrace.core.pipeline.OutputFailure {
        private static final long serialVersionUID = 1L;

        /** @param cause the output's failure */
        public SinkFailure(IOException cause) {
            super(cause);
        }
    }

    /** @return the messages handed to the sink as flows */
    public long flows() {
        return flows;
    }

    /** One location's enters and leaves, in time order. */
    final class Calls implements LocationEvents {
        private final int process;
        private final long thread;
        /** Per event: region + 1 for an enter, 0 for a leave (unsigned); time minus the previous event's (zigzag). */
        private final BlockStream done = new BlockStream(store);
        private long events;
        private long previousTime;
        /** The regions open, innermost last ({@code depth} of them). */
        private int[] open = new int[16];
        private int depth;
        /** The time of the location's last event that is no enter or leave (a never-left call ends at the last event). */
        private long lastPoint = Long.MIN_VALUE;

        Calls(int process, long thread) {
            this.process = process;
            this.thread = thread;
        }

        @Override
        public void enter(long time, int region) {
            if (depth == open.length) {
                open = java.util.Arrays.copyOf(open, 2 * depth);
            }
            open[depth++] = region;
            put(region + 1L, time);
        }

        /**
         * A leave of the innermost open region closes it. A leave of a region open further out (EZTrace leaves
         * {@code Working} before the {@code EZTrace finalize} inside it; TraceR leaves its loop before the timers it
         * opened) closes it, out of order as definitions section 3 reads it, and with it the calls opened inside it and
         * still open, cut there (the exports' slices nest); their own leaves later, and a leave of a region not open, are
         * dropped. Before, every leave closed the innermost call: the region left took another's end.
         */
        @Override
        public void leave(long time, int region) {
            int at = depth - 1;
            while (at >= 0 && open[at] != region) {
                at--;
            }
            if (at < 0) {
                return; // a leave without its enter, or of a call already cut
            }
            while (depth > at) {
                depth--;
                put(0, time);
            }
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            lastPoint = time;
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            lastPoint = time;
        }

        @Override
        public void collective(long time, org.igtrace.core.trace.CollectiveKind kind, int communicator, int root, long sent, long received) {
            lastPoint = time;
        }

        @Override
        public void measurement(long time, boolean on) {
            lastPoint = time;
        }

        private void put(long code, long time) {
            done.putUnsigned(code);
            done.putSigned(time - previousTime);
            previousTime = time;
            events++;
        }

        @Override
        public void end() {
            done.seal();
        }

        /** Hands the events kept to the writer, on corrected clocks. */
        void write() throws IOException {
            long o = offset(process);
            done.seal();
            BlockStreamReader in = done.reader();
            RegionStack open = new RegionStack();
            long time = 0;
            for (long i = 0; i < events; i++) {
                long code = in.readUnsigned();
                time += in.readSigned();
                long t = time + o;
                if (code != 0) {
                    open.push((int) (code - 1), t);
                    writer.enter((int) (code - 1), t);
                } else {
                    open.pop();
                    writer.leave(open.region(open.depth()), open.enter(open.depth()), t);
                }
            }
            writer.endLocation(open.depth(), Math.max(time, lastPoint) + o);
        }
    }
}
