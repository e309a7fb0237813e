package org.igtrace.reader.otf1;

import java.util.HashMap;
import java.util.Map;

/**
 * Record and field keywords of OTF files (OTF1-FORMAT section 4) as numbers, and the long
 * spellings ({@code otfmerge --long}) mapped to the short ones. A keyword of up to 13 letters is
 * packed base 27 into a {@code long}, so the event parser compares numbers, not strings.
 */
final class Otf1Keywords {
    private Otf1Keywords() {
    }

    /** Packs up to 13 letters A-Z; longer keywords (none that igtrace needs) become -1. */
    static long code(byte[] buf, int start, int length) {
        if (length > 13) {
            return -1;
        }
        long c = 0;
        for (int i = 0; i < length; i++) {
            c = c * 27 + (buf[start + i] - 'A' + 1);
        }
        return c;
    }

    static long code(CharSequence keyword) {
        byte[] b = new byte[keyword.length()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) keyword.charAt(i);
        }
        return code(b, 0, b.length);
    }

    // Event records (section 4.2)
    static final long ENTER = code("E"), LEAVE = code("L"), SEND = code("S"), RECEIVE = code("R"), KEY_VALUE = code("K");
    static final long COLLECTIVE = code("COP"), COLLECTIVE_BEGIN = code("COPB"), COLLECTIVE_END = code("COPE");
    static final long PROCESS_BEGIN = code("PB"), PROCESS_END = code("PE");
    /** Event records igtrace reads past without effect: counters, file I/O, RMA, process begin/end, no-op, inline snapshots. */
    private static final long[] SKIPPED_EVENTS = codes("CNT F FA FB FE FF T U G M PB PE N TE TS TOF TBC TBF TC TCOC TCNT");

    // Event fields
    static final long LENGTH = code("L"), TAG = code("T"), COMM = code("C"), ROOT = code("RT");
    static final long SENT = code("S"), RECEIVED = code("R"), DURATION = code("D"), HANDLE = code("H");

    /** Long spellings of event records, then of event fields, each followed by its short keyword. */
    private static final long[] LONG_EVENT_NAMES = codes(
            "ENTER E  LEAVE L  SEND S  RECEIVE R  COUNTER CNT  COLLOP COP  COLLOPBEGIN COPB  COLLOPEND COPE"
            + "  PROCESSBEGIN PB  PROCESSEND PE  KEY K  FILEOP F  NOOP N  TRMAPUT T  URMAPUTRE U  GRMAGET G  MRMAEND M"
            + "  FILEOPBEGIN FB  FILEOPEND FE  FILEOPENDNEW FF"
            + "  LEN L  TAG T  COMM C  ROOT RT  SENT S  RECVD R  DUR D  HANDLEID H  SCL X  VALUE V  PROCESS P  TYPE Y  OPERATION OP  BYTES B");

    /** The short keyword for a long one, or the keyword itself. Short event keywords have at most 4 letters, long ones at least 3, and none is both. */
    static long shortEventKeyword(long code, int length) {
        if (length < 3) {
            return code;
        }
        for (int i = 0; i < LONG_EVENT_NAMES.length; i += 2) {
            if (LONG_EVENT_NAMES[i] == code) {
                return LONG_EVENT_NAMES[i + 1];
            }
        }
        return code;
    }

    /** FILEOPBEGINNEW's short keyword: 14 letters, one more than {@link #code} packs, so named by its text. */
    static final long FILEOP_BEGIN_NEW = code("FA");

    static boolean isSkippedEvent(long code) {
        for (long c : SKIPPED_EVENTS) {
            if (c == code) {
                return true;
            }
        }
        return false;
    }

    /** Long spellings of definition records (after {@code DEF}), each followed by its short keyword. */
    private static final Map<String, String> LONG_DEFINITION_RECORDS = pairs(
            "VERSION V  UNIQUEID UI  CREATOR CR  TIMERRESOLUTION TR  TIMERANGE TRG  PROCESS P  PROCESSGROUP PG"
            + "  ATTRIBUTELIST A  PROCESSORGROUPATTR PGA  FUNCTIONGROUP FG  FUNCTION F  COLLOP CO  COUNTERGROUP CG"
            + "  COUNTER CNT  SCLFILE SF  SCL S  FILEGROUP FLG  FILE FL  KEYVALUE K  COMMENT CMT  COUNTERASSIGNMENTS CA"
            + "  PROCESSSUBSTITUTES PS  AUXSAMPLEPOINT AUX");

    /** Long spellings of definition fields, each followed by its short keyword. */
    private static final Map<String, String> LONG_DEFINITION_FIELDS = pairs(
            "NAME NM  PARENT PT  MEMBERS M  GROUP G  SCL X  TYPE Y  VALUE V  TIME T  TAG T  FILE F  LINE LN"
            + "  PROPERTIES P  UNIT U");

    /** The short name of a definition record keyword given after {@code DEF}, or the keyword itself. */
    static String shortDefinitionRecord(String keyword) {
        return LONG_DEFINITION_RECORDS.getOrDefault(keyword, keyword);
    }

    static String shortDefinitionField(String keyword) {
        return LONG_DEFINITION_FIELDS.getOrDefault(keyword, keyword);
    }

    /** The codes of the keywords in {@code table}, separated by white space, in order. */
    private static long[] codes(String table) {
        String[] keywords = words(table);
        long[] c = new long[keywords.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = code(keywords[i]);
        }
        return c;
    }

    /** The pairs of keywords in {@code table} (a long spelling, then its short keyword) as a map. */
    private static Map<String, String> pairs(String table) {
        String[] kv = words(table);
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return Map.copyOf(m);
    }

    private static String[] words(String table) {
        return table.strip().split("\\s+");
    }
}
