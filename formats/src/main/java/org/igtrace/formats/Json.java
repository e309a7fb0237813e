package org.igtrace.formats;

import java.util.List;
import java.util.Map;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.util.Numbers;

/**
 * A small JSON writer for igtrace's own outputs: maps (in their order), lists, strings, numbers,
 * booleans and null, indented two spaces. Numbers print as {@link Numbers} does: whole numbers
 * without a fraction, others with the digits that round-trip; NaN and infinities as null.
 */
public final class Json {
    private Json() {
    }

    /** {@code value} (a map, list, string, number, boolean or null) as JSON text, with a final line break. */
    public static String write(Object value) {
        StringBuilder s = new StringBuilder();
        write(value, s, "");
        return s.append('\n').toString();
    }

    private static void write(Object value, StringBuilder s, String indent) {
        if (value == null) {
            s.append("null");
        } else if (value instanceof Map<?, ?> map) {
            object(map, s, indent);
        } else if (value instanceof List<?> list) {
            array(list, s, indent);
        } else if (value instanceof Boolean b) {
            s.append(b);
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            s.append(Double.isFinite(d) ? Numbers.format(d) : "null");
        } else if (value instanceof Number n) {
            s.append(n.longValue());
        } else {
            string(value.toString(), s);
        }
    }

    private static void object(Map<?, ?> map, StringBuilder s, String indent) {
        if (map.isEmpty()) {
            s.append("{}");
            return;
        }
        s.append("{\n");
        int i = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            s.append(indent).append("  ");
            string(e.getKey().toString(), s);
            s.append(": ");
            write(e.getValue(), s, indent + "  ");
            s.append(++i < map.size() ? ",\n" : "\n");
        }
        s.append(indent).append('}');
    }

    private static void array(List<?> list, StringBuilder s, String indent) {
        if (list.isEmpty()) {
            s.append("[]");
            return;
        }
        s.append("[\n");
        for (int i = 0; i < list.size(); i++) {
            s.append(indent).append("  ");
            write(list.get(i), s, indent + "  ");
            s.append(i + 1 < list.size() ? ",\n" : "\n");
        }
        s.append(indent).append(']');
    }

    private static void string(String text, StringBuilder s) {
        s.append(Escape.json(text));
    }

    /** A diagnostic as a JSON object: kind, count, the kind's second number, names, and its sentence. */
    public static Map<String, Object> diagnostic(Diagnostic d) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("kind", d.kind().key());
        if (d.kind() != org.igtrace.core.diagnostic.DiagnosticKind.NOTE) {
            m.put("count", d.count());
        }
        if (d.kind().detailName() != null) {
            m.put(d.kind().detailName(), d.detail());
        }
        if (!d.names().isEmpty()) {
            m.put("names", d.names());
        }
        m.put("text", d.sentence());
        return m;
    }
}
