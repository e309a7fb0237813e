package org.igtrace.reader.spill;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where igtrace's temporary files and folders go, chosen in this one place: the JVM's
 * {@code java.io.tmpdir} when it was given, else {@code TMPDIR} (a JVM on Linux ignores it and
 * takes /tmp, so spill files went to /tmp whatever TMPDIR said), else /tmp. And the folders of a
 * run, named {@code PREFIX-PID-...-WHERE} by the process that made them, so that a later run removes the
 * ones whose process is gone (a SIGKILLed run leaves them, as the launcher's {@code igtrace.PID.XXXXXX}).
 * WHERE tells the machine's boot and the PID namespace: a folder another host or container made in a
 * TMPDIR shared with it is not judged by a PID that means nothing here (its live read's anchor copy was
 * removed, and the read failed); it goes when it is a week old.
 */
public final class TempFolders {
    /** The JVM's {@code java.io.tmpdir} when nobody set it (Linux and the other Unixes). */
    private static final String JVM_DEFAULT = "/tmp";
    /** A folder of the naming of this class: PREFIX-PID-NANOS-ATTEMPT-WHERE (without WHERE: an older igtrace's). */
    private static final Pattern OWN = Pattern.compile("-(\\d{1,18})-\\d+-\\d+(?:-([0-9a-f]{8}))?");
    /** This process's boot and PID namespace, {@link #where()}; null until asked. */
    private static volatile String where;
    private static final long WEEK_MS = 7 * 24L * 3600 * 1000;
    /** The folders of the older naming, {@code igtrace-childDIGITS} (Files.createTempDirectory, no process id). */
    private static final Pattern OLDER = Pattern.compile("igtrace-child\\d{6,}");
    /** The prefixes whose stale folders a run removes (once per JVM). */
    private static final String[] PREFIXES = {"igtrace-child", "igtrace-reader"};
    private static volatile boolean swept;
    /** Mode 700: what a run keeps in its folder (links to the trace, a copy of its anchor, spilled records) is its user's alone. */
    private static final FileAttribute<Set<PosixFilePermission>> PRIVATE = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
    private static final long DAY_MS = 24L * 3600 * 1000;

    private TempFolders() {
    }

    /**
     * The folder temporary files go to: {@code java.io.tmpdir} when it was set to something else
     * than the JVM's default /tmp, else {@code TMPDIR} when that names a folder, else /tmp.
     */
    public static Path root() {
        String jvm = System.getProperty("java.io.tmpdir", JVM_DEFAULT);
        if (jvm.equals(JVM_DEFAULT) || jvm.equals(JVM_DEFAULT + "/")) {
            String env = System.getenv("TMPDIR");
            if (env != null && !env.isEmpty() && env.startsWith("/") && Files.isDirectory(Path.of(env))) {
                return Path.of(env);
            }
        }
        return Path.of(jvm);
    }

    /**
     * A new private folder {@code PREFIX-PID-NANOS-K-WHERE} in {@link #root()} (mode 700, not the umask's), after removing (once per JVM) the folders of
     * this naming left by processes that are gone.
     */
    public static Path create(String prefix) throws IOException {
        Path tmp = root();
        removeStaleOnce();
        long pid = ProcessHandle.current().pid();
        for (int attempt = 0; ; attempt++) {
            try {
                return Files.createDirectory(tmp.resolve(prefix + "-" + pid + "-" + System.nanoTime() + "-" + attempt + "-" + where()), PRIVATE);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    /**
     * Removes, once per JVM, the stale folders of {@link #root()} ({@link #removeStale}): also called by runs that make
     * none, so that a folder a crashed run left goes with the next run of any trace, not only with the next that makes one.
     */
    public static void removeStaleOnce() {
        if (!swept) {
            swept = true;
            removeStale(root());
        }
    }

    /**
     * Eight hexadecimal digits telling this machine's boot ({@code /proc/sys/kernel/random/boot_id}) and this process's
     * PID namespace ({@code /proc/self/ns/pid}): where a folder's PID means this process table.
     */
    static String where() {
        String w = where;
        if (w == null) {
            String boot = "", namespace = "";
            try {
                boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
            } catch (IOException | RuntimeException e) {
                // not Linux, or no /proc: the namespace alone, or nothing
            }
            try {
                namespace = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
            } catch (IOException | RuntimeException e) {
                // as above
            }
            w = String.format("%08x", (boot + "|" + namespace).hashCode());
            where = w;
        }
        return w;
    }

    /**
     * Removes the folders {@code PREFIX-PID-...} in {@code tmp} whose process is gone (folders made under another boot
     * or PID namespace once they are a week old), and those of the older naming
     * (no process id) whose status file no running process names on its command line (the child JVM was given its
     * path), as the launcher does for its own, or that have none a day after they were made. Only this user's; a
     * folder it cannot remove stays.
     */
    static void removeStale(Path tmp) {
        try (DirectoryStream<Path> found = Files.newDirectoryStream(tmp, "igtrace-{child,reader}*")) {
            String user = System.getProperty("user.name");
            for (Path p : found) {
                String name = p.getFileName().toString();
                for (String prefix : PREFIXES) {
                    if (!name.startsWith(prefix) || !mine(p, user)) {
                        continue;
                    }
                    Matcher own = OWN.matcher(name.substring(prefix.length()));
                    if (own.matches() ? stale(p, Long.parseLong(own.group(1)), own.group(2))
                            : OLDER.matcher(name).matches() && unnamed(p.resolve("status"))) {
                        delete(p);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable temporary folder: nothing removed, and nothing else to do about it
        }
    }

    private static boolean mine(Path p, String user) throws IOException {
        return Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                && Files.getOwner(p, java.nio.file.LinkOption.NOFOLLOW_LINKS).getName().equals(user);
    }

    /** Whether the folder {@code p} of process {@code pid}, made where {@code madeWhere} says (null: not said), is left over. */
    private static boolean stale(Path p, long pid, String madeWhere) throws IOException {
        if (madeWhere == null || madeWhere.equals(where())) {
            return gone(pid);
        }
        return Files.getLastModifiedTime(p, java.nio.file.LinkOption.NOFOLLOW_LINKS).toMillis() < System.currentTimeMillis() - WEEK_MS;
    }

    /** Whether process {@code pid} has ended (a process of another PID namespace is not seen: {@link #stale} asks only about this one's). */
    private static boolean gone(long pid) {
        return ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
    }

    /** Whether no running process names {@code status} on its command line (an older child JVM with its folder). */
    private static boolean unnamed(Path status) throws IOException {
        if (!Files.exists(status)) { // its child not started yet, or killed before it started: gone after a day
            return Files.getLastModifiedTime(status.getParent()).toMillis() < System.currentTimeMillis() - DAY_MS;
        }
        if (!Files.isDirectory(Path.of("/proc"))) {
            return false; // no way to tell
        }
        String needle = status.toString();
        return ProcessHandle.allProcesses().noneMatch(h -> h.info().arguments()
                .map(args -> java.util.Arrays.stream(args).anyMatch(a -> a.contains(needle))).orElse(false));
    }

    private static void delete(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // removed by its own run meanwhile, or not removable: harmless
        }
    }
}
