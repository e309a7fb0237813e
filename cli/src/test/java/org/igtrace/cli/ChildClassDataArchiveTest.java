package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under {@code java -jar}, the child JVM that reads an OTF2 archive gets the class-data sharing
 * archive the launcher made for the same jar (issue 38): before, it had none, and spent 0.3-0.4 s
 * more CPU loading and linking classes at every run. A release is installed (the launcher as
 * {@code bin/igtrace}, igtrace's classes in a real {@code lib/igtrace.jar}, since class-data sharing
 * archives classes from jars only), the launcher's first run makes the archive, and
 * {@code java -jar lib/igtrace.jar} then runs the same command: the child's class-loading log (its
 * {@code IGTRACE_JAVA_OPTS}) must show igtrace's entry point loaded from the archive.
 */
class ChildClassDataArchiveTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path install;
    @TempDir
    Path work;

    private Path lib;
    private Path jar;
    /** The launcher's archive of {@link #jar}. */
    private Path archive;
    private final String trace = TESTDATA.resolve("otf2/pi-4").toString();
    private final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @BeforeEach
    void installRelease() throws IOException {
        lib = Files.createDirectories(install.resolve("lib"));
        Files.createDirectories(install.resolve("bin"));
        Files.copy(TESTDATA.resolveSibling("igtrace"), install.resolve("bin/igtrace"), StandardCopyOption.COPY_ATTRIBUTES);
        jar = lib.resolve("igtrace.jar");
        writeJar(jar);
        List<String> classes = new ArrayList<>(Files.readAllLines(Path.of(System.getProperty("java.home"), "lib", "classlist")));
        classes.add("org/igtrace/cli/Main");
        Files.write(lib.resolve("igtrace.classlist"), classes);
        // the launcher's name for it: igtrace-ID.jsa, ID = h * 33 + c over the jar's real path from 5381, in 32 bits
        String real = jar.toRealPath().toString();
        long id = 5381;
        for (int i = 0; i < real.length(); i++) {
            id = (id * 33 + real.charAt(i)) & 0xffffffffL;
        }
        archive = lib.resolve("igtrace-" + id + ".jsa");
    }

    /** java -jar on pi-4 writing OUTPUT; the child's class-loading log must show igtrace's entry point from the archive. */
    private void javaJarUsesTheArchive(String output) throws Exception {
        Path log = work.resolve("child-classes.log");
        assertEquals(0, run(List.of(java, "-jar", jar.toString(), trace, "-q", "-o", output), "-Xlog:class+load=info:file=" + log));
        String loaded = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(loaded.contains("org.igtrace.cli.Main source: shared objects file"),
                "the child loads igtrace's classes from the archive:\n" + loaded.lines().filter(l -> l.contains("org.igtrace.cli.Main ")).toList());
    }

    private List<String> libFiles() throws IOException {
        try (Stream<Path> files = Files.list(lib)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Tag("slow")
    @Test
    void theJavaJarChildUsesTheLaunchersArchive() throws Exception {
        assertEquals(0, run(List.of("bash", install.resolve("bin/igtrace").toString(), trace, "-q", "-o", "launcher.graphml"), null));
        assertTrue(Files.isRegularFile(archive), "the launcher's first run made " + archive);
        javaJarUsesTheArchive("java-jar.graphml");
        assertEquals(Files.readString(work.resolve("launcher.graphml")), Files.readString(work.resolve("java-jar.graphml")));
    }

    /**
     * No launcher run before: {@code java -jar} makes the launcher's archive itself (the same file,
     * beside the jar), before its child starts, and leaves no temporary archive. Before, its child
     * ran without one until a launcher run made it.
     */
    @Tag("slow")
    @Test
    void javaJarMakesTheArchiveWhenThereIsNone() throws Exception {
        javaJarUsesTheArchive("java-jar.graphml");
        assertTrue(Files.isRegularFile(archive), archive.toString());
        assertTrue(libFiles().stream().noneMatch(f -> f.endsWith(".tmp")), libFiles().toString());
    }

    /**
     * Beside a jar in a folder others may write (here world-writable with the sticky bit, as /tmp),
     * the dump's predictable names could be links planted by another user (review of session 26):
     * java -jar must leave that folder alone, make the archive in the user's own cache folder
     * ({@code XDG_CACHE_HOME/igtrace}), and its child must use it from there.
     */
    @Tag("slow")
    @Test
    void javaJarMakesNothingBesideAJarInAFolderOthersMayWrite() throws Exception {
        assertEquals(0, new ProcessBuilder("chmod", "1777", lib.toString()).start().waitFor());
        Path cache = work.resolve("cache");
        Path log = work.resolve("child-classes.log");
        assertEquals(0, run(List.of(java, "-jar", jar.toString(), trace, "-q", "-o", "g.graphml"), "-Xlog:class+load=info:file=" + log,
                cache.toString()));
        assertEquals(List.of("igtrace.classlist", "igtrace.jar"), libFiles(), "nothing of the dump beside the jar");
        assertTrue(Files.isRegularFile(cache.resolve("igtrace").resolve(archive.getFileName())), "the archive in the user's cache folder");
        assertTrue(Files.readString(log, StandardCharsets.UTF_8).contains("org.igtrace.cli.Main source: shared objects file"),
                "the child loads igtrace's classes from it");
    }

    /**
     * An archive beside the jar that this user made and owns, in a folder its group may write (mode 775):
     * a group member could rename an archive of theirs over it between the check and the child JVM's
     * opening it (review: it was used, since this user owns it). java -jar must make and give its child the
     * cache folder's archive instead; the child's flags show which it maps.
     */
    @Tag("slow")
    @Test
    void javaJarUsesNoArchiveBesideAJarInAFolderItsGroupMayWrite() throws Exception {
        Path cache = work.resolve("cache");
        assertEquals(0, run(List.of(java, "-jar", jar.toString(), trace, "-q", "-o", "g.graphml"), null, cache.toString()));
        assertTrue(Files.isRegularFile(archive), "made beside the jar while its folder was this user's alone");
        assertEquals(0, new ProcessBuilder("chmod", "775", lib.toString()).start().waitFor());
        assertEquals(0, run(List.of(java, "-jar", jar.toString(), trace, "-q", "-o", "g.graphml"), "-XX:+PrintCommandLineFlags -XX:-DisplayVMOutputToStderr",
                cache.toString()));
        String flags = Files.readString(work.resolve("stdout"), StandardCharsets.UTF_8);
        assertFalse(flags.contains("-XX:SharedArchiveFile=" + archive), flags);
        assertTrue(flags.contains("-XX:SharedArchiveFile=" + cache.resolve("igtrace").resolve(archive.getFileName()) + " "), flags);
    }

    /**
     * One dump at a time: while another run holds the launcher's lock (a launcher or another
     * java -jar dumping), java -jar does not wait for it and does not dump: its child runs without
     * the archive, and nothing is left beside the jar but the lock.
     */
    @Tag("slow")
    @Test
    void anotherRunsDumpIsNotWaitedFor() throws Exception {
        Path lock = Files.createFile(lib.resolve(archive.getFileName() + ".lock"));
        Process holder = new ProcessBuilder("flock", lock.toString(), "sleep", "600").start();
        try {
            Thread.sleep(200); // flock takes the free lock at once; a late take only makes this run dump (and fail)
            assertEquals(0, run(List.of(java, "-jar", jar.toString(), trace, "-q", "-o", "g.graphml"), null));
            assertEquals(List.of(lock.getFileName().toString(), "igtrace.classlist", "igtrace.jar"), libFiles()); // sorted: "-" before "."
        } finally {
            holder.destroy();
        }
    }

    /**
     * Ctrl-C during java -jar's dump (issue 41 item 5's rules, as for the launcher's): the dump is
     * held stopped so that it cannot end first; SIGINT to the whole group must end the run with 130,
     * with no archive, no temporary archive, no dump process left and no output.
     */
    @Tag("slow")
    @Test
    void ctrlCDuringJavaJarsDumpEndsTheRunAndLeavesNoArchive() throws Exception {
        ProcessBuilder pb = new ProcessBuilder("setsid", "env", "--default-signal=INT", java, "-jar", jar.toString(), trace, "-q", "-o", "g.graphml")
                .directory(work.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("TMPDIR", work.toString());
        pb.environment().remove("IGTRACE_JAVA_OPTS");
        Process igtrace = pb.start();
        ProcessHandle dump = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (dump == null && igtrace.isAlive() && System.nanoTime() < deadline) {
            dump = igtrace.descendants().filter(d -> d.info().command().map(c -> c.endsWith("/java")).orElse(false)
                    && d.info().arguments().map(a -> List.of(a).contains("-Xshare:dump")).orElse(false)).findFirst().orElse(null);
            Thread.sleep(5); // polling /proc, not waiting out a race
        }
        assertTrue(dump != null, "java -jar dumps the archive");
        assertEquals(0, new ProcessBuilder("kill", "-STOP", String.valueOf(dump.pid())).start().waitFor());
        assertEquals(0, new ProcessBuilder("kill", "-INT", "--", "-" + igtrace.pid()).start().waitFor());
        assertTrue(igtrace.waitFor(30, TimeUnit.SECONDS), "the run ended");
        assertEquals(130, igtrace.exitValue());
        try {
            dump.onExit().get(10, TimeUnit.SECONDS); // killed: gone once reaped by whoever inherited it
        } catch (java.util.concurrent.TimeoutException e) {
            new ProcessBuilder("kill", "-KILL", String.valueOf(dump.pid())).start().waitFor();
            throw new AssertionError("the dump JVM was left running (stopped)");
        }
        assertTrue(libFiles().stream().noneMatch(f -> f.endsWith(".tmp") || f.endsWith(".jsa")), libFiles().toString());
        assertFalse(Files.exists(work.resolve("g.graphml")));
    }

    private int run(List<String> command, String javaOptions) throws Exception {
        return run(command, javaOptions, null);
    }

    /** {@code command} in {@code work} with {@code IGTRACE_JAVA_OPTS} (null: unset) and {@code XDG_CACHE_HOME} (null: as it is). */
    private int run(List<String> command, String javaOptions, String cacheHome) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectOutput(work.resolve("stdout").toFile())
                .redirectError(work.resolve("stderr").toFile());
        pb.environment().put("TMPDIR", work.toString());
        if (cacheHome != null) {
            pb.environment().put("XDG_CACHE_HOME", cacheHome);
        }
        if (javaOptions == null) {
            pb.environment().remove("IGTRACE_JAVA_OPTS");
        } else {
            pb.environment().put("IGTRACE_JAVA_OPTS", javaOptions);
        }
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "igtrace ended");
        assertEquals("", Files.readString(work.resolve("stderr")), command.toString());
        return p.exitValue();
    }

    /**
     * igtrace's classes (this test's class path's folders, not the tests') in one jar that names its
     * libraries' jars in its manifest and runs {@link Main}.
     */
    private static void writeJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.igtrace.cli.Main");
        List<String> libraries = new ArrayList<>();
        List<Path> folders = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath();
            if (entry.endsWith(".jar")) {
                libraries.add(p.toUri().toString());
            } else if (Files.isDirectory(p) && !p.getFileName().toString().equals("test-classes")) {
                folders.add(p);
            }
        }
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", libraries));
        java.util.Set<String> names = new java.util.HashSet<>();
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            for (Path folder : folders) {
                try (Stream<Path> files = Files.walk(folder)) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        String name = folder.relativize(f).toString().replace(File.separatorChar, '/');
                        if (name.equals("META-INF/MANIFEST.MF") || !names.add(name)) {
                            continue;
                        }
                        j.putNextEntry(new JarEntry(name));
                        Files.copy(f, j);
                        j.closeEntry();
                    }
                }
            }
        }
    }
}
