package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code -o} does to a target that is not a plain file: a regular file is replaced whole (a
 * temporary file renamed over it); a device or a named pipe is written as it is, never replaced
 * (as root, renaming over /dev/null turned the system's /dev/null into a regular file); a
 * symbolic link is followed, so the file it names is written and the link stays a link.
 */
class OutputTargetTest {
    @TempDir
    Path dir;

    private static String pi4() {
        return SubcommandsTest.trace("pi-4");
    }

    /**
     * predict --format simgrid writes a folder, made as any folder is (the umask: what Files.createDirectory makes beside
     * it); it was a temporary folder's rwx------ renamed into place.
     */
    @Test
    void aSimGridFolderHasTheUsualPermissions() throws Exception {
        Path out = dir.resolve("sg");
        SubcommandsTest.Run r = SubcommandsTest.igtrace("predict", pi4(), "--format", "simgrid", "-q", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        Path usual = Files.createDirectory(dir.resolve("usual"));
        assertEquals(Files.getPosixFilePermissions(usual), Files.getPosixFilePermissions(out));
        assertTrue(Files.isRegularFile(out.resolve("smpirun.sh")));
    }

    /** A file replaced keeps its permissions: a private one (rw-------) was left rw-r--r--, readable by everyone. */
    @Test
    void aReplacedFileKeepsItsPermissions() throws Exception {
        Path out = dir.resolve("private.graphml");
        Files.writeString(out, "old");
        Files.setPosixFilePermissions(out, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        SubcommandsTest.Run r = SubcommandsTest.igtrace(pi4(), "-q", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(out).contains("graphml"), "replaced");
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
    }

    @Test
    void devNullStaysADevice() {
        Path devNull = Path.of("/dev/null");
        SubcommandsTest.Run r = SubcommandsTest.igtrace(pi4(), "-q", "-o", devNull.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.exists(devNull) && !Files.isRegularFile(devNull), "/dev/null is still a device");
    }

    /**
     * A name a file can have, 251 bytes (247 of them in a 2-byte character here and there): the temporary file beside it,
     * {@code .NAME.PID.part}, would be longer than a file name can be, and the write failed ("File name too long"). The
     * temporary name is then shortened; the output is whole under the name asked for, and nothing else is left.
     */
    @Test
    void aNameNearTheLongestAFileCanHaveIsWritten() throws Exception {
        String name = "\u00e9".repeat(20) + "a".repeat(207) + ".dot"; // 40 + 207 + 4 = 251 bytes
        assertEquals(251, name.getBytes(StandardCharsets.UTF_8).length);
        Path out = dir.resolve(name);
        SubcommandsTest.Run r = SubcommandsTest.igtrace(pi4(), "-q", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(out).startsWith("graph") || Files.readString(out).contains("graph"), Files.readString(out));
        try (var files = Files.list(dir)) {
            assertEquals(java.util.List.of(out), files.toList(), "only the output");
        }
    }

    @Test
    void aNamedPipeGetsTheOutputAndStaysAPipe() throws Exception {
        Path fifo = dir.resolve("edges.csv");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0);
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(fifo, StandardCharsets.UTF_8); // opens the pipe for reading, reads to its end
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        SubcommandsTest.Run r = SubcommandsTest.igtrace(pi4(), "-q", "-o", fifo.toString());
        assertEquals(0, r.code(), r.err());
        String csv = read.get(30, TimeUnit.SECONDS);
        assertTrue(csv.lines().count() >= 2 && csv.contains(","), csv);
        assertFalse(Files.isRegularFile(fifo), "still a pipe");
    }

    @Test
    void aSymbolicLinkIsFollowedAndStaysALink() throws Exception {
        Path real = dir.resolve("real.graphml");
        Files.writeString(real, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.graphml"), real.getFileName());
        SubcommandsTest.Run r = SubcommandsTest.igtrace(pi4(), "-q", "-o", link.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.isSymbolicLink(link), "the link stays");
        assertTrue(Files.readString(real).contains("<graphml"), "the file it names got the graph");
        Path dangling = Files.createSymbolicLink(dir.resolve("new.dot"), Path.of("made.dot"));
        r = SubcommandsTest.igtrace(pi4(), "-q", "-o", dangling.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.isSymbolicLink(dangling) && Files.readString(dir.resolve("made.dot")).startsWith("strict graph"), "a link to nothing: "
                + "the file it names is made");
    }

    /**
     * A file name longer than a file system holds (300 bytes; NAME_MAX is 255) was found only when the written file was
     * moved to it, the error naming igtrace's temporary file ("/tmp/.bbb...~69a1e5dc.29272.part -> ...: File name too
     * long"): refused before the read, naming the file asked for. 250 bytes, within the limit, is written.
     */
    @Test
    void aFileNameTooLongIsRefusedNamingIt() throws Exception {
        Path tooLong = dir.resolve("b".repeat(296) + ".dot");
        SubcommandsTest.Run r = SubcommandsTest.igtrace(pi4(), "-q", "-o", tooLong.toString());
        assertEquals(1, r.code());
        assertEquals("igtrace: " + tooLong + ": file name too long (300 bytes; a file name holds at most 255)", r.err().strip());
        try (var left = Files.list(dir)) {
            assertEquals(0, left.count(), "nothing written");
        }
        Path longest = dir.resolve("b".repeat(246) + ".dot");
        assertEquals(0, SubcommandsTest.igtrace(pi4(), "-q", "-o", longest.toString()).code());
        assertTrue(Files.readString(longest).startsWith("strict graph"));
    }

    @Test
    void aDirectoryIsRefusedInOneLine() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("out"));
        SubcommandsTest.Run r = SubcommandsTest.igtrace(pi4(), "-q", "-o", folder.toString());
        assertEquals(1, r.code());
        assertEquals("igtrace: " + folder + ": is a directory", r.err().strip());
        try (var left = Files.list(folder)) {
            assertEquals(0, left.count());
        }
    }

    /** -o / (and //), the root, whose parent is none: "igtrace: internal error: java.lang.NullPointerException" on every command. */
    @Test
    void theRootIsRefusedAsADirectory() {
        for (String root : new String[] {"/", "//"}) {
            for (String[] command : new String[][] {{"graph"}, {"stats"}, {"info"}, {"why"}}) {
                java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(command));
                args.addAll(java.util.List.of(pi4(), "-q", "-o", root));
                SubcommandsTest.Run r = SubcommandsTest.igtrace(args.toArray(String[]::new));
                assertEquals(1, r.code(), args + ": " + r.err());
                assertEquals("igtrace: /: is a directory", r.err().strip(), args.toString()); // a path reads "//" as "/"
            }
        }
    }

    /**
     * -o /dev/stdout into a pipe and into a file the shell opened for appending: it followed the link
     * as text (pipe:[N], exit 1) or renamed a file over the shell's (the earlier lines gone).
     */
    @Tag("slow")
    @Test
    void devStdoutWritesToTheOpenDescriptor() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = "'" + java + "' -cp '" + System.getProperty("java.class.path") + "' " + Main.class.getName() + " stats '" + pi4()
                + "' -q -o /dev/stdout";
        Path appended = dir.resolve("log.txt");
        Files.writeString(appended, "FIRST\n");
        Process p = new ProcessBuilder("bash", "-c", command + " | cat; echo \"exit ${PIPESTATUS[0]}\"; " + command + " >> '" + appended + "'")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertTrue(out.contains("Waiting per wait-state pattern") && out.contains("exit 0"), out);
        String log = Files.readString(appended);
        assertTrue(log.startsWith("FIRST\nWaiting per wait-state pattern"), log);
    }
}
