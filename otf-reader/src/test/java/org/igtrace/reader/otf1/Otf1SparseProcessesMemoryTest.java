package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --skip-missing} on an OTF trace that declares 10^6 MPI processes, with a stream each, and holds the
 * events files of ranks 0, 500,000 and 999,999 (bench/make-otf1-declared.py's layout: each sends to the
 * next and receives from the previous) reads in a heap of {@value #HEAP}: 3 processes analysed (issue 41
 * item 6). Before, with the 10^6 processes analysed, it failed for want of memory with -Xmx512m and -Xmx640m;
 * with 3 analysed but the declared processes' definition records, streams and ranks in boxed maps, it needed
 * -Xmx400m and failed with -Xmx256m (and with this heap). Now those are primitive tables. Read in a child JVM,
 * whose heap this test sets.
 */
@Tag("slow")
class Otf1SparseProcessesMemoryTest {
    static final String HEAP = "-Xmx128m";
    private static final int DECLARED = 1_000_000;
    private static final int[] PRESENT = {0, 500_000, 999_999};

    @TempDir
    Path dir;

    /** Reads the trace {@code args[0]} with --skip-missing and prints how many processes were analysed. */
    public static void main(String[] args) throws Exception {
        TraceProfile profile = TraceInput.read(Path.of(args[0]), new ReadOptions(true, 2), AnalysisOptions.PROFILE);
        System.out.println(profile.processes().size() + " processes");
    }

    private Path write() throws IOException {
        int world = 0x3b9aca05;
        try (BufferedWriter master = Files.newBufferedWriter(dir.resolve("d.otf"), StandardCharsets.ISO_8859_1)) {
            for (int p = 1; p <= DECLARED; p++) {
                master.write(Integer.toHexString(p) + ":" + Integer.toHexString(p) + "\n");
            }
        }
        try (BufferedWriter d = Files.newBufferedWriter(dir.resolve("d.0.def"), StandardCharsets.ISO_8859_1)) {
            d.write("DV1.d.0\"declared\"\nDTR3b9aca00\n");
            for (int r = 0; r < DECLARED; r++) {
                d.write("DP" + Integer.toHexString(r + 1) + "NM\"Process " + r + "\"\n");
            }
            d.write("DPG" + Integer.toHexString(world) + "M");
            for (int p = 1; p <= DECLARED; p++) {
                d.write(Integer.toHexString(p) + ",");
            }
            d.write("NM\"MPI_COMM_WORLD\"\nDFG1NM\"Application\"\nDFG2NM\"MPI\"\n");
            d.write("DF1G1NM\"main\"\nDF2G1NM\"compute\"\nDF3G2NM\"MPI_Send\"\nDF4G2NM\"MPI_Recv\"\n");
        }
        for (int i = 0; i < PRESENT.length; i++) {
            String p = Integer.toHexString(PRESENT[i] + 1), star = "*" + p;
            String to = Integer.toHexString(PRESENT[(i + 1) % PRESENT.length] + 1);
            String from = Integer.toHexString(PRESENT[(i + PRESENT.length - 1) % PRESENT.length] + 1);
            String c = Integer.toHexString(world);
            Files.writeString(dir.resolve("d." + p + ".events"), String.join("\n", "0", star, "E1", "a", star, "E2",
                    "3e8", star, "L2", "3f2", star, "E3", "S" + to + "L2000T0C" + c, "3fc", star, "L3", "E4",
                    "410", star, "R" + from + "L2000T0C" + c, "L4", "474", star, "L1", ""));
        }
        return dir.resolve("d.otf");
    }

    @Test
    void aMillionDeclaredWithThreePresentReadInASmallHeap() throws Exception {
        Path master = write();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), HEAP,
                "-cp", System.getProperty("java.class.path"), Otf1SparseProcessesMemoryTest.class.getName(), master.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, child.waitFor(), output);
        assertEquals("3 processes", output.strip());
    }
}
