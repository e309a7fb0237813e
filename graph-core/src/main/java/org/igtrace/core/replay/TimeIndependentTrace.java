package org.igtrace.core.replay;

import java.io.IOException;
import java.util.Locale;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.MpiCall;

/**
 * The recorded run as SimGrid's time-independent trace, the input of {@code smpirun -replay}: one
 * action list per rank, {@code <rank> <action> <arguments>}, sizes in bytes (the {@code init}
 * action without argument selects MPI_BYTE). Compute bursts, the start offsets of definitions section 9
 * and calls with nothing to model become {@code sleep} actions of their (scaled) duration, so no
 * host speed is involved. Matched sends and receives become blocking {@code send}/{@code recv}
 * with their tag (an MPI_Sendrecv's send an {@code isend} waited for after its receive); collectives on a communicator of every rank become SimGrid's collective actions
 * (which run SimGrid's own algorithms, not definitions section 9's formulas); anything unmatched or on another
 * communicator sleeps for its measured duration, as the replay keeps it.
 */
final class TimeIndependentTrace {
    private final ReplayMatching m;
    private final double[] offsets;
    private final double tick;

    TimeIndependentTrace(ReplayMatching m, double[] offsets) {
        this.m = m;
        this.offsets = offsets;
        this.tick = 1.0 / m.run.definitions.ticksPerSecond();
    }

    void write(int p, double cpuRatio, Appendable out) throws IOException {
        LocationActivities l = m.run.process(p);
        out.append(Integer.toString(p)).append(" init\n");
        if (l == null) {
            out.append(Integer.toString(p)).append(" finalize\n");
            return;
        }
        double earliest = Double.POSITIVE_INFINITY;
        for (int q = 0; q < m.run.processCount(); q++) {
            if (m.run.process(q) != null) {
                earliest = Math.min(earliest, (m.run.process(q).start() - m.origin) * tick + offsets[q]);
            }
        }
        sleep(p, (l.start() - m.origin) * tick + offsets[p] - earliest, out);
        long previous = l.start();
        ActivityCursor c = m.window(p);
        long[] collectives = new long[m.communicatorSize.length];
        while (c.next()) {
            m.resolve(p, c, collectives);
            sleep(p, Math.max(0, c.enter - previous - l.offTicks(previous, c.enter)) * tick / cpuRatio, out);
            call(p, c, out);
            previous = c.leave;
        }
        sleep(p, Math.max(0, l.endTicks() - previous - l.offTicks(previous, l.endTicks())) * tick / cpuRatio, out);
        out.append(Integer.toString(p)).append(" finalize\n");
    }

    private void call(int p, ActivityCursor c, Appendable out) throws IOException {
        double measured = (c.leave - c.enter) * tick;
        boolean keepMeasured = c.events == 0;
        String r = Integer.toString(p);
        // MPI_Sendrecv posts its send and its receive together: isend, recv, wait, whatever order the trace
        // records its events in (a send then a recv, or a recv then an isend, stalled SMPI on a ring of
        // rendezvous-sized ones, each rank's send waiting for a receive not yet posted)
        boolean sendrecv = c.region >= 0 && m.run.definitions.mpiCall(c.region) == MpiCall.SENDRECV;
        if (sendrecv) {
            for (int i = 0; i < c.events; i++) {
                if (c.match[i] >= 0 && c.type[i] == LocationActivities.SEND) {
                    out.append(r).append(" isend ").append(Integer.toString(c.peer(c.key[i]))).append(' ')
                            .append(Integer.toString(c.location.keys.tag[c.key[i]])).append(' ').append(Long.toString(c.bytes[i])).append('\n');
                }
            }
        }
        for (int i = 0; i < c.events; i++) {
            boolean matched = c.match[i] >= 0;
            switch (c.type[i]) {
                case LocationActivities.SEND -> {
                    if (matched && !sendrecv) {
                        out.append(r).append(" send ").append(Integer.toString(c.peer(c.key[i]))).append(' ')
                                .append(Integer.toString(c.location.keys.tag[c.key[i]])).append(' ').append(Long.toString(c.bytes[i])).append('\n');
                    }
                }
                case LocationActivities.RECEIVE -> {
                    if (matched) {
                        out.append(r).append(" recv ").append(Integer.toString(c.peer(c.key[i]))).append(' ')
                                .append(Integer.toString(c.location.keys.tag[c.key[i]])).append(' ').append(Long.toString(c.bytes[i])).append('\n');
                    } else {
                        keepMeasured = true;
                    }
                }
                case LocationActivities.COLLECTIVE -> keepMeasured |= !collective(p, c, i, out);
                default -> {
                    // the post of an MPI_Irecv and the completion of an MPI_Isend: written as the blocking recv / send
                }
            }
        }
        if (sendrecv) {
            for (int i = 0; i < c.events; i++) {
                if (c.match[i] >= 0 && c.type[i] == LocationActivities.SEND) {
                    out.append(r).append(" wait ").append(r).append(' ').append(Integer.toString(c.peer(c.key[i]))).append(' ')
                            .append(Integer.toString(c.location.keys.tag[c.key[i]])).append('\n');
                }
            }
        }
        if (keepMeasured) {
            sleep(p, measured, out);
        }
    }

    /** Writes a collective on a communicator of every rank; false when it cannot be written. */
    private boolean collective(int p, ActivityCursor c, int i, Appendable out) throws IOException {
        int comm = c.match[i];
        int members = comm < 0 ? 0 : m.communicatorSize[comm];
        if (comm < 0 || members != m.run.processCount()) {
            return false;
        }
        String r = Integer.toString(p);
        long s = c.bytes[i];
        long root = Math.max(0, c.sequence[i]);
        String name = c.region < 0 ? "" : m.run.definitions.regionName(c.region);
        boolean alltoall = CollectiveFamily.personalised(name);
        String line = switch (CollectiveKind.values()[c.detail[i]]) {
            case BARRIER -> " barrier";
            case ONE_TO_ALL -> " bcast " + s + " " + root;
            case ALL_TO_ONE -> " reduce " + s + " 0 " + root;
            case ALL_TO_ALL -> alltoall ? " alltoall " + s / Math.max(1, members) + " " + s / Math.max(1, members)
                    : " allreduce " + s + " 0";
            default -> null;
        };
        if (line == null) {
            return false;
        }
        out.append(r).append(line).append('\n');
        return true;
    }

    private static void sleep(int p, double seconds, Appendable out) throws IOException {
        if (seconds > 0) {
            out.append(Integer.toString(p)).append(String.format(Locale.ROOT, " sleep %.12g%n", seconds));
        }
    }
}
