package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.StringJoiner;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A master file whose first line is longer than the 4,096 bytes the format's detection reads: `otfmerge -n 1` writes one
 * stream of every process, and from about 1,050 processes on that line is longer (2,000 processes: 7,782 bytes). It was
 * refused as "not a trace"; otfprint reads it.
 */
class Otf1LongMasterLineTest {
    @TempDir
    Path dir;

    @Test
    void aStreamOfTwoThousandProcessesIsATrace() throws Exception {
        int n = 2000;
        StringBuilder defs = new StringBuilder("DTRf4240\n");
        StringJoiner members = new StringJoiner(",", "DPG3b9aca05M", ",NM\"MPI_COMM_WORLD\"\n");
        StringJoiner master = new StringJoiner(",", "1:", "\n");
        StringBuilder enters = new StringBuilder("0\n"), leaves = new StringBuilder("64\n");
        for (int i = 1; i <= n; i++) {
            defs.append("DP").append(Integer.toHexString(i)).append("NM\"Process ").append(i - 1).append("\"\n");
            members.add(Integer.toHexString(i));
            master.add(Integer.toHexString(i));
            enters.append('*').append(Integer.toHexString(i)).append("\nE10\n");
            leaves.append('*').append(Integer.toHexString(i)).append("\nL\n");
        }
        defs.append(members).append("DFG1NM\"Application\"\nDF10G1NM\"main\"\n");
        Files.writeString(dir.resolve("m.0.def"), defs);
        Files.writeString(dir.resolve("m.otf"), master.toString());
        Files.writeString(dir.resolve("m.1.events"), enters.toString() + leaves);
        assertEquals(true, master.length() > 4096, "the line: " + master.length());
        assertEquals(TraceFormat.OTF1, TraceFormat.locate(dir.resolve("m.otf")).format());
        TraceProfile profile = TraceInput.read(dir.resolve("m.otf"), false);
        assertEquals(n, profile.processes().size());
        // every process in main from 0 to 0x64 = 100 ticks of 1 MHz
        assertEquals(1e-4, profile.processes().get(n - 1).time(), 1e-15);
    }
}
