package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Names as {@code java -jar} shows and writes them (issue 41 item 9) are the launcher's: the
 * expected texts are what the launcher's bash functions not_utf8 and visible print for the same
 * bytes, and the stand-in name what its hash loop gives (run by hand under LC_ALL=C.UTF-8).
 */
class RawArgumentsTest {
    private static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    @Test
    void bytesThatAreNotUtf8AreShownAsTheLauncherShowsThem() {
        assertEquals("a\\xff", RawArguments.shown(bytes('a', 0xff)));
        assertEquals("\\xc0\\x80", RawArguments.shown(bytes(0xc0, 0x80)), "an overlong NUL");
        assertEquals("\\xed\\xa0\\x80", RawArguments.shown(bytes(0xed, 0xa0, 0x80)), "a surrogate");
        assertEquals("\uD83D\uDE00\\xff", RawArguments.shown(bytes(0xf0, 0x9f, 0x98, 0x80, 0xff)), "four bytes, then one alone");
        assertEquals("\\xe9t\\xe9", RawArguments.shown(bytes(0xe9, 't', 0xe9)), "Latin-1");
        assertEquals("\u00e9\\xff\\n\\x1b", RawArguments.shown(bytes(0xc3, 0xa9, 0xff, '\n', 0x1b)), "control characters escaped");
    }

    /** Under -Digtrace.isolate=false in a folder not named in UTF-8, "-o -" wrote a file named "-" (review). */
    @Test
    void relativePathsGoThroughTheFoldersAliasButStandardOutputStays() {
        assertEquals(java.nio.file.Path.of("/tmp/alias/g.graphml"), RawArguments.resolved("/tmp/alias", "g.graphml"));
        assertEquals(java.nio.file.Path.of("/abs/g.graphml"), RawArguments.resolved("/tmp/alias", "/abs/g.graphml"));
        assertEquals(java.nio.file.Path.of("-"), RawArguments.resolved("/tmp/alias", "-"));
    }

    @Test
    void theStandInNameIsTheLaunchers() {
        assertEquals(".igtrace-b04ae6efa883.graphml", RawArguments.standIn(bytes('g', 0xfe, '.', 'g', 'r', 'a', 'p', 'h', 'm', 'l')));
    }
}
