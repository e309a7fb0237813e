package org.igtrace.core.trace;

import java.util.function.IntUnaryOperator;
import org.igtrace.core.util.Labels;

/**
 * Notes that name processes, by their world ranks ({@link TraceDefinitions#worldRank}): the rank users know a
 * process by, also when {@code --skip-missing} analysed processes apart from theirs (issue 41 item 6).
 */
public final class WorldRankNotes {
    private WorldRankNotes() {
    }

    /**
     * "rank 0 for 10 ms, rank 3 for 2 ms and 5 more processes 1.2 ms": how long recording was off per process
     * ({@code offTicks} by process number), each named by {@code worldRank}, for the notes; null when never.
     * ({@link MeasurementGaps#perProcess} names the process numbers.)
     */
    public static String recordingOff(long[] offTicks, double ticksPerSecond, IntUnaryOperator worldRank) {
        StringBuilder b = new StringBuilder();
        int named = 0, more = 0;
        long moreTicks = 0;
        for (int p = 0; p < offTicks.length; p++) {
            if (offTicks[p] <= 0) {
                continue;
            }
            if (named < MeasurementGaps.NAMED_PROCESSES) {
                b.append(named++ == 0 ? "" : ", ").append("rank ").append(worldRank.applyAsInt(p)).append(" for ")
                        .append(Labels.seconds(offTicks[p] / ticksPerSecond));
            } else {
                more++;
                moreTicks += offTicks[p];
            }
        }
        if (more > 0) {
            b.append(" and ").append(more).append(more == 1 ? " more process " : " more processes ")
                    .append(Labels.seconds(moreTicks / ticksPerSecond));
        }
        return named == 0 ? null : b.toString();
    }

    /** "0-2, 5, 999999": the world ranks of {@code processes} (ascending process numbers) as ranges. */
    public static String ranges(java.util.List<Integer> processes, IntUnaryOperator worldRank) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < processes.size(); i++) {
            int j = i;
            while (j + 1 < processes.size() && worldRank.applyAsInt(processes.get(j + 1)) == worldRank.applyAsInt(processes.get(j)) + 1) {
                j++;
            }
            b.append(b.length() == 0 ? "" : ", ").append(worldRank.applyAsInt(processes.get(i)))
                    .append(j > i ? "-" + worldRank.applyAsInt(processes.get(j)) : "");
            i = j;
        }
        return b.toString();
    }
}
