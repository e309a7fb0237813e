package org.igtrace.reader.otf1;

import java.nio.charset.StandardCharsets;

/**
 * A cursor over one record line of an OTF file (OTF1-FORMAT section 3): keywords are runs of
 * {@code A-Z}, numbers are unsigned lowercase hexadecimal, strings run from {@code "} to the next
 * {@code "} with no escaping, lists are numbers each followed by a comma. Spaces and tabs before a
 * token are skipped, so the short ({@code S1L100}) and long ({@code SEND 1 LEN 100}) spellings read
 * alike. Reused for every line of a file: no allocation per line.
 */
final class Otf1Line {
    private byte[] buf;
    private int pos;
    private int end;
    private int keywordStart;
    private int keywordLength;

    void reset(byte[] buf, int start, int end) {
        this.buf = buf;
        this.pos = start;
        this.end = end;
    }

    private void skipBlanks() {
        while (pos < end && (buf[pos] == ' ' || buf[pos] == '\t' || buf[pos] == '\r')) {
            pos++;
        }
    }

    /** The next character after blanks, or -1 at the end of the line. */
    int peek() {
        skipBlanks();
        return pos < end ? buf[pos] & 0xff : -1;
    }

    /** Steps over one character (a separator such as {@code :}, {@code .} or {@code *}). */
    void skipChar() {
        if (pos < end) {
            pos++;
        }
    }

    boolean atEnd() {
        return peek() < 0;
    }

    static boolean isHexDigit(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    }

    static boolean isKeywordLetter(int c) {
        return c >= 'A' && c <= 'Z';
    }

    /**
     * Reads the maximal run of {@code A-Z} at the cursor and returns its length (0 when the next
     * token is not a keyword). {@link #keywordCode()} and {@link #keyword()} then describe it.
     */
    int readKeyword() {
        skipBlanks();
        keywordStart = pos;
        while (pos < end && isKeywordLetter(buf[pos])) {
            pos++;
        }
        keywordLength = pos - keywordStart;
        return keywordLength;
    }

    /** Drops the first {@code n} letters of the keyword just read (the {@code D}/{@code DEF} of definitions). */
    void dropKeywordPrefix(int n) {
        keywordStart += n;
        keywordLength -= n;
    }

    /** Moves the cursor back so that only the first {@code n} letters of the keyword just read count. */
    void shortenKeyword(int n) {
        pos = keywordStart + n;
        keywordLength = n;
    }

    boolean keywordStartsWith(String prefix) {
        if (keywordLength < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (buf[keywordStart + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The keyword just read as a number, see {@link Otf1Keywords#code(CharSequence)}. */
    long keywordCode() {
        return Otf1Keywords.code(buf, keywordStart, keywordLength);
    }

    String keyword() {
        return new String(buf, keywordStart, keywordLength, StandardCharsets.ISO_8859_1);
    }

    /** A line that no writer makes: damage within a record (the reader reports it with the line's number). */
    static class Unreadable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unreadable(String message) {
            super(message);
        }
    }

    /** A number of more than 64 bits (it wrapped: {@code E1} then 16 zeros and {@code 10} read as function 0x10). */
    static final class NumberTooLarge extends Unreadable {
        private static final long serialVersionUID = 1L;

        NumberTooLarge(String digits) {
            super("the hexadecimal number " + (digits.length() > 40 ? digits.substring(0, 40) + "..." : digits)
                    + " does not fit in 64 bits");
        }
    }

    /**
     * Whether {@code c} may follow a number: the line's end, a blank, a keyword, a list's comma, a version's dot, a
     * separator's colon or a string. Anything else ({@code E1g}, {@code L1z0}: a damaged byte) would cut the number
     * short and read the record as another valid one, which libotf refuses as a parse error.
     */
    private static boolean mayFollowNumber(int c) {
        return c == ' ' || c == '\t' || c == '\r' || isKeywordLetter(c) || c == ',' || c == '.' || c == ':' || c == '"';
    }

    /**
     * Reads an unsigned hexadecimal number; an empty digit run reads as 0; more than 64 bits is {@link NumberTooLarge};
     * a leading zero ({@code 071dac68}) is {@link Unreadable}: OTF writes none.
     */
    long hex() {
        skipBlanks();
        long v = 0;
        int start = pos;
        while (pos < end) {
            int c = buf[pos];
            int d;
            if (c >= '0' && c <= '9') {
                d = c - '0';
            } else if (c >= 'a' && c <= 'f') {
                d = c - 'a' + 10;
            } else {
                break;
            }
            if ((v >>> 60) != 0) {
                int stop = pos;
                while (stop < end && isHexDigit(buf[stop])) {
                    stop++;
                }
                throw new NumberTooLarge(new String(buf, start, stop - start, StandardCharsets.ISO_8859_1));
            }
            v = (v << 4) | d;
            pos++;
        }
        if (pos < end && !mayFollowNumber(buf[pos] & 0xff)) {
            throw new Unreadable("a number is followed by " + describe(buf[pos] & 0xff) + ", which no record holds there");
        }
        if (pos - start > 1 && buf[start] == '0') {
            // OTF writes numbers without leading zeros; libotf reads one, so a damaged first digit read as another number
            // (a timer resolution DTR871dac68 as 071dac68: a 0.26 s run read as 4.9 s)
            throw new Unreadable("the number " + new String(buf, start, pos - start, StandardCharsets.ISO_8859_1)
                    + " has a leading zero, which no writer makes: a damaged digit");
        }
        return v;
    }

    /** A character of a damaged line, said safely (it may be a control character). */
    static String describe(int c) {
        return c > ' ' && c < 0x7f ? "'" + (char) c + "'" : String.format("the byte 0x%02x", c);
    }

    /** Whether the rest of the line is blank (a time or process line is one number and nothing else). */
    boolean restBlank() {
        return peek() < 0;
    }

    /** Reads a quoted string, or returns null (consuming nothing) when the next token is not one. */
    String string() {
        skipBlanks();
        if (pos >= end || buf[pos] != '"') {
            return null;
        }
        int start = ++pos;
        while (pos < end && buf[pos] != '"') {
            pos++;
        }
        String s = org.igtrace.reader.NameBytes.text(buf, start, pos - start);
        if (pos < end) {
            pos++;
        }
        return s;
    }

    /**
     * Reads a list {@code a,b,c,} (a missing final comma is accepted); an empty list reads as empty. An empty item
     * ({@code 1,2,,3}) is skipped: it ended the list, and a member after it was lost from its communicator (libotf reads
     * it as 0, an id no process has).
     */
    long[] list() {
        long[] values = new long[8];
        int n = 0;
        while (true) {
            int c = peek();
            if (c == ',' && n > 0) {
                pos++;
                continue;
            }
            if (!isHexDigit(c)) {
                break;
            }
            if (n == values.length) {
                values = java.util.Arrays.copyOf(values, n * 2);
            }
            values[n++] = hex();
            if (peek() == ',') {
                pos++;
            } else {
                break;
            }
        }
        return java.util.Arrays.copyOf(values, n);
    }

    /**
     * Skips whatever value follows a field keyword (a number, a string, a list, or a version
     * {@code 1.d.0}) up to the next keyword or the end of the line.
     */
    void skipValue() {
        while (true) {
            int c = peek();
            if (c < 0 || isKeywordLetter(c)) {
                return;
            }
            if (c == '"') {
                string();
            } else {
                pos++;
            }
        }
    }
}
