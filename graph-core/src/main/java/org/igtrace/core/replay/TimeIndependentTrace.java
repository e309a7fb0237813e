package org.igtrace.core.replay;

import java.util.HashSet;
import java.util.Set;
import org.igtrace.core.trace.MpiCall;

/**
 * The recorded run as SimGrid's time-independent trace, the input of {@code smpirun -replay}: one
 * action list per rank, {@code <rank> <action> <arguments>}, sizes in bytes (the {@code init}
 * action without argument selects MPI_BYTE). Compute bursts, the start offsets of definitions section 9
 * and calls with nothing to model become {@code sleep} actions of their (scaled) duration, so no
 * host speed is involved. Matched messages keep their calls' semantics: a blocking send or receive is
 * {@code send}/{@code recv <partner> <tag> <bytes>}; a send in any other call (MPI_Isend), or in MPI_Bsend, is {@code isend},
 * waited for where the trace records its completion (else never, as the replay completes it at its post), an
 * MPI_Irecv's post {@code irecv} (its size that of the receive completing it), and the
 * call completing either (MPI_Wait*, MPI_Test*) {@code wait <src> <dst> <tag>} per request; an MPI_Sendrecv's
 * send an {@code isend} waited for after its receive. SMPI keeps one request per (src, dst, tag) and fails
 * on a {@code wait} with none kept, so a second request on a (src, dst, tag) still open is posted but not
 * waited (it completes in the background, as SMPI does with it). Collectives on a communicator of every rank
 * become SimGrid's collective actions, each member naming the instance's largest size ({@link CollectiveSizes};
 * SimGrid runs its own algorithms, not definitions section 9's formulas); anything unmatched or on another
 * communicator sleeps for its measured duration, as the replay keeps it. The send overhead o of definitions section 9
 * is a {@code sleep} after the call of an eager send or of an MPI_Isend (the message has left at its start; a call that
 * only posts sleeps its measured duration or o, the longer), as the replay ends such calls after o at least; an
 * MPI_Sendrecv's eager send's o is slept between its isend and its recv where the message it receives is eager too
 * (the replay ends that call at the later of o and its receive; a rendezvous receive would be posted o late). The
 * release spread of the run's last collective ({@link FinalRelease}) is a {@code sleep} of each member's lag after it.
 * <p>
 * What the actions are is decided here; how they are written is formats' (SimGrid's text: {@code
 * formats.simgrid.SimGridExport}): each is handed to an {@link Actions} as it is found, none kept.
 */
public final class TimeIndependentTrace {
    /** A point-to-point action: {@code send}, {@code isend}, {@code recv}, {@code irecv}. */
    public enum Message {
        SEND, ISEND, RECV, IRECV
    }

    /** Receives one rank's actions in order, as they are found (nothing is held for a large trace). */
    public interface Actions {
        /** {@code init}: the rank's first action (MPI_BYTE as the unit of sizes). */
        void init(int rank);

        /** {@code sleep SECONDS}: time with nothing to model (positive). */
        void sleep(int rank, double seconds);

        /** {@code send|isend|recv|irecv PEER TAG BYTES}. */
        void message(int rank, Message kind, int peer, int tag, long bytes);

        /** {@code wait SRC DST TAG}: the completion of the request SMPI keeps for (src, dst, tag). */
        void await(int rank, int src, int dst, int tag);

        /** {@code barrier}. */
        void barrier(int rank);

        /** {@code bcast BYTES ROOT}. */
        void bcast(int rank, long bytes, long root);

        /** {@code reduce BYTES 0 ROOT} (no computation). */
        void reduce(int rank, long bytes, long root);

        /** {@code alltoall SEND RECEIVE}: the bytes sent to and received from each member. */
        void alltoall(int rank, long sendBytes, long receiveBytes);

        /** {@code allreduce BYTES 0} (no computation). */
        void allreduce(int rank, long bytes);

        /** {@code finalize}: the rank's last action. */
        void end(int rank);
    }

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
    private double cpuRatio;
    private boolean postingCalls;
    /** The model's send overhead o (seconds) and eager limit (bytes): an eager send's or MPI_Isend's call lasts o at least. */
    private double sendOverhead;
    private long eagerLimit;
    /** The run's last collective's release spread (null: none): each member sleeps its lag after that collective. */
    private FinalRelease finalRelease;

    private record Triple(int src, int dst, int tag) {
    }

    TimeIndependentTrace(ReplayMatching m, double[] offsets, CollectiveSizes collectiveSizes) {
        this.m = m;
        this.offsets = offsets;
        this.tick = 1.0 / m.run.definitions.ticksPerSecond();
        this.collectiveSizes = collectiveSizes;
        this.tags = tags(m.run);
        this.subCommunicators = new PointToPointCollectives(m.run.definitions, q -> m.run.process(q) != null,
                freeTag(m.run, tags));
    }

    /** Collectives on communicators of fewer members than the run, as point-to-point actions. */
    private final PointToPointCollectives subCommunicators;

    /** A tag no message is written with: above every tag of the trace and every moved one, else the lowest unused. */
    private static int freeTag(RecordedRun run, java.util.Map<Long, Integer> moved) {
        java.util.Set<Integer> used = new java.util.HashSet<>(moved.values());
        for (int q = 0; q < run.processCount(); q++) {
            MessageKeys k = run.process(q) == null ? null : run.process(q).keys;
            for (int i = 0; k != null && i < k.count; i++) {
                used.add(k.tag[i]);
            }
        }
        int top = used.stream().mapToInt(Integer::intValue).max().orElse(-1);
        if (top < Integer.MAX_VALUE) {
            return top + 1;
        }
        int free = 0;
        while (used.contains(free)) {
            free++;
        }
        return free;
    }

    /**
     * SMPI's tag per (communicator, tag) whose tag value another communicator uses too: SMPI's replay knows no
     * communicator and matches a receive by (source, tag) alone, so the same tag on two communicators between the same
     * ranks mismatched their messages (MPI_ERR_TRUNCATE, or silently on equal sizes). Of a tag value's communicators the
     * lowest-numbered keeps it, the others get values above every tag of the trace (past {@code Integer.MAX_VALUE}, the
     * lowest values no message uses); key {@code communicator << 32 | tag}.
     */
    private final java.util.Map<Long, Integer> tags;

    private static java.util.Map<Long, Integer> tags(RecordedRun run) {
        java.util.TreeMap<Long, Boolean> used = new java.util.TreeMap<>(); // by (tag, communicator)
        long top = -1;
        for (int q = 0; q < run.processCount(); q++) {
            MessageKeys k = run.process(q) == null ? null : run.process(q).keys;
            for (int i = 0; k != null && i < k.count; i++) {
                used.put((long) k.tag[i] << 32 | k.communicator[i] & 0xffffffffL, Boolean.TRUE);
                top = Math.max(top, k.tag[i]);
            }
        }
        java.util.Map<Long, Integer> moved = new java.util.HashMap<>();
        java.util.Set<Integer> tagsUsed = new java.util.HashSet<>();
        used.keySet().forEach(key -> tagsUsed.add((int) (key >> 32)));
        long previousTag = Long.MIN_VALUE;
        int free = 0; // past Integer.MAX_VALUE (a trace's tags may reach MPI_TAG_UB): the lowest values no message uses
        for (long key : used.keySet()) {
            long tag = key >> 32;
            int communicator = (int) key;
            if (tag == previousTag) {
                int value;
                if (top < Integer.MAX_VALUE) {
                    value = (int) ++top;
                } else {
                    while (tagsUsed.contains(free)) {
                        free++;
                    }
                    value = free++;
                }
                tagsUsed.add(value);
                moved.put((long) communicator << 32 | tag & 0xffffffffL, value);
            }
            previousTag = tag;
        }
        return moved;
    }

    /** The tag SMPI gets for message key {@code key} of {@code keys} ({@link #tags}). */
    private int tag(MessageKeys keys, int key) {
        Integer moved = tags.isEmpty() ? null : tags.get((long) keys.communicator[key] << 32 | keys.tag[key] & 0xffffffffL);
        return moved == null ? keys.tag[key] : moved;
    }

    /**
     * Hands process {@code p}'s actions to {@code out}, compute bursts divided by {@code cpuRatio}; with {@code
     * postingCalls} a call that only posts (MPI_Isend, MPI_Irecv) sleeps its measured duration after its posts, as the
     * replay keeps it on every model but the ideal network.
     */
    void write(int p, double cpuRatio, boolean postingCalls, Actions out) {
        write(p, cpuRatio, postingCalls, 0, 0, null, out);
    }

    /**
     * As {@link #write(int, double, boolean, Actions)}, with the model's send overhead {@code sendOverhead} (seconds) slept
     * after each call whose send the replay ends after o ({@code eagerLimit}: from that size on a blocking send is
     * rendezvous and gets no o), and the lag of {@code finalRelease} (null: none) after the last collective.
     */
    void write(int p, double cpuRatio, boolean postingCalls, double sendOverhead, long eagerLimit, FinalRelease finalRelease,
               Actions out) {
        this.finalRelease = finalRelease;
        this.cpuRatio = cpuRatio;
        this.postingCalls = postingCalls;
        this.sendOverhead = sendOverhead;
        this.eagerLimit = eagerLimit;
        LocationActivities l = m.run.process(p);
        out.init(p);
        if (l == null) {
            out.end(p);
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
        out.end(p);
    }

    private static long id(int key, long sequence) {
        return (long) key << 40 | sequence;
    }

    /** {@code wait src dst tag} when SMPI keeps a request for it (then no longer). */
    private void await(Actions out, int p, int src, int dst, int tag) {
        if (kept.remove(new Triple(src, dst, tag))) {
            out.await(p, src, dst, tag);
        }
    }

    private void call(int p, ActivityCursor c, Actions out) {
        double measured = (c.leave - c.enter) * tick;
        // a call that keeps its measured duration (no event, a receive without its send, a collective that cannot be
        // written) ends in the replay at the later of its enter plus that duration and its matched arrivals: its sleep goes
        // after its posts and before its first wait, so SMPI ends it at that later time too (slept after its waits, a
        // Waitall that also waited for a rank --skip-missing left out counted the wait twice)
        boolean keepMeasured = c.events == 0 || keepsMeasured(p, c);
        boolean[] slept = {!keepMeasured};
        Runnable measuredSleep = () -> {
            if (!slept[0]) {
                slept[0] = true;
                sleep(p, measured, out);
            }
        };
        boolean overhead = false; // a send the replay ends its call after o for (ReplayCalls.complete)
        // MPI_Sendrecv posts its send and its receive together: isend, recv, wait, whatever order the trace
        // records its events in (a send then a recv, or a recv then an isend, stalled SMPI on a ring of
        // rendezvous-sized ones, each rank's send waiting for a receive not yet posted)
        boolean sendrecv = c.region >= 0 && m.run.definitions.mpiCall(c.region) == MpiCall.SENDRECV;
        if (sendrecv) {
            boolean eagerSend = false, eagerReceives = true;
            for (int i = 0; i < c.events; i++) {
                if (c.match[i] >= 0 && c.type[i] == LocationActivities.SEND) {
                    int peer = c.peer(c.key[i]), tag = tag(c.location.keys, c.key[i]);
                    out.message(p, Message.ISEND, peer, tag, c.bytes[i]);
                    kept.add(new Triple(p, peer, tag));
                    eagerSend |= c.bytes[i] < eagerLimit;
                } else if (c.match[i] >= 0 && c.type[i] == LocationActivities.RECEIVE) {
                    eagerReceives &= c.bytes[i] < eagerLimit;
                }
            }
            // the replay ends the call at the later of o and its receive: o slept before the recv does that where the
            // incoming message is eager (SMPI sends it whenever its receive is posted); a rendezvous one would leave later
            if (eagerSend && eagerReceives) {
                sleep(p, sendOverhead, out);
            }
        }
        for (int i = 0; i < c.events; i++) {
            boolean matched = c.match[i] >= 0;
            int key = c.key[i];
            switch (c.type[i]) {
                case LocationActivities.SEND -> {
                    overhead |= !matched; // a send without a receive completes at its post, after o (ReplayCalls.complete)
                    if (matched && !sendrecv) {
                        int peer = c.peer(key), tag = tag(c.location.keys, key);
                        // non-blocking: its completion is recorded, or its call is no blocking send (MPI_Isend of a
                        // tracer that records no completion, as EZTrace: written as a send, halo3d-16 deadlocked)
                        boolean completed = c.detail[i] == 1;
                        // (a send event in no MPI call, or in another kind of call, is no blocking send either, as in the replay)
                        // an MPI_Bsend completes into its buffer whatever its size: an isend never waited for (a rendezvous-sized
                        // one written as a send was SMPI's rendezvous: 80.9 ms for send-modes/bsend's 50, crossed ones deadlocked)
                        boolean nonBlocking = completed || c.region < 0 || m.run.definitions.mpiCall(c.region) != MpiCall.BLOCKING_SEND
                                || org.igtrace.core.trace.SendMode.of(m.run.definitions.regionName(c.region))
                                        == org.igtrace.core.trace.SendMode.BUFFERED;
                        out.message(p, nonBlocking ? Message.ISEND : Message.SEND, peer, tag, c.bytes[i]);
                        overhead |= c.bytes[i] < eagerLimit || nonBlocking;
                        if (nonBlocking) {
                            kept.add(new Triple(p, peer, tag));
                        }
                        if (completed) {
                            sending.add(id(key, c.sequence[i]));
                        }
                    }
                }
                case LocationActivities.SEND_COMPLETE -> {
                    // an MPI_Ibsend's completion is local whatever its size: its request is never waited for (as an
                    // MPI_Bsend's); an MPI_Issend's is waited for as any other (SMPI sends a message below its eager
                    // threshold at once, so its wait may return before the receive is posted, where the replay's waits)
                    if (matched && sending.remove(id(key, c.sequence[i]))
                            && c.detail[i] != org.igtrace.core.trace.SendMode.BUFFERED.ordinal()) {
                        measuredSleep.run();
                        await(out, p, p, c.peer(key), tag(c.location.keys, key));
                    }
                }
                case LocationActivities.RECEIVE_POST -> {
                    long bytes = matched ? postSizes.bytes(key, c.sequence[i], call) : -1;
                    if (bytes >= 0) {
                        int peer = c.peer(key), tag = tag(c.location.keys, key);
                        out.message(p, Message.IRECV, peer, tag, bytes);
                        kept.add(new Triple(peer, p, tag));
                        posted.add(id(key, c.sequence[i]));
                    }
                }
                case LocationActivities.RECEIVE -> {
                    postSizes.passed(key, c.sequence[i]);
                    if (matched) {
                        measuredSleep.run();
                    }
                    if (matched && posted.remove(id(key, c.sequence[i]))) {
                        await(out, p, c.peer(key), p, tag(c.location.keys, key));
                    } else if (matched) {
                        out.message(p, Message.RECV, c.peer(key), tag(c.location.keys, key), c.bytes[i]);
                    }
                }
                case LocationActivities.COLLECTIVE -> {
                    if (writable(p, c, i)) {
                        measuredSleep.run();
                        collective(p, c, i, out);
                        sleep(p, finalRelease == null ? 0 : finalRelease.lag(p, c.match[i], c.at[i]), out);
                    }
                }
                default -> {
                    // no other record is inside a call
                }
            }
        }
        if (sendrecv) {
            for (int i = 0; i < c.events; i++) {
                if (c.match[i] >= 0 && c.type[i] == LocationActivities.SEND) {
                    measuredSleep.run();
                    await(out, p, p, c.peer(c.key[i]), tag(c.location.keys, c.key[i]));
                }
            }
        }
        double o = overhead ? sendOverhead : 0;
        if (keepMeasured) {
            measuredSleep.run(); // unless slept before a wait
        } else if (postingCalls && c.region >= 0 && ReplayCalls.onlyPosts(c, m.run.definitions.mpiCall(c.region))) {
            sleep(p, Math.max(o, ReplayCosts.compute(measured, cpuRatio)), out);
        } else {
            sleep(p, o, out);
        }
    }

    /** Whether the call keeps its measured duration: a receive in it has no send, or a collective cannot be written. */
    private boolean keepsMeasured(int p, ActivityCursor c) {
        for (int i = 0; i < c.events; i++) {
            if (c.type[i] == LocationActivities.RECEIVE && c.match[i] < 0
                    || c.type[i] == LocationActivities.COLLECTIVE && !writable(p, c, i)) {
                return true;
            }
        }
        return false;
    }

    /** Whether collective event {@code i} can be written ({@link #collective}): its instance is whole, its family known. */
    private boolean writable(int p, ActivityCursor c, int i) {
        int comm = c.match[i];
        if (comm < 0 || CollectiveFamily.of(c, i) == null) {
            return false;
        }
        return m.communicatorSize[comm] == m.run.processCount() || subCommunicators.writable(p, comm);
    }

    /**
     * Writes a collective: on a communicator of every rank as SimGrid's action, on a smaller one as point-to-point actions
     * ({@link PointToPointCollectives}); only where {@link #writable}.
     */
    private void collective(int p, ActivityCursor c, int i, Actions out) {
        int comm = c.match[i];
        CollectiveFamily family = CollectiveFamily.of(c, i);
        int members = m.communicatorSize[comm];
        long s = collectiveSizes.largest(comm, c.at[i]);
        long root = Math.max(0, c.sequence[i]);
        if (members != m.run.processCount()) {
            subCommunicators.write(p, comm, family, s, root, out);
            return;
        }
        switch (family) {
            case BARRIER -> out.barrier(p);
            case ONE_TO_ALL -> out.bcast(p, s, root);
            case ALL_TO_ONE -> out.reduce(p, s, root);
            case ALL_TO_ALL -> out.alltoall(p, s / Math.max(1, members), s / Math.max(1, members));
            case ALL_REDUCE -> out.allreduce(p, s);
        }
    }

    private static void sleep(int p, double seconds, Actions out) {
        if (seconds > 0) {
            out.sleep(p, seconds);
        }
    }
}
