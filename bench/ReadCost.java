import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.otf2.nativelib.EventVisitor;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;

/**
 * Where igtrace's OTF2 reading time goes, per event, inside one JVM (no start-up cost):
 *   decode  libotf2 + the C shim + decoding the records in Java, into a visitor that does nothing
 *   full    igtrace's reader on one thread: the above + translating ids + accumulating the profile
 * Run with the jar on the class path (Java's single-file source launcher):
 *   java -cp cli/target/igtrace.jar bench/ReadCost.java ANCHOR [REPEATS]
 * Prints the best of REPEATS (default 3) for each, in ns of the process's CPU time per event (CPU
 * time, not wall time: on a machine shared with other work, wall time measures the load).
 */
public final class ReadCost {
    public static void main(String[] args) throws Exception {
        Path anchor = Path.of(args[0]);
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Map<String, Double> best = new TreeMap<>();
        long events = 0;
        for (int r = 0; r < repeats; r++) {
            long[] counted = new long[1];
            long start = cpu();
            decodeOnly(anchor, counted);
            long decode = cpu() - start;
            events = counted[0];
            start = cpu();
            TraceProfile profile = TraceInput.read(anchor, new ReadOptions(false, 1), AnalysisOptions.profile(true));
            long full = cpu() - start;
            if (profile.messages() < 0) {
                throw new AssertionError();
            }
            best.merge("decode", (double) decode / events, Math::min);
            best.merge("full", (double) full / events, Math::min);
        }
        System.out.printf("events=%d decode_ns_per_event=%.2f full_ns_per_event=%.2f%n", events, best.get("decode"),
                best.get("full"));
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void decodeOnly(Path anchor, long[] counted) throws Exception {
        Map<Long, Boolean> cpuLocations = new TreeMap<>();
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readGlobalDefinitions(new GlobalDefinitionVisitor() {
                @Override
                public void location(long id, int name, LocationKind kind, long numberOfEvents, int locationGroup) {
                    if (kind == LocationKind.CPU_THREAD) {
                        cpuLocations.put(id, true);
                    }
                }
            });
        }
        long[] ids = cpuLocations.keySet().stream().mapToLong(Long::longValue).toArray();
        EventVisitor nothing = new EventVisitor() {
            @Override
            public void enter(long time, int region) {
            }

            @Override
            public void leave(long time, int region) {
            }

            @Override
            public void callingContextEnter(long time, int callingContext) {
            }

            @Override
            public void callingContextLeave(long time, int callingContext) {
            }

            @Override
            public void send(long time, int receiver, int communicator, int tag, long length) {
            }

            @Override
            public void receive(long time, int sender, int communicator, int tag, long length) {
            }

            @Override
            public void collectiveEnd(long time, int operation, int communicator, int root, long sent, long received) {
            }
        };
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readEvents(ids, location -> nothing, n -> counted[0] += n);
        }
    }
}
