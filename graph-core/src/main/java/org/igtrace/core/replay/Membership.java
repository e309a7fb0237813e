package org.igtrace.core.replay;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.LongIntMap;

/** Whether a process is a member of a communicator, from the definitions; safe on several threads. */
final class Membership {
    private final TraceDefinitions definitions;
    private final ConcurrentMap<Integer, LongIntMap> members = new ConcurrentHashMap<>();

    Membership(TraceDefinitions definitions) {
        this.definitions = definitions;
    }

    boolean member(int communicator, int process) {
        if (communicator < 0 || communicator >= definitions.communicatorCount()) {
            return false;
        }
        LongIntMap set = members.computeIfAbsent(communicator, c -> {
            LongIntMap m = new LongIntMap();
            for (int rank : definitions.communicatorMembers(c)) {
                m.put(rank, 1);
            }
            return m;
        });
        return set.get(process, 0) == 1;
    }
}
