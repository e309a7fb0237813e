package org.igtrace.cli.isolation;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;

/**
 * The launcher's class-data sharing archive, for the child JVM that {@code java -jar} starts to
 * read an OTF2 archive (issue 38: without it the child spent 0.3-0.4 s more CPU loading and
 * linking classes). The launcher ({@code bin/igtrace}, or {@code ./igtrace} in the source tree)
 * makes it from {@code igtrace.classlist} beside the jar, named {@code igtrace-ID.jsa} by a hash
 * of the jar's real path (djb2 over its characters, as the script computes it), beside the jar
 * when that folder is this user's alone, else in {@code ${XDG_CACHE_HOME:-~/.cache}/igtrace}. It is used
 * only when it exists, is not older than the jar, and was made by this JVM's build: an archive the
 * JVM rejects (another JDK, a rebuilt jar) would turn class-data sharing off altogether, the JDK's
 * own archive too, and cost more than none.
 */
public final class ClassDataArchive {
    private ClassDataArchive() {
    }

    /**
     * The JVM options that give a child JVM run on {@code classPath} the launcher's archive, or
     * none: when the class path is not one jar, or no fitting archive is there.
     */
    public static List<String> options(String classPath) {
        String home = System.getenv("HOME"); // the launcher's $HOME
        Path archive = find(classPath, System.getenv("XDG_CACHE_HOME"), home == null || home.isEmpty() ? System.getProperty("user.home") : home);
        if (archive == null) {
            return List.of();
        }
        return List.of("-Xshare:auto", "-Xlog:cds*=off:stderr", "-XX:SharedArchiveFile=" + archive);
    }

    /**
     * The launcher's archive for the jar {@code classPath} if it fits this JVM, else null.
     *
     * @param classPath the child's class path (under {@code java -jar}, the jar)
     * @param cacheHome {@code XDG_CACHE_HOME}, or null
     * @param userHome  the home folder (the cache's parent when {@code cacheHome} is not set)
     */
    static Path find(String classPath, String cacheHome, String userHome) {
        if (classPath == null || !classPath.endsWith(".jar") || classPath.contains(java.io.File.pathSeparator)) {
            return null;
        }
        try {
            Path jar = Path.of(classPath).toRealPath();
            if (besideJarUsed(jar) && madeByThisJvm(besideJar(jar))) {
                return besideJar(jar);
            }
            Path archive = inCache(jar, cacheHome, userHome);
            if (Files.isRegularFile(archive) && ownedByThisUser(archive) && !olderThan(archive, jar) && madeByThisJvm(archive)) {
                return archive;
            }
            return null;
        } catch (IOException | RuntimeException e) { // NOPMD: no archive is only slower
            return null;
        }
    }

    /**
     * Whether this process's user owns {@code archive} (its own uid is that of /proc/self): an archive
     * another user could write into a shared folder beside the jar would put their classes into this
     * JVM. Not known (no /proc): not used, which is only slower.
     */
    static boolean ownedByThisUser(Path archive) throws IOException {
        return Files.getAttribute(archive, "unix:uid").equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    }

    /**
     * Whether the launcher uses the archive beside the jar at the real path {@code jar}: this user owns it,
     * it is not older than the jar, and the folder is this user's alone ({@link #mineAlone}; looked at
     * last, only when the rest holds): in a folder its group or others may write, one of them could rename
     * an archive of theirs over it between this check and the JVM's opening it.
     */
    static boolean besideJarUsed(Path jar) throws IOException {
        Path archive = besideJar(jar);
        return Files.isRegularFile(archive) && ownedByThisUser(archive) && !olderThan(archive, jar) && mineAlone(jar.getParent());
    }

    private static boolean olderThan(Path archive, Path jar) throws IOException {
        return Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(archive)) > 0;
    }

    /**
     * Whether {@code folder} is this user's alone, as the launcher's {@code mine_alone}: a folder it owns
     * which neither its group nor others may write.
     */
    static boolean mineAlone(Path folder) {
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(folder);
            return Files.isDirectory(folder) && ownedByThisUser(folder)
                    && !mode.contains(PosixFilePermission.GROUP_WRITE) && !mode.contains(PosixFilePermission.OTHERS_WRITE);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Whether {@code folder} is this user's alone and writable by it, as the launcher's {@code only_mine}.
     * The dump's names are predictable, so it is made only in such a folder: in another, links planted
     * there could make it create or overwrite a file of another user's choice.
     */
    static boolean onlyMine(Path folder) {
        return mineAlone(folder) && Files.isWritable(folder);
    }

    /**
     * Where the launcher's dump puts the archive of the jar at the real path {@code jar}: beside it
     * when that folder is this user's alone ({@link #onlyMine}), else in its cache folder. The
     * launcher uses the one beside the jar as {@link #besideJarUsed} says, else the cache's
     * ({@link #find} looks at both).
     */
    static Path location(Path jar, String cacheHome, String userHome) {
        return onlyMine(jar.getParent()) ? besideJar(jar) : inCache(jar, cacheHome, userHome);
    }

    static Path besideJar(Path jar) {
        return jar.resolveSibling("igtrace-" + id(jar.toString()) + ".jsa");
    }

    static Path inCache(Path jar, String cacheHome, String userHome) {
        Path cache = cacheHome == null || cacheHome.isEmpty() ? Path.of(userHome, ".cache") : Path.of(cacheHome);
        return cache.resolve("igtrace").resolve("igtrace-" + id(jar.toString()) + ".jsa");
    }

    /** The launcher's hash of the jar's path: h = h * 33 + c over its characters, from 5381, in 32 bits. */
    static long id(String path) {
        long h = 5381;
        for (int c : path.codePoints().toArray()) {
            h = (h * 33 + c) & 0xffffffffL;
        }
        return h;
    }

    /** Whether the archive's header names this JVM's build ("... Server VM (17.0.15+6-...) for ..."). */
    private static boolean madeByThisJvm(Path archive) throws IOException {
        byte[] header = new byte[4096];
        int n;
        try (InputStream in = Files.newInputStream(archive)) {
            n = in.readNBytes(header, 0, header.length);
        }
        String vm = "(" + System.getProperty("java.vm.version") + ")";
        return new String(header, 0, n, StandardCharsets.ISO_8859_1).contains(vm);
    }
}
