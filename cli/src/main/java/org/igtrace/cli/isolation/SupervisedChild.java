package org.igtrace.cli.isolation;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The child's side of {@link ReaderSupervisor}, or of the launcher script, which supervises the
 * one JVM it starts the same way: this JVM runs the whole igtrace command and tells its parent,
 * through a small status file the parent named, only what the parent needs when the child dies:
 * that it started ({@code started}), the OTF2 archive it reads ({@code otf2 FILE}, for the crash
 * message), which temporary files it is about to create ({@code temp FILE}), and the exit code it
 * leaves with ({@code exit N}). A status file without an exit line means the child died outside
 * igtrace's own code.
 */
public final class SupervisedChild {
    /** The system property naming the status file; set by the parent only. */
    static final String STATUS_PROPERTY = "igtrace.supervisor.status";
    /**
     * The system property giving the parent's process id; set by the parent only. Read from the JVM's
     * own parent, a parent killed before the JVM looked was missed: the JVM then had init as parent
     * from the start, watched nothing, and wrote its output (issue 41, item 4; 4 of 4 runs killed
     * 0-0.1 s after the JVM started).
     */
    static final String PARENT_PROPERTY = "igtrace.supervisor.pid";
    /**
     * The system property that asks the child to remove the status file's name ({@link #NAME_PROPERTY}, else the
     * status file's path) once it has opened the file ({@code true}): the launcher creates the file in {@code TMPDIR}
     * and reads it back through a descriptor it opened before, so that nothing is left to remove (no {@code rm}, a
     * fork at every run). The name is removed only while it is still the file opened.
     */
    static final String REMOVE_PROPERTY = "igtrace.supervisor.removeStatus";
    /**
     * The system property giving the status file's name when {@link #STATUS_PROPERTY} gives it as a descriptor the
     * launcher opened ({@code /proc/self/fd/N}): opened instead when that descriptor did not reach this JVM (a wrapper
     * in place of java closed it), removed with {@link #REMOVE_PROPERTY}, its folder named in messages.
     */
    static final String NAME_PROPERTY = "igtrace.supervisor.statusName";
    /**
     * The exit code of a JVM that could not write the launcher's status file and said why: the launcher leaves with 1
     * and says nothing more (a JVM that ended with another code before it noted that it started may have crashed).
     */
    public static final int STATUS_FILE_FAILED = 125;
    /** How often the parent is looked at, ms; tests make it longer ({@code -Digtrace.test.watchMillis}). */
    private static final long WATCH_MILLIS = Long.getLong("igtrace.test.watchMillis", 200L);

    /** Tests set this (passed on by the parent) to make the child fail with a Java exception. */
    static final String TEST_THROW_PROPERTY = "igtrace.test.throwInChild";

    /** Tests set this to make the child die (halt, no exit note) once its temporary output file exists. */
    static final String TEST_HALT_PROPERTY = "igtrace.test.haltWhileWriting";

    /** Tests set this to make the JVM crash (a native fault) before it notes that it started. */
    static final String TEST_CRASH_PROPERTY = "igtrace.test.crashBeforeStart";

    /** Tests set this to an OTF2 anchor: the child dies (halt, no exit note) when it starts reading that archive. */
    static final String TEST_HALT_READING_PROPERTY = "igtrace.test.haltReading";

    /**
     * The environment variable whose value begins every line of the status file, when set (the launcher sets it: its
     * status file's mode follows the user's umask, so another user may write lines into it until this JVM removed its
     * name; only this user and root can read a process's environment). Not passed on to a child JVM.
     */
    public static final String TOKEN_VARIABLE = "IGTRACE_STATUS_TOKEN";

    private static FileOutputStream status;
    private static String token;
    /** The temporary files announced with {@link #willCreate}, removed when the parent dies. */
    private static final java.util.List<Path> temporaryFiles = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The parent's process id when this JVM started; 0 before {@link #watchParent}'s thread found it. */
    private static volatile long parentPid;
    /** Counted down once the parent is known; null when {@link #watchParent} was not called. */
    private static volatile java.util.concurrent.CountDownLatch parentLooked;

    private SupervisedChild() {
    }

    /** The option that tells a child JVM its parent: this process. */
    public static String parentOption() {
        return "-D" + PARENT_PROPERTY + "=" + ProcessHandle.current().pid();
    }

    /** Whether this JVM is a child started by {@link ReaderSupervisor}. */
    public static boolean active() {
        return System.getProperty(STATUS_PROPERTY) != null;
    }

    /** Marks the child as started, reading the OTF2 archive {@code otf2Anchor} (or none: null); call first. */
    public static void started(Path otf2Anchor) throws IOException {
        if (Boolean.getBoolean(TEST_CRASH_PROPERTY)) {
            crash();
        }
        Path file = Path.of(System.getProperty(STATUS_PROPERTY));
        String nameValue = System.getProperty(NAME_PROPERTY);
        Path name = nameValue == null || nameValue.isEmpty() ? file : Path.of(nameValue);
        boolean remove = Boolean.getBoolean(REMOVE_PROPERTY);
        if (!name.equals(file) && file.startsWith("/proc/self/fd") && !isDescriptorOf(file, name)) {
            file = name; // the launcher's descriptor did not reach this JVM (a wrapper closed it; this JVM may use its number)
        }
        token = System.getenv(TOKEN_VARIABLE);
        try {
            status = new FileOutputStream(file.toFile(), true);
            if (remove) {
                removeName(name, file);
            }
            // the path as messages show it: a newline in it would end the line, an ESC drive the terminal
            write(otf2Anchor == null ? "started" : "started\notf2 " + org.igtrace.formats.Escape.line(otf2Anchor.toString()));
        } catch (IOException e) { // TMPDIR full: it was "internal error: No space left on device", no folder named
            status = null;
            // the folder the parent chose: TMPDIR itself, or a folder of the parent's in it
            Path folder = remove || name.getParent() == null || name.getParent().getParent() == null ? name.getParent() : name.getParent().getParent();
            throw new StatusFileException(folder + ": cannot write igtrace's status file there (" + reason(e, file)
                    + "); free some space or set TMPDIR to a writable folder with free space");
        }
        if (Boolean.getBoolean(TEST_THROW_PROPERTY)) {
            throw new IllegalStateException("thrown on purpose (-D" + TEST_THROW_PROPERTY + ")");
        }
    }

    /**
     * Whether the descriptor {@code fd} ({@code /proc/self/fd/N}) is the status file {@code name}: the file it names
     * ends with the same name (its last two parts for a status folder's {@code status}), which holds the launcher's
     * process id and 64 random bits; " (deleted)" after it when the name was removed meanwhile. A wrapper in place of
     * java may have closed the launcher's descriptor, and this JVM opened files of its own under that number (its jar
     * among them: never to be written).
     */
    private static boolean isDescriptorOf(Path fd, Path name) {
        String target;
        try {
            target = Files.readSymbolicLink(fd).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
        if (target.endsWith(" (deleted)")) {
            target = target.substring(0, target.length() - " (deleted)".length());
        }
        Path last = name.getFileName();
        if (last == null) {
            return false;
        }
        String expected = last.toString().equals("status") && name.getParent() != null && name.getParent().getFileName() != null
                ? name.getParent().getFileName() + "/status" : last.toString();
        return target.endsWith("/" + expected);
    }

    /** The exit code after the status file could not be written: {@link #STATUS_FILE_FAILED} for the launcher, else 1. */
    public static int statusFileFailed() {
        return System.getenv(TOKEN_VARIABLE) != null ? STATUS_FILE_FAILED : 1;
    }

    /** A native fault, as a JVM crashing in its first milliseconds has: a write to address 0 (tests only). */
    private static void crash() {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            java.lang.reflect.Field field = unsafeClass.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            unsafeClass.getMethod("putAddress", long.class, long.class).invoke(field.get(null), 0L, 0L);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot crash on purpose (-D" + TEST_CRASH_PROPERTY + ")", e);
        }
    }

    /**
     * Removes the status file's name {@code name} if it is still the file {@code opened} names (a run of another PID
     * namespace sharing TMPDIR may have removed it as stale, and something else may be there now).
     */
    private static void removeName(Path name, Path opened) {
        try {
            Object key = Files.readAttributes(name, java.nio.file.attribute.BasicFileAttributes.class, java.nio.file.LinkOption.NOFOLLOW_LINKS).fileKey();
            if (name.equals(opened) || key != null && key.equals(Files.readAttributes(opened, java.nio.file.attribute.BasicFileAttributes.class).fileKey())) {
                Files.delete(name); // the parent reads it through its own descriptor
            }
        } catch (IOException e) {
            // gone already, or not to be removed here: the parent removes it at its end if it is still its file
        }
    }

    /** What went wrong, without the path (a FileNotFoundException says "PATH (REASON)"). */
    private static String reason(IOException e, Path file) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().replace(file.toString(), "").strip();
        return m.startsWith("(") && m.endsWith(")") ? m.substring(1, m.length() - 1) : m;
    }

    /** The status file could not be written: the message names the folder (TMPDIR) and what to do. */
    public static final class StatusFileException extends IOException {
        private static final long serialVersionUID = 1L;

        StatusFileException(String message) {
            super(message);
        }
    }

    /** Records, before it is created, a temporary file that the parent removes if the child dies. */
    public static void willCreate(Path temporaryFile) throws IOException {
        if (status != null) {
            temporaryFiles.add(temporaryFile.toAbsolutePath());
            write("temp " + record(temporaryFile.toAbsolutePath()));
        }
    }

    /**
     * A path as one line of the status file: backslash as {@code \\}, line feed and carriage return as {@code \n} and {@code \r} (an output
     * path holding a line feed made two lines, and its temporary file was not removed when the JVM
     * died). The launcher reads it back with bash's {@code printf %b}, the Java parent with {@link #path}.
     */
    static String record(Path path) {
        return path.toString().replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }

    /** The path {@link #record} wrote. */
    static Path path(String record) {
        StringBuilder b = new StringBuilder(record.length());
        for (int i = 0; i < record.length(); i++) {
            char c = record.charAt(i);
            if (c == '\\' && i + 1 < record.length()) {
                char next = record.charAt(++i);
                b.append(next == 'n' ? '\n' : next == 'r' ? '\r' : next);
            } else {
                b.append(c);
            }
        }
        return Path.of(b.toString());
    }

    /**
     * The JVM dies with its parent (issue 41, item 4: {@code kill -9} of the launcher left the JVM
     * running, and it wrote its output seconds later). A daemon thread looks every 200 ms whether
     * this process still has the parent it started with: a parent that died leaves its children to
     * init (or a subreaper), so the parent process id changes; no process id can be reused for the
     * parent while this JVM is its child. On that, the temporary files go and the JVM halts (no
     * shutdown hooks: a JVM whose heap ran out may not finish them), with 143 as for SIGTERM. Call
     * first: the JVM may block before it starts the command (opening a named pipe given as trace).
     * The parent is the one {@value #PARENT_PROPERTY} names (the launcher and the supervising JVM
     * give it): one gone before this JVM first looked is seen at once. When that process lives but
     * is not this JVM's parent, {@code java} is a wrapper script that did not exec the real java,
     * and the wrapper is watched.
     */
    public static void watchParent() {
        parentLooked = new java.util.concurrent.CountDownLatch(1);
        // The first look too on the watching thread: ProcessHandle's set-up (its reaper's executor, method
        // handles the class-data archive does not hold) took 15-20 ms of the main thread at every start. A class, not a
        // lambda: the JVM's first lambda links its method-handle machinery (about 10 ms), which would run here on the
        // command's thread before it starts libotf2's preload.
        Thread watcher = new Thread(new ParentWatch(), "igtrace-parent-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** The watching thread of {@link #watchParent}. */
    private static final class ParentWatch implements Runnable {
        @Override
        public void run() {
            try {
                long given = Long.getLong(PARENT_PROPERTY, 0L);
                long actual = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L);
                // The given parent while it lives; but when it lives and is not this JVM's parent, java is a
                // wrapper (a script that runs the real java without exec): the wrapper is the parent to watch.
                parentPid = given > 1 && (actual == given || actual <= 1 || !ProcessHandle.of(given).map(ProcessHandle::isAlive).orElse(false))
                        ? given : actual;
            } finally {
                parentLooked.countDown();
            }
            if (parentPid <= 1) {
                return; // started by init, or no parent to know: nothing to watch
            }
            if (!parentAlive()) {
                dieWithParent(); // the parent was killed while this JVM started
            }
            while (true) {
                try {
                    Thread.sleep(WATCH_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
                try {
                    if (!parentAlive()) {
                        dieWithParent();
                    }
                } catch (RuntimeException | Error e) { // NOPMD: the heap ran out for a look: look again, never stop watching
                    // the command says what ran out, on its own thread
                }
            }
        }
    }

    /**
     * The process that supervises this JVM (the launcher script, the supervising JVM of {@code java -jar},
     * or a wrapper script they ran), as {@link #watchParent} found it; 0 when not supervised.
     */
    public static long supervisor() {
        awaitParent();
        return parentPid;
    }

    /** Whether the parent that started this JVM is still its parent (true when not supervised). */
    public static boolean parentAlive() {
        awaitParent();
        long expected = parentPid;
        return expected <= 1 || ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L) == expected;
    }

    /** Waits until {@link #watchParent}'s thread has found the parent (at once when nothing is watched). */
    private static void awaitParent() {
        java.util.concurrent.CountDownLatch looked = parentLooked;
        boolean interrupted = false;
        while (looked != null) {
            try {
                looked.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Removes the temporary files and halts: the parent is gone, nobody is to get this run's output. */
    public static void dieWithParent() {
        for (Path p : temporaryFiles) {
            p.toFile().delete();
        }
        Runtime.getRuntime().halt(143);
    }

    /**
     * Records that this JVM now reads the OTF2 archive {@code anchor} (a command may read two: diff),
     * so that the parent names it if the JVM dies from here on: the last {@code otf2} line counts.
     */
    public static void reading(Path anchor) {
        if (status == null) {
            return;
        }
        try {
            write("otf2 " + org.igtrace.formats.Escape.line(anchor.toString()));
        } catch (IOException e) {
            // the parent then names the archive the command line gave first; nothing better can be done here
        }
        String halt = System.getProperty(TEST_HALT_READING_PROPERTY);
        if (halt != null && Path.of(halt).toAbsolutePath().normalize().equals(anchor.toAbsolutePath().normalize())) {
            Runtime.getRuntime().halt(1); // as a JVM that crashed in libotf2 leaves
        }
    }

    /** Called once a temporary output file exists; only tests make it do something. */
    public static void created(Path temporaryFile) {
        if (status != null && Boolean.getBoolean(TEST_HALT_PROPERTY)) {
            Runtime.getRuntime().halt(1); // as a JVM that crashed in native code leaves
        }
    }

    /** Records the exit code the child is about to leave with. */
    public static void exiting(int code) {
        if (status != null) {
            try {
                write("exit " + code);
            } catch (IOException e) {
                // the parent then reports that the child died; nothing better can be done here
            }
        }
    }

    private static synchronized void write(String lines) throws IOException {
        StringBuilder b = new StringBuilder();
        for (String line : lines.split("\n")) {
            if (token != null) {
                b.append(token).append(' ');
            }
            b.append(line).append('\n');
        }
        status.write(b.toString().getBytes(StandardCharsets.UTF_8));
    }
}
