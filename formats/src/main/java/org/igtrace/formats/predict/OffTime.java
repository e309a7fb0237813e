package org.igtrace.formats.predict;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.replay.LocationActivities;
import org.igtrace.core.replay.RecordedRun;

/**
 * How much of a self-prediction's shortfall the time with recording off (definitions section 3) can explain at most:
 * the time during which some process had recording off inside its replayed window (the union of the processes'
 * intervals off). The replay leaves every such interval out, and the critical path is on one process at a time, so the
 * off time along it is at most that union: one process's longest off time is no bound, where processes take turns with
 * recording off and each waits for the others' (four ranks off 100 us each in turn: 400 us, not 100).
 *
 * The union is loose where a process is off while the others compute (four ranks off 50 us each in turn, the path
 * crossing only one of them: 200 us against 50): between the longest on one process and the union the warning cannot
 * tell, and says so ({@code why} measures the time off on the critical path).
 *
 * @param seconds the time, 0 when recording was never off (or no run is known)
 * @param longest the longest time one process had recording off inside its window
 */
record OffTime(double seconds, double longest) {
    /**
     * The time some process had recording off, on the trace's clocks (a clock offset moves an interval by at most the
     * offset).
     *
     * @param run the recorded run, or null
     * @return that time
     */
    static OffTime covered(RecordedRun run) {
        if (run == null) {
            return new OffTime(0, 0);
        }
        List<long[]> all = new ArrayList<>();
        long most = 0;
        for (int p = 0; p < run.processCount(); p++) {
            LocationActivities l = run.process(p);
            long[] pairs = l == null ? new long[0] : l.offIntervalsInWindow();
            long own = 0;
            for (int i = 0; i + 1 < pairs.length; i += 2) {
                all.add(new long[] {pairs[i], pairs[i + 1]});
                own += pairs[i + 1] - pairs[i];
            }
            most = Math.max(most, own);
        }
        all.sort((a, b) -> Long.compare(a[0], b[0]));
        long ticks = 0, from = Long.MIN_VALUE, to = Long.MIN_VALUE;
        for (long[] iv : all) {
            if (iv[0] > to) {
                ticks += to - from;
                from = iv[0];
                to = iv[1];
            } else {
                to = Math.max(to, iv[1]);
            }
        }
        ticks += to - from;
        return new OffTime(ticks / run.definitions().ticksPerSecond(), most / run.definitions().ticksPerSecond());
    }
}
