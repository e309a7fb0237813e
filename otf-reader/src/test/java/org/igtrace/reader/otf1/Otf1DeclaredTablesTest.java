package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The primitive tables of the declared processes and streams (issue 41 item 6) answer what the boxed maps did:
 * processes by id in the order read, the first of a repeated id kept, names as read (ISO-8859-1), ids far apart
 * or negative as well as 1, 2, 3, ...; a stream's files found by one listing of the folder under exactly the names
 * looked up one by one before (lower-case hexadecimal without leading zeros, plain before {@code .z}, a folder
 * so named is no file).
 */
class Otf1DeclaredTablesTest {
    @TempDir
    Path dir;

    @Test
    void processesByIdInTheOrderRead() {
        Otf1ProcessTable t = new Otf1ProcessTable();
        for (int id = 1; id <= 3000; id++) {
            assertTrue(t.add(id, "Process " + (id - 1), 0));
        }
        assertFalse(t.add(7, "again", 0));
        assertTrue(t.add(0x10000, "Thread 1 of Process 300 \u00e9", 0x12d)); // beyond the array: a map from here on
        assertTrue(t.add(-5, "negative", 0));
        assertTrue(t.add(Long.MAX_VALUE, "large", 3));
        t.trim();
        assertEquals(3003, t.size());
        assertEquals(6, t.placeOf(7));
        assertEquals("Process 6", t.nameOf(7));
        assertEquals(0, t.parent(6));
        assertEquals(3000, t.placeOf(0x10000));
        assertEquals("Thread 1 of Process 300 \u00e9", t.name(3000));
        assertEquals(0x12d, t.parent(3000));
        assertEquals(3001, t.placeOf(-5));
        assertEquals(Long.MAX_VALUE, t.id(3002));
        assertEquals(3, t.parent(3002));
        assertEquals(-1, t.placeOf(0));
        assertEquals(-1, t.placeOf(3001));
        assertNull(t.nameOf(4000));
    }

    @Test
    void aStreamsFilesAreThoseLookedUpByName() throws Exception {
        Files.writeString(dir.resolve("t.otf"), "1:1\na:a\nb:b\nc:c\n10:10\n");
        Files.writeString(dir.resolve("t.1.events"), "");
        Files.writeString(dir.resolve("t.1.events.z"), "");
        Files.writeString(dir.resolve("t.a.events.z"), "");
        Files.writeString(dir.resolve("t.B.events"), ""); // upper case: not stream b's name
        Files.writeString(dir.resolve("t.010.events"), ""); // a leading zero: not stream 10's
        Files.createDirectory(dir.resolve("t.c.events")); // a folder, no file
        Files.writeString(dir.resolve("t.a.def"), "");
        Otf1FileSet files = Otf1FileSet.open(dir.resolve("t.otf"));
        assertEquals(5, files.streamCount());
        assertEquals(dir.resolve("t.1.events"), files.events(1));
        assertEquals(dir.resolve("t.a.events.z"), files.events(0xa));
        assertNull(files.events(0xb));
        assertNull(files.events(0xc));
        assertNull(files.events(0x10));
        assertEquals(dir.resolve("t.a.def"), files.localDefinitions(0xa));
        assertNull(files.localDefinitions(1));
        assertEquals(0xa, files.stream(1).id());
        assertEquals(1, files.streamProcessCount(1));
        assertEquals(0xa, files.streamProcess(1, 0));
    }
}
