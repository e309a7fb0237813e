package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A text table cuts a name to {@link Table#MAX_TEXT} characters: every row was padded to the longest name, so one
 * region or process name of 100,000 characters made every line of `info` 100,021 characters (51 MB of text for a
 * 320 KB trace). JSON and CSV keep the name whole.
 */
class TableTextTest {
    @Test
    void aLongNameIsCutInTextAndWholeInJson() {
        String longName = "q".repeat(100_000);
        List<String> names = List.of("short", longName);
        Table t = new Table(2).column("name", "name", Table.Kind.TEXT, names::get).column("n", "n", Table.Kind.INTEGER, i -> i);
        List<String> text = t.text();
        assertEquals(3, text.size());
        for (String line : text) {
            assertTrue(line.length() <= Table.MAX_TEXT + 10, line.length() + " characters");
        }
        assertTrue(text.get(2).startsWith("q".repeat(Table.MAX_TEXT - 1) + "\u2026"), text.get(2));
        assertEquals(longName, t.json().get(1).get("name"));
        assertTrue(t.csv().get(2).startsWith(longName), "CSV whole");
    }
}
