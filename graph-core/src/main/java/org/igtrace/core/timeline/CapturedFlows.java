package org.igtrace.core.timeline;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.BlockStreamReader;
import org.igtrace.core.wait.CollectiveInstance;
import org.igtrace.core.wait.MatchListener;
import org.igtrace.core.wait.MatchTap;
import org.igtrace.core.wait.MatchedMessage;
import org.igtrace.core.util.RecordBlocks;

/**
 * The matched messages of the join that measures waits, kept per join task (sender, receiver, send
 * and receive ticks as variable-length deltas in a {@link BlockStream} of a store that spills) so
 * that {@link #forEach} hands them on in the order one join thread would have: the trace-event
 * export's flow ids and lines do not depend on the number of threads. A join thread keeps one
 * stream open, its current task's.
 */
final class CapturedFlows implements MatchTap {
    /** Receives the flows in order. */
    @FunctionalInterface
    interface Flow {
        void message(int sender, int receiver, long sendTicks, long receiveTicks);
    }

    private final RecordBlocks store;
    private final Map<Integer, TaskFlows> byTask = new ConcurrentHashMap<>();

    CapturedFlows(RecordBlocks store) {
        this.store = store;
    }

    /** One task's messages. */
    private static final class TaskFlows {
        final BlockStream stream;
        long count;
        long previousSend;

        TaskFlows(RecordBlocks store) {
            stream = new BlockStream(store);
        }

        void add(int sender, int receiver, long send, long receive) {
            stream.putUnsigned(sender);
            stream.putUnsigned(receiver);
            stream.putSigned(send - previousSend);
            stream.putSigned(receive - send);
            previousSend = send;
            count++;
        }
    }

    @Override
    public MatchListener forThread() {
        return new MatchListener() {
            private int task;
            private TaskFlows current;

            @Override
            public void task(int index) {
                if (current != null) {
                    current.stream.seal();
                    current = null;
                }
                task = index;
            }

            @Override
            public void message(MatchedMessage m) {
                if (m.sender() < 0 || m.receiver() < 0 || m.sender() == m.receiver()) {
                    return;
                }
                if (current == null) {
                    current = new TaskFlows(store);
                    byTask.put(task, current);
                }
                current.add(m.sender(), m.receiver(), m.sendTime(), m.receiveTime());
            }

            @Override
            public void collective(CollectiveInstance instance) {
            }
        };
    }

    @Override
    public void joined() {
        byTask.values().forEach(t -> t.stream.seal());
    }

    /** Every message kept, by task, each task's in the join's order. */
    void forEach(Flow flow) {
        for (TaskFlows t : new TreeMap<>(byTask).values()) {
            BlockStreamReader in = t.stream.reader();
            long send = 0;
            for (long i = 0; i < t.count; i++) {
                int sender = (int) in.readUnsigned(), receiver = (int) in.readUnsigned();
                send += in.readSigned();
                flow.message(sender, receiver, send, send + in.readSigned());
            }
        }
    }
}
