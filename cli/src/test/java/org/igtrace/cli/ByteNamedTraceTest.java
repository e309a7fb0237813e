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
 * A trace whose own name is not UTF-8 (issue 41 item 9), found by giving its folder, and an OTF master so
 * named given by its path: Java lists the folder and gets a name holding U+FFFD, so an OTF2 anchor was
 * "damaged or truncated (anchor file; libotf2: POSIX: 'd/tr\uFFFD.otf2')" and an OTF master's files
 * "missing" (the reader finds them by the master's name); the launcher aliased an OTF master given by path
 * as one link, without its other files ("o/s\xfe.otf.0.def[.z]: missing"). Each must read as the same
 * trace in a folder whose names are the ASCII spelling of those messages show ({@code tr\xff}): the same
 * output, the same messages, through the launcher (bin/igtrace of a release) and as {@code java -jar} runs
 * (Main on this test's class path), in C.UTF-8 and, for {@code java -jar}, under C (ASCII file names). Nothing is left in the temporary folder.
 */
@Tag("slow")
class ByteNamedTraceTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path work;
    @TempDir
    Path tmp;
    @TempDir
    Path install;

    private record Run(int code, String out, String err) {
    }

    private Run bash(String folder, String line, String locale) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", "cd " + folder + " && " + line).directory(work.toFile());
        pb.environment().put("JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        pb.environment().put("CP", System.getProperty("java.class.path"));
        pb.environment().put("IGTRACE", install.resolve("bin/igtrace").toString());
        pb.environment().put("TMPDIR", tmp.toString());
        pb.environment().put("LC_ALL", locale);
        pb.environment().remove("IGTRACE_JAVA_OPTS");
        Path out = Files.createTempFile("byte-named", ".out");
        Path err = Files.createTempFile("byte-named", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "igtrace ended");
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    /** The archives in {@code bad} under names with the byte {@code \xff} ({@code \xfe}), in {@code ascii} under those names as shown. */
    private void layOut() throws Exception {
        String pi4 = TESTDATA.resolve("otf2/pi-4").toString();
        String synth = TESTDATA.resolve("otf1/synth-plain").toString();
        for (String[] folder : new String[][] {{"bad", "$'tr\\xff'", "$'s\\xfe'"}, {"ascii", "'tr\\xff'", "'s\\xfe'"}}) {
            String f = folder[0];
            assertEquals(0, bash(".", "mkdir -p " + f + "/d " + f + "/o && cp " + pi4 + "/eztrace_log.otf2 " + f + "/d/" + folder[1] + ".otf2 && cp "
                    + pi4 + "/eztrace_log.def " + f + "/d/" + folder[1] + ".def && cp -r " + pi4 + "/eztrace_log " + f + "/d/" + folder[1]
                    + " && for x in " + synth + "/*; do b=${x##*/}; cp \"$x\" " + f + "/o/" + folder[2] + ".\"${b#*.}\"; done", "C.UTF-8").code());
        }
    }

    @Test
    void aTraceNamedInInvalidUtf8IsReadByItsFolderAndAnOtfMasterByItsPath() throws Exception {
        LauncherTest.installRelease(install);
        layOut();
        List<String> runners = List.of("bash \"$IGTRACE\" ", "exec \"$JAVA\" -cp \"$CP\" " + Main.class.getName() + " ");
        for (String runner : runners) {
            for (String args : List.of("stats d -q", "info d", "stats o -q --format json", "o -q", "stats o/$'s\\xfe.otf' -q", "info o/$'s\\xfe.otf'")) {
                Run bad = bash("bad", runner + args, "C.UTF-8");
                assertEquals(0, bad.code(), runner + args + ": " + bad.err());
                Run ascii = bash("ascii", runner + args.replace("$'s\\xfe.otf'", "'s\\xfe.otf'"), "C.UTF-8");
                assertEquals(ascii, bad, runner + args);
            }
        }
        for (String args : List.of("stats d -q", "stats o -q", "stats o/$'s\\xfe.otf' -q")) { // ASCII file names, java -jar
            String java = runners.get(1) + args;
            assertEquals(bash("bad", java, "C.UTF-8"), bash("bad", java, "C"), args);
        }
        // messages name the files by the trace's name as shown
        assertEquals(0, bash(".", "rm bad/d/$'tr\\xff'/536870911.evt bad/o/$'s\\xfe'.3.events", "C.UTF-8").code());
        for (String runner : runners) {
            assertEquals(List.of("igtrace: d/tr\\xff/536870911.evt: missing (location 536870911, \"P#1T#0\"); use --skip-missing to read "
                    + "the other 3 locations"), bash("bad", runner + "stats d -q", "C.UTF-8").err().lines().toList(), runner);
            for (String o : List.of("o", "o/$'s\\xfe.otf'")) {
                assertEquals(List.of("igtrace: o/s\\xfe.3.events[.z]: missing (stream 3, process 3 \"Process 2\"); use --skip-missing to read "
                        + "the other 4 streams"), bash("bad", runner + "stats " + o + " -q", "C.UTF-8").err().lines().toList(),
                        runner + o);
            }
        }
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(), files.toList(), "the links' folders are removed");
        }
    }
}
