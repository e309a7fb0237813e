package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The excess per region comes in the order a {@code HashMap<Integer, Long>} merged the same way iterates it (the order a
 * process's charges are added in, so its delay cost is the same to the last bit): random sides of 0 to 12 regions drawn
 * from -1 to 40 (keys sharing a bucket of 16, more regions than {@link Excess#FAST}), from -1, 15, 31 ... 143 (every
 * region in one bucket: at 8 in a bin the map grows its table, which changes its order), or from any int (negative,
 * beyond 65,536, where the map's hash spreads the high bits), compared with such a map.
 */
class ExcessTest {
    @Test
    void regionsComeInTheMapsOrder() {
        Random random = new Random(11);
        Excess excess = new Excess();
        for (int round = 0; round < 20_000; round++) {
            DelayCosts.Overlaps[] sides = {new DelayCosts.Overlaps(), new DelayCosts.Overlaps()};
            int mode = round % 4;
            int span = 1 + random.nextInt(mode == 0 ? 8 : 42);
            for (DelayCosts.Overlaps o : sides) {
                int k = random.nextInt(13);
                for (int i = 0; i < k; i++) {
                    int region = switch (mode) {
                        case 0, 1 -> random.nextInt(span) - 1;
                        case 2 -> 16 * random.nextInt(10) - 1;
                        default -> random.nextInt();
                    };
                    o.add(region, 1 + random.nextInt(50));
                }
            }
            Map<Integer, Long> m = new HashMap<>();
            for (int side = 0; side < 2; side++) {
                DelayCosts.Overlaps o = sides[side];
                for (int e = o.size - 1; e >= 0; e--) {
                    m.merge(o.region[e], side == 0 ? o.ticks[e] : -o.ticks[e], Long::sum);
                }
            }
            m.values().removeIf(v -> v <= 0);
            List<Long> expected = new ArrayList<>();
            m.forEach((r, t) -> {
                expected.add((long) r);
                expected.add(t);
            });
            excess.of(sides);
            long[] got = new long[2 * excess.size];
            for (int i = 0; i < excess.size; i++) {
                got[2 * i] = excess.region[i];
                got[2 * i + 1] = excess.ticks[i];
            }
            assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(), got, "round " + round);
        }
    }

    /** The map of long to double keeps what a HashMap merging with Double::sum keeps, through additions and removals. */
    @Test
    void longDoublesKeepWhatAMapKeeps() {
        Random random = new Random(5);
        LongDoubles mine = new LongDoubles();
        Map<Long, Double> map = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            long key = random.nextInt(100) == 0 ? 0 : random.nextInt(3_000) * 1_000_003L - 7;
            if (random.nextInt(3) == 0) {
                Double v = map.remove(key);
                assertEquals(v == null ? -1.0 : v, mine.remove(key, -1.0));
            } else {
                double v = random.nextDouble();
                map.merge(key, v, Double::sum);
                mine.add(key, v);
            }
        }
        assertEquals(map.size(), mine.size());
        map.forEach((k, v) -> assertEquals(v, mine.get(k, -1.0)));
        int[] seen = {0};
        mine.forEach((k, v) -> {
            assertEquals(map.get(k), v);
            seen[0]++;
        });
        assertEquals(map.size(), seen[0]);
    }
}
