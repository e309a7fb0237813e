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

    /** Four sinks (no written-out tee for them) get the same, in order. */
    @Test
    void fourSinks() {
        List<String> log = new ArrayList<>();
        LocationSink tee = TeeSink.of(TeeSink.of(logging("a", log), logging("b", log)), TeeSink.of(logging("c", log), logging("d", log)));
        tee.location(0, 0).enter(9, 0);
        assertEquals(List.of("a:0:enter:9", "b:0:enter:9", "c:0:enter:9", "d:0:enter:9"), log);
    }
}
