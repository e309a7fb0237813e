package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A locale that is set but not installed (containers often have only C, C.UTF-8 and POSIX; issue
 * 41, item 9): setlocale fails, the JVM ran in C (ASCII), and any non-ASCII path was an
 * {@code InvalidPathException} ("internal error" for the graph, a usage error for stats), under the
 * launcher and under {@code java -jar}; the launcher added three bash setlocale warnings. The
 * locale names here are made up, so installed nowhere. The graph of a trace in a folder named
 * {@code é}, written to that folder, must be what C.UTF-8 gives, and nothing said on standard
 * error but bash's own start-up warning (printed before the launcher's first line, as for any
 * bash script under that LC_ALL).
 */
class UninstalledLocaleTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path install;
    @TempDir
    Path work;
    @TempDir
    Path tmp;

    private record Run(int code, String err, byte[] graph) {
    }

    @Tag("slow")
    @Test
    void nonAsciiPathsWorkUnderALocaleThatIsNotInstalled() throws Exception {
        LauncherTest.installRelease(install);
        copyPi4(Files.createDirectories(work.resolve("é/pi-4")));
        for (boolean jar : List.of(false, true)) {
            Run reference = run(jar, "LC_ALL", "C.UTF-8");
            assertEquals(0, reference.code(), reference.err());
            for (String[] locale : List.of(new String[] {"LANG", "xx_XX.UTF-8"}, new String[] {"LC_ALL", "xx_XX.UTF-8"},
                    new String[] {"LC_ALL", "xx_XX.ISO-8859-1"}, new String[] {"LC_CTYPE", "xx_XX.ISO-8859-1"})) {
                String how = (jar ? "java -jar" : "launcher") + " under " + locale[0] + "=" + locale[1];
                Run r = run(jar, locale[0], locale[1]);
                assertEquals(0, r.code(), how + ": " + r.err());
                List<String> allowed = !jar && locale[0].equals("LC_ALL")
                        ? List.of("bash: warning: setlocale: LC_ALL: cannot change locale (" + locale[1] + ")") : List.of();
                assertEquals(allowed, r.err().lines().toList(), how);
                assertArrayEquals(reference.graph(), r.graph(), how);
            }
        }
    }

    /**
     * A character type that is installed beside another category that is not (ssh forwards the
     * client's {@code LC_*}: {@code LANG=C.UTF-8} with {@code LC_MESSAGES=de_DE.UTF-8} where only
     * C.UTF-8 is): the JVM's setlocale fails as a whole, and under the launcher a non-ASCII path was
     * an {@code InvalidPathException} ("internal error", exit 1), although bash itself ran in UTF-8.
     */
    @Tag("slow")
    @Test
    void nonAsciiPathsWorkWhenAnotherCategoryThanTheCharacterTypeIsNotInstalled() throws Exception {
        LauncherTest.installRelease(install);
        copyPi4(Files.createDirectories(work.resolve("é/pi-4")));
        for (boolean jar : List.of(false, true)) {
            Run reference = run(jar, "LC_ALL", "C.UTF-8");
            assertEquals(0, reference.code(), reference.err());
            for (String[] locale : List.of(new String[] {"LANG", "C.UTF-8", "LC_MESSAGES", "xx_XX.UTF-8"},
                    new String[] {"LANG", "C.UTF-8", "LC_TIME", "xx_XX.UTF-8"},
                    new String[] {"LANG", "xx_XX.UTF-8", "LC_CTYPE", "C.UTF-8"},
                    new String[] {"LC_CTYPE", "C.UTF-8", "LC_NUMERIC", "xx_XX.UTF-8"},
                    // the character type's own locale not installed beside an installed LANG (a usage error, exit 2)
                    new String[] {"LANG", "C.UTF-8", "LC_CTYPE", "xx_XX.UTF-8"},
                    new String[] {"LANG", "C.UTF-8", "LC_CTYPE", "UTF-8"})) {
                String how = (jar ? "java -jar" : "launcher") + " under " + String.join(" ", locale);
                Run r = run(jar, locale);
                assertEquals(0, r.code(), how + ": " + r.err());
                assertEquals(List.of(), r.err().lines().toList(), how);
                assertArrayEquals(reference.graph(), r.graph(), how);
            }
        }
    }

    /** The bundled pi-4 archive (EZTrace's OTF2) copied into {@code folder}. */
    private static void copyPi4(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(TESTDATA.resolve("otf2/pi-4"))) {
            for (Path f : files.toList()) {
                if (Files.isRegularFile(f)) {
                    Files.copy(f, folder.resolve(f.getFileName()));
                }
            }
        }
        Files.createDirectories(folder.resolve("eztrace_log"));
        try (Stream<Path> files = Files.list(TESTDATA.resolve("otf2/pi-4/eztrace_log"))) {
            for (Path f : files.toList()) {
                Files.copy(f, folder.resolve("eztrace_log").resolve(f.getFileName()));
            }
        }
    }

    /**
     * igtrace (the launcher, or java -jar) on é/pi-4 writing é/g.graphml in {@code work}, with only
     * the locale's variables {@code variableValuePairs} set (name, value, name, value...).
     */
    private Run run(boolean jar, String... variableValuePairs) throws Exception {
        List<String> command = new ArrayList<>();
        if (jar) {
            command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), Main.class.getName()));
        } else {
            command.addAll(List.of("bash", install.resolve("bin/igtrace").toString()));
        }
        command.addAll(List.of("é/pi-4", "-q", "-o", "é/g.graphml"));
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.equals("LANG") || k.startsWith("LC_"));
        for (int i = 0; i < variableValuePairs.length; i += 2) {
            env.put(variableValuePairs[i], variableValuePairs[i + 1]);
        }
        env.put("TMPDIR", tmp.toString());
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process p = pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "igtrace ended");
        String text = Files.readString(err, StandardCharsets.UTF_8);
        Files.delete(err);
        Path graph = work.resolve("é/g.graphml");
        byte[] bytes = Files.exists(graph) ? Files.readAllBytes(graph) : new byte[0];
        Files.deleteIfExists(graph);
        return new Run(p.exitValue(), text, bytes);
    }
}
