package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor.LocationGroupKind;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor.LocationKind;
import org.junit.jupiter.api.Test;

/**
 * The compact forms of {@link Otf2Records} (issue 41 item 6) give back what was put in when the ids stop
 * being 0, 1, 2, ... part way (an id list kept as nothing until then), and for the values kept aside:
 * strings of 128 bytes and more (a two-byte length), event counts beyond an int, group members that do
 * not fit in an int.
 */
class Otf2RecordsTest {
    @Test
    void tableIdsAfterTheyStopBeingTheirSlots() {
        Otf2Records.Locations locations = new Otf2Records.Locations();
        locations.reserve(5000);
        for (int i = 0; i < 3000; i++) {
            assertTrue(locations.add(i, i, LocationKind.CPU_THREAD, i, i));
        }
        assertTrue(locations.identity());
        assertTrue(locations.add(1L << 40, 7, LocationKind.CPU_THREAD, 9, 1)); // EZTrace- or Score-P-thread-like ids from here
        assertTrue(locations.add(1_073_741_822, 8, LocationKind.ACCELERATOR_STREAM, 10, 2));
        assertTrue(locations.add(3000, 11, LocationKind.CPU_THREAD, 12, 3));
        assertFalse(locations.add(17, 0, LocationKind.CPU_THREAD, 0, 0)); // defined already: the first kept
        assertFalse(locations.add(1L << 40, 0, LocationKind.CPU_THREAD, 0, 0));
        assertFalse(locations.identity());
        assertEquals(3003, locations.count());
        assertEquals(17, locations.slot(17));
        assertEquals(17, locations.id(17));
        assertEquals(3000, locations.slot(1L << 40));
        assertEquals(1L << 40, locations.id(3000));
        assertEquals(3001, locations.slot(1_073_741_822));
        assertEquals(3002, locations.slot(3000));
        assertEquals(3000, locations.id(3002));
        assertEquals(-1, locations.slot(3003));
        assertEquals(-1, locations.slot(-1));
        assertEquals(LocationKind.ACCELERATOR_STREAM, locations.kind(3001));
        assertEquals(10, locations.group(3001));
        assertEquals(2999, locations.events(2999));
    }

    @Test
    void groupsInTheOrderOfTheirIds() {
        Otf2Records.LocationGroups groups = new Otf2Records.LocationGroups();
        for (int id : new int[] {0, 1, 2}) {
            groups.add(id, id, LocationGroupKind.PROCESS, 0);
        }
        assertNull(groups.slotsByIds()); // 0, 1, 2: in slot order
        groups.add(-5, 3, LocationGroupKind.PROCESS, 0);
        groups.add(9, 4, LocationGroupKind.PROCESS, 0);
        groups.add(4, 5, LocationGroupKind.PROCESS, 0);
        assertEquals(java.util.List.of(3, 0, 1, 2, 5, 4), java.util.Arrays.stream(groups.slotsByIds()).boxed().toList());
        assertEquals(-5, groups.id(3));
        assertEquals(4, groups.slot(9));
    }

    @Test
    void eventCountsBeyondAnInt() {
        Otf2Records.Locations locations = new Otf2Records.Locations();
        locations.add(0, 0, LocationKind.CPU_THREAD, 0, Integer.MAX_VALUE - 1L);
        locations.add(1, 0, LocationKind.CPU_THREAD, 0, Integer.MAX_VALUE);
        locations.add(2, 0, LocationKind.CPU_THREAD, 0, 5_000_000_000L);
        locations.add(3, 0, LocationKind.CPU_THREAD, 0, -1); // uint64 beyond a long's range, as JNA gives it
        assertEquals(Integer.MAX_VALUE - 1L, locations.events(0));
        assertEquals(Integer.MAX_VALUE, locations.events(1));
        assertEquals(5_000_000_000L, locations.events(2));
        assertEquals(-1, locations.events(3));
    }

    @Test
    void stringsOfEveryLength() {
        Otf2Records.Strings strings = new Otf2Records.Strings();
        strings.reserve(10);
        StringBuilder b = new StringBuilder();
        String[] values = new String[300];
        for (int id = 0; id < values.length; id++) {
            values[id] = id == 299 ? "x".repeat(4096) : id == 298 ? "x".repeat(4097) : id == 297 ? "Rang à" : b.toString();
            b.append((char) ('a' + id % 26));
            assertTrue(strings.putIfAbsent(id, values[id]));
        }
        for (int round = 0; round < 300; round++) { // past the first 64 KiB chunk
            assertTrue(strings.putIfAbsent(1000 + round, values[200]));
        }
        assertFalse(strings.putIfAbsent(127, "again"));
        assertTrue(strings.putIfAbsent(1 << 30, "far")); // an id beyond those handed out in turn
        for (int id = 0; id < values.length; id++) {
            assertEquals(values[id], strings.get(id), "id " + id);
        }
        assertEquals(values[200], strings.get(1299));
        assertEquals("far", strings.get(1 << 30));
        assertNull(strings.get(300));
        assertNull(strings.get(-1));
    }

    @Test
    void idListsAsCompactAsTheirValues() {
        Otf2Records.IdList identity = Otf2Records.IdList.of(new long[] {0, 1, 2, 3});
        assertEquals(4, identity.length());
        assertEquals(3, identity.get(3));
        Otf2Records.IdList small = Otf2Records.IdList.of(new long[] {0, 1, 7, Integer.MAX_VALUE});
        assertEquals(7, small.get(2));
        assertEquals(Integer.MAX_VALUE, small.get(3));
        Otf2Records.IdList large = Otf2Records.IdList.of(new long[] {0, 1L << 32, -2});
        assertEquals(1L << 32, large.get(1));
        assertEquals(-2, large.get(2));
        assertEquals(0, Otf2Records.IdList.of(new long[0]).length());
    }

    @Test
    void identityIntsAfterTheyStopBeingTheirIndices() {
        Otf2Records.IdentityInts ints = new Otf2Records.IdentityInts(4);
        ints.set(0, 0);
        ints.set(1, 1);
        assertEquals(1, ints.get(1));
        assertEquals(-1, ints.get(2));
        ints.set(3, 0);
        assertEquals(0, ints.get(0));
        assertEquals(1, ints.get(1));
        assertEquals(-1, ints.get(2));
        assertEquals(0, ints.get(3));
        ints.set(10, 4); // beyond the room made: grown
        assertEquals(4, ints.get(10));
        assertEquals(-1, ints.get(9));
        assertEquals(-1, ints.get(11));
    }
}
