package org.igtrace.formats.predict;

import java.util.Locale;
import org.igtrace.core.replay.LocationActivities;
import org.igtrace.core.replay.RecordedRun;

/**
 * The longest time recording was off inside one process's replayed window (definitions section 3): how much of a
 * self-prediction's shortfall the time the replay cannot show explains at most, and on which process.
 *
 * @param seconds the time, 0 when recording was never off (or no run is known)
 * @param who     the process, as "rank R", or "" when none
 */
record OffTime(double seconds, String who) {
    /**
     * The longest time recording was off inside a process's replayed window.
     *
     * @param run the recorded run, or null
     * @return that time and the process it was on (the first by process number on a tie)
     */
    static OffTime longest(RecordedRun run) {
        if (run == null) {
            return new OffTime(0, "");
        }
        long most = 0;
        int process = -1;
        for (int p = 0; p < run.processCount(); p++) {
            LocationActivities l = run.process(p);
            long off = l == null ? 0 : l.offTicksInWindow();
            if (off > most) {
                most = off;
                process = p;
            }
        }
        return process < 0 ? new OffTime(0, "")
                : new OffTime(most / run.definitions().ticksPerSecond(),
                        String.format(Locale.ROOT, "rank %d", run.definitions().worldRank(process)));
    }
}
