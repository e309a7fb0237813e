package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Temporary folders and files of igtrace run as {@code java -jar} (no launcher, whose own status folder it removes
 * itself), issue 41: a run killed with SIGKILL leaves its {@code igtrace-reader-PID-...} folder, and a later run removes
 * it once that process is gone; spill files go to {@code TMPDIR} when {@code java.io.tmpdir} was not given (the JVM
 * takes /tmp whatever TMPDIR says).
 */
class TempFoldersTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    /** igtrace in a JVM of its own (as java -jar runs it), with {@code TMPDIR} set to {@code tmpdir} when not null. */
    private static ProcessBuilder igtrace(Path tmpdir, List<String> jvm, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvm);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(command);
        if (tmpdir != null) {
            b.environment().put("TMPDIR", tmpdir.toString());
        }
        return b;
    }

    private static List<Path> igtraceFolders(Path tmp) throws Exception {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(f -> f.getFileName().toString().startsWith("igtrace-")).toList();
        }
    }

    @Tag("slow")
    @Test
    void aSigkilledRunsFolderIsRemovedByTheNextRun() throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        String trace = TESTDATA.resolve("otf2/halo3d-32").toString();
        List<String> jvm = List.of("-Djava.io.tmpdir=" + tmp); // as java -Djava.io.tmpdir=... -jar: the folder's place is known
        Process killed = igtrace(null, jvm, "stats", trace, "-q").redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<Path> left;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            // the OTF2 read runs in a child JVM; its status folder is made first, before the child starts
            while ((left = igtraceFolders(tmp)).isEmpty() && killed.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(1, left.size(), "the run's own folder appeared: " + left);
        } finally {
            killed.descendants().forEach(ProcessHandle::destroyForcibly); // SIGKILL, the whole tree as kill -9 of its group
            killed.destroyForcibly();
        }
        assertTrue(killed.waitFor(30, TimeUnit.SECONDS));
        assertEquals(137, killed.exitValue(), "killed by SIGKILL");
        assertTrue(Files.isDirectory(left.get(0)), "SIGKILL left " + left.get(0));
        assertTrue(left.get(0).getFileName().toString().startsWith("igtrace-reader-" + killed.pid() + "-"), left.get(0) + " names its process");
        Process next = igtrace(null, jvm, "info", trace).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(next.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, next.exitValue());
        assertFalse(Files.exists(left.get(0)), "the next run removed the killed run's folder");
        assertEquals(List.of(), igtraceFolders(tmp), "and left none of its own");
    }

    /**
     * Spill files go to TMPDIR when java.io.tmpdir was not given: /proc, a folder where no file can be made (not even by
     * root), makes the spill fail naming it; they went to /tmp and the run succeeded before.
     */
    @Test
    void spillFilesGoToTmpdir() throws Exception {
        Path err = dir.resolve("err.txt");
        Process p = igtrace(Path.of("/proc"), List.of("-Digtrace.activities.memory=0", "-Digtrace.isolate=false"),
                "predict", TESTDATA.resolve("otf2/patterns-8").toString(), "-q")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String said = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(1, p.exitValue(), said);
        assertTrue(said.startsWith("igtrace: /proc: cannot write replay activities"), said);
        assertEquals(1, said.lines().count(), said);
    }
}
