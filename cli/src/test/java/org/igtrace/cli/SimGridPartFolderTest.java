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
import org.junit.jupiter.api.Tag;
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
    @Tag("slow")
    @Test
    void anExportInterruptedWhileWritingLeavesNothing() throws Exception {
        assumeTrue(interruptedRuns("sg", List.of("sg/smpirun.sh")) > 0,
                "every run finished its folder before the exit: nothing interrupted to check");
    }

    /**
     * map --simgrid made/sg: the JVM exits while rank-order's or proposed's part folder is being written (the hooks of
     * the map's folders and of the export's part folder then ran at once, and one listing's UncheckedIOException left
     * made/sg/rank-order whole, without proposed, in about 1 run of 5; both are now written in the run's own part folder
     * beside DIR and moved into place at the end): nothing is left, or the whole of both.
     */
    @Tag("slow")
    @Test
    void aMapInterruptedWhileWritingItsFoldersLeavesNothing() throws Exception {
        assumeTrue(interruptedRuns("made/sg", List.of("made/sg/rank-order/smpirun.sh", "made/sg/proposed/smpirun.sh"), "map") > 0,
                "every run finished its folders before the exit: nothing interrupted to check");
    }

    /**
     * Up to 5 runs of {@link ExitWhileWriting} writing {@code target} in a folder of their own, until 2 were interrupted
     * before their output was whole: each leaves nothing, or (the rename came first) its output whole, the files
     * {@code whole} there.
     *
     * @return how many runs left nothing
     */
    private int interruptedRuns(String target, List<String> whole, String... command) throws Exception {
        int interrupted = 0;
        for (int attempt = 0; attempt < 5 && interrupted < 2; attempt++) {
            Path here = Files.createDirectory(dir.resolve("a" + attempt + String.join("", command)));
            List<String> args = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Digtrace.isolate=false", "-cp", System.getProperty("java.class.path"), ExitWhileWriting.class.getName(),
                    TESTDATA.resolve("otf2/halo3d-32").toString(), here.resolve(target).toString()));
            args.addAll(List.of(command));
            Process child = new ProcessBuilder(args).redirectErrorStream(true).start();
            String said = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(child.waitFor(120, TimeUnit.SECONDS), said);
            List<String> left;
            try (Stream<Path> files = Files.list(here)) {
                left = files.map(f -> f.getFileName().toString()).toList();
            }
            if (left.isEmpty()) {
                interrupted++;
            } else {
                assertEquals(List.of(target.split("/")[0]), left, said);
                for (String file : whole) {
                    assertTrue(Files.isRegularFile(here.resolve(file)), "whole: " + file + ": " + said);
                }
            }
        }
        return interrupted;
    }

    /**
     * Writes args[1] (predict --format simgrid of args[0]; with args[2] "map", map --simgrid args[1] on a 4x4x2 torus) in
     * this JVM, and exits once a part folder beside the target holds a rank file.
     */
    static final class ExitWhileWriting {
        public static void main(String[] args) throws Exception {
            Path target = Path.of(args[1]);
            Thread watch = new Thread(() -> {
                while (true) {
                    // predict's part folder is beside the target; map's in its own beside it (made/.sg.PID.part/.rank-order.PID.part)
                    Path parts = target.getParent();
                    try (Stream<Path> files = Files.exists(parts) ? Files.walk(parts) : Stream.empty()) {
                        for (Path p : files.toList()) {
                            if (p.getFileName().toString().endsWith(".part") && Files.exists(p.resolve("rank-0.txt"))) {
                                System.exit(130);
                            }
                        }
                    } catch (java.io.IOException | java.io.UncheckedIOException e) { // NOPMD: a folder renamed meanwhile
                    }
                    if (args.length > 2 ? Files.exists(target.resolve("proposed")) : Files.exists(target)) {
                        return;
                    }
                }
            });
            watch.setDaemon(true);
            watch.start();
            StringWriter out = new StringWriter(), err = new StringWriter();
            int code = args.length > 2 ? IgtraceCommand.run(out, new PrintWriter(err, true), "map", args[0], "--topology", "torus:4x4x2",
                    "--simgrid", args[1], "-q") : IgtraceCommand.run(out, new PrintWriter(err, true), "predict", args[0], "--format", "simgrid",
                    "-o", args[1], "-q");
            System.out.println("exit " + code + " " + err);
            System.out.flush();
            watch.join(); // a watcher that saw the part folder exits the JVM; otherwise it saw the folder renamed
        }
    }
}
