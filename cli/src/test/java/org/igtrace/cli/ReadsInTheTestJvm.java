package org.igtrace.cli;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For a test that runs many commands to check their numbers (a loop over every bundled trace, the
 * same command repeated to catch a race): the commands it runs in-process read OTF2 in the test
 * JVM, not in a child JVM each, also under the profile {@code full} (which otherwise isolates every
 * in-process command as users' runs are). A child JVM's start costs 0.5-1.5 s on the 2-core
 * machine against tens of milliseconds for a small trace's read: on the test that runs why,
 * predict and stats over every bundled trace, 12 s in-process against 408 s isolated. The child's
 * own path (the output passed through, a crash named) has its tests, which keep it:
 * {@code IsolatedCommandTest}, {@code OneIsolationDecisionTest}, {@code ReaderProcessTest},
 * {@code DamagedTraceFuzzTest}, and {@code MeasuredPartTest}'s invariants over every bundled trace.
 * Test classes run one after another in a test JVM, so the property set here reaches only the
 * test it is set for; it is put back as it was after each test.
 */
final class ReadsInTheTestJvm implements BeforeEachCallback, AfterEachCallback {
    private static final String PROPERTY = "igtrace.isolate";
    private static final ExtensionContext.Namespace HERE = ExtensionContext.Namespace.create(ReadsInTheTestJvm.class);

    @Override
    public void beforeEach(ExtensionContext context) {
        String before = System.getProperty(PROPERTY);
        context.getStore(HERE).put(PROPERTY, before == null ? "" : before);
        System.setProperty(PROPERTY, "false");
    }

    @Override
    public void afterEach(ExtensionContext context) {
        String before = context.getStore(HERE).remove(PROPERTY, String.class);
        if (before == null || before.isEmpty()) {
            System.clearProperty(PROPERTY);
        } else {
            System.setProperty(PROPERTY, before);
        }
    }
}
