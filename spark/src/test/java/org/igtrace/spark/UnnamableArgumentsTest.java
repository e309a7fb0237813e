package org.igtrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * Under LC_ALL=C the driver's Java names files in ASCII ({@code sun.jnu.encoding} ANSI_X3.4-1968), and a trace or
 * {@code -o} path that is not ASCII gave a stack trace (the command's typo check) or a usage error, exit 2, for a path
 * that exists (review); the job refuses it in one line before it starts. The property is read as the driver reads it;
 * Java's own encoding of names is fixed at start-up, so setting it here changes nothing else.
 */
class UnnamableArgumentsTest {
    @Test
    void aPathThatIsNotAsciiIsRefusedInOneLineWhereJavaNamesFilesInAscii() {
        String before = System.getProperty("sun.jnu.encoding");
        try {
            System.setProperty("sun.jnu.encoding", "ANSI_X3.4-1968");
            assertEquals("'/tmp/\u00e9-run' is not ASCII, and the driver's Java names files in ASCII (its locale is C or"
                    + " POSIX, none, or one not installed): run the job under a UTF-8 locale (LC_ALL=C.UTF-8)",
                    Main.unnamable(new String[] {"graph", "/tmp/\u00e9-run", "-o", "x"}));
            assertNull(Main.unnamable(new String[] {"graph", "/tmp/run", "-o", "x.graphml"}));
            System.setProperty("sun.jnu.encoding", "UTF-8");
            assertNull(Main.unnamable(new String[] {"graph", "/tmp/\u00e9-run"}));
        } finally {
            System.setProperty("sun.jnu.encoding", before);
        }
    }
}
