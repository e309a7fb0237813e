package org.igtrace.cli.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How long ago a process started, from /proc: bounds from when the test started it and looked. */
class ProcessAgeTest {
    /**
     * A process started after {@code before} and looked at 0.3 s after it was running (ProcessBuilder.start returned), is at
     * least 0.3 s and at most the time since {@code before} old, each give or take /proc's two hundredths of a second.
     */
    @Test
    void aProcessIsAsOldAsTheTimeSinceItStarted() throws Exception {
        long before = System.nanoTime();
        Process p = new ProcessBuilder("sleep", "30").start();
        try {
            Thread.sleep(300);
            double age = ProcessAge.seconds(p.pid());
            long after = System.nanoTime();
            double atMost = (after - before) / 1e9 + 0.02; // it started after 'before'
            assertTrue(age >= 0.3 - 0.02 && age <= atMost, "age " + age + " s, expected between 0.28 and " + atMost + " s");
        } finally {
            p.destroyForcibly();
            p.waitFor();
        }
    }

    @Test
    void aProcessThatIsGoneHasNoAge() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long pid = p.pid();
        assertEquals(-1, ProcessAge.seconds(pid), 0.0, "pid " + pid + " is gone (reaped)");
    }

    @Test
    void thisJvmHasAnAgeWhenNotSupervised() {
        double age = ProcessAge.ofCommand();
        assertTrue(age > 0, "this JVM's age " + age);
    }
}
