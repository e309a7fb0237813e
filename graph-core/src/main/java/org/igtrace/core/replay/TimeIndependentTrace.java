package org.igtrace.core.replay;

import java.io.IOException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.igtrace.core.trace.MpiCall;

/**
 * The recorded run as SimGrid's time-independent trace, the input of {@code smpirun -replay}: one
 * action list per rank, {@code <rank> <action> <arguments>}, sizes in bytes (the {@code init}
 * action without argument selects MPI_BYTE). Compute bursts, the start offsets of definitions section 9
 * and calls with nothing to model become {@code sleep} actions of their (scaled) duration, so no
 * host speed is involved. Matched messages keep their calls' semantics: a blocking send or receive is
 * {@code send}/{@code recv <partner> <tag> <bytes>}; a send in any other call (MPI_Isend) is {@code isend},
 * waited for where the trace records its completion (else never, as the replay completes it at its post), an
 * MPI_Irecv's post {@code irecv} (its size that of the receive completing it), and the
 * call completing either (MPI_Wait*, MPI_Test*) {@code wait <src> <dst> <tag>} per request; an MPI_Sendrecv's
 * send an {@code isend} waited for after its receive. SMPI keeps one request per (src, dst, tag) and fails
 * on a {@code wait} with none kept, so a second request on a (src, dst, tag) still open is posted but not
 * waited (it completes in the background, as SMPI does with it). Collectives on a communicator of every rank
 * become SimGrid's collective actions, each member naming the instance's largest size ({@link CollectiveSizes};
 * SimGrid runs its own algorithms, not definitions section 9's formulas); anything unmatched or on another
 * communicator sleeps for its measured duration, as the replay keeps it.
 */
final class TimeIndependentTrace {
    private final ReplayMatching m;
    private final double[] offsets;
    private final double tick;
    private final CollectiveSizes collectiveSizes;
    /** Per rank written: the (src, dst, tag) whose request SMPI keeps, the posted receives and the non-blocking sends. */
    private final Set<Triple> kept = new HashSet<>();
    private final Set<Long> posted = new HashSet<>();
    private final Set<Long> sending = new HashSet<>();
    private PostedReceiveSizes postSizes;
    private long call;

    private record Triple(int src, int dst, int tag) {
    }

    TimeIndependentTrace(ReplayMatching m, double[] offsets, CollectiveSizes collectiveSizes) {
        this.m = m;
        this.offsets = offsets;
        this.tick = 1.0 / m.run.definitions.ticksPerSecond();
        this.collectiveSizes = collectiveSizes;
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
        postSizes = new PostedReceiveSizes(m.window(p));
        kept.clear();
        posted.clear();
        sending.clear();
        long[] collectives = new long[m.communicatorSize.length];
        for (call = 0; c.next(); call++) {
            m.resolve(p, c, collectives);
            sleep(p, Math.max(0, c.enter - previous - l.offTicks(previous, c.enter)) * tick / cpuRatio, out);
            call(p, c, out);
            previous = c.leave;
        }
        sleep(p, Math.max(0, l.endTicks() - previous - l.offTicks(previous, l.endTicks())) * tick / cpuRatio, out);
        out.append(Integer.toString(p)).append(" finalize\n");
    }

    private static long id(int key, long sequence) {
        return (long) key << 40 | sequence;
    }

    private void message(Appendable out, int p, String action, int peer, int tag, long bytes) throws IOException {
        out.append(Integer.toString(p)).append(' ').append(action).append(' ').append(Integer.toString(peer)).append(' ')
                .append(Integer.toString(tag)).append(' ').append(Long.toString(bytes)).append('\n');
    }

    /** {@code wait src dst tag} when SMPI keeps a request for it (then no longer). */
    private void await(Appendable out, int p, int src, int dst, int tag) throws IOException {
        if (kept.remove(new Triple(src, dst, tag))) {
            out.append(Integer.toString(p)).append(" wait ").append(Integer.toString(src)).append(' ').append(Integer.toString(dst))
                    .append(' ').append(Integer.toString(tag)).append('\n');
        }
    }

    private void call(int p, ActivityCursor c, Appendable out) throws IOException {
        double measured = (c.leave - c.enter) * tick;
        boolean keepMeasured = c.events == 0;
        // MPI_Sendrecv posts its send and its receive together: isend, recv, wait, whatever order the trace
        // records its events in (a send then a recv, or a recv then an isend, stalled SMPI on a ring of
        // rendezvous-sized ones, each rank's send waiting for a receive not yet posted)
        boolean sendrecv = c.region >= 0 && m.run.definitions.mpiCall(c.region) == MpiCall.SENDRECV;
        if (sendrecv) {
            for (int i = 0; i < c.events; i++) {
                if (c.match[i] >= 0 && c.type[i] == LocationActivities.SEND) {
                    int peer = c.peer(c.key[i]), tag = c.location.keys.tag[c.key[i]];
                    message(out, p, "isend", peer, tag, c.bytes[i]);
                    kept.add(new Triple(p, peer, tag));
                }
            }
        }
        for (int i = 0; i < c.events; i++) {
            boolean matched = c.match[i] >= 0;
            int key = c.key[i];
            switch (c.type[i]) {
                case LocationActivities.SEND -> {
                    if (matched && !sendrecv) {
                        int peer = c.peer(key), tag = c.location.keys.tag[key];
                        // non-blocking: its completion is recorded, or its call is no blocking send (MPI_Isend of a
                        // tracer that records no completion, as EZTrace: written as a send, halo3d-16 deadlocked)
                        boolean completed = c.detail[i] == 1;
                        boolean nonBlocking = completed || c.region >= 0 && m.run.definitions.mpiCall(c.region) == MpiCall.OTHER_MPI;
                        message(out, p, nonBlocking ? "isend" : "send", peer, tag, c.bytes[i]);
                        if (nonBlocking) {
                            kept.add(new Triple(p, peer, tag));
                        }
                        if (completed) {
                            sending.add(id(key, c.sequence[i]));
                        }
                    }
                }
                case LocationActivities.SEND_COMPLETE -> {
                    if (matched && sending.remove(id(key, c.sequence[i]))) {
                        await(out, p, p, c.peer(key), c.location.keys.tag[key]);
                    }
                }
                case LocationActivities.RECEIVE_POST -> {
                    long bytes = matched ? postSizes.bytes(key, c.sequence[i], call) : -1;
                    if (bytes >= 0) {
                        int peer = c.peer(key), tag = c.location.keys.tag[key];
                        message(out, p, "irecv", peer, tag, bytes);
                        kept.add(new Triple(peer, p, tag));
                        posted.add(id(key, c.sequence[i]));
                    }
                }
                case LocationActivities.RECEIVE -> {
                    postSizes.passed(key, c.sequence[i]);
                    if (!matched) {
                        keepMeasured = true;
                    } else if (posted.remove(id(key, c.sequence[i]))) {
                        await(out, p, c.peer(key), p, c.location.keys.tag[key]);
                    } else {
                        message(out, p, "recv", c.peer(key), c.location.keys.tag[key], c.bytes[i]);
                    }
                }
                case LocationActivities.COLLECTIVE -> keepMeasured |= !collective(p, c, i, out);
                default -> {
                    // no other record is inside a call
                }
            }
        }
        if (sendrecv) {
            for (int i = 0; i < c.events; i++) {
                if (c.match[i] >= 0 && c.type[i] == LocationActivities.SEND) {
                    await(out, p, p, c.peer(c.key[i]), c.location.keys.tag[c.key[i]]);
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
        long s = collectiveSizes.largest(comm, c.at[i]);
        long root = Math.max(0, c.sequence[i]);
        CollectiveFamily family = CollectiveFamily.of(c, i);
        String line = family == null ? null : switch (family) {
            case BARRIER -> " barrier";
            case ONE_TO_ALL -> " bcast " + s + " " + root;
            case ALL_TO_ONE -> " reduce " + s + " 0 " + root;
            case ALL_TO_ALL -> " alltoall " + s / Math.max(1, members) + " " + s / Math.max(1, members);
            case ALL_REDUCE -> " allreduce " + s + " 0";
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
