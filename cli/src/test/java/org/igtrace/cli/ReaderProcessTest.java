package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * igtrace as a user runs it (a fresh JVM): an OTF2 archive is read by a child JVM running the
 * whole command with igtrace's standard streams, an OTF trace in igtrace's own JVM. The child is
 * made to fail with a Java exception by {@code -Digtrace.test.throwInChild}, which the parent
 * passes on and only a child obeys: that must read as an internal error, not as a damaged trace.
 */
class ReaderProcessTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    private record Run(int code, String out, String err) {
    }

    @Tag("slow")
    @Test
    void anExceptionInTheReaderProcessIsAnInternalErrorNotADamagedTrace(@TempDir Path dir) throws Exception {
        Path output = dir.resolve("graph.graphml");
        Run run = igtrace(dir, List.of("-Digtrace.test.throwInChild=true"),
                TESTDATA.resolve("otf2/pi-4").toString(), "-o", output.toString());
        assertEquals(1, run.code(), run.err());
        assertEquals(List.of("igtrace: internal error: java.lang.IllegalStateException: thrown on purpose (-Digtrace.test.throwInChild)"),
                run.err().lines().toList());
        assertFalse(run.err().contains("libotf2"), run.err());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList(), "no output file, no temporary file");
        }
    }

    @Tag("slow")
    @Test
    void aReaderProcessThatDiesWhileWritingLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path output = dir.resolve("graph.graphml");
        Run run = igtrace(dir, List.of("-Digtrace.test.haltWhileWriting=true"),
                TESTDATA.resolve("otf2/pi-4").toString(), "-o", output.toString());
        assertEquals(1, run.code(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains(": libotf2 crashed while reading the archive (the reader process died)"), run.err());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList(), "the half-written temporary file is removed");
        }
    }

    /** Tag slow (-Pfull): the OTF reader's own tests and the in-process command tests cover OTF traces by default. */
    @Tag("slow")
    @Test
    void anOtfTraceIsReadWithoutAReaderProcess(@TempDir Path dir) throws Exception {
        Run run = igtrace(dir, List.of("-Digtrace.test.throwInChild=true"),
                TESTDATA.resolve("otf1/synth-plain/synth.otf").toString(), "--format", "dot");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().startsWith("strict graph igtrace {"), run.out());
    }

    @Tag("slow")
    @Test
    void theReaderProcessWritesWhatIgtraceWritesInItsOwnJvm(@TempDir Path dir) throws Exception {
        String trace = TESTDATA.resolve("otf2/patterns-4").toString();
        Run child = igtrace(dir, List.of(), trace, "--format", "dot");
        Run here = igtrace(dir, List.of("-Digtrace.isolate=false"), trace, "--format", "dot");
        assertEquals(0, child.code(), child.err());
        assertTrue(child.out().startsWith("strict graph igtrace {"), child.out());
        assertEquals(here.out(), child.out());
        assertEquals(here.err(), child.err());
    }

    @Tag("slow")
    @Test
    void theReaderProcessExitCodeIsPassedOn(@TempDir Path dir) throws Exception {
        Run run = igtrace(dir, List.of(), TESTDATA.resolve("otf2/pi-4").toString(), "--graph", "bogus");
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().startsWith("igtrace: ") && run.err().contains("'bogus'"), run.err());
    }

    private static Run igtrace(Path dir, List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("igtrace-test", ".out");
        Path err = Files.createTempFile("igtrace-test", ".err");
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            int code = p.waitFor();
            return new Run(code, Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }
}
