package org.igtrace.reader.otf1;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.igtrace.core.diagnostic.Diagnostic;

/**
 * The note about processes that recorded no event (definitions section 3: not damage; a rank none
 * of whose processes and threads recorded anything has T = 0): a process the master file lists no
 * stream for (a converter writes none for an idle process), or one its stream's events file holds
 * no record of (a rank that stopped before its first event).
 */
final class Otf1SilentProcesses {
    private static final int NAMED = 5;

    private final Otf1Definitions definitions;
    private final Map<Long, String> why = new LinkedHashMap<>();

    Otf1SilentProcesses(Otf1Definitions definitions) {
        this.definitions = definitions;
    }

    void notInAnyStream(long process, String master) {
        why.put(process, master + " lists no stream for it");
    }

    void noRecordIn(long process, String eventsFile) {
        why.putIfAbsent(process, "no record in " + eventsFile);
    }

    /** The note, or null when every process recorded something. */
    String note() {
        if (why.isEmpty()) {
            return null;
        }
        List<String> named = new ArrayList<>();
        for (Map.Entry<Long, String> e : why.entrySet()) {
            if (named.size() == NAMED) {
                named.add("...");
                break;
            }
            String name = definitions.processName(e.getKey());
            named.add("process " + Long.toHexString(e.getKey()) + (name == null ? "" : " \"" + name + "\"") + ": " + e.getValue());
        }
        Set<Integer> ranks = new TreeSet<>();
        for (long p : why.keySet()) {
            ranks.add(definitions.rank(p));
        }
        for (int place = 0; place < definitions.processCount(); place++) {
            long q = definitions.processId(place);
            int rank = definitions.rank(q);
            if (rank != Otf1Definitions.NO_RANK && !why.containsKey(q)) {
                ranks.remove(rank); // a process or thread of that rank recorded something
            }
        }
        ranks.remove(Otf1Definitions.NO_RANK);
        String t = ranks.isEmpty() ? "" : ": " + (ranks.size() == 1 ? "rank " + ranks.iterator().next() + " has"
                : "ranks " + String.join(", ", ranks.stream().map(String::valueOf).toList()) + " have") + " T = 0";
        return Diagnostic.count(why.size(), "process", "processes") + " recorded no event (" + String.join("; ", named) + ")" + t;
    }
}
