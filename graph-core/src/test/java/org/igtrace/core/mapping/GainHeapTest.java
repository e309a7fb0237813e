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
