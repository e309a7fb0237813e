package org.igtrace.reader.otf1;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the definition records igtrace needs from {@code NAME.0.def} and any local
 * {@code NAME.<s>.def} (OTF1-FORMAT section 4.1), in short or long spelling: processes, process
 * groups, attribute lists and their assignments, function groups, functions, collective
 * operations and the timer resolution. Other records are read past; unknown ones are counted.
 * References are resolved later, by {@link Otf1Definitions}, because the format does not require
 * a record to come after the ones it names.
 */
final class Otf1DefinitionRecords implements LineSource.LineConsumer {
    record Group(long id, String name, long[] members) {
    }

    record Function(long id, String name, long group) {
    }

    record CollectiveOperation(long id, String name, long type) {
    }

    /** The processes in the order read (primitive tables: 10^6 may be declared, issue 41 item 6). */
    final Otf1ProcessTable processes = new Otf1ProcessTable();
    final Map<Long, Group> groups = new LinkedHashMap<>();
    final Map<Long, long[]> attributeLists = new HashMap<>();
    /** Process-or-group id -> attribute list id (DefProcessOrGroupAttributes). */
    final Map<Long, Long> attributeAssignments = new HashMap<>();
    final Map<Long, String> functionGroups = new HashMap<>();
    final Map<Long, Function> functions = new LinkedHashMap<>();
    final Map<Long, CollectiveOperation> collectiveOperations = new HashMap<>();
    long ticksPerSecond;
    /** Whether a timer resolution record was read (its value may still be unusable: 0, or beyond 2^63 - 1). */
    boolean resolutionGiven;
    /** The trace's first and last time in ticks from its DefTimeRange (DTRG), or null without one. */
    long[] timeRange;
    int duplicates;
    int unknownRecords;
    /** Whether the local definitions ({@code NAME.<s>.def}, s > 0) are read now: a DefTimeRange there is a stream's. */
    boolean local;
    final List<String> creators = new ArrayList<>();

    private final Otf1Line line = new Otf1Line();

    @Override
    public boolean line(byte[] buf, int start, int end) {
        line.reset(buf, start, end);
        int c = line.peek();
        if (c < 0 || c == '#') {
            return true;
        }
        int length = line.readKeyword();
        if (length == 0) {
            unknownRecords++;
            return true;
        }
        if (line.keywordStartsWith("DEF") && length > 3) {
            line.dropKeywordPrefix(3);
        } else if (line.keywordStartsWith("D") && length > 1) {
            line.dropKeywordPrefix(1);
        } else {
            if (!line.keyword().equals("K") && !line.keyword().equals("KEY")) { // key-value lines: not needed
                unknownRecords++;
            }
            return true;
        }
        String record = Otf1Keywords.shortDefinitionRecord(line.keyword());
        Fields f = Fields.read(line, record);
        switch (record) {
            case "TR" -> {
                if (resolutionGiven) {
                    duplicates++; // as every repeated definition: the first kept
                } else {
                    ticksPerSecond = f.first;
                    resolutionGiven = true;
                }
            }
            case "TRG" -> {
                if (local) { // a stream's own range (VampirTrace before unification): no bound on the others
                    return true;
                }
                if (timeRange == null) { // as every repeated definition: the first kept
                    timeRange = new long[] {f.first, f.number(-1, "T")};
                } else {
                    duplicates++;
                }
            }
            case "CR" -> creators.add(f.firstString);
            case "P" -> {
                if (!processes.add(f.first, f.string("NM", "N"), f.number(0, "PT", "P"))) {
                    duplicates++;
                }
            }
            case "PG" -> put(groups, f.first, new Group(f.first, f.string("NM"), f.list("M")));
            case "A" -> put(attributeLists, f.first, f.list("M"));
            case "PGA" -> put(attributeAssignments, f.first, f.number(0, "V"));
            case "FG" -> put(functionGroups, f.first, f.string("NM"));
            case "F" -> put(functions, f.first, new Function(f.first, f.string("NM"), f.number(0, "G")));
            case "CO" -> put(collectiveOperations, f.first,
                    new CollectiveOperation(f.first, f.string("NM"), f.number(0, "Y", "T")));
            case "V", "UI", "CG", "CNT", "SF", "S", "FLG", "FL", "K", "CMT", "CA", "PS", "AUX" -> {
            }
            default -> unknownRecords++;
        }
        return true;
    }

    private <V> void put(Map<Long, V> map, long id, V value) {
        if (map.putIfAbsent(id, value) != null) {
            duplicates++;
        }
    }

    /**
     * The records whose values igtrace uses: read as libotf reads them, a line that does not parse so refused as damage
     * ({@link Otf1Line.Unreadable}, said with its line's number). Read leniently, a damaged byte changed what they say
     * without a word (a hunt: {@code M1.2,} for {@code M1,2,} dropped a communicator's member and every collective of it,
     * {@code DP\xf0A...} for {@code DPGA...} made a process 0, {@code NMxMPI_Init"} took MPI_Init's name away, each with
     * exit 0), where libotf's otfprint says the definitions are damaged. The others (a version's dots, comments) are
     * skipped over as before.
     */
    private static final java.util.Set<String> USED = java.util.Set.of("TR", "TRG", "CR", "P", "PG", "A", "PGA", "FG", "F", "CO");

    /** A definition record's first value and its keyword fields, long names mapped to short ones. */
    static final class Fields {
        long first;
        String firstString;
        private final Map<String, Object> values = new HashMap<>();

        static Fields read(Otf1Line line, String record) {
            boolean processGroup = record.equals("PG"), strict = USED.contains(record);
            Fields f = new Fields();
            int c = line.peek();
            if (c == '"') {
                f.firstString = line.string();
            } else if (Otf1Line.isHexDigit(c)) {
                f.first = line.hex();
            } else if (strict) {
                throw new Otf1Line.Unreadable("a definition record (" + record + ") has no " + (record.equals("CR") ? "text" : "id")
                        + " first but " + (c < 0 ? "nothing" : Otf1Line.describe(c)));
            }
            while ((c = line.peek()) >= 0) {
                if (!Otf1Line.isKeywordLetter(c)) {
                    if (strict) {
                        throw new Otf1Line.Unreadable("a definition record (" + record + ") holds " + Otf1Line.describe(c)
                                + " where a field's keyword belongs");
                    }
                    line.skipChar(); // a separator inside a value, e.g. the dots of DV1.d.0
                    continue;
                }
                line.readKeyword();
                String keyword = line.keyword();
                if (processGroup && keyword.equals("MNM")) { // an empty member list written MNM"name"
                    f.values.putIfAbsent("M", new long[0]);
                    keyword = "NM";
                }
                keyword = Otf1Keywords.shortDefinitionField(keyword);
                c = line.peek();
                Object value;
                if (c == '"') {
                    value = line.string();
                } else if (Otf1Line.isHexDigit(c)) {
                    // a list only where one belongs (members): elsewhere G1, is a damaged record, not a list of one
                    value = strict && !keyword.equals("M") ? new long[] {line.hex()} : line.list();
                } else if (strict && keyword.equals("NM")) {
                    throw new Otf1Line.Unreadable("a definition record (" + record + ") has a name that is not in quotes");
                } else {
                    value = new long[0];
                }
                f.values.putIfAbsent(keyword, value);
            }
            return f;
        }


        String string(String... keywords) {
            for (String k : keywords) {
                if (values.get(k) instanceof String s) {
                    return s;
                }
            }
            return "";
        }

        long number(long missing, String... keywords) {
            for (String k : keywords) {
                if (values.get(k) instanceof long[] l && l.length > 0) {
                    return l[0];
                }
            }
            return missing;
        }

        long[] list(String keyword) {
            return values.get(keyword) instanceof long[] l ? l : new long[0];
        }
    }
}
