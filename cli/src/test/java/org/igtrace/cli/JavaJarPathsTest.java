package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Paths that are not valid UTF-8 under {@code java -jar} (issue 41 item 9): Java has put U+FFFD in
 * place of each such byte before igtrace sees the argument, and such paths were refused in one
 * line ("not valid UTF-8 (shown as \uFFFD), so Java cannot open or create it"), and a relative path in
 * a working folder named so was "no such file or directory". igtrace takes the bytes again from
 * /proc/self/cmdline and reads and writes them as the launcher does ({@link LauncherTest}): the
 * same output as through a folder whose ASCII name is the path as messages show it. Runs the JVM
 * as {@code java -jar} does (Main, this test's class path), from bash, which alone can name the
 * folders.
 */
class JavaJarPathsTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path work;
    @TempDir
    Path tmp;

    private record Run(int code, String out, String err) {
    }

    /** {@code java Main ARGS} (ARGS in bash's quoting) run by bash in {@code folder} (bash's quoting), under C.UTF-8. */
    private Run java(String folder, String args) throws Exception {
        return bash("cd " + folder + " && exec \"$JAVA\" -cp \"$CP\" " + Main.class.getName() + " " + args);
    }

    private Run bash(String line) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", line).directory(work.toFile());
        pb.environment().put("JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        pb.environment().put("CP", System.getProperty("java.class.path"));
        pb.environment().put("TMPDIR", tmp.toString());
        pb.environment().put("LC_ALL", "C.UTF-8");
        Path out = Files.createTempFile("java-jar", ".out");
        Path err = Files.createTempFile("java-jar", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "igtrace ended");
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    @Tag("slow")
    @Test
    void pathsThatAreNotUtf8AreReadAndWrittenAsByTheLauncher() throws Exception {
        String pi4 = TESTDATA.resolve("otf2/pi-4").toString();
        String synth = TESTDATA.resolve("otf1/synth-plain").toString();
        assertEquals(0, bash("mkdir $'bad\\xff' 'bad\\xff' && cp -r " + pi4 + " " + synth + " $'bad\\xff'/ && cp -r " + pi4 + " " + synth
                + " 'bad\\xff'/").code());

        // read: OTF2 (in the reader JVM) and OTF1 (in this one), named as messages show them
        for (String args : List.of("X/pi-4 -q", "stats X/pi-4 -q --format json", "stats X/synth-plain -q --format json", "X/pi-5 -q",
                "X/pi-4/eztrace_log.otf2 -q", "stats X/synth-plain/synth.otf -q --format json")) {
            Run ascii = java(".", args.replace("X", "'bad\\xff'"));
            Run bad = java(".", args.replace("X", "$'bad\\xff'"));
            assertEquals(ascii, bad, args);
        }
        // under ASCII file names (C): an anchor file given in a folder whose name is not ASCII (its alias, a link
        // to the file without .otf2, was refused by libotf2: "Could not find file extension!")
        assertEquals(0, bash("mkdir \u00e9 && cp -r " + pi4 + " \u00e9/").code());
        for (String args : List.of("\u00e9/pi-4/eztrace_log.otf2 -q", "stats \u00e9/pi-4/eztrace_log.otf2 -q --format json")) {
            Run utf8 = java(".", args);
            assertEquals(0, utf8.code(), utf8.err());
            assertEquals(utf8, bash("LC_ALL=C exec \"$JAVA\" -cp \"$CP\" " + Main.class.getName() + " " + args), args);
        }
        // an anchor whose own name is not UTF-8, or not ASCII under C, beside its .def and folder of that name
        assertEquals(0, bash("mkdir own && for n in $'tr\\xff' 'tr\\xff' \u00e9; do cp " + pi4 + "/eztrace_log.otf2 own/\"$n.otf2\" && cp " + pi4
                + "/eztrace_log.def own/\"$n.def\" && cp -r " + pi4 + "/eztrace_log own/\"$n\"; done").code());
        Run own = java(".", "own/$'tr\\xff.otf2' -q");
        assertEquals(0, own.code(), own.err());
        assertEquals(java(".", "own/'tr\\xff.otf2' -q"), own);
        Run utf8Own = java(".", "own/\u00e9.otf2 -q");
        assertEquals(0, utf8Own.code(), utf8Own.err());
        assertEquals(utf8Own, bash("LC_ALL=C exec \"$JAVA\" -cp \"$CP\" " + Main.class.getName() + " own/\u00e9.otf2 -q"));
        assertEquals(0, bash("rm -r \u00e9 own").code());
        assertEquals(List.of("igtrace: bad\\xff/pi-5: no such file or directory"), java(".", "$'bad\\xff'/pi-5 -q").err().lines().toList());

        // write: a name that is not UTF-8 (a stand-in renamed), in a folder that is not, attached to -o
        String graph = java(".", pi4 + " -q").out();
        for (String name : List.of("$'g\\xfe.graphml'", "$'bad\\xff'/g.graphml", "$'bad\\xff/h\\xfe.graphml'")) {
            Run write = java(".", pi4 + " -q -o " + name);
            assertEquals(0, write.code(), write.err());
            assertEquals("", write.err(), name);
            assertEquals(graph, bash("cat " + name).out(), name);
        }
        Run attached = java(".", synth + " -qo$'i\\xfe.graphml'");
        assertEquals(0, attached.code(), attached.err());
        assertEquals(java(".", synth + " -q").out(), bash("cat $'i\\xfe.graphml'").out());
        assertEquals("bad\\\\xff\nbad\\377\ng\\376.graphml\ni\\376.graphml\n", bash("LC_ALL=C ls -Ab").out(), "those names, nothing beside them");
        assertEquals("g.graphml\nh\\376.graphml\npi-4\nsynth-plain\n", bash("LC_ALL=C ls -Ab $'bad\\xff'").out());
        Run missing = java(".", pi4 + " -q -o $'nodir\\xff/g\\xfe.graphml'");
        assertEquals(List.of("igtrace: nodir\\xff/g\\xfe.graphml: directory nodir\\xff does not exist"), missing.err().lines().toList());
        assertEquals(1, missing.code());

        // a working folder that is not UTF-8: relative paths as from one named in ASCII
        for (String args : List.of("pi-4 -q", "stats synth-plain -q --format json", "info pi-4", "missing -q")) {
            assertEquals(java("'bad\\xff'", args), java("$'bad\\xff'", args), args);
        }
        Run relative = java("$'bad\\xff'", "pi-4 -q -o out.graphml");
        assertEquals(0, relative.code(), relative.err());
        assertEquals(java("'bad\\xff'", "pi-4 -q").out(), bash("cat $'bad\\xff'/out.graphml").out());
        Run noDir = java("$'bad\\xff'", "synth-plain -q -o nodir/g.graphml");
        assertEquals(List.of("igtrace: nodir/g.graphml: directory " + work + "/bad\\xff/nodir does not exist"), noDir.err().lines().toList());

        assertEquals(0, bash("rm -rf $'bad\\xff' 'bad\\xff' $'g\\xfe.graphml' $'i\\xfe.graphml'").code());
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(), files.toList(), "the aliases' and the reader's folders are removed");
        }
    }
}
