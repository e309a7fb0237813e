package org.igtrace.core.replay;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.IntIntMap;

/**
 * Which recorded events belong together, fixed before any replay (definitions sections 8 and 9): the
 * k-th send from p to q on (communicator, tag) matches the k-th receive at q from p on the same
 * key; the k-th collective a member records on a communicator is instance k of that
 * communicator, complete when every member recorded it. Only calls inside each process's replay
 * window (start to end) take part. Events are numbered globally: process p's event i is
 * {@code base[p] + i}.
 */
final class ReplayMatching {
    final RecordedRun run;
    /** Per process: its first and one-past-last call inside the replay window. */
    final int[] firstCall;
    final int[] endCall;
    final long[] base;
    /** The matching event of a send or receive (global number), -1 unmatched or not a message. */
    final int[] partner;
    /** The collective instance of a collective event, -1 none (not a member, or not in the window). */
    final int[] instance;
    /** Per instance: members of its communicator, and how many recorded it. */
    final int[] instanceSize;
    final int[] instanceSeen;
    /** The earliest replay start of any process (ticks): times are converted relative to it, exactly. */
    final long origin;
    long matchedMessages;
    long unmatchedSends;
    long unmatchedReceives;
    long incompleteInstances;

    private final Map<Integer, IntIntMap> memberSets = new HashMap<>();

    private record Key(int sender, int receiver, int communicator, int tag) {
    }

    /** A queue of event numbers in a growing int array. */
    private static final class Queue {
        int[] items = new int[4];
        int head;
        int tail;

        void add(int v) {
            if (tail == items.length) {
                items = Arrays.copyOf(items, tail * 2);
            }
            items[tail++] = v;
        }
    }

    ReplayMatching(RecordedRun run) {
        this.run = run;
        int n = run.processCount();
        firstCall = new int[n];
        endCall = new int[n];
        base = new long[n + 1];
        for (int p = 0; p < n; p++) {
            LocationActivities l = run.process(p);
            if (l != null) {
                window(p, l);
            }
            base[p + 1] = base[p] + (l == null ? 0 : l.ops);
        }
        long earliest = Long.MAX_VALUE;
        for (int p = 0; p < n; p++) {
            if (run.process(p) != null) {
                earliest = Math.min(earliest, run.process(p).start());
            }
        }
        origin = earliest == Long.MAX_VALUE ? 0 : earliest;
        if (base[n] > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("more than 2^31 events to replay");
        }
        partner = new int[(int) base[n]];
        instance = new int[(int) base[n]];
        Arrays.fill(partner, -1);
        Arrays.fill(instance, -1);
        matchMessages();
        int instances = matchCollectives();
        instanceSize = new int[instances];
        instanceSeen = new int[instances];
        countMembers();
    }

    private void window(int p, LocationActivities l) {
        long start = l.start(), end = l.endTicks();
        int first = 0;
        while (first < l.calls && l.callEnter[first] < start) {
            first++;
        }
        int last = first;
        while (last < l.calls && l.callLeave[last] <= end) {
            last++;
        }
        firstCall[p] = first;
        endCall[p] = last;
    }

    private void matchMessages() {
        Map<Key, Queue> sends = new HashMap<>();
        for (int p = 0; p < run.processCount(); p++) {
            forEachOp(p, LocationActivities.SEND, (l, i) ->
                    sends.computeIfAbsent(new Key(l.process, l.opPeer[i], l.opComm[i], l.opTag[i]), k -> new Queue()).add(global(l, i)));
        }
        for (int p = 0; p < run.processCount(); p++) {
            forEachOp(p, LocationActivities.RECEIVE, (l, i) -> {
                Queue q = sends.get(new Key(l.opPeer[i], l.process, l.opComm[i], l.opTag[i]));
                if (q == null || q.head == q.tail) {
                    unmatchedReceives++;
                    return;
                }
                int s = q.items[q.head++];
                int r = global(l, i);
                partner[s] = r;
                partner[r] = s;
                matchedMessages++;
            });
        }
        for (Queue q : sends.values()) {
            unmatchedSends += q.tail - q.head;
        }
    }

    private interface OpVisitor {
        void visit(LocationActivities l, int op);
    }

    private void forEachOp(int p, byte kind, OpVisitor visitor) {
        LocationActivities l = run.process(p);
        if (l == null || firstCall[p] >= endCall[p]) {
            return;
        }
        for (int i = l.firstOp(firstCall[p]), end = l.endOp(endCall[p] - 1); i < end; i++) {
            if (l.opKind[i] == kind) {
                visitor.visit(l, i);
            }
        }
    }

    private int global(LocationActivities l, int op) {
        return (int) (base[l.process] + op);
    }

    /** Numbers instances: instance k of communicator c is {@code first[c] + k}. Returns how many there are. */
    private int matchCollectives() {
        TraceDefinitions d = run.definitions;
        int comms = d.communicatorCount();
        int[] most = new int[comms];
        for (int p = 0; p < run.processCount(); p++) {
            IntIntMap counter = new IntIntMap();
            forEachOp(p, LocationActivities.COLLECTIVE, (l, i) -> {
                int c = l.opComm[i];
                if (c < 0 || c >= comms || !member(c, l.process)) {
                    return;
                }
                int kth = counter.get(c, 0);
                counter.put(c, kth + 1);
                most[c] = Math.max(most[c], kth + 1);
                instance[global(l, i)] = kth; // made global below
            });
        }
        int[] first = new int[comms + 1];
        for (int c = 0; c < comms; c++) {
            first[c + 1] = first[c] + most[c];
        }
        for (int p = 0; p < run.processCount(); p++) {
            forEachOp(p, LocationActivities.COLLECTIVE, (l, i) -> {
                int g = global(l, i);
                if (instance[g] >= 0) {
                    instance[g] += first[l.opComm[i]];
                }
            });
        }
        return first[comms];
    }

    private boolean member(int communicator, int process) {
        IntIntMap members = memberSets.get(communicator);
        if (members == null) {
            members = new IntIntMap();
            for (int m : run.definitions.communicatorMembers(communicator)) {
                members.put(m, 1);
            }
            memberSets.put(communicator, members);
        }
        return members.get(process, 0) == 1;
    }

    private void countMembers() {
        for (int p = 0; p < run.processCount(); p++) {
            forEachOp(p, LocationActivities.COLLECTIVE, (l, i) -> {
                int inst = instance[global(l, i)];
                if (inst >= 0) {
                    instanceSize[inst] = run.definitions.communicatorMembers(l.opComm[i]).length;
                    instanceSeen[inst]++;
                }
            });
        }
        for (int i = 0; i < instanceSize.length; i++) {
            if (instanceSeen[i] != instanceSize[i]) {
                incompleteInstances++;
            }
        }
    }

    /** Whether every member recorded instance {@code i}. */
    boolean complete(int i) {
        return instanceSeen[i] == instanceSize[i];
    }
}
