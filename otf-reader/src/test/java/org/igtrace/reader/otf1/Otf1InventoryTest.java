package org.igtrace.reader.otf1;

import org.igtrace.core.trace.TraceInventory;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/** {@code igtrace info}'s event counts of OTF traces, against Debian's otfprint on inflated copies. */
class Otf1InventoryTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @Tag("slow")
    @Test
    void eventCountsPerProcessAreTheRecordsOtfprintPrints() throws Exception {
        // VampirTrace writes key-value lists (K lines) before the records they belong to: not events of their own
        int checked = 0;
        for (String trace : new String[] {"vt-md-mpi-cuda/md_mpi_cuda.otf", "vt-jacobi-cpu/jacobi_mpi+cuda.otf",
            "vt-jacobi-cpu/jacobi_cuda.otf", "synth-plain/synth.otf", "synth-z/synth.otf", "synth-long/synth.otf"}) {
            Path master = TESTDATA.resolve("otf1").resolve(trace);
            if (!master.toFile().exists()) {
                continue;
            }
            Map<Long, Long> expected = Otf1PrintOracle.of(master).eventsByProcess;
            Map<Long, Long> counted = new TreeMap<>();
            for (TraceInventory.Location l : Otf1Inventory.read(master).locations()) {
                if (l.events() > 0) {
                    counted.put(Long.parseLong(l.id(), 16), l.events());
                }
            }
            assertTrue(!expected.isEmpty(), trace);
            assertEquals(expected, counted, trace);
            checked++;
        }
        assertEquals(6, checked, "bundled OTF traces found under " + TESTDATA);
    }

    /**
     * An events file cut at a line end (md_mpi_cuda.2.events.z inflated and its first half of lines kept, as a plain
     * md_mpi_cuda.2.events): it reads to its end, but process 2 began (PB) and never ended (PE), which the analyses refuse
     * as damage. info counted it as a shorter good file, exit 0 and no note (review: process 1 had 1816 events of 3624);
     * now it is named and uncounted, as a file that does not read to its end.
     */
    @Test
    void anEventsFileCutAtALineEndIsNamedAndUncounted(@TempDir Path dir) throws Exception {
        // process 2's file, and a GPU stream's (100003), whose events the analyses leave out: its count was half (review)
        for (String process : new String[] {"2", "100003"}) {
            Path copy = Files.createDirectory(dir.resolve(process));
            Path source = TESTDATA.resolve("otf1/vt-md-mpi-cuda");
            try (var files = Files.list(source)) {
                for (Path f : files.toList()) {
                    Files.copy(f, copy.resolve(f.getFileName()));
                }
            }
            Path packed = copy.resolve("md_mpi_cuda." + process + ".events.z");
            byte[] whole;
            try (var in = Otf1FileSet.openData(packed)) {
                whole = in.readAllBytes();
            }
            int cut = whole.length / 2;
            while (whole[cut - 1] != '\n') {
                cut--;
            }
            Files.delete(packed);
            Path plain = copy.resolve("md_mpi_cuda." + process + ".events");
            Files.write(plain, Arrays.copyOf(whole, cut));
            TraceInventory inventory = Otf1Inventory.read(copy.resolve("md_mpi_cuda.otf"));
            assertEquals("counted in 7 of 8 event files", inventory.eventCounts());
            assertTrue(inventory.notes().contains(plain + ": truncated: process " + process + " began (PB) but the file ends before its end"
                    + " record (PE): its events are not counted"), inventory.notes().toString());
            for (TraceInventory.Location l : inventory.locations()) {
                if (l.id().equals(process)) {
                    assertEquals(-1, l.events(), "the damaged file's process is uncounted");
                }
            }
        }
    }

    /**
     * A truncated file of one GPU stream (md_mpi_cuda.100003.events.z cut to half): the analyses leave
     * GPU streams out, so info does not refuse the trace either: that stream is uncounted (no count,
     * not 0), a note names the file, the others keep otfprint's counts, and the events line says
     * "counted in 7 of 8 event files".
     */
    @Tag("slow")
    @Test
    void aDamagedStreamFileIsNamedAndUncountedNotFatal(@TempDir Path dir) throws Exception {
        Path source = TESTDATA.resolve("otf1/vt-md-mpi-cuda");
        try (var files = Files.list(source)) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        Path cut = dir.resolve("md_mpi_cuda.100003.events.z");
        byte[] whole = Files.readAllBytes(cut);
        Files.write(cut, Arrays.copyOf(whole, whole.length / 2));
        TraceInventory inventory = Otf1Inventory.read(dir.resolve("md_mpi_cuda.otf"));
        assertEquals("counted in 7 of 8 event files", inventory.eventCounts());
        assertTrue(inventory.notes().stream().anyMatch(n -> n.startsWith(cut + ": truncated") && n.endsWith("its events are not counted")),
                inventory.notes().toString());
        Map<Long, Long> expected = Otf1PrintOracle.of(source.resolve("md_mpi_cuda.otf")).eventsByProcess;
        for (TraceInventory.Location l : inventory.locations()) {
            long id = Long.parseLong(l.id(), 16);
            if (id == 0x100003L) {
                assertEquals(-1, l.events(), "the damaged stream is uncounted");
            } else {
                assertEquals(expected.getOrDefault(id, 0L), l.events(), l.id());
            }
        }
    }
    /**
     * synth-plain with every line ended CR LF (a copy through Windows): the other commands read it in full, and info
     * counted 0 events and no time span (the time and process lines, with their CR, read as no number). The counts are
     * otfprint's of the LF original.
     */
    @Test
    void crLfLinesAreCountedAsTheOthersReadThem(@TempDir Path dir) throws Exception {
        Path source = TESTDATA.resolve("otf1/synth-plain");
        try (var files = Files.list(source)) {
            for (Path f : files.toList()) {
                String text = Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1);
                Files.writeString(dir.resolve(f.getFileName()), text.replace("\n", "\r\n"), java.nio.charset.StandardCharsets.ISO_8859_1);
            }
        }
        Map<Long, Long> expected = Otf1PrintOracle.of(source.resolve("synth.otf")).eventsByProcess;
        Map<Long, Long> counted = new TreeMap<>();
        TraceInventory inventory = Otf1Inventory.read(dir.resolve("synth.otf"));
        for (TraceInventory.Location l : inventory.locations()) {
            if (l.events() > 0) {
                counted.put(Long.parseLong(l.id(), 16), l.events());
            }
        }
        assertTrue(!expected.isEmpty());
        assertEquals(expected, counted);
    }
}
