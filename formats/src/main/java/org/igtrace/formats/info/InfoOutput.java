package org.igtrace.formats.info;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.trace.TraceInventory;
import org.igtrace.core.util.Labels;
import org.igtrace.formats.Escape;
import org.igtrace.formats.Json;
import org.igtrace.formats.Table;

/** What {@code igtrace info} writes: what a trace holds, as text for people or as JSON. */
public final class InfoOutput {
    private InfoOutput() {
    }

    /** What the trace holds, for people: a line per fact, then the processes and the locations as tables; names made safe for a terminal. */
    public static String text(String file, TraceInventory t) {
        List<String> lines = new ArrayList<>();
        // the threads of the processes, but those whose events could not be read (a missing or unreadable file: events -)
        int threads = t.processes().stream().mapToInt(TraceInventory.Process::threads).sum()
                - (int) t.locations().stream().filter(l -> l.process() >= 0 && l.events() < 0).count();
        lines.add("trace          " + file);
        lines.add("format         " + t.format() + (t.producer() == null ? "" : ", written by " + t.producer()));
        lines.add("processes      " + t.processes().size() + " (" + Diagnostic.count(threads, "thread", "threads") + " read; "
                + Diagnostic.count(t.locations().size(), "location", "locations") + " in all)");
        lines.add("events         " + t.locations().stream().mapToLong(l -> Math.max(0, l.events())).sum() + ", "
                + t.eventCounts());
        double tick = 1 / t.ticksPerSecond();
        lines.add("clock          " + Labels.fixed(t.ticksPerSecond(), 0) + " ticks per second (resolution "
                + (tick < 1e-6 ? Labels.g3(tick * 1e9) + " ns" : Labels.seconds3(tick)) + ")");
        lines.add("time span      " + (t.spanSeconds() < 0 ? "not given" : Labels.seconds3(t.spanSeconds())));
        List<String> regions = new ArrayList<>();
        t.regions().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> regions.add(e.getKey() + " " + e.getValue()));
        lines.add("regions        " + (regions.isEmpty() ? "none" : String.join(", ", regions)));
        List<String> comms = new ArrayList<>();
        t.communicators().forEach(c -> comms.add(c.name() + " (" + (c.paradigm() == null ? "" : c.paradigm() + ", ") + c.size() + ")"));
        lines.add("communicators  " + (comms.isEmpty() ? "none" : String.join(", ", comms)));
        lines.add("missing files  " + (t.missing().isEmpty() ? "none" : String.join(", ", t.missing())));
        t.notes().forEach(n -> lines.add("note           " + n));
        lines.replaceAll(Escape::terminal); // the tables below escape their cells themselves
        lines.add("");
        lines.addAll(processes(t).text());
        lines.add("");
        lines.addAll(locations(t).text());
        return String.join("\n", lines) + "\n";
    }

    private static Table processes(TraceInventory t) {
        List<TraceInventory.Process> p = t.processes();
        return new Table(p.size())
                .column("rank", "rank", Table.Kind.INTEGER, i -> p.get(i).rank())
                .column("name", "process", Table.Kind.TEXT, i -> p.get(i).name())
                .column("host", "host", Table.Kind.TEXT, i -> p.get(i).host())
                .column("threads", "threads", Table.Kind.INTEGER, i -> p.get(i).threads());
    }

    private static Table locations(TraceInventory t) {
        List<TraceInventory.Location> l = t.locations();
        return new Table(l.size())
                .column("id", "location", Table.Kind.TEXT, i -> l.get(i).id())
                .column("name", "name", Table.Kind.TEXT, i -> l.get(i).name())
                .column("process", "rank", Table.Kind.INTEGER, i -> l.get(i).process() < 0 ? null : l.get(i).process())
                .column("kind", "kind", Table.Kind.TEXT, i -> l.get(i).kind())
                .column("events", "events", Table.Kind.INTEGER, i -> l.get(i).events() < 0 ? null : l.get(i).events());
    }

    /** The same as JSON. */
    public static String json(String file, TraceInventory t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("trace", file);
        m.put("format", t.format());
        m.put("producer", t.producer());
        m.put("ticks_per_second", t.ticksPerSecond());
        m.put("span", t.spanSeconds() < 0 ? null : t.spanSeconds());
        m.put("event_counts", t.eventCounts());
        m.put("processes", processes(t).json());
        m.put("locations", locations(t).json());
        m.put("regions", new java.util.TreeMap<>(t.regions()));
        List<Map<String, Object>> comms = new ArrayList<>();
        t.communicators().forEach(c -> {
            Map<String, Object> cm = new LinkedHashMap<>();
            cm.put("name", c.name());
            cm.put("size", c.size());
            if (c.paradigm() != null) {
                cm.put("paradigm", c.paradigm()); // only when not MPI's
            }
            comms.add(cm);
        });
        m.put("communicators", comms);
        m.put("missing", t.missing());
        m.put("diagnostics", t.notes().stream().map(n -> Json.diagnostic(Diagnostic.note(n))).toList());
        return Json.write(m);
    }
}
