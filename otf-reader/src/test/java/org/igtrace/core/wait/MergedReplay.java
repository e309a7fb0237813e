package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.igtrace.core.pipeline.TraceSource;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;

/**
 * The events of a (small) trace held in memory per location, replayed with the locations merged
 * in time order (the earliest next event first; ties by location order), as igtrace's merged
 * replays did before issue 15. Test code: the reference the one-pass analysis is checked against.
 */
final class MergedReplay implements LocationSink {
    private final List<Location> locations = Collections.synchronizedList(new ArrayList<>());

    private record Event(int kind, long time, int a, int b, int c, long x, long y, CollectiveKind collective) {
    }

    private static final class Location implements LocationEvents {
        final int process;
        final long order;
        final List<Event> events = new ArrayList<>();

        Location(int process, long order) {
            this.process = process;
            this.order = order;
        }

        @Override
        public void enter(long time, int region) {
            events.add(new Event(0, time, region, 0, 0, 0, 0, null));
        }

        @Override
        public void leave(long time, int region) {
            events.add(new Event(1, time, region, 0, 0, 0, 0, null));
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            events.add(new Event(2, time, receiver, communicator, tag, bytes, 0, null));
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            events.add(new Event(3, time, sender, communicator, tag, bytes, 0, null));
        }

        @Override
        public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
            events.add(new Event(4, time, communicator, root, 0, sent, received, kind));
        }

        /** A non-blocking receive's completion with its request (definitions section 8: linked to its post). */
        @Override
        public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
            events.add(new Event(5, time, sender, communicator, tag, bytes, request, null));
        }

        @Override
        public void irecvRequest(long time, long request) {
            events.add(new Event(6, time, 0, 0, 0, request, 0, null));
        }
    }

    static <E extends Exception> MergedReplay of(TraceSource<E> source) throws E {
        MergedReplay replay = new MergedReplay();
        source.read(replay);
        return replay;
    }

    @Override
    public LocationEvents location(int process, long order) {
        Location l = new Location(process, order);
        locations.add(l);
        return l;
    }

    /** Replays every event into {@code sink}, locations merged in time order. */
    void replay(LocationSink sink) {
        List<Location> ordered = new ArrayList<>(locations);
        ordered.sort(Comparator.comparingLong(l -> l.order));
        LocationEvents[] targets = new LocationEvents[ordered.size()];
        int[] next = new int[ordered.size()];
        PriorityQueue<Integer> queue = new PriorityQueue<>((x, y) -> {
            long tx = ordered.get(x).events.get(next[x]).time(), ty = ordered.get(y).events.get(next[y]).time();
            return tx != ty ? Long.compare(tx, ty) : Integer.compare(x, y);
        });
        for (int i = 0; i < targets.length; i++) {
            targets[i] = sink.location(ordered.get(i).process, ordered.get(i).order);
            if (!ordered.get(i).events.isEmpty()) {
                queue.add(i);
            }
        }
        while (!queue.isEmpty()) {
            int i = queue.poll();
            Event e = ordered.get(i).events.get(next[i]++);
            LocationEvents t = targets[i];
            switch (e.kind()) {
                case 0 -> t.enter(e.time(), e.a());
                case 1 -> t.leave(e.time(), e.a());
                case 2 -> t.send(e.time(), e.a(), e.b(), e.c(), e.x());
                case 3 -> t.receive(e.time(), e.a(), e.b(), e.c(), e.x());
                case 5 -> t.irecv(e.time(), e.a(), e.b(), e.c(), e.x(), e.y());
                case 6 -> t.irecvRequest(e.time(), e.x());
                default -> t.collective(e.time(), e.collective(), e.a(), e.b(), e.x(), e.y());
            }
            if (next[i] < ordered.get(i).events.size()) {
                queue.add(i);
            }
        }
    }
}
