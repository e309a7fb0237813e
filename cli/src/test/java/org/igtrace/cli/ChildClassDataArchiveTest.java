package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    @Test
    void theJavaJarChildUsesTheLaunchersArchive() throws Exception {
        Path lib = Files.createDirectories(install.resolve("lib"));
        Files.createDirectories(install.resolve("bin"));
        Files.copy(TESTDATA.resolveSibling("igtrace"), install.resolve("bin/igtrace"), StandardCopyOption.COPY_ATTRIBUTES);
        Path jar = lib.resolve("igtrace.jar");
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
        Path archive = lib.resolve("igtrace-" + id + ".jsa");

        String trace = TESTDATA.resolve("otf2/pi-4").toString();
        assertEquals(0, run(List.of("bash", install.resolve("bin/igtrace").toString(), trace, "-q", "-o", "launcher.graphml"), null));
        assertTrue(Files.isRegularFile(archive), "the launcher's first run made " + archive);

        Path log = work.resolve("child-classes.log");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        assertEquals(0, run(List.of(java, "-jar", jar.toString(), trace, "-q", "-o", "java-jar.graphml"), "-Xlog:class+load=info:file=" + log));
        String loaded = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(loaded.contains("org.igtrace.cli.Main source: shared objects file"),
                "the child loads igtrace's classes from the launcher's archive:\n" + loaded.lines().filter(l -> l.contains("org.igtrace.cli.Main ")).toList());
        assertEquals(Files.readString(work.resolve("launcher.graphml")), Files.readString(work.resolve("java-jar.graphml")));
    }

    private int run(List<String> command, String javaOptions) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(work.resolve("stderr").toFile());
        pb.environment().put("TMPDIR", work.toString());
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
