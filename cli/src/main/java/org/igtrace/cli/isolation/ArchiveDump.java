package org.igtrace.cli.isolation;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Under {@code java -jar}, the launcher's class-data archive made when there is none (issue 38), so
 * that the child JVM has it without a launcher run first: the same file, made the launcher's way and
 * under its rules (issue 41 item 5). One dump at a time: {@code flock -n} on the launcher's
 * {@code *.jsa.lock} (without flock(1) no dump), the archive looked at again once the lock is held;
 * written to {@code *.jsa.PID.tmp} and renamed; a {@code .tmp} whose process is gone is removed.
 * Only in a folder of this user's alone (beside the jar, else the cache folder; {@link ClassDataArchive#onlyMine}).
 * Ctrl-C or SIGTERM during the dump: this JVM's shutdown kills the dump and removes its
 * {@code .tmp}, and the run ends (130 or 143); the dump dies with this JVM also when it is killed
 * ({@code setpriv --pdeathsig KILL}, util-linux). Only when this JVM is the java on PATH, the one the
 * launcher runs (it hands the archive to its JVM without looking at which JDK made it); an archive
 * there but made by another JDK is left alone.
 */
final class ArchiveDump {
    private ArchiveDump() {
    }

    /** Makes the archive of the jar {@code classPath} if it is missing or older than the jar. */
    static void makeIfMissing(String classPath) {
        if (classPath == null || !classPath.endsWith(".jar") || classPath.contains(File.pathSeparator)) {
            return;
        }
        try {
            Path jar = Path.of(classPath).toRealPath();
            Path classList = jar.resolveSibling("igtrace.classlist");
            String home = System.getenv("HOME");
            Path archive = ClassDataArchive.location(jar, System.getenv("XDG_CACHE_HOME"),
                    home == null || home.isEmpty() ? System.getProperty("user.home") : home);
            String flock = onPath("flock");
            if (!Files.isRegularFile(classList) || flock == null || !stale(archive, jar) || !theLaunchersJava()
                    || ClassDataArchive.besideJarUsed(jar)) {
                return;
            }
            if (!archive.getParent().equals(jar.getParent()) && !privateCache(archive.getParent())) {
                return; // no folder of this user's alone: no dump (its names are predictable)
            }
            removeLeftovers(archive);
            dump(archive, jar, classList, flock);
        } catch (IOException | RuntimeException e) { // NOPMD: no archive is only slower
            // the child runs without it
        }
    }

    /**
     * Whether the cache folder {@code folder} is, or is made, this user's alone, as the launcher
     * makes it: created with mode 700, or its group's and others' write taken away when this user
     * owns it.
     */
    private static boolean privateCache(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            Files.createDirectories(folder.getParent());
            try {
                Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // another run made it
            }
        }
        if (!ClassDataArchive.onlyMine(folder) && Files.isDirectory(folder) && ClassDataArchive.ownedByThisUser(folder)) {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(folder);
            mode.remove(PosixFilePermission.GROUP_WRITE);
            mode.remove(PosixFilePermission.OTHERS_WRITE);
            Files.setPosixFilePermissions(folder, mode);
        }
        return ClassDataArchive.onlyMine(folder);
    }

    /**
     * Whether this JVM is the java the launcher would run (the one on PATH): an archive of another
     * JDK there would be handed by the launcher to its JVM, which would then run without any.
     */
    private static boolean theLaunchersJava() throws IOException {
        String onPath = onPath("java");
        return onPath != null && Path.of(onPath).toRealPath().equals(Path.of(System.getProperty("java.home"), "bin", "java").toRealPath());
    }

    private static boolean stale(Path archive, Path jar) throws IOException {
        return !Files.isRegularFile(archive) || Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(archive)) > 0;
    }

    /** {@code ARCHIVE.PID.tmp} files whose process is gone (a run killed with SIGKILL). */
    private static void removeLeftovers(Path archive) throws IOException {
        String prefix = archive.getFileName() + ".";
        try (DirectoryStream<Path> files = Files.newDirectoryStream(archive.getParent(), prefix + "*.tmp")) {
            for (Path f : files) {
                String pid = f.getFileName().toString();
                pid = pid.substring(prefix.length(), pid.length() - 4);
                if (pid.matches("[0-9]{1,18}") && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    private static void dump(Path archive, Path jar, Path classList, String flock) throws IOException {
        Path tmp = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String setpriv = onPath("setpriv");
        List<String> command = new ArrayList<>();
        List<String> dies = setpriv == null ? List.of() : List.of(setpriv, "--pdeathsig", "KILL", "--");
        command.addAll(dies);
        command.addAll(List.of(flock, "-n", archive + ".lock"));
        command.addAll(dies);
        command.addAll(List.of("sh", "-c", "if [ -f \"$1\" ] && [ ! \"$2\" -nt \"$1\" ]; then exit 0; fi; "
                + "exec \"$3\" -Xshare:dump -XX:SharedClassListFile=\"$4\" -XX:SharedArchiveFile=\"$5\" -cp \"$2\"",
                "sh", archive.toString(), jar.toString(), java, classList.toString(), tmp.toString()));
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Thread stop = new Thread(() -> {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            try {
                p.waitFor(5, TimeUnit.SECONDS);
                Files.deleteIfExists(tmp);
            } catch (IOException | InterruptedException e) {
                // a .tmp left is removed by a later dump
            }
        }, "igtrace-archive-dump-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        int exit;
        try {
            exit = p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exit = -1;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stop);
        } catch (IllegalStateException e) {
            awaitTheEnd(); // Ctrl-C or SIGTERM: the shutdown kills the dump, removes the .tmp and ends the run
        }
        if (exit > 128) { // the dump was ended by a signal: if it was Ctrl-C, this JVM is stopping too
            try {
                Thread.sleep(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (exit == 0 && Files.isRegularFile(tmp)) {
            Files.move(tmp, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        Files.deleteIfExists(tmp);
    }

    private static void awaitTheEnd() {
        while (true) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // the JVM halts once its shutdown hooks are done
            }
        }
    }

    /** The program {@code name} in a folder of PATH, or null. */
    private static String onPath(String name) {
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "/usr/bin:/bin" : path).split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return p.toString();
            }
        }
        return null;
    }
}
