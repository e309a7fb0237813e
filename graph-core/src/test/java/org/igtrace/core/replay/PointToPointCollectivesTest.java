package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * The point-to-point actions of a collective on a communicator smaller than the run, run step by step: every message
 * meets its receive, nobody waits forever, every member gets the data, and the instance takes the steps definitions
 * section 9 costs it (l = ceil(log2 P)): a barrier l, a broadcast l from any root (the root's sends one after another),
 * an all-to-all P - 1; a reduce at most l (its leaves send at once), an all-reduce that and l.
 */
class PointToPointCollectivesTest {
    private record Action(TimeIndependentTrace.Message kind, int peer, long bytes) {
    }

    /** Collects each process's message actions ({@code wait} needs nothing: a message leaves at its send's step). */
    private static final class Collected implements TimeIndependentTrace.Actions {
        final Map<Integer, List<Action>> actions = new HashMap<>();
        final List<Integer> tags = new ArrayList<>();

        @Override
        public void message(int rank, TimeIndependentTrace.Message kind, int peer, int tag, long bytes) {
            actions.computeIfAbsent(rank, k -> new ArrayList<>()).add(new Action(kind, peer, bytes));
            tags.add(tag);
        }

        @Override
        public void init(int rank) {
        }

        @Override
        public void sleep(int rank, double seconds) {
        }

        @Override
        public void await(int rank, int src, int dst, int tag) {
        }

        @Override
        public void barrier(int rank) {
        }

        @Override
        public void bcast(int rank, long bytes, long root) {
        }

        @Override
        public void reduce(int rank, long bytes, long root) {
        }

        @Override
        public void alltoall(int rank, long sendBytes, long receiveBytes) {
        }

        @Override
        public void allreduce(int rank, long bytes) {
        }

        @Override
        public void end(int rank) {
        }
    }

    /**
     * Runs the members' actions with one step per message sent (a send at step t ends at t + 1, its message is there
     * then; a receive ends at the later of its own step and its message's): the last member's end, or -1 when some
     * member waits forever.
     */
    private static int steps(Map<Integer, List<Action>> actions, List<Integer> members) {
        Map<Long, ArrayDeque<Integer>> channels = new HashMap<>();
        Map<Integer, Integer> next = new HashMap<>(), clock = new HashMap<>();
        members.forEach(p -> {
            next.put(p, 0);
            clock.put(p, 0);
        });
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int p : members) {
                List<Action> mine = actions.getOrDefault(p, List.of());
                while (next.get(p) < mine.size()) {
                    Action a = mine.get(next.get(p));
                    if (a.kind() == TimeIndependentTrace.Message.RECV) {
                        ArrayDeque<Integer> q = channels.get((long) a.peer() << 32 | p);
                        if (q == null || q.isEmpty()) {
                            break;
                        }
                        clock.put(p, Math.max(clock.get(p), q.poll()));
                    } else {
                        clock.put(p, clock.get(p) + 1);
                        channels.computeIfAbsent((long) p << 32 | a.peer(), k -> new ArrayDeque<>()).add(clock.get(p));
                    }
                    next.put(p, next.get(p) + 1);
                    moved = true;
                }
            }
        }
        for (int p : members) {
            if (next.get(p) < actions.getOrDefault(p, List.of()).size()) {
                return -1;
            }
        }
        assertTrue(channels.values().stream().allMatch(ArrayDeque::isEmpty), "every message received");
        return members.stream().mapToInt(clock::get).max().orElse(0);
    }

    @Test
    void everyFamilyTakesItsStepsOnSubCommunicatorsOfEverySize() {
        for (int size = 2; size <= 9; size++) {
            // a run of 2 size + 1 processes; the communicator: every other one from process 1, in another order
            TraceDefinitions.Builder b = TraceDefinitions.builder();
            for (int p = 0; p < 2 * size + 1; p++) {
                b.addProcess("p" + p, null);
            }
            List<Integer> members = new ArrayList<>();
            for (int k = 0; k < size; k++) {
                members.add(1 + 2 * ((2 * size - 1 - k + size / 2) % size)); // reversed and rotated
            }
            int comm = b.addCommunicator(members.stream().mapToInt(Integer::intValue).toArray());
            TraceDefinitions definitions = b.build();
            int l = 32 - Integer.numberOfLeadingZeros(size - 1);
            for (CollectiveFamily family : CollectiveFamily.values()) {
                for (int root : family == CollectiveFamily.ONE_TO_ALL || family == CollectiveFamily.ALL_TO_ONE ? members : List.of(members.get(0))) {
                    Collected out = new Collected();
                    PointToPointCollectives writer = new PointToPointCollectives(definitions, q -> true, 77);
                    for (int p : members) {
                        assertTrue(writer.write(p, comm, family, 800, root, out), family + " " + p);
                    }
                    assertFalse(writer.write(0, comm, family, 800, root, out), "process 0 is no member");
                    int steps = steps(out.actions, members);
                    String what = family + " of " + size + " members, root " + root;
                    switch (family) {
                        case BARRIER, ONE_TO_ALL -> assertEquals(l, steps, what);
                        case ALL_TO_ONE -> assertTrue(steps > 0 && steps <= l, what + ": " + steps);
                        case ALL_REDUCE -> assertTrue(steps > l && steps <= 2 * l, what + ": " + steps);
                        case ALL_TO_ALL -> assertEquals(size - 1, steps, what);
                    }
                    // the data reaches every member: a broadcast's non-roots receive once, a reduce's send once
                    for (int p : members) {
                        long received = out.actions.get(p).stream().filter(a -> a.kind() == TimeIndependentTrace.Message.RECV).count();
                        long sent = out.actions.get(p).size() - received;
                        if (family == CollectiveFamily.ONE_TO_ALL) {
                            assertEquals(p == root ? 0 : 1, received, what + ", member " + p);
                        } else if (family == CollectiveFamily.ALL_TO_ONE) {
                            assertEquals(p == root ? 0 : 1, sent, what + ", member " + p);
                        } else if (family == CollectiveFamily.ALL_TO_ALL) {
                            assertEquals(size - 1, received, what + ", member " + p);
                        }
                    }
                    assertTrue(out.tags.stream().allMatch(t -> t == 77), "one tag");
                    long bytes = family == CollectiveFamily.BARRIER ? 0 : family == CollectiveFamily.ALL_TO_ALL ? 800 / (size - 1) : 800;
                    assertTrue(out.actions.values().stream().flatMap(List::stream).allMatch(a -> a.bytes() == bytes), family + " sizes");
                }
            }
        }
    }
}
