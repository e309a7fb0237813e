package org.igtrace.core.trace;

import org.igtrace.core.wait.CollectiveInstance;
import org.igtrace.core.wait.MatchListener;
import org.igtrace.core.wait.MatchedMessage;

/** Combining {@link MatchListener}s. */
public final class MatchListeners {
    private MatchListeners() {
    }

    /** Both listeners, in order; either may be null. */
    public static MatchListener both(MatchListener a, MatchListener b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return new MatchListener() {
            @Override
            public void message(MatchedMessage message) {
                a.message(message);
                b.message(message);
            }

            @Override
            public void collective(CollectiveInstance instance) {
                a.collective(instance);
                b.collective(instance);
            }
        };
    }
}
