package org.igtrace.formats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.igtrace.core.util.Labels;
import org.igtrace.core.util.Numbers;

/**
 * A table of numbers by row, rendered as aligned text for people (seconds in a readable unit,
 * shares in percent) or as raw values for CSV and JSON. A new column is one more {@link Column}.
 */
public final class Table {
    /** How a column's values read in text. */
    public enum Kind {
        TEXT, INTEGER, SECONDS, PERCENT, FRACTION,
        /** A difference: as SECONDS, INTEGER or FRACTION with its sign ("+2.00 ms", "-3", "+0.125"; 0 unsigned). */
        SIGNED_SECONDS, SIGNED_INTEGER, SIGNED_FRACTION
    }

    /**
     * @param key    the name in CSV and JSON
     * @param header the heading in text
     * @param value  the value of row i: a Number, a String, or null for none
     */
    public record Column(String key, String header, Kind kind, IntFunction<Object> value) {
    }

    /** A text cell's columns at most in {@link #text()}, the ellipsis included ({@link TextColumns}). */
    public static final int MAX_TEXT = 60;

    private final List<Column> columns = new ArrayList<>();
    private final int rows;

    public Table(int rows) {
        this.rows = rows;
    }

    public Table column(String key, String header, Kind kind, IntFunction<Object> value) {
        columns.add(new Column(key, header, kind, value));
        return this;
    }

    /** The table as aligned text: a heading line, then one line per row; text left, numbers right. */
    public List<String> text() {
        String[][] cells = new String[rows + 1][columns.size()];
        int[] width = new int[columns.size()];
        for (int c = 0; c < columns.size(); c++) {
            cells[0][c] = columns.get(c).header();
            for (int r = 0; r < rows; r++) {
                cells[r + 1][c] = readable(columns.get(c), columns.get(c).value().apply(r));
            }
            for (String[] row : cells) {
                width[c] = Math.max(width[c], TextColumns.of(row[c]));
            }
        }
        List<String> lines = new ArrayList<>();
        for (String[] row : cells) {
            StringBuilder s = new StringBuilder();
            for (int c = 0; c < columns.size(); c++) {
                String cell = row[c];
                String pad = " ".repeat(width[c] - TextColumns.of(cell));
                s.append(c == 0 ? "" : "  ").append(columns.get(c).kind() == Kind.TEXT ? cell + pad : pad + cell);
            }
            lines.add(s.toString().stripTrailing());
        }
        return lines;
    }

    /** The table as CSV: a header line of keys, then raw values (seconds in seconds, shares as fractions). */
    public List<String> csv() {
        List<String> lines = new ArrayList<>();
        lines.add(String.join(",", columns.stream().map(Column::key).toList()));
        for (int r = 0; r < rows; r++) {
            List<String> cells = new ArrayList<>();
            for (Column c : columns) {
                cells.add(csvCell(c.value().apply(r)));
            }
            lines.add(String.join(",", cells));
        }
        return lines;
    }

    /** The rows as JSON objects, keyed by column. */
    public List<Map<String, Object>> json() {
        List<Map<String, Object>> list = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (Column c : columns) {
                row.put(c.key(), c.value().apply(r));
            }
            list.add(row);
        }
        return list;
    }

    private static String readable(Column c, Object v) {
        if (v == null) {
            return "-";
        }
        if (!(v instanceof Number n)) {
            // a name from a trace may be of any length: every row was padded to the longest (100,000 characters a line);
            // JSON and CSV keep it whole
            return TextColumns.cut(v.toString(), MAX_TEXT);
        }
        return switch (c.kind()) {
            case SECONDS -> Labels.seconds3(n.doubleValue());
            case PERCENT -> Labels.fixed(100 * n.doubleValue(), 1) + "%";
            case FRACTION -> Labels.fixed(n.doubleValue(), 3);
            case SIGNED_SECONDS -> signed(n.doubleValue(), Labels.seconds3(n.doubleValue()));
            case SIGNED_INTEGER -> signed(n.doubleValue(), Numbers.format(n.doubleValue()));
            case SIGNED_FRACTION -> signed(n.doubleValue(), Labels.fixed(n.doubleValue(), 3));
            default -> Numbers.format(n.doubleValue());
        };
    }

    /** {@code shown} (the number {@code v} written) with a + in front when v is positive and does not read as 0. */
    public static String signed(double v, String shown) {
        return v > 0 && !shown.matches("[0.]+( \\w+)?") ? "+" + shown : shown;
    }

    private static String csvCell(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Number n) {
            return Numbers.format(n.doubleValue());
        }
        return Escape.csv(v.toString());
    }
}
