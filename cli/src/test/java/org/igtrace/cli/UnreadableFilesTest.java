package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace's file the user may not read is said to be not readable, not damaged (a user told "damaged or truncated"
 * copies the archive again for nothing), and an OTF1 file's line names the reason, not the path twice ("FILE: FILE").
 * The commands run in a JVM of their own as a user who may not read the file: as root (who reads every file) through
 * {@code setpriv} as nobody, on a copy of the class path that user can read.
 */
@Tag("slow") // a dozen JVMs started as another user: the full suite runs it
class UnreadableFilesTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private record Run(int code, String err) {
    }

    @Test
    void aFileTheUserMayNotReadIsNotReadableNotDamaged() throws Exception {
        boolean root = "0".equals(id());
        assumeTrue(!root || Files.isExecutable(Path.of("/usr/bin/setpriv")), "setpriv to run as another user");
        open(dir);
        List<String> classPath = readableClassPath();
        Path otf2 = copy(TESTDATA.resolve("otf2/patterns-4"), dir.resolve("otf2"));
        Path otf1 = copy(TESTDATA.resolve("otf1/synth-plain"), dir.resolve("otf1"));

        Path definitions = otf2.resolve("eztrace_log.def");
        lock(definitions);
        Run r = run(root, classPath, "stats", otf2.resolve("eztrace_log.otf2").toString(), "-q");
        assertEquals(new Run(1, "igtrace: " + definitions + ": not readable (permission denied) (global definitions)\n"), r);
        unlock(definitions);

        Path events = otf2.resolve("eztrace_log/0.evt");
        lock(events);
        r = run(root, classPath, "stats", otf2.resolve("eztrace_log.otf2").toString(), "-q");
        assertEquals(new Run(1, "igtrace: " + events + ": not readable (permission denied) (events of location 0, \"P#0T#0\"); use "
                + "--skip-missing to read the other 3 locations\n"), r);
        unlock(events);

        // the archive's folder of event files the user may neither list nor search: it said the path twice ("cannot list
        // (PATH)"); one the user may list but not search: its files were "missing"
        Path folder = otf2.resolve("eztrace_log");
        for (String mode : new String[] {"rwx------", "rwxr--r--"}) {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString(mode));
            r = run(root, classPath, "stats", otf2.resolve("eztrace_log.otf2").toString(), "-q");
            assertEquals(new Run(1, "igtrace: " + folder + ": cannot open the files in it (not searchable: permission denied)\n"), r, mode);
        }
        // one the user may search but not list (mode 711): libotf2 opens its files by name, and so does igtrace now (it
        // refused it: "cannot list")
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx--x--x"));
        r = run(root, classPath, "stats", otf2.resolve("eztrace_log.otf2").toString(), "-q", "--format", "csv");
        assertEquals(new Run(0, ""), r);
        // info counts the events there (it took them as announced, "not checked": no event file found)
        String info = output(root, classPath, "info", otf2.resolve("eztrace_log.otf2").toString());
        assertTrue(info.contains("\nevents         ") && info.contains(", counted") && !info.contains("not checked"), info);
        // and in a folder it may list but not search, names no file missing (it named every one) but says why not counted
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr--r--"));
        info = output(root, classPath, "info", otf2.resolve("eztrace_log.otf2").toString());
        assertTrue(info.contains("missing files  none") && info.contains(folder + ": cannot open the files in it (not searchable: permission "
                + "denied)"), info);
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));

        // a file there the user may not write is not replaced through the folder (writable by all): it was, exit 0
        Path readOnly = dir.resolve("tmp/read-only.json");
        Files.createDirectories(readOnly.getParent());
        open(readOnly.getParent());
        Files.writeString(readOnly, "kept");
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r--r--r--"));
        if (root || !Files.isWritable(readOnly)) {
            r = run(root, classPath, "stats", otf2.resolve("eztrace_log.otf2").toString(), "-q", "--format", "json", "-o", readOnly.toString());
            assertEquals(new Run(1, "igtrace: " + readOnly + ": not writable (permission denied): igtrace does not replace a file you may "
                    + "not write\n"), r);
            assertEquals("kept", Files.readString(readOnly));
        }

        Path otf1Definitions = otf1.resolve("synth.0.def");
        lock(otf1Definitions);
        r = run(root, classPath, "stats", otf1.toString(), "-q");
        assertEquals(new Run(1, "igtrace: " + otf1Definitions + ": not readable (permission denied)\n"), r);
    }

    private static String id() throws Exception {
        Process p = new ProcessBuilder("id", "-u").start();
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
    }

    /** A file only its owner may read (root owns the copies; nobody runs the command). */
    private static void lock(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }

    private static void unlock(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    }

    private static void open(Path folder) throws IOException {
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxrwxrwx"));
    }

    /** {@code from}'s files copied to {@code to}, readable by everyone. */
    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
        return to;
    }

    /** The test's class path copied where any user may read it (root's Maven repository is not). */
    private List<String> readableClassPath() throws IOException {
        List<String> entries = new ArrayList<>();
        int k = 0;
        for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(e);
            if (!Files.exists(p)) {
                continue;
            }
            Path target = dir.resolve("cp").resolve(k++ + (Files.isDirectory(p) ? "" : ".jar"));
            Files.createDirectories(target.getParent());
            Files.setPosixFilePermissions(target.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
            if (Files.isDirectory(p)) {
                copy(p, target);
            } else {
                Files.copy(p, target);
                Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
            }
            entries.add(target.toString());
        }
        return entries;
    }

    /** What the command prints on standard output, run as {@link #run} runs it. */
    private String output(boolean root, List<String> classPath, String... args) throws Exception {
        Path out = dir.resolve("tmp/out.txt");
        Files.deleteIfExists(out);
        List<String> more = new ArrayList<>(List.of(args));
        more.addAll(List.of("-o", out.toString()));
        Run r = run(root, classPath, more.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        return Files.readString(out);
    }

    private Run run(boolean root, List<String> classPath, String... args) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        open(tmp);
        List<String> command = new ArrayList<>();
        if (root) {
            command.addAll(List.of("/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Djava.io.tmpdir=" + tmp,
                "-Duser.home=" + tmp, "-cp", String.join(java.io.File.pathSeparator, classPath), IsolatedCommand.MAIN));
        command.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(command).directory(tmp.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        b.environment().put("TMPDIR", tmp.toString());
        b.environment().put("HOME", tmp.toString());
        Process p = b.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), err);
    }
}
