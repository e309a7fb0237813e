package org.igtrace.core.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/** The compute colours of user regions do not depend on the order the reading threads meet the locations. */
class TimelineBuilderTest {
    private static final LocationSink NO_PROFILE = (process, order) -> new TimelineBuilder.Nothing();

    /** Two processes, user regions "main", "alpha", "beta"; 1 tick per second, the run starts at 0. */
    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"main", "alpha", "beta"}) {
            b.addRegion(name, false);
        }
        return b.ticksPerSecond(1).startTicks(0).build();
    }

    /** main from 0 to 4 with {@code inner} from 1 to 3. */
    private static void run(LocationEvents l, int inner) {
        l.enter(0, 0);
        l.enter(1, inner);
        l.leave(3, inner);
        l.leave(4, 0);
    }

    private static Timeline timeline(boolean rankOneFirst) {
        TimelineBuilder builder = new TimelineBuilder(definitions(), 100, null, Long.MIN_VALUE, Long.MAX_VALUE);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        if (rankOneFirst) {
            run(sink.location(1, 1), 2);
            run(sink.location(0, 0), 1);
        } else {
            run(sink.location(0, 0), 1);
            run(sink.location(1, 1), 2);
        }
        return builder.build();
    }

    /**
     * Location 0 (definition order) meets main, then alpha; location 1 main, then beta: colours
     * main 0, alpha 1, beta 2, whichever location was read first.
     */
    @Test
    void regionColoursFollowTheLocationsDefinitionOrderNotTheReadingOrder() {
        for (boolean rankOneFirst : new boolean[] {false, true}) {
            Timeline t = timeline(rankOneFirst);
            assertEquals(List.of("main", "alpha", "beta"), t.regionNames(), "read rank 1 first: " + rankOneFirst);
            int main = StateClass.computeIn(0), alpha = StateClass.computeIn(1), beta = StateClass.computeIn(2);
            assertEquals(List.of(new Timeline.State(0, 1, main), new Timeline.State(1, 3, alpha), new Timeline.State(3, 4, main)),
                    t.rows().get(0).states(), "rank 0, read rank 1 first: " + rankOneFirst);
            assertEquals(List.of(new Timeline.State(0, 1, main), new Timeline.State(1, 3, beta), new Timeline.State(3, 4, main)),
                    t.rows().get(1).states(), "rank 1, read rank 1 first: " + rankOneFirst);
        }
    }
}
