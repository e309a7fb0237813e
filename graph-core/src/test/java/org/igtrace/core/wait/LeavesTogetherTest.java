package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.igtrace.core.trace.CollectiveKind;
import org.junit.jupiter.api.Test;

/**
 * Where no message shows a transfer, the offsets make the members of barrier and N x N collectives
 * leave them together as far as the rules allow (definitions section 8, "Which offsets"): the
 * median over the sampled instances of how much later each member left than the communicator's first.
 */
class LeavesTogetherTest {

    /**
     * Two processes, four barriers (times in us, raw clocks; process 0's clock 190 behind, process 0
     * always last to enter, as in testdata/otf2/hybrid-2): the rules allow o0 - o1 anywhere in
     * [156, 190] (worked out below), the smallest offsets take 156; the leaves differ by 193, 190,
     * 190, 190 (process 1's leave minus process 0's): the median, 190, puts them together.
     */
    @Test
    void barriersWhoseLastMemberIsAlwaysTheSameTakeTheOffsetThatLetsThemLeaveTogether() {
        long[][] p0 = {{0, 5}, {86, 86}, {162, 162}, {237, 237}}; // enter, leave
        long[][] p1 = {{0, 198}, {241, 276}, {318, 352}, {392, 427}};
        ClockConstraints constraints = new ClockConstraints();
        for (int i = 0; i < p0.length; i++) {
            constraints.collective(barrier(new int[] {0, 1}, new long[] {p0[i][0], p1[i][0]}, new long[] {p0[i][1], p1[i][1]}));
        }
        // o0 >= o1 + enter1 - leave0: largest 318 - 162 = 156; o1 >= o0 + enter0 - leave1: largest 0 - 198, 86 - 276,
        // 162 - 352, 237 - 427 = -190, so o0 <= o1 + 190
        assertArrayEquals(new long[] {156, 0}, ClockOffsets.solve(2, constraints, false).ticks());
        assertArrayEquals(new long[] {190, 0}, ClockOffsets.solve(2, constraints).ticks());
    }

    /**
     * Four processes, one barrier (testdata/otf2/quiet-4's times, us): leaves 1733, 31872, 35065, 32516
     * with enters 1704, 3377, 5163, 10767. Leaving together needs o_p - o_2 = 35065 - leave_p: 33332,
     * 3193, 0, 2549, which the rules allow (each leave after each enter), so those are the offsets.
     */
    @Test
    void oneBarrierOfFourGetsOneCommonLeaveTime() {
        ClockConstraints constraints = new ClockConstraints();
        constraints.collective(barrier(new int[] {0, 1, 2, 3}, new long[] {1704, 3377, 5163, 10767}, new long[] {1733, 31872, 35065, 32516}));
        assertArrayEquals(new long[] {9034, 0, 0, 0}, ClockOffsets.solve(4, constraints, false).ticks()); // 10767 - 1733
        assertArrayEquals(new long[] {33332, 3193, 0, 2549}, ClockOffsets.solve(4, constraints).ticks());
    }

    /** Clocks that break no rule keep offsets 0, however unevenly the members leave. */
    @Test
    void clocksThatBreakNoRuleKeepZero() {
        ClockConstraints constraints = new ClockConstraints();
        constraints.collective(barrier(new int[] {0, 1}, new long[] {0, 10}, new long[] {50, 20}));
        assertArrayEquals(new long[] {0, 0}, ClockOffsets.solve(2, constraints).ticks());
    }

    /**
     * A message whose receive was waiting decides, as before, not the leave times: a receive of
     * process 1 entered at 0 waits for a send of process 0 at 100, received at 40 on process 1's
     * clock (o1 >= o0 + 60); a barrier both enter at 200, process 0 leaving at 300 and process 1 at
     * 200 (o1 <= o0 + 100). Leaving together would take o1 - o0 = 100; the message, in conflict,
     * sets the band to [0, 0] and takes the corrected transfer to 0: o1 - o0 = 60.
     */
    @Test
    void aWaitingMessageDecidesInsteadOfTheLeaves() {
        ClockConstraints constraints = new ClockConstraints();
        constraints.collective(barrier(new int[] {0, 1}, new long[] {200, 200}, new long[] {300, 200}));
        MatchedMessage m = new MatchedMessage();
        m.sender = 0;
        m.receiver = 1;
        m.sendTime = 100;
        m.receiveEnter = 0;
        m.receiveTime = 40;
        constraints.message(m);
        long[] o = ClockOffsets.solve(2, constraints).ticks();
        assertEquals(60, o[1] - o[0]);
        assertEquals(0, Math.min(o[0], o[1]));
    }

    /**
     * The sample is the same whatever order the instances come in and however the collectors that saw
     * them are merged (threads, a distributed join's tasks), an instance added twice counts once, and
     * its median is the kept differences' middle one.
     */
    @Test
    void theSampleDoesNotDependOnOrderOrMerging() {
        Random random = new Random(19);
        List<long[]> instances = new ArrayList<>(); // {key, difference}
        for (int i = 0; i < 500; i++) {
            instances.add(new long[] {1000L * i + random.nextInt(1000), (long) random.nextInt(1_000_000) - 500_000});
        }
        LeaveSamples inOrder = new LeaveSamples();
        instances.forEach(d -> inOrder.add(3, 7, d[0], d[1]));
        Collections.shuffle(instances, random);
        LeaveSamples a = new LeaveSamples(), b = new LeaveSamples();
        for (int i = 0; i < instances.size(); i++) {
            (i % 3 == 0 ? a : b).add(3, 7, instances.get(i)[0], instances.get(i)[1]);
            if (i % 5 == 0) {
                b.add(3, 7, instances.get(i)[0], instances.get(i)[1]); // seen by both collectors
            }
        }
        a.add(b);
        assertEquals(kept(inOrder), kept(a));
        List<Long> values = new ArrayList<>(kept(inOrder).values().iterator().next());
        assertEquals(LeaveSamples.KEPT, values.size());
        // the differences of the 15 instances of the smallest key hashes, worked out here from all 500
        List<long[]> expected = new ArrayList<>(instances);
        expected.sort((x, y) -> Long.compareUnsigned(LeaveSamples.hash(x[0]), LeaveSamples.hash(y[0])));
        List<Long> smallest = new ArrayList<>();
        expected.subList(0, LeaveSamples.KEPT).forEach(x -> smallest.add(x[1]));
        Collections.sort(smallest);
        assertEquals(smallest, values);
        ClockOffsets.Transfers t = inOrder.targets(8);
        assertEquals(1, t.count());
        assertEquals(smallest.get(7), t.quickest()[0]);
        assertEquals(0, inOrder.targets(7).count()); // member 7 is not a process of 7
    }

    /**
     * The median is over instances, not over distinct differences: 100 barriers whose member leaves 10000
     * ticks before the first member in 97 (its clock 10000 behind) and 9700, 9500, 9300 before in 3 (it was
     * held up leaving) give 10000 (a sample of distinct differences gave the middle of {10000, 9700, 9500,
     * 9300}, 9700, and the waits lost a quarter).
     */
    @Test
    void equalDifferencesOfManyInstancesOutweighAFewOutliers() {
        LeaveSamples s = new LeaveSamples();
        for (int i = 0; i < 100; i++) {
            long difference = i == 20 ? -9700 : i == 50 ? -9500 : i == 80 ? -9300 : -10000;
            s.add(0, 1, 5000L * i + 17, difference);
        }
        assertEquals(-10000, s.targets(2).quickest()[0]);
    }

    private static TreeMap<String, List<Long>> kept(LeaveSamples s) {
        TreeMap<String, List<Long>> m = new TreeMap<>();
        s.forEachSample((f, t, key, v) -> m.computeIfAbsent(f + "-" + t, k -> new ArrayList<>()).add(v));
        m.values().forEach(Collections::sort);
        return m;
    }

    private static CollectiveInstance barrier(int[] members, long[] enter, long[] leave) {
        CollectiveInstance c = new CollectiveInstance(CollectiveKind.BARRIER, members);
        for (int m = 0; m < members.length; m++) {
            c.enter[m] = enter[m];
            c.leave[m] = leave[m];
            c.arrived[m] = true;
        }
        c.arrivals = c.departures = members.length;
        return c;
    }
}
