package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * The launcher's ahead-of-time cache on JDK 25 and later (issue 38): the first run of a command on a
 * trace of 16 MB or more records itself and the cache is made from that record; the runs after it
 * start from the cache; a failed run, JDK 17, a small trace or the user's own class-data options make
 * none. Needs a JDK 25 or later (in /usr/lib/jvm, or IGTRACE_TEST_JDK; {@link NewerJdkTest#jdkHome}); skipped without one.
 * The release is installed with igtrace's classes in one jar (the JVM records no class path that
 * holds a folder), and {@code java} is a script beside a JDK's {@code release} file that notes its
 * arguments and runs that JDK's java.
 */
@Tag("slow")
class LauncherAotCacheTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path install;
    @TempDir
    Path work;
    @TempDir
    Path tmp;
    private Path lib;
    private Path calls;
    private String cachePrefix;
    /** IGTRACE_AOT for the runs, or null for none. */
    private String aotSetting;

    private record Run(int code, String out, String err) {
    }

    @BeforeEach
    void installJarredRelease() throws IOException {
        Files.createDirectories(install.resolve("bin"));
        lib = Files.createDirectories(install.resolve("lib"));
        Files.copy(TESTDATA.resolveSibling("igtrace"), install.resolve("bin/igtrace"), StandardCopyOption.COPY_ATTRIBUTES);
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.igtrace.cli.Main");
        manifest.getMainAttributes().put(new Attributes.Name("Enable-Native-Access"), "ALL-UNNAMED");
        List<String> jars = new ArrayList<>();
        List<Path> folders = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath();
            if (Files.isDirectory(p)) {
                folders.add(p);
            } else {
                jars.add(p.toUri().toString());
            }
        }
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", jars));
        Set<String> names = new HashSet<>();
        try (OutputStream out = Files.newOutputStream(lib.resolve("igtrace.jar")); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            names.add("META-INF/MANIFEST.MF");
            for (Path folder : folders) {
                try (Stream<Path> files = Files.walk(folder)) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        String name = folder.relativize(f).toString().replace(File.separatorChar, '/');
                        if (names.add(name)) {
                            jar.putNextEntry(new JarEntry(name));
                            Files.copy(f, jar);
                            jar.closeEntry();
                        }
                    }
                }
            }
        }
        // the JDK's own class list as igtrace's, so that the runs without a cache have a class-data archive
        Files.copy(Path.of(System.getProperty("java.home"), "lib", "classlist"), lib.resolve("igtrace.classlist"));
        String jarPath = lib.resolve("igtrace.jar").toString();
        long jarId = 5381;
        for (int i = 0; i < jarPath.length(); i++) {
            jarId = (jarId * 33 + jarPath.charAt(i)) & 0xffffffffL;
        }
        cachePrefix = "igtrace-" + jarId + "-";
        calls = work.resolve("java-calls");
    }

    /** work/jdk/bin/java: notes each call's arguments on one line of java-calls, then runs {@code home}'s java. */
    private Path javaOf(Path home, String version) throws IOException {
        Path jdk = Files.createDirectories(work.resolve("jdk-" + version + "/bin")).getParent();
        Files.writeString(jdk.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        Path java = jdk.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\necho \"$*\" >>'" + calls + "'\nexec '" + home.resolve("bin/java") + "' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return jdk.resolve("bin");
    }

    /** pi-4 copied into work/t, with a 17 MB file beside it whose name starts as the trace's (the launcher's size walk counts it). */
    private Path paddedTrace() throws IOException {
        Path t = Files.createDirectories(work.resolve("t"));
        Path src = TESTDATA.resolve("otf2/pi-4");
        try (Stream<Path> files = Files.walk(src)) {
            for (Path f : files.toList()) {
                Path to = t.resolve(src.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        Files.write(t.resolve("eztrace_log.padding"), new byte[17 << 20]);
        return t.resolve("eztrace_log.otf2");
    }

    private Run run(Path javaBin, String javaOptions, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", install.resolve("bin/igtrace").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        pb.environment().put("IGTRACE_JAVA_OPTS", javaOptions);
        pb.environment().put("PATH", javaBin + File.pathSeparator + System.getenv("PATH"));
        pb.environment().remove("IGTRACE_AOT");
        if (aotSetting != null) {
            pb.environment().put("IGTRACE_AOT", aotSetting);
        }
        Path out = tmp.resolve("run.out");
        Path err = tmp.resolve("run.err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "igtrace ended");
        Run r = new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    /** The java calls noted since the last look, but the class-data archive's dump (the file then removed). */
    private List<String> takeCalls() throws IOException {
        if (!Files.exists(calls)) {
            return List.of();
        }
        List<String> lines = Files.readAllLines(calls, StandardCharsets.UTF_8);
        Files.delete(calls);
        return lines.stream().filter(c -> !c.contains("-Xshare:dump")).toList();
    }

    /**
     * The caches' files beside the jar, named as COMMAND-KEY.aot..., KEY standing for the launcher's hash of the JDK
     * and the user's options (one key per test run but where the options change).
     */
    private List<String> cacheFiles() throws IOException {
        try (Stream<Path> files = Files.list(lib)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(cachePrefix))
                    .map(n -> n.substring(cachePrefix.length()).replaceFirst("-[0-9]+\\.aot", "-KEY.aot")).sorted().toList();
        }
    }

    /** The file beside the jar that {@link #cacheFiles} shows as {@code shown}. */
    private Path cache(String shown) throws IOException {
        try (Stream<Path> files = Files.list(lib)) {
            List<Path> found = files.filter(f -> {
                String n = f.getFileName().toString();
                return n.startsWith(cachePrefix) && n.substring(cachePrefix.length()).replaceFirst("-[0-9]+\\.aot", "-KEY.aot").equals(shown);
            }).toList();
            assertEquals(1, found.size(), shown + " in " + cacheFiles());
            return found.get(0);
        }
    }

    private static boolean any(List<String> calls, String option) {
        return calls.stream().anyMatch(c -> (" " + c + " ").contains(" " + option));
    }

    @Test
    void theFirstRunOfACommandRecordsItsCacheAndTheNextStartFromIt() throws Exception {
        Path home = NewerJdkTest.jdkHome(25);
        assumeTrue(home != null, "a JDK 25 or later");
        Path jdk25 = javaOf(home, "25.0.3");
        Path trace = paddedTrace();
        String graph = "graph-KEY.aot";

        // a cache of this command made by another JDK (its key): removed once this JDK's is made; another command's kept
        Files.writeString(lib.resolve(cachePrefix + "graph-123.aot"), "an older JDK's");
        Files.writeString(lib.resolve(cachePrefix + "graph-123.aot.lock"), "");
        Files.writeString(lib.resolve(cachePrefix + "stats-123.aot"), "an older JDK's");
        Run first = run(jdk25, "", trace.toString(), "--format", "dot");
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().startsWith("strict graph igtrace {"), first.out());
        assertFalse(first.err().contains("AOT"), "nothing of the JVM's recording on standard error: " + first.err());
        List<String> recorded = takeCalls();
        assertTrue(any(recorded, "-XX:AOTMode=record"), "the first run records: " + recorded);
        assertTrue(any(recorded, "-XX:AOTMode=create"), "and the cache is made after it: " + recorded);
        assertFalse(any(recorded, "-Xshare:") || any(recorded, "-XX:SharedArchiveFile="), "no class-data archive beside it: " + recorded);
        assertEquals(List.of(graph, graph + ".lock", "stats-KEY.aot"), cacheFiles(), "the cache, no record or half-made file left");
        Files.delete(lib.resolve(cachePrefix + "stats-123.aot"));

        Run second = run(jdk25, "", trace.toString(), "--format", "dot");
        assertEquals(0, second.code(), second.err());
        assertEquals(first.out(), second.out(), "the same graph");
        assertEquals(first.err(), second.err(), "the same summary");
        List<String> used = takeCalls();
        assertEquals(1, used.size(), "one JVM: " + used);
        assertTrue(any(used, "-XX:AOTCache=" + cache(graph)), "the next run starts from the cache: " + used);
        assertFalse(any(used, "-Xshare:") || any(used, "-XX:SharedArchiveFile=") || any(used, "-XX:AOTMode="), used.toString());

        Run jdk17 = run(Path.of(System.getProperty("java.home"), "bin"), "", trace.toString(), "--format", "dot");
        assertEquals(0, jdk17.code(), jdk17.err());
        assertEquals(first.out(), jdk17.out(), "the graph JDK 17 gives");

        // another command: a cache of its own
        Run why = run(jdk25, "", "why", trace.toString());
        assertEquals(0, why.code(), why.err());
        assertTrue(any(takeCalls(), "-XX:AOTMode=record"), "why records its own cache");
        assertEquals(List.of(graph, graph + ".lock", "why-KEY.aot", "why-KEY.aot.lock"), cacheFiles());

        // a rebuilt jar: while another run holds the lock, this one runs with the class-data archive and records nothing
        Files.setLastModifiedTime(lib.resolve("igtrace.jar"), FileTime.fromMillis(Files.getLastModifiedTime(cache(graph)).toMillis() + 5000));
        Process holder = new ProcessBuilder("flock", cache(graph + ".lock").toString(), "sleep", "600").start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (holder.descendants().findAny().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5); // flock starts sleep once it holds the lock
            }
            assertTrue(holder.descendants().findAny().isPresent(), "flock holds the lock");
            Run meanwhile = run(jdk25, "", trace.toString(), "--format", "dot");
            assertEquals(first.out(), meanwhile.out());
            List<String> plain = takeCalls();
            assertEquals(1, plain.size(), plain.toString());
            assertFalse(any(plain, "-XX:AOT"), "no record while another run holds the lock: " + plain);
            assertTrue(any(plain, "-XX:SharedArchiveFile="), "the class-data archive instead: " + plain);
        } finally {
            holder.descendants().forEach(ProcessHandle::destroy);
            holder.destroy();
            holder.waitFor();
        }
        // and once it is free, recorded again
        Run rebuilt = run(jdk25, "", trace.toString(), "--format", "dot");
        assertEquals(first.out(), rebuilt.out());
        assertTrue(any(takeCalls(), "-XX:AOTMode=record"), "a cache older than the jar is made again");
        assertTrue(Files.getLastModifiedTime(cache(graph)).compareTo(Files.getLastModifiedTime(lib.resolve("igtrace.jar"))) >= 0);

        // JVM options of the user's: no cache (some the recording refuses, some change the cache)
        Run sized = run(jdk25, "-Xmx512m", trace.toString(), "--format", "dot");
        assertEquals(first.out(), sized.out());
        List<String> sizedCalls = takeCalls();
        assertFalse(any(sizedCalls, "-XX:AOT"), sizedCalls.toString());
        assertTrue(any(sizedCalls, "-XX:SharedArchiveFile="), sizedCalls.toString());
    }

    @Test
    void aFailedRunJdk17ASmallTraceAndTheUsersOwnClassDataOptionsMakeNoCache() throws Exception {
        Path home = NewerJdkTest.jdkHome(25);
        assumeTrue(home != null, "a JDK 25 or later");
        Path jdk25 = javaOf(home, "25.0.3");
        Path trace = paddedTrace();

        // a run that fails (an option's value refused after the JVM started): no cache, no record left
        Run failed = run(jdk25, "", trace.toString(), "--edge-weight", "nonsense");
        assertEquals(2, failed.code(), failed.err());
        assertTrue(any(takeCalls(), "-XX:AOTMode=record"), "it was recorded");
        assertEquals(List.of("graph-KEY.aot.lock"), cacheFiles(), "nothing made of a failed run's record");

        // asking for the version or for help: nothing recorded of a run that reads no trace
        for (String ask : List.of("--version", "-qh")) {
            Run version = run(jdk25, "", trace.toString(), ask);
            assertEquals(0, version.code(), version.err());
            assertFalse(any(takeCalls(), "-XX:AOT"), ask);
        }

        // a JVM that cannot start at all: its own words and the launcher's line, once
        Run noHeap = run(jdk25, "-Xmx100t", trace.toString(), "-q", "-o", "none.graphml");
        assertEquals(1, noHeap.code());
        assertEquals(1, noHeap.err().split("Could not reserve enough space", -1).length - 1, noHeap.err());
        assertTrue(noHeap.err().contains("igtrace: the Java VM ended before igtrace started"), noHeap.err());

        // a JDK before 25 (its release file says 21, the java JDK 25's): the class-data archive as before
        Run old = run(javaOf(home, "21.0.2"), "", trace.toString(), "-q", "-o", "g21.graphml");
        assertEquals(0, old.code(), old.err());
        List<String> oldCalls = takeCalls();
        assertFalse(any(oldCalls, "-XX:AOT"), oldCalls.toString());

        // a small trace: none
        Run small = run(jdk25, "", TESTDATA.resolve("otf2/pi-4").toString(), "-q", "-o", "small.graphml");
        assertEquals(0, small.code(), small.err());
        assertFalse(any(takeCalls(), "-XX:AOT"));

        // the user's own class-data sharing options: left as they are, no cache beside them
        Run own = run(jdk25, "-Xshare:off", trace.toString(), "-q", "-o", "own.graphml");
        assertEquals(0, own.code(), own.err());
        assertFalse(any(takeCalls(), "-XX:AOT"));

        // IGTRACE_AOT=off
        aotSetting = "off";
        Run off = run(jdk25, "", trace.toString(), "-q", "-o", "off.graphml");
        assertEquals(0, off.code(), off.err());
        assertFalse(any(takeCalls(), "-XX:AOT"));
        assertEquals(List.of("graph-KEY.aot.lock"), cacheFiles(), "no cache");
        for (String g : List.of("g21", "small", "own", "off")) {
            assertTrue(Files.readString(work.resolve(g + ".graphml"), StandardCharsets.UTF_8).contains("<graphml"), g);
        }
    }

    /**
     * A JVM that cannot start while it records (as under options the recording refuses): the launcher runs the command
     * again without the cache, once, which gives the graph; the recording is noted as failed and not tried again.
     */
    @Test
    void aRecordingTheJvmCannotStartWithIsLeftOut() throws Exception {
        Path home = NewerJdkTest.jdkHome(25);
        assumeTrue(home != null, "a JDK 25 or later");
        Path jdk25 = javaOf(home, "25.0.3");
        Path java = jdk25.resolve("java");
        String script = Files.readString(java, StandardCharsets.UTF_8);
        Files.writeString(java, script.replace("exec ", "case \" $* \" in *\" -XX:AOTMode=record \"*) echo 'Error: cannot record' >&2; exit 1 ;; esac\nexec "));
        Path trace = paddedTrace();
        Run first = run(jdk25, "", trace.toString(), "--format", "dot");
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().startsWith("strict graph igtrace {"), first.out());
        assertFalse(first.err().contains("Java VM"), first.err());
        List<String> calls1 = takeCalls();
        assertEquals(2, calls1.size(), "the recording JVM, then the run without it: " + calls1);
        assertTrue(any(calls1.subList(0, 1), "-XX:AOTMode=record") && !any(calls1.subList(1, 2), "-XX:AOT"), calls1.toString());
        assertEquals(List.of("graph-KEY.aot.failed", "graph-KEY.aot.lock"), cacheFiles());
        Run second = run(jdk25, "", trace.toString(), "--format", "dot");
        assertEquals(first.out(), second.out());
        List<String> calls2 = takeCalls();
        assertEquals(1, calls2.size(), calls2.toString());
        assertFalse(any(calls2, "-XX:AOT"), "not recorded again: " + calls2);
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(), files.filter(f -> !f.getFileName().toString().startsWith("run.")).toList(), "nothing left in TMPDIR");
        }
    }

    /** A cache that cannot be made (the making JVM fails) is noted, and not recorded again by the next runs. */
    @Test
    void aCacheThatCouldNotBeMadeIsNotTriedAgain() throws Exception {
        Path home = NewerJdkTest.jdkHome(25);
        assumeTrue(home != null, "a JDK 25 or later");
        Path jdk25 = javaOf(home, "25.0.3");
        Path java = jdk25.resolve("java");
        String script = Files.readString(java, StandardCharsets.UTF_8);
        Files.writeString(java, script.replace("exec ", "case \" $* \" in *\" -XX:AOTMode=create \"*) kill -SEGV $$ ;; esac\nexec "));
        Path trace = paddedTrace();
        Run first = run(jdk25, "", trace.toString(), "-q", "-o", "a.graphml");
        assertEquals(0, first.code(), first.err());
        assertEquals("", first.err(), "no word of the making JVM's death");
        List<String> calls1 = takeCalls();
        assertTrue(any(calls1, "-XX:AOTMode=create"), calls1.toString());
        assertEquals(List.of("graph-KEY.aot.failed", "graph-KEY.aot.lock"), cacheFiles());
        try (Stream<Path> files = Files.list(work)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().startsWith("hs_err") || f.getFileName().toString().startsWith("core")).toList());
        }
        Run second = run(jdk25, "", trace.toString(), "-q", "-o", "b.graphml");
        assertEquals(0, second.code(), second.err());
        List<String> calls2 = takeCalls();
        assertFalse(any(calls2, "-XX:AOT"), "not recorded again: " + calls2);
        assertTrue(any(calls2, "-XX:SharedArchiveFile="), "the class-data archive: " + calls2);
        assertEquals(Files.readString(work.resolve("a.graphml")), Files.readString(work.resolve("b.graphml")));
    }
}
