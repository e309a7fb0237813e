package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code predict --format simgrid -o DIR} writes DIR whole or not at all, as {@code -o}'s files: a run interrupted while
 * writing its part folder ({@code .DIR.PID.part}) removes it (a SIGINT left 11 MB of rank files there, and no later run
 * removed them), and a later run writing DIR removes the part folders of runs that are gone.
 */
class SimGridPartFolderTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    @Test
    void aLaterRunRemovesThePartFoldersOfRunsThatAreGone() throws Exception {
        Path gone = Files.createDirectories(dir.resolve(".sg.999999999.part"));
        Files.writeString(gone.resolve("rank-0.txt"), "0 init\n");
        Path goneRetry = Files.createDirectories(dir.resolve(".sg.999999999-1.part"));
        long alive = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L);
        Path running = Files.createDirectories(dir.resolve(".sg." + alive + ".part"));
        Path otherName = Files.createDirectories(dir.resolve(".other.999999999.part"));
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "predict", TESTDATA.resolve("otf2/jacobi-4").toString(), "--format",
                "simgrid", "-o", dir.resolve("sg").toString(), "-q");
        assertEquals(0, code, err.toString());
        assertTrue(Files.isRegularFile(dir.resolve("sg/smpirun.sh")));
        assertTrue(!Files.exists(gone) && !Files.exists(goneRetry), "the gone run's part folders are removed");
        assertTrue(Files.isDirectory(running), "a running process's part folder stays");
        assertTrue(Files.isDirectory(otherName), "another name's stays");
    }

    /**
     * The JVM exits (as on Ctrl-C: the shutdown hooks run while the writing thread runs on) once the part folder holds
     * its first rank file: nothing is left but, where the rename came first, the whole folder. The exit is timed by a
     * watching thread, so a run can finish before it; the test needs one run of five interrupted mid-write.
     */
    @Test
    void anExportInterruptedWhileWritingLeavesNothing() throws Exception {
        int interrupted = 0;
        for (int attempt = 0; attempt < 5 && interrupted == 0; attempt++) {
            Path here = Files.createDirectory(dir.resolve("a" + attempt));
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Digtrace.isolate=false",
                    "-cp", System.getProperty("java.class.path"), ExitWhileWriting.class.getName(),
                    TESTDATA.resolve("otf2/halo3d-32").toString(), here.resolve("sg").toString()).redirectErrorStream(true).start();
            String said = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(child.waitFor(120, TimeUnit.SECONDS), said);
            List<String> left;
            try (Stream<Path> files = Files.list(here)) {
                left = files.map(f -> f.getFileName().toString()).toList();
            }
            if (left.isEmpty()) {
                interrupted++;
            } else {
                assertEquals(List.of("sg"), left, said);
                assertTrue(Files.isRegularFile(here.resolve("sg/smpirun.sh")), "a folder renamed is whole: " + said);
            }
        }
        assumeTrue(interrupted > 0, "every run finished its folder before the exit: nothing interrupted to check");
    }

    /** Writes args[1] (predict --format simgrid of args[0]) in this JVM, and exits once its part folder holds a rank file. */
    static final class ExitWhileWriting {
        public static void main(String[] args) throws Exception {
            Path target = Path.of(args[1]);
            Thread watch = new Thread(() -> {
                while (true) {
                    try (Stream<Path> files = Files.list(target.getParent())) {
                        for (Path p : files.toList()) {
                            if (p.getFileName().toString().endsWith(".part") && Files.exists(p.resolve("rank-0.txt"))) {
                                System.exit(130);
                            }
                        }
                    } catch (java.io.IOException | java.io.UncheckedIOException e) { // NOPMD: a folder renamed meanwhile
                    }
                    if (Files.exists(target)) {
                        return;
                    }
                }
            });
            watch.setDaemon(true);
            watch.start();
            StringWriter out = new StringWriter(), err = new StringWriter();
            int code = IgtraceCommand.run(out, new PrintWriter(err, true), "predict", args[0], "--format", "simgrid", "-o", args[1], "-q");
            System.out.println("exit " + code + " " + err);
            System.out.flush();
            watch.join(); // a watcher that saw the part folder exits the JVM; otherwise it saw the folder renamed
        }
    }
}
