package org.igtrace.core.wait;

/** What the join ({@link RecordJoin}) hands on: each message and each collective instance once complete. */
public interface MatchListener {
    void message(MatchedMessage message);

    void collective(CollectiveInstance instance);
}
