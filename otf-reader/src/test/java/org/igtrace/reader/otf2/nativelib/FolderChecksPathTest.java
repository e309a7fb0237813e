package org.igtrace.reader.otf2.nativelib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The folder {@link FolderChecks} opens through libc is the one the Java checks read, or none: a path string that
 * lost its bytes (U+FFFD, where a name was not valid UTF-8) is left to the Java checks, which hold the path's own
 * bytes; {@code getBytes} would have opened a folder named by the replacement's bytes (EF BF BD) instead.
 */
class FolderChecksPathTest {
    @Test
    void aPathThatLostItsBytesIsLeftToTheJavaChecks() {
        assertNull(FolderChecks.pathBytes("/tmp/tr\uFFFD/trace"));
        assertNull(FolderChecks.pathBytes("/tmp/a\0b"));
    }

    @Test
    void aPathIsItsBytesInThePathEncodingEndingInNul() {
        String path = "/tmp/\u00e9t\u00e9/trace";
        byte[] expected = (path + '\0').getBytes(System.getProperty("sun.jnu.encoding") == null ? StandardCharsets.UTF_8
                : java.nio.charset.Charset.forName(System.getProperty("sun.jnu.encoding")));
        if (new String(expected, 0, expected.length - 1, StandardCharsets.ISO_8859_1).indexOf('?') < 0) {
            assertArrayEquals(expected, FolderChecks.pathBytes(path));
        } else {
            assertNull(FolderChecks.pathBytes(path)); // an encoding that cannot write é: the Java checks
        }
    }
}
