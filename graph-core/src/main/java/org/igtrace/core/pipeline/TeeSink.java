package org.igtrace.core.pipeline;

import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;

/** Hands every location's events to several sinks, in the order given. */
final class TeeSink implements LocationSink {
    private final List<LocationSink> sinks;

    private TeeSink(List<LocationSink> sinks) {
        this.sinks = List.copyOf(sinks);
    }

    /** One sink as it is; several behind a tee. */
    static LocationSink of(List<LocationSink> sinks) {
        return sinks.size() == 1 ? sinks.get(0) : new TeeSink(sinks);
    }

    @Override
    public LocationEvents location(int process, long order) {
        LocationEvents[] targets = new LocationEvents[sinks.size()];
        for (int i = 0; i < targets.length; i++) {
            targets[i] = sinks.get(i).location(process, order);
        }
        return targets.length == 2 ? new Pair(targets[0], targets[1]) : new Many(targets);
    }

    /** The common case, written out: the profile and one more analysis. */
    private record Pair(LocationEvents a, LocationEvents b) implements LocationEvents {
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
        public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
            a.collective(time, kind, communicator, root, sent, received);
            b.collective(time, kind, communicator, root, sent, received);
        }

        @Override
        public void end() {
            a.end();
            b.end();
        }
    }

    private record Many(LocationEvents[] targets) implements LocationEvents {
        @Override
        public void enter(long time, int region) {
            for (LocationEvents t : targets) {
                t.enter(time, region);
            }
        }

        @Override
        public void leave(long time, int region) {
            for (LocationEvents t : targets) {
                t.leave(time, region);
            }
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            for (LocationEvents t : targets) {
                t.send(time, receiver, communicator, tag, bytes);
            }
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            for (LocationEvents t : targets) {
                t.receive(time, sender, communicator, tag, bytes);
            }
        }

        @Override
        public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
            for (LocationEvents t : targets) {
                t.collective(time, kind, communicator, root, sent, received);
            }
        }

        @Override
        public void end() {
            for (LocationEvents t : targets) {
                t.end();
            }
        }
    }
}
