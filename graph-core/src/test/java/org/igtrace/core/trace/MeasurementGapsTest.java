package org.igtrace.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The intervals with recording off (definitions section 3), by hand. */
class MeasurementGapsTest {
    /** OFF 10, ON 20; OFF 30 twice, ON 35, ON 36 again; OFF 50 with no ON, the location's last event at 58. */
    @Test
    void intervalsFromOffToOnAndToTheLastEvent() {
        MeasurementGaps g = new MeasurementGaps();
        assertTrue(g.isEmpty());
        g.measurement(10, false);
        g.measurement(20, true);
        g.measurement(30, false);
        g.measurement(32, false);
        g.measurement(35, true);
        g.measurement(36, true);
        g.measurement(50, false);
        g.end(58);
        assertEquals(10 + 5 + 8, g.between(0, 100));
        assertEquals(10 + 5 + 8, g.between(10, 58));
        assertEquals(5 + 3, g.between(15, 33), "half of the first, three of the second");
        assertEquals(0, g.between(20, 30));
        assertEquals(0, g.between(40, 30), "an empty interval");
        assertEquals(3, g.between(55, 70));
    }

    @Test
    void anOnWithoutAnOffChangesNothing() {
        MeasurementGaps g = new MeasurementGaps();
        g.measurement(5, true);
        g.end(100);
        assertEquals(0, g.between(0, 100));
        assertTrue(g.isEmpty());
    }
}
