package org.igtrace.core.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The heap picks what a scan from position 0 keeping the first greatest value picks, through changes and removals. */
class GainHeapTest {
    @Test
    void picksAsTheScanDoes() {
        Random random = new Random(11);
        int n = 200;
        double[] value = new double[n];
        boolean[] in = new boolean[n];
        GainHeap heap = new GainHeap(n);
        heap.reset(value);
        for (int i = 0; i < n; i++) {
            value[i] = random.nextInt(7); // few distinct values: many ties, where the lowest position must come first
            heap.add(i);
            in[i] = true;
        }
        for (int step = 0; step < 5000; step++) {
            int p = random.nextInt(n);
            switch (random.nextInt(3)) {
                case 0 -> {
                    value[p] += random.nextInt(5) - 2;
                    heap.changed(p);
                }
                case 1 -> {
                    heap.remove(p);
                    in[p] = false;
                }
                default -> {
                    if (!in[p]) {
                        heap.add(p);
                        in[p] = true;
                    }
                }
            }
            assertEquals(scan(value, in), heap.top(), "step " + step);
        }
        heap.reset(value);
        assertEquals(-1, heap.top());
    }

    @Test
    void twoHeapsOnOneArrayRefilledAfterAReset() {
        // as a bisection's passes use them: one heap per side over one array of gains, emptied and refilled each pass
        double[] gain = {3, 1, 3, 2, 5, 5, 0, 1};
        GainHeap even = new GainHeap(8), odd = new GainHeap(8);
        for (int pass = 0; pass < 3; pass++) {
            even.reset(gain);
            odd.reset(gain);
            for (int i = 0; i < 8; i++) {
                (i % 2 == 0 ? even : odd).add(i);
            }
            assertEquals(4, even.top()); // 5 at positions 4 and 5: 4 is even
            assertEquals(5, odd.top());
            gain[3] = 9; // odd's position 3 rises above 5; even's order does not change
            odd.changed(3);
            even.changed(3); // not in it: nothing
            assertEquals(3, odd.top());
            assertEquals(4, even.top());
            even.remove(4);
            assertEquals(0, even.top()); // 3 at positions 0 and 2: the lower first
            gain[3] = 2;
        }
    }

    private static int scan(double[] value, boolean[] in) {
        int pick = -1;
        for (int i = 0; i < value.length; i++) {
            if (in[i] && (pick < 0 || value[i] > value[pick])) {
                pick = i;
            }
        }
        return pick;
    }
}
