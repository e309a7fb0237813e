package org.igtrace.core.trace;

/** Hands every location's events to two sinks, in order: one read feeds two analyses. */
public record TeeSink(LocationSink first, LocationSink second) implements LocationSink {

    /** {@code first} alone when {@code second} is null. */
    public static LocationSink of(LocationSink first, LocationSink second) {
        return second == null ? first : new TeeSink(first, second);
    }

    @Override
    public LocationEvents location(int process, long order) {
        LocationEvents a = first.location(process, order), b = second.location(process, order);
        return new LocationEvents() {
            @Override
            public void enter(long time, int region) {
                a.enter(time, region);
                b.enter(time, region);
            }

            @Override
            public void leave(long time, int region) {
                a.leave(time, region);
                b.leave(time, region);
            }

            @Override
            public void send(long time, int receiver, int communicator, int tag, long bytes) {
                a.send(time, receiver, communicator, tag, bytes);
                b.send(time, receiver, communicator, tag, bytes);
            }

            @Override
            public void receive(long time, int sender, int communicator, int tag, long bytes) {
                a.receive(time, sender, communicator, tag, bytes);
                b.receive(time, sender, communicator, tag, bytes);
            }

            @Override
            public void isend(long time, int receiver, int communicator, int tag, long bytes, long request) {
                a.isend(time, receiver, communicator, tag, bytes, request);
                b.isend(time, receiver, communicator, tag, bytes, request);
            }

            @Override
            public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
                a.irecv(time, sender, communicator, tag, bytes, request);
                b.irecv(time, sender, communicator, tag, bytes, request);
            }

            @Override
            public void isendComplete(long time, long request) {
                a.isendComplete(time, request);
                b.isendComplete(time, request);
            }

            @Override
            public void irecvRequest(long time, long request) {
                a.irecvRequest(time, request);
                b.irecvRequest(time, request);
            }

            @Override
            public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
                a.collective(time, kind, communicator, root, sent, received);
                b.collective(time, kind, communicator, root, sent, received);
            }
        };
    }
}
