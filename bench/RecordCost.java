import java.nio.file.Path;
import java.util.Arrays;
import org.igtrace.core.replay.ActivityRecorder;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.otf2.Otf2TraceReader;

/**
 * The CPU time of the replay's recording of the calls (predict's and why's {@code ActivityRecorder}) alone, per event,
 * in one warm JVM on one thread: one location's events are read from the trace once into memory, then recorded again
 * and again into a fresh recorder (a store in memory), without the read, the other analyses or start-up. Run with
 * the jar on the class path, pinned:
 *   taskset -c 0 java -XX:+UseSerialGC -cp cli/target/igtrace.jar bench/RecordCost.java ANCHOR [RANK] [ROUNDS]
 * RANK is the process whose first location is recorded (default 9). Prints each round's ns of thread CPU time per
 * event and the median of the rounds after the first five; predict's eager limit (64 KiB) keeps its fits' calls.
 */
public final class RecordCost {
    private static final int ENTER = 0, LEAVE = 1, SEND = 2, RECEIVE = 3, SEND_CALL = 4, RECEIVE_CALL = 5, ISEND = 6, IRECV = 7,
            ISEND_COMPLETE = 8, IRECV_REQUEST = 9, COLLECTIVE = 10, MEASUREMENT = 11, THREAD_FORK = 12;

    /** One location's events, each as its kind and its fields. */
    static final class Log implements LocationEvents {
        long[] v = new long[1 << 20];
        int n;
        long events;

        private void add(long... fields) {
            if (n + fields.length > v.length) {
                v = Arrays.copyOf(v, v.length * 2);
            }
            System.arraycopy(fields, 0, v, n, fields.length);
            n += fields.length;
            events++;
        }

        @Override public void enter(long time, int region) { add(ENTER, time, region); }
        @Override public void leave(long time, int region) { add(LEAVE, time, region); }
        @Override public void send(long time, int r, int c, int t, long b) { add(SEND, time, r, c, t, b); }
        @Override public void receive(long time, int s, int c, int t, long b) { add(RECEIVE, time, s, c, t, b); }
        @Override public void sendCall(long e, int region, long time, int r, int c, int t, long b, long l) {
            add(SEND_CALL, e, region, time, r, c, t, b, l);
            events += 2;
        }
        @Override public void receiveCall(long e, int region, long time, int s, int c, int t, long b, long l) {
            add(RECEIVE_CALL, e, region, time, s, c, t, b, l);
            events += 2;
        }
        @Override public void isend(long time, int r, int c, int t, long b, long q) { add(ISEND, time, r, c, t, b, q); }
        @Override public void irecv(long time, int s, int c, int t, long b, long q) { add(IRECV, time, s, c, t, b, q); }
        @Override public void isendComplete(long time, long q) { add(ISEND_COMPLETE, time, q); }
        @Override public void irecvRequest(long time, long q) { add(IRECV_REQUEST, time, q); }
        @Override public void collective(long time, CollectiveKind k, int c, int root, long s, long r) {
            add(COLLECTIVE, time, k.ordinal(), c, root, s, r);
        }
        @Override public void measurement(long time, boolean on) { add(MEASUREMENT, time, on ? 1 : 0); }
        @Override public void threadFork(long time, boolean fork) { add(THREAD_FORK, time, fork ? 1 : 0); }

        void replay(LocationEvents to) {
            long[] a = v;
            CollectiveKind[] kinds = CollectiveKind.values();
            for (int i = 0; i < n; ) {
                switch ((int) a[i]) {
                    case ENTER -> { to.enter(a[i + 1], (int) a[i + 2]); i += 3; }
                    case LEAVE -> { to.leave(a[i + 1], (int) a[i + 2]); i += 3; }
                    case SEND -> { to.send(a[i + 1], (int) a[i + 2], (int) a[i + 3], (int) a[i + 4], a[i + 5]); i += 6; }
                    case RECEIVE -> { to.receive(a[i + 1], (int) a[i + 2], (int) a[i + 3], (int) a[i + 4], a[i + 5]); i += 6; }
                    case SEND_CALL -> {
                        to.sendCall(a[i + 1], (int) a[i + 2], a[i + 3], (int) a[i + 4], (int) a[i + 5], (int) a[i + 6], a[i + 7], a[i + 8]);
                        i += 9;
                    }
                    case RECEIVE_CALL -> {
                        to.receiveCall(a[i + 1], (int) a[i + 2], a[i + 3], (int) a[i + 4], (int) a[i + 5], (int) a[i + 6], a[i + 7], a[i + 8]);
                        i += 9;
                    }
                    case ISEND -> { to.isend(a[i + 1], (int) a[i + 2], (int) a[i + 3], (int) a[i + 4], a[i + 5], a[i + 6]); i += 7; }
                    case IRECV -> { to.irecv(a[i + 1], (int) a[i + 2], (int) a[i + 3], (int) a[i + 4], a[i + 5], a[i + 6]); i += 7; }
                    case ISEND_COMPLETE -> { to.isendComplete(a[i + 1], a[i + 2]); i += 3; }
                    case IRECV_REQUEST -> { to.irecvRequest(a[i + 1], a[i + 2]); i += 3; }
                    case COLLECTIVE -> {
                        to.collective(a[i + 1], kinds[(int) a[i + 2]], (int) a[i + 3], (int) a[i + 4], a[i + 5], a[i + 6]);
                        i += 7;
                    }
                    case MEASUREMENT -> { to.measurement(a[i + 1], a[i + 2] != 0); i += 3; }
                    case THREAD_FORK -> { to.threadFork(a[i + 1], a[i + 2] != 0); i += 3; }
                    default -> throw new IllegalStateException("kind " + a[i]);
                }
            }
            to.end();
        }
    }

    public static void main(String[] args) throws Exception {
        Path anchor = Path.of(args[0]);
        int rank = args.length > 1 ? Integer.parseInt(args[1]) : 9;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 25;
        if (rounds < 1) {
            System.err.println("RecordCost: ROUNDS must be at least 1");
            System.exit(2);
        }
        Otf2TraceReader source = Otf2TraceReader.open(anchor, new ReadOptions(false, 1), ReadProgress.NONE);
        TraceDefinitions definitions = source.definitions();
        Log log = new Log();
        boolean[] taken = new boolean[1];
        source.read((process, order) -> {
            synchronized (taken) {
                if (process != rank || taken[0]) {
                    return LocationEvents.NONE;
                }
                taken[0] = true;
            }
            return log;
        });
        System.out.printf("rank %d: %d events%n", rank, log.events);
        var bean = java.lang.management.ManagementFactory.getThreadMXBean();
        double[] perEvent = new double[rounds];
        long bytes = 0;
        for (int r = 0; r < rounds; r++) {
            try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
                ActivityRecorder recorder = new ActivityRecorder(definitions, store, 64 * 1024);
                long start = bean.getCurrentThreadCpuTime();
                log.replay(recorder.location(rank, 0));
                perEvent[r] = (double) (bean.getCurrentThreadCpuTime() - start) / log.events;
                bytes = recorder.bytes();
            }
            System.out.printf("round %d: %.2f ns/event%n", r, perEvent[r]);
        }
        double[] counted = Arrays.copyOfRange(perEvent, Math.min(5, rounds - 1), rounds);
        Arrays.sort(counted);
        System.out.printf("median of the rounds after the first five: %.2f ns/event (least %.2f); %d bytes recorded (%.2f per event)%n",
                counted[counted.length / 2], counted[0], bytes, (double) bytes / log.events);
    }
}
