package org.igtrace.core.wait;

/** What {@link EventMatcher} hands on: each message and each collective instance once complete. */
public interface MatchListener {
    void message(MatchedMessage message);

    void collective(CollectiveInstance instance);
}
