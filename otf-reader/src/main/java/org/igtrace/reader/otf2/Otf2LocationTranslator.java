package org.igtrace.reader.otf2;

import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.reader.otf2.nativelib.EventVisitor;

/**
 * Turns one location's OTF2 events into {@link LocationEvents}: OTF2 region and communicator ids
 * become dense numbers, communicator ranks become world ranks, collective operation codes become
 * traffic shapes. An event whose time is before the location's event before it (Score-P's clock
 * corrections can make one; so can a damaged timestamp that libotf2 reads) is taken at that event's
 * time, and counted ({@link LocationEvents#timesClamped}): every analysis sees the location's times in
 * order, so a time far back stretches no call and no span (definitions section 3). A time more than a second and more
 * than the location's span so far before the one before it is a damaged timestamp, that one far ahead or this one far
 * back: refused (taken at the time before it, a time far ahead would have stretched every event after it).
 */
final class Otf2LocationTranslator implements EventVisitor {
    private static final int UNDEFINED_RANK = -1; // OTF2_UNDEFINED_UINT32 read as a Java int

    private final Otf2IdMaps definitions;
    private final int process;
    private final LocationEvents target;
    private final RegionNesting nesting = new RegionNesting();
    private final org.igtrace.core.trace.TraceDefinitions kinds;
    /** Leave events of user regions that were not open ({@link RegionNesting#notOpenNote}). */
    private long notOpen;
    private final long[] counts;
    private final int slot;
    /** The time of the location's latest event so far (its first: none before), and of its first. */
    private long latest = Long.MIN_VALUE;
    private long first;
    /** The time of the event before the latest one (the first's for a location of one time). */
    private long previous;
    /** Events taken at the time of the event before them ({@link #at}). */
    private long clamped;

    /**
     * @param counts where {@link #end()} puts, at {@code slot}, how many regions the location entered and never left, and
     *               {@link #unread} the events read only to be counted, by kind ({@link ReaderCounts})
     */
    Otf2LocationTranslator(Otf2IdMaps definitions, int process, LocationEvents target, long[] counts, int slot) {
        this(definitions, null, process, target, counts, slot);
    }

    /**
     * @param kinds the trace's definitions, which tell a user region from an MPI call (null: every Leave of a region not open
     *              is the core's to count)
     */
    Otf2LocationTranslator(Otf2IdMaps definitions, org.igtrace.core.trace.TraceDefinitions kinds, int process, LocationEvents target,
                           long[] counts, int slot) {
        this.kinds = kinds;
        this.definitions = definitions;
        this.process = process;
        this.target = target;
        this.counts = counts;
        this.slot = slot;
    }

    @Override
    public void enter(long time, int region) {
        entered(at(time), definitions.region(region));
    }

    @Override
    public void leave(long time, int region) {
        left(at(time), definitions.region(region));
    }

    @Override
    public void callingContextEnter(long time, int callingContext) {
        entered(at(time), definitions.callingContextRegion(callingContext));
    }

    @Override
    public void callingContextLeave(long time, int callingContext) {
        left(at(time), definitions.callingContextRegion(callingContext));
    }

    private void entered(long time, int region) {
        nesting.enter(region);
        target.enter(time, region);
    }

    private void left(long time, int region) {
        if (!nesting.leave(region) && kinds != null && region >= 0 && region < kinds.regionCount()
                && kinds.regionKind(region) == org.igtrace.core.trace.RegionKind.OTHER) {
            notOpen++;
        }
        target.leave(time, region);
    }

    @Override
    public void send(long time, int receiver, int communicator, int tag, long length) {
        target.send(at(time), definitions.worldRank(communicator, receiver, process), definitions.communicator(communicator), tag, length);
    }

    @Override
    public void receive(long time, int sender, int communicator, int tag, long length) {
        target.receive(at(time), definitions.worldRank(communicator, sender, process), definitions.communicator(communicator), tag, length);
    }

    @Override
    public void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long length, long leave) {
        long e = at(enter), t = at(time);
        target.sendCall(e, definitions.region(region), t, definitions.worldRank(communicator, receiver, process),
                definitions.communicator(communicator), tag, length, at(leave));
    }

    @Override
    public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long length, long leave) {
        long e = at(enter), t = at(time);
        target.receiveCall(e, definitions.region(region), t, definitions.worldRank(communicator, sender, process),
                definitions.communicator(communicator), tag, length, at(leave));
    }

    @Override
    public void isend(long time, int receiver, int communicator, int tag, long length, long request) {
        target.isend(at(time), definitions.worldRank(communicator, receiver, process), definitions.communicator(communicator), tag, length,
                request);
    }

    @Override
    public void irecv(long time, int sender, int communicator, int tag, long length, long request) {
        target.irecv(at(time), definitions.worldRank(communicator, sender, process), definitions.communicator(communicator), tag, length,
                request);
    }

    @Override
    public void isendComplete(long time, long request) {
        target.isendComplete(at(time), request);
    }

    @Override
    public void irecvRequest(long time, long request) {
        target.irecvRequest(at(time), request);
    }

    @Override
    public void collectiveEnd(long time, int operation, int communicator, int root, long sent, long received) {
        int worldRoot = root == UNDEFINED_RANK ? -1 : definitions.worldRank(communicator, root, process);
        target.collective(at(time), collectiveKind(operation), definitions.communicator(communicator), worldRoot, sent, received);
    }

    @Override
    public void nonBlockingCollectiveEnd(long time, int operation, int communicator, int root, long sent, long received) {
        int worldRoot = root == UNDEFINED_RANK ? -1 : definitions.worldRank(communicator, root, process);
        target.nonBlockingCollective(at(time), collectiveKind(operation), definitions.communicator(communicator), worldRoot, sent, received);
    }

    @Override
    public void measurement(long time, boolean on) {
        target.measurement(at(time), on);
    }

    @Override
    public void threadFork(long time, boolean fork) {
        target.threadFork(at(time), fork);
    }

    @Override
    public void unread(long[] byKind) {
        ReaderCounts.unread(counts, slot, byKind);
    }

    @Override
    public void times(long below, long above) {
        ReaderCounts.halves(counts, slot, below, above);
    }

    @Override
    public void end() {
        lastJump();
        counts[slot] = nesting.end();
        ReaderCounts.notOpen(counts, slot, notOpen);
        if (clamped > 0) {
            target.timesClamped(clamped);
        }
        target.end();
    }

    /**
     * The time an event of {@code time} is taken at: its own, or the latest before it when it goes back (counted). One
     * more than a hundredth of the trace's length outside its time range (the clock properties) is damaged: refused.
     */
    private long at(long time) {
        if (time < definitions.earliestTime() || time > definitions.latestTime()) {
            throw outOfRange(time);
        }
        if (time < latest) {
            long back = latest - time;
            if (back > definitions.oneSecond() && back > time - first) {
                throw farBack(time);
            }
            clamped++;
            return latest;
        }
        if (latest == Long.MIN_VALUE) {
            first = time;
            latest = time;
        }
        previous = latest;
        latest = time;
        return time;
    }

    /**
     * Where no time range bounds the events (a writer other than Score-P), a last event more than a second and more than a
     * hundred times the location's span before it after the event before it: noted ({@link ReaderCounts#lastJump}), as a
     * time far ahead that no event after it shows; a location that ends quietly long after it began looks the same.
     */
    private void lastJump() {
        long jump = latest - previous, span = previous - first;
        if (latest != Long.MIN_VALUE && definitions.earliestTime() == Long.MIN_VALUE && span > 0 && jump > definitions.oneSecond()
                && jump / 100 > span) {
            ReaderCounts.lastJump(counts, slot, Math.max(1, (long) (jump * 1e6 / definitions.oneSecond())));
        }
    }

    /**
     * An event more than a second and more than the location's span so far before the event before it: a time far ahead
     * of the events around it (a damaged byte of its timestamp: EZTrace's runs of 0.5 s read as 1,095 s or 7e7 s, every
     * event after it taken at that time) or one far back.
     */
    private org.igtrace.reader.otf2.nativelib.EventVisitor.Damaged farBack(long time) {
        return new org.igtrace.reader.otf2.nativelib.EventVisitor.Damaged("damaged: an event at tick " + Long.toUnsignedString(time)
                + " lies " + org.igtrace.core.util.Labels.seconds3((latest - time) / (double) definitions.oneSecond())
                + " before the event before it (tick " + Long.toUnsignedString(latest)
                + "), more than a second and more than the location's span so far", "a damaged timestamp, which libotf2 reads without"
                + " a word: taken as recorded it would stretch the run");
    }

    private org.igtrace.reader.otf2.nativelib.EventVisitor.Damaged outOfRange(long time) {
        return new org.igtrace.reader.otf2.nativelib.EventVisitor.Damaged("damaged: an event at tick " + Long.toUnsignedString(time)
                + " lies outside the trace's time range, " + definitions.declaredRange() + " by its clock properties (more than"
                + " a hundredth of the trace's length before its start or after its end)", "a damaged timestamp, which libotf2 reads without a"
                + " word: taken as recorded it would stretch the run");
    }

    /** OTF2_CollectiveOp codes (OTF2_Events.h) by their traffic shape. */
    static CollectiveKind collectiveKind(int operation) {
        return switch (operation) {
            case 0 -> CollectiveKind.BARRIER;
            case 1, 4, 5 -> CollectiveKind.ONE_TO_ALL;               // BCAST, SCATTER, SCATTERV
            case 2, 3, 12 -> CollectiveKind.ALL_TO_ONE;              // GATHER, GATHERV, REDUCE
            case 6, 7, 11, 13, 14, 15, 16 -> CollectiveKind.ALL_TO_ALL; // ALLGATHER(V), ALLREDUCE, REDUCE_SCATTER, SCAN, EXSCAN, REDUCE_SCATTER_BLOCK
            case 8, 9, 10 -> CollectiveKind.EXCHANGE;                 // ALLTOALL, ALLTOALLV, ALLTOALLW
            default -> CollectiveKind.OTHER;
        };
    }
}
