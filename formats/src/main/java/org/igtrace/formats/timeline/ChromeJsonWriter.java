package org.igtrace.formats.timeline;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import org.igtrace.formats.Escape;

/**
 * Chrome trace-event JSON (the JSON object format the Perfetto UI and chrome://tracing open): a
 * complete event ({@code "ph":"X"}, {@code ts} and {@code dur} in microseconds from the start of
 * the run, corrected clocks) per region call, written when it is left; a process per rank with its
 * name as metadata ({@code "ph":"M"}), a thread per location ("thread 0", "thread 1", ... in each
 * process), and each message as a flow from the call around its send ({@code "ph":"s"}) to the call
 * around its receive ({@code "ph":"f"}, {@code "bp":"e"}: bound to the enclosing slice). Calls
 * never left are not written.
 */
public final class ChromeJsonWriter implements TraceEventWriter {
    private final Writer out;
    private final long startTicks;
    private final double ticksPerSecond;
    private final IntFunction<String> regionName;
    private final IntPredicate mpi;
    /** Each process's world rank by its number: its name, and its pid less 1 ({@link #pid}). */
    private final int[] worldRanks;
    private Thread current;
    private long calls;

    public ChromeJsonWriter(Writer out, List<Process> processes, long startTicks, double ticksPerSecond,
                            IntFunction<String> regionName, IntPredicate mpi) throws IOException {
        this.out = out;
        this.startTicks = startTicks;
        this.ticksPerSecond = ticksPerSecond;
        this.regionName = regionName;
        this.mpi = mpi;
        out.write("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":\"igtrace\"},\"traceEvents\":[\n");
        this.worldRanks = Process.worldRanks(processes);
        boolean first = true;
        for (Process p : processes) {
            out.write((first ? "" : ",\n") + "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" + (p.worldRank() + 1L) + ",\"tid\":0,\"args\":{\"name\":"
                    + Escape.json("rank " + p.worldRank() + (p.name() == null ? "" : " (" + p.name() + ")")) + "}}");
            out.write(",\n{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":" + (p.worldRank() + 1L) + ",\"tid\":0,\"args\":{\"sort_index\":"
                    + p.worldRank() + "}}");
            first = false;
        }
    }

    /**
     * The pid of process {@code process}: its world rank + 1, as in the protobuf trace ({@link PerfettoTraceWriter}):
     * pid 0 is the kernel's idle task to Perfetto, which its UI and trace processor handle apart (Perfetto's advice
     * for synthesised traces: start from pid 1).
     */
    private long pid(int process) {
        return Process.worldRank(worldRanks, process) + 1L;
    }

    /** The tid of the location of order {@code order}: that + 1, since tid 0 is the idle task's as pid 0 is. */
    private static long tid(long order) {
        return order + 1;
    }

    @Override
    public void threads(List<Thread> threads, long originTicks) {
        // each thread's metadata goes in front of its calls
    }

    @Override
    public void flow(long id, int sender, long senderThread, long sendTicks, int receiver, long receiverThread, long receiveTicks)
            throws IOException {
        flow("s", id, sender, senderThread, sendTicks, "");
        flow("f", id, receiver, receiverThread, receiveTicks, ",\"bp\":\"e\"");
    }

    private void flow(String phase, long id, int process, long thread, long time, String extra) throws IOException {
        out.write(",\n{\"name\":\"message\",\"cat\":\"message\",\"ph\":\"" + phase + "\",\"id\":" + id + ",\"pid\":" + pid(process)
                + ",\"tid\":" + tid(thread) + ",\"ts\":" + micros(time) + extra + "}");
    }

    @Override
    public void location(Thread t) throws IOException {
        current = t;
        out.write(",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":" + pid(t.process()) + ",\"tid\":" + tid(t.order())
                + ",\"args\":{\"name\":" + Escape.json(t.label()) + "}}");
        out.write(",\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":" + pid(t.process()) + ",\"tid\":" + tid(t.order())
                + ",\"args\":{\"sort_index\":" + t.index() + "}}");
    }

    @Override
    public void enter(int region, long ticks) {
        // written as a complete event when it is left
    }

    @Override
    public void leave(int region, long enter, long leave) throws IOException {
        calls++;
        out.write(",\n{\"name\":" + Escape.json(regionName.apply(region)) + ",\"cat\":\"" + (mpi.test(region) ? "mpi" : "user")
                + "\",\"ph\":\"X\",\"pid\":" + pid(current.process()) + ",\"tid\":" + tid(current.order()) + ",\"ts\":" + micros(enter) + ",\"dur\":"
                + us(Math.max(0, nanos(leave) - nanos(enter))) + "}");
    }

    @Override
    public void endLocation(int open, long lastTicks) {
        // calls never left have no duration: not written
    }

    @Override
    public long finish() throws IOException {
        out.write("\n]}\n");
        return calls;
    }

    private String micros(long ticks) {
        return us(nanos(ticks));
    }

    /** Nanoseconds since the start: ts and dur from the same rounded ends, so a call clipped with its caller never ends after it. */
    private long nanos(long ticks) {
        return Math.round((ticks - startTicks) * 1e9 / ticksPerSecond);
    }

    /** Nanoseconds as microseconds with three decimals, exactly. */
    private static String us(long nanos) {
        long whole = Math.abs(nanos) / 1000, part = Math.abs(nanos) % 1000;
        return (nanos < 0 ? "-" : "") + whole + "." + (part < 10 ? "00" : part < 100 ? "0" : "") + part;
    }
}
