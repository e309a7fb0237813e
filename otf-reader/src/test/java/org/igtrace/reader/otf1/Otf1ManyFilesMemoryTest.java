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
 * VampirTrace's layout, an events file a process: 2,000 small files read in a heap of {@value #HEAP}. Each file's line
 * buffer (up to 256 KB) was held until the whole read ended, 500 MB for 2,000 files: out of memory at -Xmx256m (an OTF1
 * hunt), where the same events in 4 files read in 96 MB. Read in a child JVM, whose heap this test sets.
 */
@Tag("slow")
class Otf1ManyFilesMemoryTest {
    static final String HEAP = "-Xmx96m";
    private static final int PROCESSES = 2000;

    @TempDir
    Path dir;

    /** Reads the trace {@code args[0]} and prints how many processes were analysed. */
    public static void main(String[] args) throws Exception {
        TraceProfile profile = TraceInput.read(Path.of(args[0]), new ReadOptions(false, 2), AnalysisOptions.PROFILE);
        System.out.println(profile.processes().size() + " processes");
    }

    private Path write() throws IOException {
        try (BufferedWriter master = Files.newBufferedWriter(dir.resolve("m.otf"), StandardCharsets.ISO_8859_1);
             BufferedWriter d = Files.newBufferedWriter(dir.resolve("m.0.def"), StandardCharsets.ISO_8859_1)) {
            d.write("DTRf4240\n");
            StringBuilder members = new StringBuilder("DPG3b9aca05M");
            for (int p = 1; p <= PROCESSES; p++) {
                master.write(Integer.toHexString(p) + ":" + Integer.toHexString(p) + "\n");
                d.write("DP" + Integer.toHexString(p) + "NM\"Process " + (p - 1) + "\"\n");
                members.append(Integer.toHexString(p)).append(',');
            }
            d.write(members + "NM\"MPI_COMM_WORLD\"\nDFG1NM\"Application\"\nDF10G1NM\"main\"\n");
        }
        for (int p = 1; p <= PROCESSES; p++) {
            String star = "*" + Integer.toHexString(p);
            Files.writeString(dir.resolve("m." + Integer.toHexString(p) + ".events"), String.join("\n", "0", star, "E10", "64", star, "L", ""));
        }
        return dir.resolve("m.otf");
    }

    @Test
    void twoThousandFilesReadInASmallHeap() throws Exception {
        Path master = write();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), HEAP,
                "-cp", System.getProperty("java.class.path"), Otf1ManyFilesMemoryTest.class.getName(), master.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, child.waitFor(), output);
        assertEquals(PROCESSES + " processes", output.strip());
    }
}
