package org.igtrace.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Row;
import scala.Tuple2;

/**
 * The location tasks' profile rows ({@link Rows#PAIR} and {@link Rows#COUNT}) reduced by key
 * (kind, a, b, c) in one aggregation: times per process, traffic per table and directed pair,
 * counts. Sent and received bytes are whole numbers, exact in any order; modelled collective bytes
 * may be fractions, so their per-location values come along with the location's order and are
 * added in that order ({@link #inOrder}), as the command line adds them.
 */
final class ProfileSum implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final Comparator<Part> BY_ORDER = Comparator.comparingLong(Part::order).thenComparingDouble(Part::bytes);

    private final Key key;
    private long x;
    private long y;
    private double d;
    /** Per location (order, bytes) of modelled collective traffic; null for other rows. */
    private List<Part> parts;

    private record Key(int kind, int a, int b, int c) implements Serializable {
    }

    private record Part(long order, double bytes) implements Serializable {
    }

    private ProfileSum(Row r) {
        key = new Key(r.getInt(0), r.getInt(1), r.getInt(2), r.getInt(3));
        x = r.getLong(4);
        y = r.getLong(5);
        d = r.getDouble(8);
        if (key.kind == Rows.PAIR && key.a == Rows.COLLECTIVE_TRAFFIC) {
            parts = new ArrayList<>(1);
            parts.add(new Part(x, d));
        }
    }

    /** The profile rows of {@code rows} reduced by key into {@code partitions} partitions, collected on the driver. */
    static List<ProfileSum> reduce(JavaRDD<Row> rows, int partitions) {
        return rows.filter(r -> r.getInt(0) != Rows.BLOCK && r.getInt(0) != Rows.PROCESS)
                .mapToPair(r -> {
                    ProfileSum s = new ProfileSum(r);
                    return new Tuple2<>(s.key, s);
                })
                .reduceByKey(ProfileSum::plus, Math.max(1, partitions))
                .values()
                .collect();
    }

    private ProfileSum plus(ProfileSum o) {
        x += o.x;
        y += o.y;
        d += o.d;
        if (parts != null) {
            parts.addAll(o.parts);
        }
        return this;
    }

    int kind() {
        return key.kind;
    }

    int a() {
        return key.a;
    }

    int b() {
        return key.b;
    }

    int c() {
        return key.c;
    }

    long x() {
        return x;
    }

    long y() {
        return y;
    }

    double d() {
        return d;
    }

    /** Modelled collective bytes added in location order. */
    double inOrder() {
        parts.sort(BY_ORDER);
        double bytes = 0;
        for (Part part : parts) {
            bytes += part.bytes();
        }
        return bytes;
    }
}
