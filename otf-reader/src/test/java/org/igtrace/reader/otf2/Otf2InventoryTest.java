package org.igtrace.reader.otf2;

import org.igtrace.core.trace.TraceInventory;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/** {@code igtrace info}'s view of an OTF2 archive: its event counts per location, against otf2-print's. */
class Otf2InventoryTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    private static List<Path> anchors() throws IOException {
        try (Stream<Path> files = Files.walk(TESTDATA)) {
            return files.filter(f -> f.toString().endsWith(".otf2") && Files.isRegularFile(f)).sorted().toList();
        }
    }

    private static Map<Long, Long> counts(TraceInventory t) {
        Map<Long, Long> m = new TreeMap<>();
        for (TraceInventory.Location l : t.locations()) {
            m.put(Long.parseLong(l.id()), l.events());
        }
        return m;
    }

    @Tag("slow")
    @Test
    void eventCountsPerLocationAreTheEventsOtf2PrintPrints() throws Exception {
        List<Path> anchors = anchors();
        assertTrue(anchors.size() >= 20, "bundled OTF2 archives: " + anchors.size());
        for (Path anchor : anchors) {
            TraceInventory t = Otf2Inventory.read(anchor);
            Map<Long, Long> expected = new TreeMap<>();
            t.locations().forEach(l -> expected.put(Long.parseLong(l.id()), 0L));
            expected.putAll(Otf2PrintOracle.of(anchor).eventsByLocation);
            assertEquals(expected, counts(t), anchor.toString());
            assertEquals("counted", t.eventCounts(), anchor.toString());
        }
    }

    @Tag("slow")
    @Test
    void theTimeSpanCoversTheEventsOtf2PrintPrints() throws Exception {
        for (Path anchor : anchors()) {
            // otf2-print's events and definitions, printed once per test JVM (eventCountsPerLocation reads them too)
            Otf2PrintOracle printed = Otf2PrintOracle.of(anchor);
            long first = printed.firstTime, last = printed.lastTime, length = printed.clockLength;
            long firstRegion = printed.firstRegionTime, lastRegion = printed.lastRegionTime;
            TraceInventory t = Otf2Inventory.read(anchor);
            double tick = 1 / t.ticksPerSecond();
            if (first > last) { // otf2-print prints no event (testdata/no-events): no span, whatever the definitions say
                assertEquals(0.0, t.spanSeconds(), anchor.toString());
                continue;
            }
            // at least the span of the region events; the definitions' length (which Score-P counts from its clock's
            // start, before the first event), or else at most the span of all events (otf2-print's times)
            assertTrue(t.spanSeconds() >= (lastRegion - firstRegion) * tick * (1 - 1e-12), anchor + ": " + t.spanSeconds());
            // (the definitions' length in seconds to the last bit or so: ticks x (1 / resolution) and ticks / resolution
            // differ in the last bit, as on scorep-mpi-tags-10)
            assertTrue(Math.abs(t.spanSeconds() - length * tick) <= 1e-12 * length * tick
                    || t.spanSeconds() <= (last - first) * tick * (1 + 1e-12),
                    anchor + ": " + t.spanSeconds() + " (definitions: " + length + " ticks)");
        }
        // pi-4: EZTrace's definitions give 13.6 ms; the events run from 17,493 to 34,794,279 ns
        TraceInventory pi = Otf2Inventory.read(TESTDATA.resolve("otf2/pi-4/eztrace_log.otf2"));
        assertEquals(0.0348, pi.spanSeconds(), 0.00005);
        assertTrue(pi.notes().stream().anyMatch(n -> n.startsWith("the definitions give the trace a length of 13.6 ms, but its events span 34.8 ms")),
                pi.notes().toString());
    }

    @Test
    void eztraceAnnouncingTooFewEventsIsANote() throws Exception {
        // EZTrace 2.0 announces 2 events per location in the definitions; pi-4 holds 74 (otf2-print)
        TraceInventory t = Otf2Inventory.read(TESTDATA.resolve("otf2/pi-4/eztrace_log.otf2"));
        assertEquals(74, t.locations().stream().mapToLong(TraceInventory.Location::events).sum());
        assertTrue(t.notes().contains("the definitions announce 8 events, the event files hold 74 (4 of 4 locations differ); "
                + "the counts shown are the events read"), t.notes().toString());
    }

    @Test
    void aTruncatedEventFileLeavesOnlyItsLocationUncounted() throws Exception {
        Path copy = copy("scorep-ping-pong");
        Path evt;
        try (Stream<Path> files = Files.list(copy.resolve("traces"))) {
            evt = files.filter(f -> f.toString().endsWith(".evt")).sorted().findFirst().orElseThrow();
        }
        long damaged = Long.parseLong(evt.getFileName().toString().replace(".evt", ""));
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(evt.toFile(), "rw")) {
            f.setLength(f.length() / 2);
        }
        TraceInventory t = Otf2Inventory.read(copy.resolve("traces.otf2"));
        Map<Long, Long> c = counts(t);
        assertEquals(-1L, c.get(damaged), c.toString());
        Map<Long, Long> expected = Otf2PrintOracle.of(TESTDATA.resolve("otf2/scorep-ping-pong/traces.otf2")).eventsByLocation;
        for (Map.Entry<Long, Long> e : c.entrySet()) {
            if (e.getKey() != damaged) {
                assertEquals(expected.getOrDefault(e.getKey(), 0L), e.getValue(), "location " + e.getKey());
            }
        }
        assertEquals("counted in " + (c.size() - 1) + " of " + c.size() + " locations", t.eventCounts());
        // refused before libotf2 reads it, as the reader refuses it (libotf2 reads past the end of a cut file, or loops on some)
        assertTrue(t.notes().stream().anyMatch(n -> n.startsWith("1 location's events could not be counted (missing or unreadable file: ")
                && n.contains(evt + ": damaged or truncated (no end-of-file record)")), t.notes().toString());
    }

    @Test
    void noEventFolderLeavesTheAnnouncedCountsMarkedUnchecked() throws Exception {
        Path copy = copy("pi-4");
        try (Stream<Path> files = Files.list(copy.resolve("eztrace_log"))) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(copy.resolve("eztrace_log"));
        TraceInventory t = Otf2Inventory.read(copy.resolve("eztrace_log.otf2"));
        assertEquals("announced by the definitions (not checked)", t.eventCounts());
        assertEquals(8, t.locations().stream().mapToLong(TraceInventory.Location::events).sum()); // EZTrace's announced 2 each
        assertTrue(t.notes().contains("event counts as the definitions announce them, not checked: no event file of one file per "
                + "location was found"), t.notes().toString());
    }

    private Path copy(String name) throws IOException {
        Path copy = dir.resolve(name);
        Path source = TESTDATA.resolve("otf2/" + name);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        return copy;
    }

    @Test
    void aMissingEventFileIsListedAndTheOthersCounted() throws Exception {
        Path copy = dir.resolve("pi-4");
        Path source = TESTDATA.resolve("otf2/pi-4");
        try (Stream<Path> files = Files.walk(source)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        Files.delete(copy.resolve("eztrace_log/536870911.evt"));
        TraceInventory t = Otf2Inventory.read(copy.resolve("eztrace_log.otf2"));
        assertEquals(List.of(copy.resolve("eztrace_log/536870911.evt").toString()), t.missing());
        Map<Long, Long> c = counts(t);
        assertEquals(-1L, c.get(536870911L));
        assertEquals("counted in 3 of 4 locations", t.eventCounts());
        assertEquals(23L, c.get(0L));
        assertEquals(17L, c.get(1073741822L));
    }
}
