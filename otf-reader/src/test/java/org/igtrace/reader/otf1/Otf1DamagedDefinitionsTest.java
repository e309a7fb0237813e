package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One damaged byte in a definition record igtrace uses, found by a hunt: read leniently, each gave other numbers with
 * exit 0 (a communicator's member list {@code M1,2.3,4,} lost members 3 and 4 and every collective of it; a
 * {@code DPGA} record damaged into {@code DP\xf0A...} made a process 0 named "" and shifted every rank; {@code NMx...}
 * took MPI_Init's name, so its time counted as communication), while libotf's otfprint refuses each copy ("An error
 * occurred while reading definitions"). Each is refused in one line naming the file and the line; the intact copy reads.
 */
class Otf1DamagedDefinitionsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "DPG3b9aca05M1,2,3,4,NM\"MPI_COMM_WORLD\"|DPG3b9aca05M1,2.3,4,NM\"MPI_COMM_WORLD\"|10|a definition record (PG) holds '.' where a field's keyword belongs",
        "DPGA3b9aca05V1|DP\u00f0A3b9aca05V1|15|a definition record (P) has no id first but the byte 0xf0",
        "DF11G3NM\"MPI_Init\"|DF11G3NMxMPI_Init\"|21|a definition record (F) has a name that is not in quotes",
        "DF10G1NM\"main\"|DF10G1,NM\"main\"|20|a definition record (F) holds ',' where a field's keyword belongs",
    })
    void aDamagedRecordIsRefusedAsOtfprintRefusesIt(String intact, String damaged, int line, String why) throws Exception {
        Path master = Otf1DamagedTraceTest.copy(dir, "synth-plain", "synth.otf");
        Path def = dir.resolve("synth.0.def");
        byte[] bytes = Files.readAllBytes(def);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        assertEquals(1, text.split(java.util.regex.Pattern.quote(intact + "\n"), -1).length - 1, "the record is there once");
        Files.write(def, text.replace(intact + "\n", damaged + "\n").getBytes(StandardCharsets.ISO_8859_1));
        Process print = new ProcessBuilder("otfprint", master.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertNotEquals(0, print.waitFor(), "otfprint refuses the copy");
        assertEquals(def + ": line " + line + ": " + why, Otf1DamagedTraceTest.error(master, Otf1DamagedTraceTest.DEFAULT));
    }

    /**
     * OTF writes numbers without leading zeros; libotf reads one (otfprint reads this copy), so a first digit damaged into
     * a 0 read as another number: VampirTrace's timer resolution DTR871dac68 as 071dac68 made a 0.26 s run 4.9 s, exit 0.
     * Here synth-plain's DTRf4240 (10^6 ticks a second) as DTR0f4240 is refused naming the line.
     */
    @Test
    void aNumberWithALeadingZeroIsRefused() throws Exception {
        Path master = Otf1DamagedTraceTest.copy(dir, "synth-plain", "synth.otf");
        Path def = dir.resolve("synth.0.def");
        String text = Files.readString(def, StandardCharsets.ISO_8859_1);
        assertTrue(text.contains("\nDTRf4240\n"), text);
        Files.writeString(def, text.replace("\nDTRf4240\n", "\nDTR0f4240\n"), StandardCharsets.ISO_8859_1);
        assertEquals(def + ": line 3: the number 0f4240 has a leading zero, which no writer makes: a damaged digit",
                Otf1DamagedTraceTest.error(master, Otf1DamagedTraceTest.DEFAULT));
    }

    @Test
    void theIntactCopyIsRead() throws Exception {
        Path master = Otf1DamagedTraceTest.copy(dir, "synth-plain", "synth.otf");
        assertEquals(4, TraceInput.read(master, Otf1DamagedTraceTest.DEFAULT, Otf1DamagedTraceTest.WAITS).processes().size());
        Process print = new ProcessBuilder("otfprint", master.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(print.waitFor() == 0, "otfprint reads the intact copy");
    }
}
