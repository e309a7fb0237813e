package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * igtrace is built for JDK 17, and runs on whatever {@code java} comes first on the PATH. On JDK 24 and later JNA's
 * {@code System.load} printed four WARNING lines at every run ("A restricted method in java.lang.System has been
 * called"). Run where such a JDK is installed ({@code /usr/lib/jvm/*}, its {@code release} file saying 22 or later);
 * skipped elsewhere.
 */
class NewerJdkTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path install;
    @TempDir
    Path work;
    @TempDir
    Path tmp;

    private record Run(int code, String out, String err) {
    }

    /** The bin folder of a JDK 22 or later in /usr/lib/jvm, or null. */
    private static Path newerJdk() throws IOException {
        Path home = jdkHome(22);
        return home == null ? null : home.resolve("bin");
    }

    /**
     * A JDK whose {@code release} file names feature version {@code atLeast} or later: IGTRACE_TEST_JDK (a JDK's
     * home) when it is one, else the first in /usr/lib/jvm; null when there is none.
     *
     * @param atLeast the lowest feature version (22 for JDK 22)
     * @return the JDK's home folder, or null
     */
    static Path jdkHome(int atLeast) throws IOException {
        List<Path> homes = new ArrayList<>();
        String given = System.getenv("IGTRACE_TEST_JDK");
        if (given != null && !given.isEmpty()) {
            homes.add(Path.of(given));
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (DirectoryStream<Path> all = Files.newDirectoryStream(jvms)) {
                List<Path> sorted = new ArrayList<>();
                all.forEach(sorted::add);
                sorted.sort(null);
                homes.addAll(sorted);
            }
        }
        for (Path home : homes) {
            Path release = home.resolve("release");
            if (Files.isRegularFile(release) && Files.isExecutable(home.resolve("bin/java"))) {
                for (String line : Files.readAllLines(release, StandardCharsets.ISO_8859_1)) {
                    if (line.startsWith("JAVA_VERSION=\"")) {
                        String version = line.substring(14);
                        int end = 0;
                        while (end < version.length() && Character.isDigit(version.charAt(end))) {
                            end++;
                        }
                        if (end > 0 && Integer.parseInt(version.substring(0, end)) >= atLeast) {
                            return home;
                        }
                    }
                }
            }
        }
        return null;
    }

    private Run run(Path bin, Map<String, String> environment, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().remove("IGTRACE_JAVA_OPTS");
        pb.environment().putAll(environment);
        Path out = Files.createTempFile("newer-jdk", ".out");
        Path err = Files.createTempFile("newer-jdk", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertEquals(true, p.waitFor(120, TimeUnit.SECONDS), "igtrace ended");
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    @Tag("slow")
    @Test
    void aNewerJdkRunsIgtraceWithoutWarnings() throws Exception {
        Path bin = newerJdk();
        assumeTrue(bin != null, "no JDK 22 or later in /usr/lib/jvm");
        LauncherTest.installRelease(install);
        String pi4 = TESTDATA.resolve("otf2/pi-4").toString();
        String launcher = install.resolve("bin/igtrace").toString();
        Run graph = run(bin, Map.of(), "bash", launcher, pi4, "-q", "--format", "dot");
        assertEquals(0, graph.code(), graph.err());
        assertEquals("", graph.err(), "no word from the JDK");
        assertEquals(true, graph.out().startsWith("strict graph igtrace {"), graph.out());

        Run crash = run(bin, Map.of("IGTRACE_JAVA_OPTS", "-Digtrace.test.crashBeforeStart=true"), "bash", launcher, pi4, "-q");
        assertEquals(1, crash.code(), crash.err());
        List<String> lines = new ArrayList<>(crash.err().lines().toList());
        lines.removeIf(l -> l.startsWith("WARNING: ")); // about the test's own way to crash (sun.misc.Unsafe); the JNA warnings: above
        assertEquals(List.of("igtrace: the Java VM ended before igtrace started (exit status 1): Java's message above says why; with none, "
                + "it crashed"), lines);

        // java -jar: the supervising JVM reads the manifest, the child JVM it starts gets --enable-native-access
        Path jar = install.resolve("lib/igtrace.jar");
        Run javaJar = run(bin, Map.of(), bin.resolve("java").toString(), "-jar", jar.toString(), pi4, "-q", "--format", "dot");
        assertEquals(0, javaJar.code(), javaJar.err());
        assertEquals("", javaJar.err(), "no word from the JDK");
        assertEquals(graph.out(), javaJar.out());
    }
}
