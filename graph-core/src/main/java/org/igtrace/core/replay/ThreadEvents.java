package org.igtrace.core.replay;

import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.BlockStreamReader;
import org.igtrace.core.util.RecordBlocks;

/**
 * One thread's events, kept as they were read (in a {@link BlockStream}: in memory or spilled, nothing per event on the
 * heap) for a process of several threads, whose replayed stream is made once every thread has been read
 * ({@link ThreadMerge}: the MPI calls of all its threads in time order). Each record: its type, its time after the
 * previous record's (zigzag), then its fields; a blocking call handed over whole is kept as its three events.
 */
final class ThreadEvents implements LocationEvents {
    static final int ENTER = 0, LEAVE = 1, SEND = 2, RECEIVE = 3, COLLECTIVE = 4, NB_COLLECTIVE = 5, ISEND = 6, IRECV = 7,
            ISEND_COMPLETE = 8, IRECV_REQUEST = 9, OUTSIDE_MESSAGE = 10, TO_UNSELECTED = 11, FROM_UNSELECTED = 12,
            MEASUREMENT = 13, THREAD_FORK = 14, OUTSIDE_COLLECTIVE = 15;
    private static final CollectiveKind[] KINDS = CollectiveKind.values();

    private final TraceDefinitions definitions;
    final int process;
    final long order;
    private final BlockStream stream;
    private long previous;
    /** What {@link ActivityRecorder} chooses the replayed thread by: region events, message and collective events, calls. */
    boolean regions;
    /** Whether it entered MPI_Init, MPI_Finalize (an environment call): the thread that holds the process's MPI. */
    boolean environment;
    /** Its message and collective events and MPI calls, as the location replayed alone would count them. */
    final ReplayedLocation counts;
    long calls;
    /** Its first and last region events (ticks): the longest span of a process's threads is its master's. */
    long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
    private int mpiDepth;
    private int environmentDepth;

    ThreadEvents(TraceDefinitions definitions, int process, long order, RecordBlocks store) {
        this.definitions = definitions;
        this.process = process;
        this.order = order;
        this.stream = new BlockStream(store);
        this.counts = new ReplayedLocation(definitions);
    }

    private void head(int type, long time) {
        stream.putByte(type);
        stream.putSigned(time - previous);
        previous = time;
    }

    /** An enter or leave: written, and the thread's span and region events noted; true for an environment call's region. */
    private boolean region(int type, long time, int region) {
        head(type, time);
        stream.putUnsigned(region);
        regions = true;
        first = Math.min(first, time);
        last = Math.max(last, time);
        return definitions.regionKind(region) == RegionKind.ENVIRONMENT;
    }

    @Override
    public void enter(long time, int region) {
        counts.enter(region);
        if (region(ENTER, time, region)) {
            environment = true;
            environmentDepth++;
        } else if (environmentDepth == 0 && definitions.isMpiCall(region) && mpiDepth++ == 0) {
            calls++;
        }
    }

    @Override
    public void leave(long time, int region) {
        counts.leave(region);
        if (region(LEAVE, time, region)) {
            environmentDepth = Math.max(0, environmentDepth - 1);
        } else if (environmentDepth == 0 && definitions.isMpiCall(region) && mpiDepth > 0) {
            mpiDepth--;
        }
    }

    private void message(int type, long time, int partner, int communicator, int tag, long bytes) {
        head(type, time);
        stream.putSigned(partner);
        stream.putSigned(communicator);
        stream.putSigned(tag);
        stream.putSigned(bytes);
        counts.message(partner);
    }

    @Override
    public void send(long time, int receiver, int communicator, int tag, long bytes) {
        message(SEND, time, receiver, communicator, tag, bytes);
    }

    @Override
    public void receive(long time, int sender, int communicator, int tag, long bytes) {
        message(RECEIVE, time, sender, communicator, tag, bytes);
    }

    private void collective(int type, long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        head(type, time);
        stream.putUnsigned(kind.ordinal());
        stream.putSigned(communicator);
        stream.putSigned(root);
        stream.putSigned(sent);
        stream.putSigned(received);
        counts.collective(kind);
    }

    @Override
    public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        collective(COLLECTIVE, time, kind, communicator, root, sent, received);
    }

    @Override
    public void nonBlockingCollective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        collective(NB_COLLECTIVE, time, kind, communicator, root, sent, received);
    }

    @Override
    public void isend(long time, int receiver, int communicator, int tag, long bytes, long request) {
        message(ISEND, time, receiver, communicator, tag, bytes);
        stream.putSigned(request);
    }

    @Override
    public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
        message(IRECV, time, sender, communicator, tag, bytes);
        stream.putSigned(request);
    }

    @Override
    public void isendComplete(long time, long request) {
        head(ISEND_COMPLETE, time);
        stream.putSigned(request);
        counts.request();
    }

    @Override
    public void irecvRequest(long time, long request) {
        head(IRECV_REQUEST, time);
        stream.putSigned(request);
        counts.request();
    }

    @Override
    public void outsideMessage(long time, boolean send, int partner, int communicator, int tag) {
        head(OUTSIDE_MESSAGE, time);
        stream.putByte(send ? 1 : 0);
        stream.putSigned(partner);
        stream.putSigned(communicator);
        stream.putSigned(tag);
    }

    @Override
    public void messageToUnselected(long time) {
        head(TO_UNSELECTED, time);
    }

    @Override
    public void receiveFromUnselected(long time) {
        head(FROM_UNSELECTED, time);
    }

    @Override
    public void measurement(long time, boolean on) {
        head(MEASUREMENT, time);
        stream.putByte(on ? 1 : 0);
    }

    @Override
    public void threadFork(long time, boolean fork) {
        head(THREAD_FORK, time);
        stream.putByte(fork ? 1 : 0);
    }

    @Override
    public void outsideCollective(long time, CollectiveKind kind, int communicator, int root) {
        head(OUTSIDE_COLLECTIVE, time);
        stream.putUnsigned(kind.ordinal());
        stream.putSigned(communicator);
        stream.putSigned(root);
    }

    @Override
    public void end() {
        stream.seal();
    }

    /** Last minus first region event (ticks), 0 without region events. */
    long span() {
        return regions ? last - first : 0;
    }

    /** Bytes of the kept events (in memory or spilled). */
    long bytes() {
        return stream.position();
    }

    /** A reader of the events from the first, one at a time. */
    Cursor cursor() {
        end();
        return new Cursor(stream.reader());
    }

    /** One event at a time: {@link #next} reads it ({@link #type}, {@link #time}, ...), {@link #feed} hands it on. */
    final class Cursor {
        private final BlockStreamReader in;
        int type;
        long time;
        private int region;
        private boolean flag;
        private int partner, communicator, tag, kind, root;
        private long bytes, received, request;
        private long last;

        private Cursor(BlockStreamReader in) {
            this.in = in;
        }

        /** The thread the events are of. */
        ThreadEvents thread() {
            return ThreadEvents.this;
        }

        /** The region of the enter or leave read last. */
        int region() {
            return region;
        }

        /** Reads the next event; false at the end. */
        boolean next() {
            if (!in.hasMore()) {
                return false;
            }
            type = in.readByte();
            time = last + in.readSigned();
            last = time;
            switch (type) {
                case ENTER, LEAVE -> region = (int) in.readUnsigned();
                case SEND, RECEIVE, ISEND, IRECV -> {
                    partner = (int) in.readSigned();
                    communicator = (int) in.readSigned();
                    tag = (int) in.readSigned();
                    bytes = in.readSigned();
                    if (type == ISEND || type == IRECV) {
                        request = in.readSigned();
                    }
                }
                case COLLECTIVE, NB_COLLECTIVE -> {
                    kind = (int) in.readUnsigned();
                    communicator = (int) in.readSigned();
                    root = (int) in.readSigned();
                    bytes = in.readSigned();
                    received = in.readSigned();
                }
                case ISEND_COMPLETE, IRECV_REQUEST -> request = in.readSigned();
                case OUTSIDE_MESSAGE -> {
                    flag = in.readByte() != 0;
                    partner = (int) in.readSigned();
                    communicator = (int) in.readSigned();
                    tag = (int) in.readSigned();
                }
                case MEASUREMENT, THREAD_FORK -> flag = in.readByte() != 0;
                case OUTSIDE_COLLECTIVE -> {
                    kind = (int) in.readUnsigned();
                    communicator = (int) in.readSigned();
                    root = (int) in.readSigned();
                }
                case TO_UNSELECTED, FROM_UNSELECTED -> {
                }
                default -> throw new IllegalStateException("unknown thread event " + type);
            }
            return true;
        }

        /**
         * Hands the event read last to {@code to}. Request numbers are kept: tracers number a process's requests
         * together (Score-P per process, EZTrace by the MPI_Request handle), so a request posted on one thread and
         * completed on another is one request.
         */
        void feed(LocationEvents to) {
            switch (type) {
                case ENTER -> to.enter(time, region);
                case LEAVE -> to.leave(time, region);
                case SEND -> to.send(time, partner, communicator, tag, bytes);
                case RECEIVE -> to.receive(time, partner, communicator, tag, bytes);
                case COLLECTIVE -> to.collective(time, KINDS[kind], communicator, root, bytes, received);
                case NB_COLLECTIVE -> to.nonBlockingCollective(time, KINDS[kind], communicator, root, bytes, received);
                case ISEND -> to.isend(time, partner, communicator, tag, bytes, request);
                case IRECV -> to.irecv(time, partner, communicator, tag, bytes, request);
                case ISEND_COMPLETE -> to.isendComplete(time, request);
                case IRECV_REQUEST -> to.irecvRequest(time, request);
                case OUTSIDE_MESSAGE -> to.outsideMessage(time, flag, partner, communicator, tag);
                case TO_UNSELECTED -> to.messageToUnselected(time);
                case FROM_UNSELECTED -> to.receiveFromUnselected(time);
                case MEASUREMENT -> to.measurement(time, flag);
                case THREAD_FORK -> to.threadFork(time, flag);
                case OUTSIDE_COLLECTIVE -> to.outsideCollective(time, KINDS[kind], communicator, root);
                default -> throw new IllegalStateException("unknown thread event " + type);
            }
        }
    }
}
