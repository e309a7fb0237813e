package org.igtrace.core.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Hands every location's events to several sinks, in the order given: one read feeds several
 * analyses. Every event passes, the non-blocking request events and the location's end included.
 */
public final class TeeSink implements LocationSink {
    private final LocationSink[] sinks;

    private TeeSink(List<LocationSink> sinks) {
        this.sinks = sinks.toArray(LocationSink[]::new);
    }

    /**
     * The sinks that are not null: one as it is, several behind a tee. A tee among them gives its
     * sinks in its place (same order): one tee, whose calls each reach one kind of receiver.
     */
    public static LocationSink of(List<LocationSink> sinks) {
        List<LocationSink> present = new ArrayList<>();
        for (LocationSink s : sinks) {
            if (s instanceof TeeSink tee) {
                present.addAll(List.of(tee.sinks));
            } else if (s != null) {
                present.add(s);
            }
        }
        if (present.isEmpty()) {
            throw new IllegalArgumentException("no sink to feed");
        }
        return present.size() == 1 ? present.get(0) : new TeeSink(present);
    }

    /** {@code first}, then {@code second}; {@code first} alone when {@code second} is null. */
    public static LocationSink of(LocationSink first, LocationSink second) {
        List<LocationSink> both = new ArrayList<>(2);
        both.add(first);
        both.add(second);
        return of(both);
    }

    @Override
    public LocationEvents location(int process, long order) {
        LocationEvents[] targets = new LocationEvents[sinks.length];
        for (int i = 0; i < targets.length; i++) {
            targets[i] = sinks[i].location(process, order);
        }
        return fourOf(targets, 0);
    }

    /** {@code targets} from {@code from} on (two or more): up to four in one {@link Four}, more in a chain of them. */
    private static LocationEvents fourOf(LocationEvents[] targets, int from) {
        int n = targets.length - from;
        LocationEvents none = LocationEvents.NONE;
        return new Four(targets[from], targets[from + 1], n > 2 ? targets[from + 2] : none,
                n > 4 ? fourOf(targets, from + 3) : n > 3 ? targets[from + 3] : none);
    }

    /**
     * Two to four receivers, written out: each call site reaches one kind of receiver (the profile, the match
     * records, one analysis or tap each), so the JIT inlines every call. The places left over hold
     * {@link LocationEvents#NONE}, whose calls inline to nothing; a fifth receiver and more are reached through
     * a second {@code Four} in the last place.
     */
    private record Four(LocationEvents a, LocationEvents b, LocationEvents c, LocationEvents d) implements LocationEvents {
        @Override
        public void enter(long time, int region) {
            a.enter(time, region);
            b.enter(time, region);
            c.enter(time, region);
            d.enter(time, region);
        }

        @Override
        public void leave(long time, int region) {
            a.leave(time, region);
            b.leave(time, region);
            c.leave(time, region);
            d.leave(time, region);
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            a.send(time, receiver, communicator, tag, bytes);
            b.send(time, receiver, communicator, tag, bytes);
            c.send(time, receiver, communicator, tag, bytes);
            d.send(time, receiver, communicator, tag, bytes);
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            a.receive(time, sender, communicator, tag, bytes);
            b.receive(time, sender, communicator, tag, bytes);
            c.receive(time, sender, communicator, tag, bytes);
            d.receive(time, sender, communicator, tag, bytes);
        }

        @Override
        public void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long bytes, long leave) {
            a.sendCall(enter, region, time, receiver, communicator, tag, bytes, leave);
            b.sendCall(enter, region, time, receiver, communicator, tag, bytes, leave);
            c.sendCall(enter, region, time, receiver, communicator, tag, bytes, leave);
            d.sendCall(enter, region, time, receiver, communicator, tag, bytes, leave);
        }

        @Override
        public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long bytes, long leave) {
            a.receiveCall(enter, region, time, sender, communicator, tag, bytes, leave);
            b.receiveCall(enter, region, time, sender, communicator, tag, bytes, leave);
            c.receiveCall(enter, region, time, sender, communicator, tag, bytes, leave);
            d.receiveCall(enter, region, time, sender, communicator, tag, bytes, leave);
        }

        @Override
        public void isend(long time, int receiver, int communicator, int tag, long bytes, long request) {
            a.isend(time, receiver, communicator, tag, bytes, request);
            b.isend(time, receiver, communicator, tag, bytes, request);
            c.isend(time, receiver, communicator, tag, bytes, request);
            d.isend(time, receiver, communicator, tag, bytes, request);
        }

        @Override
        public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
            a.irecv(time, sender, communicator, tag, bytes, request);
            b.irecv(time, sender, communicator, tag, bytes, request);
            c.irecv(time, sender, communicator, tag, bytes, request);
            d.irecv(time, sender, communicator, tag, bytes, request);
        }

        @Override
        public void isendComplete(long time, long request) {
            a.isendComplete(time, request);
            b.isendComplete(time, request);
            c.isendComplete(time, request);
            d.isendComplete(time, request);
        }

        @Override
        public void irecvRequest(long time, long request) {
            a.irecvRequest(time, request);
            b.irecvRequest(time, request);
            c.irecvRequest(time, request);
            d.irecvRequest(time, request);
        }

        @Override
        public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
            a.collective(time, kind, communicator, root, sent, received);
            b.collective(time, kind, communicator, root, sent, received);
            c.collective(time, kind, communicator, root, sent, received);
            d.collective(time, kind, communicator, root, sent, received);
        }

        @Override
        public void nonBlockingCollective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
            a.nonBlockingCollective(time, kind, communicator, root, sent, received);
            b.nonBlockingCollective(time, kind, communicator, root, sent, received);
            c.nonBlockingCollective(time, kind, communicator, root, sent, received);
            d.nonBlockingCollective(time, kind, communicator, root, sent, received);
        }

        @Override
        public void outsideMessage(long time, boolean send, int partner, int communicator, int tag) {
            a.outsideMessage(time, send, partner, communicator, tag);
            b.outsideMessage(time, send, partner, communicator, tag);
            c.outsideMessage(time, send, partner, communicator, tag);
            d.outsideMessage(time, send, partner, communicator, tag);
        }

        @Override
        public void outsideCollective(long time, CollectiveKind kind, int communicator, int root) {
            a.outsideCollective(time, kind, communicator, root);
            b.outsideCollective(time, kind, communicator, root);
            c.outsideCollective(time, kind, communicator, root);
            d.outsideCollective(time, kind, communicator, root);
        }

        @Override
        public void messageToUnselected(long time) {
            a.messageToUnselected(time);
            b.messageToUnselected(time);
            c.messageToUnselected(time);
            d.messageToUnselected(time);
        }

        @Override
        public void receiveFromUnselected(long time) {
            a.receiveFromUnselected(time);
            b.receiveFromUnselected(time);
            c.receiveFromUnselected(time);
            d.receiveFromUnselected(time);
        }

        @Override
        public void measurement(long time, boolean on) {
            a.measurement(time, on);
            b.measurement(time, on);
            c.measurement(time, on);
            d.measurement(time, on);
        }

        @Override
        public void threadFork(long time, boolean fork) {
            a.threadFork(time, fork);
            b.threadFork(time, fork);
            c.threadFork(time, fork);
            d.threadFork(time, fork);
        }

        @Override
        public void timesClamped(long n) {
            a.timesClamped(n);
            b.timesClamped(n);
            c.timesClamped(n);
            d.timesClamped(n);
        }

        @Override
        public void end() {
            a.end();
            b.end();
            c.end();
            d.end();
        }
    }
}
