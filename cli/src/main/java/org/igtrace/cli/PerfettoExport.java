package org.igtrace.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.Locale;
import java.util.Map;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.RegionStack;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.BlockStreamReader;
import org.igtrace.core.wait.MatchTap;
import org.igtrace.core.util.RecordBlocks;

/**
 * Writes the run as Chrome trace-event JSON (the JSON object format the Perfetto UI and
 * chrome://tracing open): a complete event ({@code "ph":"X"}, {@code ts} and {@code dur} in
 * microseconds from the start of the run, corrected clocks) per region call, a process per rank
 * with its name as metadata ({@code "ph":"M"}), a thread per location ("thread 0", "thread 1", ...
 * in each process), and each matched message as a flow from the call
 * around its send ({@code "ph":"s"}) to the call around its receive ({@code "ph":"f"},
 * {@code "bp":"e"}: bound to the enclosing slice). Each location's calls are kept (region, enter,
 * leave: raw ticks, as variable-length deltas in a {@link BlockStream} of a store that spills to a
 * temporary file beyond its budget) as the read passes, since the clock offsets are known only
 * after it, and the join's messages by join task ({@link PerfettoFlows}); both are written when
 * {@link #finish()}, the flows first, in the order one join thread would have found them.
 */
final class PerfettoExport implements EventTaps {
    private final TraceDefinitions definitions;
    private final Writer out;
    private final RecordBlocks store;
    private final Map<Integer, Long> threadOfProcess = new ConcurrentHashMap<>();
    private final Queue<Calls> locations = new ConcurrentLinkedQueue<>();
    private long[] offsets;
    private PerfettoFlows messages;
    private long flows;
    private long calls;

    /** @param store where the calls wait for the clock offsets (open until {@link #finish()} returns) */
    PerfettoExport(TraceDefinitions definitions, Writer out, RecordBlocks store) {
        this.definitions = definitions;
        this.out = out;
        this.store = store;
        write("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":\"igtrace\"},\"traceEvents\":[\n");
        boolean first = true;
        for (var p : definitions.processes()) {
            write((first ? "" : ",\n") + "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" + p.rank() + ",\"tid\":0,\"args\":{\"name\":\""
                    + json("rank " + p.rank() + (p.name() == null ? "" : " (" + p.name() + ")")) + "\"}}");
            write(",\n{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":" + p.rank() + ",\"tid\":0,\"args\":{\"sort_index\":"
                    + p.rank() + "}}");
            first = false;
        }
    }

    @Override
    public LocationSink perLocation(LocationSink analyses) {
        return TeeSink.of(analyses, (process, order) -> {
            threadOfProcess.merge(process, order, Math::min);
            Calls calls = new Calls(process, order);
            locations.add(calls);
            return calls;
        });
    }

    /** The join's messages, kept by task and written as flows before the calls (in {@link #finish()}). */
    @Override
    public boolean tapsMatches() {
        return true;
    }

    @Override
    public MatchTap matches(long[] offsets) {
        this.offsets = offsets.clone();
        this.messages = new PerfettoFlows(store);
        return messages;
    }

    /** Closes the JSON; returns the number of calls written. */
    long finish() {
        if (messages != null) {
            messages.forEach((sender, receiver, send, receive) -> {
                long id = ++flows;
                flow("s", id, sender, send, "");
                flow("f", id, receiver, receive, ",\"bp\":\"e\"");
            });
        }
        List<Calls> ordered = new ArrayList<>(locations);
        ordered.sort(Comparator.comparingInt((Calls c) -> c.process).thenComparingLong(c -> c.thread));
        int previous = Integer.MIN_VALUE, index = 0;
        for (Calls c : ordered) {
            // a name per thread ("thread 0" of each process, in location order): the viewer showed the location's number
            index = c.process == previous ? index + 1 : 0;
            previous = c.process;
            write(",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":" + c.process + ",\"tid\":" + c.thread
                    + ",\"args\":{\"name\":\"thread " + index + "\"}}");
            write(",\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":" + c.process + ",\"tid\":" + c.thread
                    + ",\"args\":{\"sort_index\":" + index + "}}");
            c.write();
        }
        write("\n]}\n");
        return calls;
    }

    long flows() {
        return flows;
    }

    private void flow(String phase, long id, int process, long time, String extra) {
        write(",\n{\"name\":\"message\",\"cat\":\"message\",\"ph\":\"" + phase + "\",\"id\":" + id + ",\"pid\":" + process
                + ",\"tid\":" + threadOfProcess.getOrDefault(process, 0L) + ",\"ts\":" + micros(time + offset(process)) + extra + "}");
    }

    private long offset(int process) {
        return offsets != null && process >= 0 && process < offsets.length ? offsets[process] : 0;
    }

    private String micros(long ticks) {
        double us = (ticks - definitions.startTicks()) * 1e6 / definitions.ticksPerSecond();
        return String.format(Locale.ROOT, "%.3f", us);
    }

    private void write(String text) {
        try {
            out.write(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String json(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /** One location's call stack: a complete event per call when it is left. */
    private final class Calls implements LocationEvents {
        private final int process;
        private final long thread;
        private final RegionStack stack = new RegionStack();
        /** The calls left so far: region, enter minus the previous call's enter (zigzag), leave minus enter (zigzag). */
        private final BlockStream done = new BlockStream(store);
        private long count;
        private long previousEnter;

        Calls(int process, long thread) {
            this.process = process;
            this.thread = thread;
        }

        @Override
        public void enter(long time, int region) {
            stack.push(region, time);
        }

        @Override
        public void leave(long time, int region) {
            if (!stack.pop()) {
                return;
            }
            long enter = stack.enter(stack.depth());
            done.putUnsigned(stack.region(stack.depth()));
            done.putSigned(enter - previousEnter);
            done.putSigned(time - enter);
            previousEnter = enter;
            count++;
        }

        @Override
        public void end() {
            done.seal();
        }

        /** Writes the calls kept, on corrected clocks. */
        void write() {
            long o = offset(process);
            done.seal();
            BlockStreamReader in = done.reader();
            long enter = 0;
            for (long i = 0; i < count; i++) {
                int r = in.readInt();
                enter += in.readSigned();
                long leave = enter + in.readSigned();
                String cat = definitions.mpiCall(r).isMpi() ? "mpi" : "user";
                calls++;
                PerfettoExport.this.write(",\n{\"name\":\"" + json(definitions.regionName(r)) + "\",\"cat\":\"" + cat + "\",\"ph\":\"X\",\"pid\":" + process
                        + ",\"tid\":" + thread + ",\"ts\":" + micros(enter + o) + ",\"dur\":"
                        + String.format(Locale.ROOT, "%.3f", Math.max(0, leave - enter) * 1e6 / definitions.ticksPerSecond()) + "}");
            }
        }
    }
}
