package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Text tables line up on a terminal whatever the names hold: a CJK character takes two columns, a combining accent
 * none (counted in UTF-16 units, the rows after such a name were shifted), and a name is cut at whole escapes.
 */
class TextColumnsTest {
    @Test
    void widthsAreTerminalColumns() {
        assertEquals(5, TextColumns.of("solve"));
        assertEquals(4, TextColumns.of("\u4e2d\u6587"), "two CJK ideographs, two columns each");
        assertEquals(5, TextColumns.of("re\u0301sum"), "e and a combining acute accent: one column");
        assertEquals(2, TextColumns.of("\uD83D\uDE00"), "an emoji (a surrogate pair): one wide character");
        assertEquals(6, TextColumns.of("\\u200b"), "an escaped character counts as its visible form");
    }

    @Test
    void aTableAlignsByColumns() {
        List<String> names = List.of("\u4e2d\u6587\u533a", "re\u0301gion", "x");
        List<String> lines = new Table(3).column("name", "region", Table.Kind.TEXT, names::get)
                .column("t", "time", Table.Kind.INTEGER, i -> 7).text();
        // every row's number ends in the same terminal column: "region" (6 columns) is the widest name
        for (String line : lines.subList(1, lines.size())) {
            assertEquals(6 + 2 + 4, TextColumns.of(line), line);
        }
        assertEquals("\u4e2d\u6587\u533a     7", lines.get(1), "6 columns, 2 between, the number right in 4");
    }

    @Test
    void aLongNameIsCutAtAWholeEscapeAndCharacter() {
        // 58 letters, then U+200B (shown as the 6 columns \u200b): cut before it, not inside its visible form
        String name = "a".repeat(58) + "\u200bzz";
        assertEquals("a".repeat(58) + "\u2026", TextColumns.cut(name, 60));
        // CJK: 30 characters are 60 columns; 31 are cut to 29 and the ellipsis (59 columns)
        assertEquals("\u4e2d".repeat(30), TextColumns.cut("\u4e2d".repeat(30), 60));
        assertEquals("\u4e2d".repeat(29) + "\u2026", TextColumns.cut("\u4e2d".repeat(31), 60));
        assertEquals("a\\\\b", TextColumns.cut("a\\b", 60), "escaped as the terminal shows it");
    }
}
