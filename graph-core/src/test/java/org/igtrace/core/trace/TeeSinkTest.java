package org.igtrace.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TeeSinkTest {
    /** A sink that writes "name:process:event:time" for every event of every location it is given. */
    private static LocationSink logging(String name, List<String> log) {
        return (process, order) -> new LocationEvents() {
            @Override
            public void enter(long time, int region) {
                log.add(name + ":" + process + ":enter:" + time);
            }

            @Override
            public void leave(long time, int region) {
                log.add(name + ":" + process + ":leave:" + time);
            }

            @Override
            public void send(long time, int receiver, int communicator, int tag, long bytes) {
                log.add(name + ":" + process + ":send:" + time);
            }

            @Override
            public void receive(long time, int sender, int communicator, int tag, long bytes) {
                log.add(name + ":" + process + ":receive:" + time);
            }

            @Override
            public void isendComplete(long time, long request) {
                log.add(name + ":" + process + ":isendComplete:" + time);
            }

            @Override
            public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
                log.add(name + ":" + process + ":collective:" + time);
            }

            @Override
            public void end() {
                log.add(name + ":" + process + ":end");
            }
        };
    }

    private static void feed(LocationEvents e) {
        e.enter(1, 0);
        e.send(2, 1, 0, 0, 8);
        e.receive(3, 1, 0, 0, 8);
        e.isendComplete(4, 7);
        e.collective(5, CollectiveKind.BARRIER, 0, -1, 0, 0);
        e.leave(6, 0);
        e.end();
    }

    /** A tee of a tee and one more sink gives every sink every event, in the order the sinks were given. */
    @Test
    void aTeeInATeeFeedsEverySinkInOrder() {
        List<String> log = new ArrayList<>();
        LocationSink inner = TeeSink.of(List.of(logging("a", log), logging("b", log)));
        feed(TeeSink.of(inner, logging("c", log)).location(3, 0));
        List<String> expected = new ArrayList<>();
        for (String event : new String[] {"enter:1", "send:2", "receive:3", "isendComplete:4", "collective:5", "leave:6", "end"}) {
            for (String sink : new String[] {"a", "b", "c"}) {
                expected.add(sink + ":3:" + event);
            }
        }
        assertEquals(expected, log);
    }

    /**
     * A blocking call handed over as one reaches every sink, two to seven of them (more than four: through a chain
     * of written-out tees), as one call (these sinks take it apart: enter, the end, leave), sink after sink.
     */
    @Test
    void blockingCallsReachEverySink() {
        for (int n = 2; n <= 7; n++) {
            List<String> log = new ArrayList<>();
            List<LocationSink> sinks = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String name = String.valueOf((char) ('a' + i));
                sinks.add(logging(name, log));
                expected.addAll(List.of(name + ":5:enter:1", name + ":5:send:2", name + ":5:leave:3"));
            }
            for (int i = 0; i < n; i++) {
                String name = String.valueOf((char) ('a' + i));
                expected.addAll(List.of(name + ":5:enter:4", name + ":5:receive:5", name + ":5:leave:6"));
            }
            LocationEvents tee = TeeSink.of(sinks).location(5, 0);
            tee.sendCall(1, 0, 2, 1, 0, 0, 8, 3);
            tee.receiveCall(4, 0, 5, 1, 0, 0, 8, 6);
            assertEquals(expected, log, n + " sinks");
        }
    }

    /** Four sinks, given as two tees, get the same, in order. */
    @Test
    void fourSinks() {
        List<String> log = new ArrayList<>();
        LocationSink tee = TeeSink.of(TeeSink.of(logging("a", log), logging("b", log)), TeeSink.of(logging("c", log), logging("d", log)));
        tee.location(0, 0).enter(9, 0);
        assertEquals(List.of("a:0:enter:9", "b:0:enter:9", "c:0:enter:9", "d:0:enter:9"), log);
    }
}
