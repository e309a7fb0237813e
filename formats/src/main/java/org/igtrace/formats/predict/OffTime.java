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
 * @param seconds the time, 0 when recording was never off (or no run is known)
 */
record OffTime(double seconds) {
    /**
     * The time some process had recording off, on the trace's clocks (a clock offset moves an interval by at most the
     * offset).
     *
     * @param run the recorded run, or null
     * @return that time
     */
    static OffTime covered(RecordedRun run) {
        if (run == null) {
            return new OffTime(0);
        }
        List<long[]> all = new ArrayList<>();
        for (int p = 0; p < run.processCount(); p++) {
            LocationActivities l = run.process(p);
            long[] pairs = l == null ? new long[0] : l.offIntervalsInWindow();
            for (int i = 0; i + 1 < pairs.length; i += 2) {
                all.add(new long[] {pairs[i], pairs[i + 1]});
            }
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
        return new OffTime(ticks / run.definitions().ticksPerSecond());
    }
}
