package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the launcher does around the run (issue 41 items 4 and 5): the first run's class-data
 * archive dump (interrupted, killed, several first runs at once), the status folders of older
 * launchers, and the walk over the trace's files that picks the JIT compiler. The launcher runs as
 * installed from a release ({@link LauncherTest#installRelease}), with the JDK's own class list as
 * igtrace's, so that the dump is real and takes a second or two.
 */
class LauncherHousekeepingTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path install;
    @TempDir
    Path work;
    @TempDir
    Path tmp;
    private Path lib;
    /** The launcher's name for the archive: igtrace-ID.jsa, ID a hash of the jar's path (bash, char by char). */
    private String archive;

    @BeforeEach
    void installRelease() throws IOException {
        LauncherTest.installRelease(install);
        lib = install.resolve("lib");
        Files.copy(Path.of(System.getProperty("java.home"), "lib", "classlist"), lib.resolve("igtrace.classlist"));
        String jar = lib.resolve("igtrace.jar").toString();
        long jarId = 5381;
        for (int i = 0; i < jar.length(); i++) {
            jarId = (jarId * 33 + jar.charAt(i)) & 0xffffffffL;
        }
        archive = "igtrace-" + jarId + ".jsa";
    }

    /** bash bin/igtrace ARGS in {@code work}, TMPDIR the test's, after {@code prefix} (setsid, env ...). */
    private ProcessBuilder launcher(List<String> prefix, String... args) {
        List<String> command = new ArrayList<>(prefix);
        command.add("bash");
        command.add(install.resolve("bin/igtrace").toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("TMPDIR", tmp.toString());
        pb.environment().remove("IGTRACE_JAVA_OPTS");
        return pb;
    }

    /**
     * The dump JVM: java given -Xshare:dump (not setpriv, whose arguments name the same options
     * until it has set the parent-death signal and become java).
     */
    private static boolean isDump(ProcessHandle p) {
        return p.info().command().map(c -> c.endsWith("/java")).orElse(false)
                && p.info().arguments().map(a -> List.of(a).contains("-Xshare:dump")).orElse(false);
    }

    private static ProcessHandle awaitDump(Process igtrace) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (igtrace.isAlive() && System.nanoTime() < deadline) {
            var dump = igtrace.descendants().filter(LauncherHousekeepingTest::isDump).findFirst();
            if (dump.isPresent()) {
                return dump.get();
            }
            Thread.sleep(5); // polling /proc, not waiting out a race
        }
        throw new AssertionError("the first run dumps the class-data archive");
    }

    private static void signal(String signal, String target) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, "--", target).start().waitFor(), "kill -" + signal + " " + target);
    }

    private List<String> libFiles() throws IOException {
        try (Stream<Path> files = Files.list(lib)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * Ctrl-C during the first run's class-data archive dump (issue 41 item 5): the dump JVM took
     * the SIGINT alone and exited 130, and the script went on to read the whole trace; SIGTERM left
     * a half-written {@code *.jsa.PID.tmp} beside the jar and the dump JVM running. The launcher
     * runs in a process group of its own with SIGINT at its default, as a terminal's foreground job
     * would (started with SIGINT ignored, as a background job of a script is, bash can neither trap
     * nor take it: the run went on to exit 0, seen when the suite ran in the background); the dump
     * JVM is stopped before the SIGINT, so that it cannot end on its own first. SIGINT to the whole
     * group must end the run at once with 130, with no archive, no temporary archive, no dump JVM
     * and no output. A temporary archive left by a launcher that is gone (SIGKILL) is removed by
     * the dump, one of a live process is not.
     */
    @Test
    void ctrlCDuringTheClassDataDumpEndsTheRunAndLeavesNoArchive() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path stale = Files.createFile(lib.resolve(archive + "." + gone.pid() + ".tmp"));
        Path live = Files.createFile(lib.resolve(archive + "." + ProcessHandle.current().pid() + ".tmp"));
        Process igtrace = launcher(List.of("setsid", "env", "--default-signal=INT"), TESTDATA.resolve("otf2/pi-4").toString(),
                "-q", "-o", "g.graphml").start();
        ProcessHandle dump = null;
        try {
            dump = awaitDump(igtrace);
            assertFalse(Files.exists(stale), "the temporary archive of a launcher that is gone is removed");
            signal("STOP", Long.toString(dump.pid()));
            signal("INT", "-" + igtrace.pid()); // Ctrl-C
            assertTrue(igtrace.waitFor(10, TimeUnit.SECONDS), "igtrace ended");
            assertEquals(130, igtrace.exitValue());
            assertTrue(dump.onExit().get(10, TimeUnit.SECONDS) != null && !dump.isAlive(), "no dump JVM left running");
        } finally {
            igtrace.descendants().forEach(ProcessHandle::destroyForcibly);
            if (dump != null) {
                dump.destroyForcibly();
            }
            igtrace.destroyForcibly();
        }
        assertEquals(List.of(live.getFileName().toString(), archive + ".lock", "igtrace.classlist", "igtrace.jar"), libFiles(),
                "no archive, no half-written one; a live process's stays");
        Files.delete(live);
        try (Stream<Path> files = Files.list(work)) {
            assertEquals(List.of(), files.toList(), "no output");
        }
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(), files.toList(), "no status folder");
        }
    }

    /**
     * {@code kill -9} of the launcher while it dumps the archive: the dump JVM ran on to its end
     * (and held the dump's lock meanwhile). Stopped first, so that it cannot end on its own, it must
     * still end within two seconds of its launcher; the next run removes the killed run's
     * temporary archive and makes the archive.
     */
    @Tag("slow")
    @Test
    void theDumpJvmDiesWithItsLauncher() throws Exception {
        String trace = TESTDATA.resolve("otf2/pi-4").toString();
        Process igtrace = launcher(List.of(), trace, "-q", "-o", "g.graphml").start();
        ProcessHandle dump = awaitDump(igtrace);
        try {
            signal("STOP", Long.toString(dump.pid()));
            signal("KILL", Long.toString(igtrace.pid())); // the launcher alone
            assertTrue(igtrace.waitFor(10, TimeUnit.SECONDS));
            long killed = System.nanoTime();
            while (LauncherTest.running(dump.pid()) && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(10)) {
                Thread.sleep(10); // polling /proc, not waiting out a race
            }
            double seconds = (System.nanoTime() - killed) / 1e9;
            assertTrue(seconds < 2, "the dump JVM ended " + seconds + " s after its launcher");
        } finally {
            dump.destroyForcibly();
        }
        assertFalse(libFiles().contains(archive), "no archive from a killed run");
        Process next = launcher(List.of(), trace, "-q", "-o", "g.graphml").start();
        assertTrue(next.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, next.exitValue());
        assertEquals(List.of(archive, archive + ".lock", "igtrace.classlist", "igtrace.jar"), libFiles(),
                "the archive, and no temporary one left");
    }

    /**
     * One dump at a time (issue 41 item 5: 8 first runs at once each dumped their own archive, 15 s
     * instead of 2.3 s). A {@code java} first on the PATH notes each dump it starts, then becomes
     * the real java. While another process holds the dump's lock, three first runs run without
     * the archive and dump nothing; once it is free, four first runs started together make one
     * dump between them. Every run gives the same graph.
     */
    @Tag("slow")
    @Test
    void severalFirstRunsMakeOneArchive() throws Exception {
        Path bin = Files.createDirectory(work.resolve("bin"));
        Path dumps = work.resolve("dumps");
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\ncase \" $* \" in *\" -Xshare:dump \"*) echo $$ >>'" + dumps + "' ;; esac\nexec '"
                + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        String path = bin + ":" + System.getenv("PATH");
        Path graphs = Files.createDirectory(work.resolve("graphs"));

        Files.createFile(lib.resolve(archive + ".lock"));
        Process holder = new ProcessBuilder("flock", lib.resolve(archive + ".lock").toString(), "sleep", "600").start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (holder.descendants().findAny().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5); // flock starts sleep once it holds the lock
            }
            assertTrue(holder.descendants().findAny().isPresent(), "flock holds the lock");
            runAtOnce(3, path, graphs);
            assertFalse(Files.exists(dumps), "no dump while another process holds the lock");
            assertFalse(libFiles().contains(archive));
        } finally {
            holder.descendants().forEach(ProcessHandle::destroy);
            holder.destroy();
            holder.waitFor();
        }
        runAtOnce(4, path, graphs);
        assertEquals(1, Files.readAllLines(dumps).size(), "one dump for four first runs");
        assertEquals(List.of(archive, archive + ".lock", "igtrace.classlist", "igtrace.jar"), libFiles());
        String first = null;
        try (Stream<Path> files = Files.list(graphs)) {
            for (Path g : files.toList()) {
                String graph = Files.readString(g, StandardCharsets.UTF_8);
                assertTrue(graph.contains("<graphml"), g.toString());
                assertEquals(first == null ? graph : first, graph, g + " is the same graph");
                first = graph;
            }
        }
    }

    /**
     * The dump's names beside the jar ({@code *.jsa.lock}, {@code *.jsa.PID.tmp}, the archive) are
     * predictable: in a folder another user may write (world-writable with the sticky bit, as /tmp;
     * group-writable; owned by another user, which root may write too) they could be links planted
     * to make this user's run create or overwrite a file of their choice (review of session 26). The
     * launcher must then leave that folder alone and keep the archive in the user's own cache folder
     * ({@code XDG_CACHE_HOME/igtrace}, made writable by this user alone), and use it from there.
     * Giving a folder away needs root: that case is skipped otherwise.
     */
    @Tag("slow")
    @Test
    void aJarFolderOthersMayWriteGetsNothingOfTheDump() throws Exception {
        Path cache = work.resolve("cache");
        boolean root = Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        List<String> cases = root ? List.of("1777", "775", "owner") : List.of("1777", "775");
        for (String how : cases) {
            if (how.equals("owner")) {
                Files.setPosixFilePermissions(lib, PosixFilePermissions.fromString("rwxr-xr-x"));
                Files.setAttribute(lib, "unix:uid", 65534);
            } else {
                assertEquals(0, new ProcessBuilder("chmod", how, lib.toString()).start().waitFor());
            }
            for (int run = 0; run < 2; run++) { // the first makes the archive, the second uses it
                ProcessBuilder pb = launcher(List.of(), TESTDATA.resolve("otf2/pi-4").toString(), "-q", "-o", "g.graphml");
                pb.environment().put("XDG_CACHE_HOME", cache.toString());
                if (run == 1) {
                    pb.environment().put("IGTRACE_JAVA_OPTS", "-Xlog:class+load=info:file=" + work.resolve("classes.log"));
                }
                Process p = pb.start();
                assertTrue(p.waitFor(120, TimeUnit.SECONDS));
                assertEquals(0, p.exitValue(), how);
            }
            assertEquals(List.of("igtrace.classlist", "igtrace.jar"), libFiles(), how + ": nothing of the dump beside the jar");
            assertTrue(Files.isRegularFile(cache.resolve("igtrace").resolve(archive)), how + ": the archive in the user's cache folder");
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache.resolve("igtrace"))), how);
            assertTrue(Files.readString(work.resolve("classes.log"), StandardCharsets.UTF_8).contains("source: shared objects file"),
                    how + ": the second run uses it");
            Files.delete(cache.resolve("igtrace").resolve(archive));
            Files.setAttribute(lib, "unix:uid", Files.getAttribute(work, "unix:uid"));
        }
    }

    /**
     * An archive beside the jar that this user made and owns, in a folder its group may write (mode 775, as a
     * team's install): a group member could rename an archive of theirs over it between the launcher's
     * check and the JVM's opening it, so it must not be handed to the JVM (review: it was, since this
     * user owns it); the run dumps and maps the cache folder's instead. The JVM's flags show which.
     */
    @Tag("slow")
    @Test
    void anArchiveBesideAJarInAFolderItsGroupMayWriteIsNotUsed() throws Exception {
        Path cache = work.resolve("cache");
        for (int run = 0; run < 2; run++) { // the first makes the archive beside the jar (mode 755), the second runs at 775
            if (run == 1) {
                assertEquals(0, new ProcessBuilder("chmod", "775", lib.toString()).start().waitFor());
            }
            ProcessBuilder pb = launcher(List.of(), TESTDATA.resolve("otf2/pi-4").toString(), "-q", "-o", "g.graphml");
            pb.environment().put("XDG_CACHE_HOME", cache.toString());
            pb.environment().put("IGTRACE_JAVA_OPTS", "-XX:+PrintCommandLineFlags -XX:-DisplayVMOutputToStderr");
            pb.redirectOutput(work.resolve("flags").toFile());
            Process p = pb.start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue());
            String flags = Files.readString(work.resolve("flags"), StandardCharsets.UTF_8);
            Path expected = run == 0 ? lib.resolve(archive) : cache.resolve("igtrace").resolve(archive);
            assertTrue(flags.contains("-XX:SharedArchiveFile=" + expected + " "), run + ": " + flags);
        }
        assertTrue(libFiles().contains(archive), "the first run's archive stays: " + libFiles());
    }

    /**
     * Without HOME and XDG_CACHE_HOME (env -i, a service without a user) the launcher has no cache
     * folder: it stopped at once on "HOME: unbound variable" (review). It must run, with the archive
     * beside the jar when that folder is this user's alone, else without one.
     */
    @Tag("slow")
    @Test
    void withoutHomeTheLauncherRunsAndDumpsOnlyBesideAJarOfItsOwn() throws Exception {
        for (String mode : List.of("1777", "755")) {
            assertEquals(0, new ProcessBuilder("chmod", mode, lib.toString()).start().waitFor());
            ProcessBuilder pb = launcher(List.of(), TESTDATA.resolve("otf2/pi-4").toString(), "-q", "-o", "g-" + mode + ".graphml");
            String path = pb.environment().get("PATH");
            pb.environment().clear();
            pb.environment().put("PATH", path);
            pb.environment().put("TMPDIR", tmp.toString());
            pb.redirectOutput(ProcessBuilder.Redirect.PIPE).redirectErrorStream(true);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), mode + ": " + out);
            assertEquals("", out, mode);
            assertTrue(Files.size(work.resolve("g-" + mode + ".graphml")) > 0, mode);
            if (mode.equals("755")) {
                assertTrue(libFiles().contains(archive), mode + ": the archive beside a jar of this user's alone: " + libFiles());
            } else {
                assertEquals(List.of("igtrace.classlist", "igtrace.jar"), libFiles(), mode + ": nothing of the dump");
            }
        }
    }

    /** {@code n} runs of pi-4 started together, each writing its graph into {@code graphs}; each must exit 0. */
    private void runAtOnce(int n, String path, Path graphs) throws Exception {
        List<Process> runs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ProcessBuilder pb = launcher(List.of(), TESTDATA.resolve("otf2/pi-4").toString(), "-q", "-o",
                    graphs.resolve(runs.size() + "-" + n + ".graphml").toString());
            pb.environment().put("PATH", path);
            runs.add(pb.start());
        }
        for (Process run : runs) {
            assertTrue(run.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, run.exitValue());
        }
    }

    /**
     * Status folders of older launchers, named igtrace.XXXXXX without a process id, were never
     * removed (issue 41 item 4). One whose JVM is gone goes; one named on a running process's
     * command line (as the JVM is given its status file) stays, as does one without a status file
     * (its run is starting).
     */
    @Tag("slow")
    @Test
    void statusFoldersOfTheOlderNamingAreRemovedOnceNoProcessNamesThem() throws Exception {
        Path stale = Files.createDirectory(tmp.resolve("igtrace.aB3dE9"));
        Files.writeString(stale.resolve("status"), "started\n");
        Path live = Files.createDirectory(tmp.resolve("igtrace.Zy1xW0"));
        Files.writeString(live.resolve("status"), "started\n");
        Path starting = Files.createDirectory(tmp.resolve("igtrace.q7R2s4"));
        Process jvm = new ProcessBuilder("bash", "-c", "sleep 600; :", "-Digtrace.supervisor.status=" + live.resolve("status")).start();
        try {
            Process run = launcher(List.of(), TESTDATA.resolve("otf2/pi-4").toString(), "-q", "-o", "g.graphml").start();
            assertTrue(run.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, run.exitValue());
        } finally {
            jvm.descendants().forEach(ProcessHandle::destroy);
            jvm.destroy();
        }
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(live, starting), files.sorted().toList(), "the stale folder of the older naming is removed");
        }
    }

    /**
     * The walk over the trace's files that picks the JIT compiler (C1 alone under 16 MB) went over
     * every file with du: 1.0 s of CPU at 100,000 locations. It stops at 16 MB now. A folder of
     * 12,000 files of 4 KiB (16 MB after 4,096 of them) named as the trace (its anchor is not an
     * OTF2 anchor, so igtrace stops at once): the launcher must look at fewer than 8,000 of them
     * (4,096 less the folder's own blocks, plus what find runs ahead of awk: a pipe of 64 KiB holds
     * 1,024 of its 64-byte lines, its own buffer 64 more); du looked at all 12,000. Counted with
     * strace, when there is one.
     */
    @Tag("slow")
    @Test
    void theSizeWalkStopsAt16Megabytes() throws Exception {
        assumeTrue(Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, "strace"))), "strace");
        Path folder = Files.createDirectory(work.resolve("traces"));
        byte[] block = new byte[4096];
        for (int i = 0; i < 12_000; i++) {
            Files.write(folder.resolve(i + ".evt"), block);
        }
        Files.writeString(work.resolve("traces.otf2"), "not an anchor\n");
        Path log = tmp.resolve("strace.log");
        ProcessBuilder pb = launcher(List.of("strace", "-f", "-qq", "-o", log.toString()), "info", work.resolve("traces.otf2").toString());
        Process run = pb.start();
        assertTrue(run.waitFor(300, TimeUnit.SECONDS));
        assertEquals(1, run.exitValue(), "not an OTF2 anchor");
        Pattern statOfAnEventFile = Pattern.compile("stat.*\"(.*/)?\\d+\\.evt\"");
        long looked;
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            looked = lines.filter(l -> statOfAnEventFile.matcher(l).find()).count();
        }
        Files.delete(log);
        // at least what makes 16 MB with the folder's own blocks (a few hundred KiB for 12,000 names)
        assertTrue(looked >= 3500 && looked < 8000, "the launcher looked at " + looked + " of the 12,000 files");
    }
}
