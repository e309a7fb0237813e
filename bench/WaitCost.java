import java.nio.file.Path;
import java.util.Arrays;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.input.TraceInput;

/**
 * The CPU time of reading a trace in one warm JVM on one thread, without start-up and, after the
 * first rounds, without compiling: per event, for the profile alone ({@code no-waits}) or the
 * default command's analyses (the profile and the wait analysis: {@code default}). One mode a JVM,
 * as the command runs (a JVM that ran both would compile the shared read path for two kinds of
 * receivers, which the command never sees). Run with the jar on the class path, pinned:
 *   taskset -c 0 java -XX:+UseSerialGC -cp cli/target/igtrace.jar bench/WaitCost.java ANCHOR EVENTS MODE [ROUNDS]
 * EVENTS is the trace's number of events (bench/make-otf2-trace prints it). Prints each round's
 * ns of process CPU time per event and the median of the rounds after the first two.
 */
public final class WaitCost {
    public static void main(String[] args) throws Exception {
        Path anchor = Path.of(args[0]);
        long events = Long.parseLong(args[1]);
        boolean waits = switch (args[2]) {
            case "default" -> true;
            case "no-waits" -> false;
            default -> throw new IllegalArgumentException("MODE is default or no-waits");
        };
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 7;
        AnalysisOptions analysis = waits ? new AnalysisOptions(false, WaitMode.CORRECTED_CLOCKS) : AnalysisOptions.profile(false);
        double[] perEvent = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long start = cpu();
            long messages = TraceInput.read(anchor, new ReadOptions(false, 1), analysis).messages();
            perEvent[r] = (double) (cpu() - start) / events;
            System.out.printf("%s round %d: %.2f ns/event (%d messages)%n", args[2], r, perEvent[r], messages);
        }
        double[] counted = Arrays.copyOfRange(perEvent, Math.min(2, rounds - 1), rounds);
        Arrays.sort(counted);
        System.out.printf("%s median of the rounds after the first two: %.2f ns/event%n", args[2], counted[counted.length / 2]);
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
