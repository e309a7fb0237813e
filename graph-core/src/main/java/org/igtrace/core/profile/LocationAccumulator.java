package org.igtrace.core.profile;

import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.MeasurementGaps;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.PairCounters;

/**
 * Accumulates one location's events as they are read: region times and message counters. Its
 * memory does not depend on the number of events. One instance is fed by one thread; the
 * {@link TraceAccumulator} merges them.
 */
public final class LocationAccumulator implements LocationEvents {
    private final TraceDefinitions definitions;
    private final int process;
    private final boolean modelCollectives;

    long firstRegionTime = Long.MAX_VALUE;
    long lastRegionTime = Long.MIN_VALUE;

    private int communicationDepth;
    private long communicationEnter;
    long communicationTicks;
    private boolean currentCallIsSendrecv;
    private boolean currentCallHadMessage;
    long silentSendrecvCalls;
    /** Of those, the calls of MPI_Sendrecv_replace (the note names the call the trace has). */
    long silentSendrecvReplaceCalls;
    /** The region of the outermost communication call open. */
    private int communicationRegion;

    private int environmentDepth;
    /** MPI calls entered inside an environment call and not left yet (their Leave events are the environment's own). */
    private int communicationInEnvironment;
    private long environmentEnter;
    /** Ticks inside MPI_Init/MPI_Finalize, recording off or not; and those calls, as pairs, for the time off inside them. */
    private long environmentTicks;
    private long[] environmentCalls = new long[0];
    private int environmentCount;

    /** A single message longer than this (1 TiB) is a corrupt length, not traffic. */
    static final long IMPLAUSIBLE_BYTES = org.igtrace.core.trace.MessageLengths.MOST;

    long unbalancedLeaves;
    long backwardTimes;
    /** Sends, receives and collective calls with an impossible length, counted apart (as the self messages are). */
    long implausibleLengths, implausibleReceives, implausibleCollectives;
    private long latestTime = Long.MIN_VALUE;
    long untranslatedPartners;
    /** Sends to, and receives from, the process itself: a message is counted once, by its larger side ({@link ProfileTotals}). */
    long selfMessages, selfReceives;
    /** Collective operations this location took part in (counted with or without {@code --collectives}). */
    long collectiveCalls;
    /** Collective calls that sent or received data (not barriers and the like). */
    long collectiveDataCalls;

    /** The counters while the location is read; at its end they become {@link PairList}s and these null. */
    private PairCounters sends = new PairCounters(FEW_PAIRS);
    private PairCounters receives = new PairCounters(FEW_PAIRS);
    private PairCounters collectiveTraffic = new PairCounters(FEW_PAIRS);
    /**
     * The pairs a location's tables are first made for (they double beyond): a stencil's process has 2-6 partners;
     * 16 made 3 x 768 bytes of tables per location (10^5 processes: 230 MB), 4 make 3 x 192.
     */
    private static final int FEW_PAIRS = 4;
    private PairList sentPairs;
    private PairList receivedPairs;
    private PairList collectivePairs;

    /**
     * Up to this many processes, a location counts its messages per partner in plain arrays while
     * it is read (no lookup per message, and nothing made on a partner's first message, so the
     * compiled reading code does not change from one location to the next) and moves them into
     * {@link #sends} and {@link #receives} when it ends.
     */
    static final int DENSE_PARTNERS = 4096;
    private double[] sentBytes;
    private long[] sentMessages;
    private double[] receivedBytes;
    private long[] receivedMessages;

    private final long order;
    /** Where recording was switched off (definitions section 3): left out of the span and the calls. */
    private final MeasurementGaps gaps = new MeasurementGaps();
    /** The thread's OpenMP constructs (definitions section 10a); null when the trace defines none. */
    final OpenMpThread omp;
    /** Its outermost MPI calls, kept when its process has several threads ({@code Tcomm_i}, definitions section 3); else null. */
    private final CallIntervals calls;

    private static final long[] NO_INTERVALS = new long[0];

    LocationAccumulator(TraceDefinitions definitions, int process, boolean modelCollectives, long order,
                        java.util.concurrent.atomic.AtomicLong callBudget) {
        this.definitions = definitions;
        this.calls = definitions.severalThreads(process) ? new CallIntervals(callBudget) : null;
        this.order = order;
        this.process = process;
        this.modelCollectives = modelCollectives;
        this.omp = definitions.hasOpenMp() ? new OpenMpThread(gaps) : null;
        int n = definitions.processCount();
        if (n <= DENSE_PARTNERS) {
            sentBytes = new double[n];
            sentMessages = new long[n];
            receivedBytes = new double[n];
            receivedMessages = new long[n];
        }
    }

    public int process() {
        return process;
    }

    /** The location's place among all locations. */
    public long order() {
        return order;
    }

    /** Last minus first region event, less the time recording was off between them (0 without region events). */
    public long spanTicks() {
        return lastRegionTime >= firstRegionTime ? lastRegionTime - firstRegionTime - offTicks() : 0;
    }

    /** Ticks between the first and the last region event during which recording was off (definitions section 3). */
    public long offTicks() {
        return lastRegionTime >= firstRegionTime ? gaps.between(firstRegionTime, lastRegionTime) : 0;
    }

    /** The times its process's profile needs (definitions sections 3 and 10a), apart from traffic and counts. */
    public LocationTimes times() {
        if (omp != null && !gaps.isEmpty()) {
            omp.measureOff(gaps);
        }
        long[] off = gaps.isEmpty() || lastRegionTime < firstRegionTime ? NO_INTERVALS : gaps.intervalsBetween(firstRegionTime, lastRegionTime);
        return new LocationTimes(process, order, firstRegionTime, lastRegionTime, offTicks(), off, environmentTicks(), communicationTicks, omp,
                calls);
    }

    /** Ticks inside MPI environment calls. */
    public long environmentTicks() {
        if (gaps.isEmpty()) {
            return environmentTicks;
        }
        long off = 0; // time off inside the calls is the span's time off already, not the calls' (it was taken out twice)
        for (int i = 0; i < environmentCount; i++) {
            off += gaps.between(environmentCalls[i * 2], environmentCalls[i * 2 + 1]);
        }
        return Math.max(0, environmentTicks - off);
    }

    /** Ticks inside outermost MPI communication calls. */
    public long communicationTicks() {
        return communicationTicks;
    }

    /** Sent messages counted, per directed pair. */
    public PairCounters sends() {
        movePartnerCounts();
        return sentPairs != null ? sentPairs.table() : sends;
    }

    /** Received messages counted, per directed pair. */
    public PairCounters receives() {
        movePartnerCounts();
        return receivedPairs != null ? receivedPairs.table() : receives;
    }

    /**
     * Adds this location's sends, receives and modelled collective traffic to the given tables, in the
     * order of its own tables.
     */
    void addTraffic(PairCounters allSends, PairCounters allReceives, PairCounters allCollectiveTraffic) {
        movePartnerCounts();
        if (sentPairs != null) {
            sentPairs.forEach(allSends::add);
            receivedPairs.forEach(allReceives::add);
            collectivePairs.forEach(allCollectiveTraffic::add);
        } else {
            allSends.addAll(sends);
            allReceives.addAll(receives);
            allCollectiveTraffic.addAll(collectiveTraffic);
        }
    }

    /**
     * The location ended: its per-partner counts go into the pair tables, and those into
     * {@link PairList}s of their exact size (they are kept until the whole trace is read).
     */
    @Override
    public void end() {
        gaps.end(latestTime);
        if (communicationDepth > 0 && environmentDepth == 0) {
            // an MPI call still open when the location ends (a run cut short, a damaged Enter's region): closed at the
            // location's last event, as a region open at a stream's end is, so its time counts as MPI time, as the
            // waits measured inside it do (left out, a copy of scorep-ping-pong whose MPI_Init's Enter read as an
            // MPI_Gatherv had 615 us of waiting and no time in MPI: lost transfer time -615 us)
            long ticks = Math.max(0, latestTime - communicationEnter - gaps.between(communicationEnter, latestTime));
            communicationTicks += ticks;
            if (calls != null) {
                calls.add(communicationEnter, Math.max(communicationEnter, latestTime));
            }
            if (omp != null) {
                omp.communication(ticks);
            }
            communicationDepth = 0;
        }
        movePartnerCounts();
        if (sentPairs == null) {
            sentPairs = PairList.of(sends);
            receivedPairs = PairList.of(receives);
            collectivePairs = PairList.of(collectiveTraffic);
            sends = receives = collectiveTraffic = null;
        }
    }

    @Override
    public void threadFork(long time, boolean fork) {
        if (omp != null) {
            omp.threadFork(time, fork);
        }
    }

    /** The reader's events taken at the time of the event before them: counted with those that went back here. */
    @Override
    public void timesClamped(long n) {
        backwardTimes += n;
    }

    @Override
    public void measurement(long time, boolean on) {
        checkOrder(time);
        gaps.measurement(time, on);
    }

    /** Moves the per-partner arrays into the pair tables and drops them (later messages go to the tables). */
    private void movePartnerCounts() {
        if (sentMessages == null) {
            return;
        }
        for (int p = 0; p < sentMessages.length; p++) {
            if (sentMessages[p] != 0) {
                sends.add(process, p, sentBytes[p], sentMessages[p]);
            }
            if (receivedMessages[p] != 0) {
                receives.add(p, process, receivedBytes[p], receivedMessages[p]);
            }
        }
        sentBytes = receivedBytes = null;
        sentMessages = receivedMessages = null;
    }

    /** Adds this location's numbers of sent, received and modelled collective pairs to {@code counts[0..2]}. */
    void addPairCounts(long[] counts) {
        if (sentPairs != null) {
            counts[0] += sentPairs.size();
            counts[1] += receivedPairs.size();
            counts[2] += collectivePairs.size();
        } else {
            counts[0] += sends.size(); // and the partners counted in arrays, if any: the totals' tables grow for them
            counts[1] += receives.size();
            counts[2] += collectiveTraffic.size();
        }
    }

    /** Modelled collective traffic ({@code --collectives}), per directed pair. */
    public PairCounters collectiveTraffic() {
        return collectivePairs != null ? collectivePairs.table() : collectiveTraffic;
    }

    /** The counts behind the notes, in {@link ProfileTotals.Count} order. */
    public long[] counts() {
        return new long[] {unbalancedLeaves, untranslatedPartners, selfMessages, silentSendrecvCalls, backwardTimes,
            implausibleLengths, collectiveCalls, collectiveDataCalls, selfReceives, implausibleReceives, implausibleCollectives,
            silentSendrecvReplaceCalls};
    }

    private void regionEvent(long time) {
        checkOrder(time);
        if (time < firstRegionTime) {
            firstRegionTime = time;
        }
        if (time > lastRegionTime) {
            lastRegionTime = time;
        }
    }

    @Override
    public void enter(long time, int region) {
        regionEvent(time);
        if (omp != null) {
            omp.enter(time, definitions.ompRole(region));
        }
        RegionKind kind = definitions.regionKind(region);
        if (kind == RegionKind.ENVIRONMENT) {
            if (environmentDepth++ == 0) {
                environmentEnter = time;
            }
        } else if (kind.isCommunication() && environmentDepth > 0) {
            communicationInEnvironment++;
        } else if (kind.isCommunication()) {
            if (communicationDepth++ == 0) {
                communicationEnter = time;
                currentCallIsSendrecv = kind == RegionKind.SENDRECV;
                communicationRegion = region;
                currentCallHadMessage = false;
            }
        }
    }

    @Override
    public void leave(long time, int region) {
        regionEvent(time);
        if (omp != null) {
            omp.leave(time, definitions.ompRole(region));
        }
        RegionKind kind = definitions.regionKind(region);
        if (kind.isCommunication() && environmentDepth > 0) {
            if (communicationInEnvironment > 0) {
                communicationInEnvironment--;
                return;
            }
            // an MPI call's Leave inside an environment call with no such call open: it closes the innermost region open,
            // the environment call, as the wait analysis pairs it (a copy of scorep-ping-pong whose MPI_Init's Leave
            // read as an MPI_Gatherv's had every later call inside MPI_Init here, no time in MPI, and 615 us of waiting;
            // the reader's note names the environment call entered and never left by its name)
            kind = RegionKind.ENVIRONMENT;
        }
        if (kind == RegionKind.ENVIRONMENT) {
            if (environmentDepth == 0) {
                unbalancedLeaves++;
            } else if (--environmentDepth == 0) {
                communicationInEnvironment = 0; // an MPI call inside it never left is left with it
                environmentTicks += Math.max(0, time - environmentEnter);
                if (environmentCount * 2 == environmentCalls.length) {
                    environmentCalls = java.util.Arrays.copyOf(environmentCalls, Math.max(4, environmentCalls.length * 2));
                }
                environmentCalls[environmentCount * 2] = environmentEnter;
                environmentCalls[environmentCount * 2 + 1] = Math.max(environmentEnter, time);
                environmentCount++;
            }
        } else if (kind.isCommunication() && environmentDepth == 0) {
            if (communicationDepth == 0) {
                unbalancedLeaves++;
            } else if (--communicationDepth == 0) {
                long ticks = Math.max(0, time - communicationEnter - gaps.between(communicationEnter, time));
                communicationTicks += ticks;
                if (calls != null) {
                    calls.add(communicationEnter, time);
                }
                if (omp != null) {
                    omp.communication(ticks);
                }
                if (currentCallIsSendrecv && !currentCallHadMessage) {
                    silentSendrecvCalls++;
                    if ("MPI_Sendrecv_replace".equals(definitions.regionName(communicationRegion).strip())) {
                        silentSendrecvReplaceCalls++;
                    }
                }
            }
        }
    }

    /** Events of one location come in time order; one that goes back is counted (its durations clamp at 0). */
    private void checkOrder(long time) {
        if (time < latestTime) {
            backwardTimes++;
        } else {
            latestTime = time;
        }
    }

    /**
     * Whether a send ({@code receiving} false) or receive of {@code bytes} with {@code partner} is an edge's message;
     * else it is counted by side (a message has a send and a receive event: the notes count messages, by the side
     * with more of them, since a tracer may have dropped the other's).
     */
    private boolean countable(int partner, long bytes, boolean receiving) {
        currentCallHadMessage = true;
        if (bytes < 0 || bytes > IMPLAUSIBLE_BYTES) {
            if (receiving) {
                implausibleReceives++;
            } else {
                implausibleLengths++;
            }
            return false;
        }
        if (partner < 0 || partner >= definitions.processCount()) {
            untranslatedPartners++;
            return false;
        }
        if (partner == process) {
            if (receiving) {
                selfReceives++;
            } else {
                selfMessages++;
            }
            return false;
        }
        return true;
    }

    /** A message of the call whose partner --ranks left out: the call recorded one (no silent MPI_Sendrecv). */
    @Override
    public void messageToUnselected(long time) {
        currentCallHadMessage = true;
    }

    @Override
    public void send(long time, int receiver, int communicator, int tag, long bytes) {
        checkOrder(time);
        if (countable(receiver, bytes, false)) {
            if (sentMessages != null) {
                sentBytes[receiver] += bytes;
                sentMessages[receiver]++;
            } else {
                sends.add(process, receiver, bytes, 1);
            }
        }
    }

    @Override
    public void receive(long time, int sender, int communicator, int tag, long bytes) {
        checkOrder(time);
        if (countable(sender, bytes, true)) {
            if (receivedMessages != null) {
                receivedBytes[sender] += bytes;
                receivedMessages[sender]++;
            } else {
                receives.add(sender, process, bytes, 1);
            }
        }
    }

    /**
     * Models the collective's traffic as seen from this member (definitions section 4): one-to-all adds
     * root -> this member with the bytes it received; all-to-one adds this member -> root with the
     * bytes it sent; all-to-all adds this member -> every other member with sent / (n - 1) bytes. A pair
     * that carries 0 bytes (a member that sends nothing, as a 0 count in MPI_Allgatherv) gets no message.
     */
    @Override
    public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        if (kind != CollectiveKind.OTHER) { // not a communicator's creation or end (Score-P's inside MPI_Init and MPI_Finalize)
            collectiveCalls++;
        }
        if (sent > 0 || received > 0) {
            collectiveDataCalls++;
        }
        if (!modelCollectives) {
            return;
        }
        if (sent < 0 || received < 0 || sent > IMPLAUSIBLE_BYTES || received > IMPLAUSIBLE_BYTES) {
            implausibleCollectives++;
            return;
        }
        switch (kind.shape()) {
            case ONE_TO_ALL -> {
                if (root >= 0 && root != process && received > 0) {
                    collectiveTraffic.add(root, process, received, 1);
                }
            }
            case ALL_TO_ONE -> {
                if (root >= 0 && root != process && sent > 0) {
                    collectiveTraffic.add(process, root, sent, 1);
                }
            }
            case ALL_TO_ALL -> {
                int[] members = definitions.communicatorMembers(communicator);
                if (members.length > 1 && sent > 0) {
                    double share = (double) sent / (members.length - 1);
                    for (int member : members) {
                        if (member != process && member >= 0) {
                            collectiveTraffic.add(process, member, share, 1);
                        }
                    }
                }
            }
            default -> {
            }
        }
    }

    /** A non-blocking collective: counted and its traffic modelled as a blocking one's (definitions section 4). */
    @Override
    public void nonBlockingCollective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        collective(time, kind, communicator, root, sent, received);
    }
}
