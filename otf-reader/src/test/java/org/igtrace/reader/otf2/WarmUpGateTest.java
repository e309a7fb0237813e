package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WarmUpGateTest {
    @Test
    void openFromTheStartBelowTheSize() {
        assertTrue(WarmUpGate.of(WarmUpGate.FROM - 1, WarmUpGate.FROM_BYTES - 1).open());
        assertTrue(WarmUpGate.of(-1, -1).open(), "neither known");
        assertFalse(WarmUpGate.of(WarmUpGate.FROM, -1).open());
        assertFalse(WarmUpGate.of(8, WarmUpGate.FROM_BYTES).open(), "EZTrace's two events per location");
    }

    @Test
    void opensOnceTheFirstReaderHasReadItsShare() throws Exception {
        WarmUpGate gate = WarmUpGate.of(WarmUpGate.FROM, 0);
        assertFalse(gate.open());
        gate.advance(WarmUpGate.EVENTS - 1);
        assertFalse(gate.open());
        gate.advance(1);
        assertTrue(gate.open());
        assertTrue(gate.await(), "returns at once, to read");
    }

    @Test
    void aFailedStartedReaderLetsTheHeldBackOnesGoWithoutReading() throws Exception {
        WarmUpGate gate = WarmUpGate.of(WarmUpGate.FROM, 0);
        gate.fail();
        assertTrue(gate.open());
        assertFalse(gate.await());
    }

    @Test
    void aWaitingReaderGoesOnWhenTheFirstEnds() throws Exception {
        WarmUpGate gate = WarmUpGate.of(WarmUpGate.FROM, 0);
        boolean[] passed = new boolean[1];
        Thread later = new Thread(() -> {
            try {
                passed[0] = gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        later.start();
        later.join(200);
        assertTrue(later.isAlive(), "held back");
        gate.openNow(); // the first reader ended before its share
        later.join(10_000);
        assertFalse(later.isAlive());
        assertTrue(passed[0]);
    }
}
