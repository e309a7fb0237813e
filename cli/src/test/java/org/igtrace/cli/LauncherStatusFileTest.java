package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's status file where a review found it failing: a TMPDIR whose path is not UTF-8 (every run failed), its
 * name removed while the JVM starts (by a run of another PID namespace sharing TMPDIR, to which this run's process id
 * means nothing), a JVM that crashes before it noted that it started (exit 1 and no line, as a JVM that could not
 * start and said why), and a wrapper in place of java that closes the descriptors it got.
 */
class LauncherStatusFileTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path install;
    @TempDir
    Path work;
    @TempDir
    Path tmp;

    private record Run(int code, String out, String err) {
    }

    @BeforeEach
    void setUp() throws IOException {
        LauncherTest.installRelease(install);
    }

    /** {@code bash -c LINE} in {@code work}, with TMPDIR the test's (LINE may set another) and {@code IGTRACE_JAVA_OPTS} set. */
    private Run bash(String javaOptions, String line) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", line).directory(work.toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        pb.environment().put("IGTRACE_JAVA_OPTS", javaOptions);
        pb.environment().put("LC_ALL", "C.UTF-8");
        Path out = Files.createTempFile("launcher", ".out");
        Path err = Files.createTempFile("launcher", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "igtrace ended");
            return new Run(p.exitValue(), new String(Files.readAllBytes(out), StandardCharsets.UTF_8), new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    private String launcher() {
        return "bash " + install.resolve("bin/igtrace") + " ";
    }

    private static List<Path> list(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.toList();
        }
    }

    /**
     * TMPDIR {@code tmp/t\xff}: every run failed ("cannot write igtrace's status file there"). Now the JVM gets the
     * folder as a descriptor the launcher holds: the status file, records spilled there (a budget of 0 MB), an
     * output and a trace whose names are not UTF-8 (their aliases are in TMPDIR too) all work, and nothing is left.
     */
    @Tag("slow")
    @Test
    void aTmpdirWhosePathIsNotUtf8Works() throws Exception {
        String pi4 = TESTDATA.resolve("otf2/pi-4").toString();
        String bad = "TMPDIR=" + tmp + "/$'t\\xff' ";
        assertEquals(0, bash("", "mkdir " + tmp + "/$'t\\xff'").code());
        Run plain = bash("", launcher() + "stats " + pi4 + " -q --format json");
        assertEquals(0, plain.code(), plain.err());
        Run spilled = bash("-Digtrace.records.memory=0 -Digtrace.activities.memory=0", bad + launcher() + "stats " + pi4 + " -q --format json");
        assertEquals(0, spilled.code(), spilled.err());
        assertEquals("", spilled.err());
        assertEquals(plain.out(), spilled.out());

        Run graph = bash("", launcher() + pi4 + " -q --format dot");
        assertEquals(0, bash("", "cp -r " + pi4 + " $'tr\\xe9'").code());
        Run named = bash("", bad + launcher() + "$'tr\\xe9' -q --format dot -o $'g\\xfe.dot'");
        assertEquals(0, named.code(), named.err());
        assertEquals(graph.out().replace(pi4 + "/", "tr\\\\xe9/"), bash("", "cat $'g\\xfe.dot'").out(),
                "the graph of the trace read through its alias, written under its own name");
        assertEquals(List.of(), list(tmp.resolve(list(tmp).get(0).getFileName())), "nothing left in TMPDIR");
        assertEquals(1, list(tmp).size());
    }

    /**
     * The status file's name removed while the JVM starts, as a run of another PID namespace sharing TMPDIR may do (it
     * sees no process of that id): the JVM opened the name, failed, and the run with it. A stand-in java removes the name
     * before it runs the real one: the run goes on. And a file put under that name after it was removed is left alone.
     */
    @Tag("slow")
    @Test
    void aStatusNameRemovedWhileTheJvmStartsDoesNotStopTheRun() throws Exception {
        Path bin = Files.createDirectories(work.resolve("sweeping-bin"));
        Path java = bin.resolve("java");
        String real = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(java, "#!/bin/bash\nfor a in \"$@\"; do case $a in -Digtrace.supervisor.statusName=*) n=${a#*=} ;; esac; done\n"
                + "[[ \"$n\" == */igtrace.*.status ]] || exit 99\nrm -f \"$n\"\n[ -z \"$THEIRS\" ] || echo theirs >\"$n\"\nexec \"" + real + "\" \"$@\"\n");
        assertTrue(java.toFile().setExecutable(true));
        String pi4 = TESTDATA.resolve("otf2/pi-4").toString();
        Run graph = bash("", launcher() + pi4 + " -q");
        Run swept = bash("", "PATH=" + bin + ":$PATH " + launcher() + pi4 + " -q");
        assertEquals(0, swept.code(), swept.err());
        assertEquals(graph.out(), swept.out());
        assertEquals(List.of(), list(tmp));
        Run replaced = bash("", "THEIRS=1 PATH=" + bin + ":$PATH " + launcher() + pi4 + " -q");
        assertEquals(0, replaced.code(), replaced.err());
        assertEquals(graph.out(), replaced.out());
        List<Path> left = list(tmp);
        assertEquals(1, left.size(), left.toString());
        assertEquals("theirs\n", Files.readString(left.get(0)), "another's file under the name: not removed");
    }

    /**
     * A JVM that crashes (a native fault) before it noted that it started left with status 1 and no line: the launcher
     * took it for a JVM that could not start and said why. The launcher cannot tell the two apart (a crash under
     * SuppressFatalErrorMessage leaves with status 1 as well, and a core dump is no way to tell), so it says one line
     * in both cases; nothing is left behind.
     */
    @Tag("slow")
    @Test
    void aJvmThatEndsBeforeItStartedIsOneLine() throws Exception {
        String pi4 = TESTDATA.resolve("otf2/pi-4").toString();
        String line = "igtrace: the Java VM ended before igtrace started (exit status 1): Java's message above says why; with none, it crashed";
        Run crash = bash("-Digtrace.test.crashBeforeStart=true", launcher() + pi4 + " -q -o g.graphml");
        assertEquals(1, crash.code(), crash.err());
        assertEquals(List.of(line), crash.err().lines().toList());
        assertEquals("", crash.out());
        assertEquals(List.of(), list(work), "no output, no core file");
        assertEquals(List.of(), list(tmp));

        Run unknown = bash("-XX:+NoSuchOptionHere", launcher() + pi4 + " -q -o g.graphml");
        assertEquals(1, unknown.code(), unknown.err());
        List<String> lines = unknown.err().lines().toList();
        assertTrue(lines.get(0).contains("NoSuchOptionHere"), unknown.err());
        assertEquals(line, lines.get(lines.size() - 1));
        assertEquals(List.of(), list(work));
        assertEquals(List.of(), list(tmp));

        Run version = bash("-version", launcher() + pi4 + " -q -o g.graphml");
        assertEquals(0, version.code(), version.err());
        assertFalse(version.err().contains("igtrace:"), version.err());
    }

    /**
     * A wrapper in place of java that does not pass on the descriptors it got (Python's subprocess closes them): the
     * JVM cannot open the status file through the launcher's descriptor, and opens its name instead.
     */
    @Tag("slow")
    @Test
    void aJavaWrapperThatClosesDescriptorsRunsTheCommand() throws Exception {
        Path bin = Files.createDirectories(work.resolve("closing-bin"));
        Path java = bin.resolve("java");
        String real = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(java, "#!/usr/bin/python3\nimport subprocess, sys\nsys.exit(subprocess.run([\"" + real
                + "\"] + sys.argv[1:], close_fds=True).returncode)\n");
        assertTrue(java.toFile().setExecutable(true));
        String pi4 = TESTDATA.resolve("otf2/pi-4").toString();
        Run graph = bash("", launcher() + pi4 + " -q");
        Run wrapped = bash("", "PATH=" + bin + ":$PATH " + launcher() + pi4 + " -q");
        assertEquals(0, wrapped.code(), wrapped.err() + wrapped.out());
        assertEquals(graph.out(), wrapped.out());
        assertEquals(List.of(), list(tmp));
    }
}
