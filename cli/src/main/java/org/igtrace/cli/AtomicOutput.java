package org.igtrace.cli;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.igtrace.cli.isolation.SupervisedChild;

/**
 * Writes a file whole or not at all: into a temporary file beside it, renamed when complete. A
 * target that is not a regular file (a device such as /dev/null, a named pipe) is written as it is:
 * renaming a file over it replaced the device itself (as root, {@code -o /dev/null} left a regular
 * file at /dev/null). A symbolic link is followed: the file it names is replaced, the link stays.
 */
final class AtomicOutput {
    /**
     * Something that writes the whole output; besides the write's IOException it may throw {@code E} (a read that
     * happens as it writes), which passes through unchanged.
     */
    interface Body<E extends Exception> {
        void writeTo(Writer out) throws IOException, E;
    }

    /** Something that writes the whole output as bytes (a Perfetto trace). */
    interface BytesBody<E extends Exception> {
        void writeTo(java.io.OutputStream out) throws IOException, E;
    }

    private AtomicOutput() {
    }

    static <E extends Exception> void write(Path target, Body<E> body) throws IOException, E {
        writeBytes(target, bytes -> {
            Writer out = new BufferedWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8));
            body.writeTo(out);
            out.flush();
        });
    }

    /** As {@link #write}, bytes. */
    static <E extends Exception> void writeBytes(Path target, BytesBody<E> body) throws IOException, E {
        if (target.toString().equals("-")) { // the usual name of standard output (it made a file called "-")
            writeToDescriptor(FileDescriptor.out, body);
            return;
        }
        Path given = target.toAbsolutePath().normalize();
        FileDescriptor standard = standardDescriptor(given);
        if (standard != null) {
            writeToDescriptor(standard, body);
            return;
        }
        if (isDescriptor(given)) {
            // /dev/stdout, /dev/fd/N, /proc/self/fd/N: a descriptor this process has open (a pipe, a terminal, a file the
            // shell opened with > or >>); following the link as text found "pipe:[N]", or renamed over the shell's file
            writeInPlace(given, body);
            return;
        }
        Path absolute = followLinks(given);
        if (Files.isDirectory(absolute)) {
            throw new IOException("is a directory");
        }
        if (Files.exists(absolute) && TRACE_FILE.matcher(absolute.getFileName().toString()).matches()) {
            // -o naming the trace's own anchor or a definition file replaced it (stats -o eztrace_log.otf2: exit 0, trace gone)
            throw new IOException("is a file of a trace (OTF2 or OTF); igtrace does not write over it: name another file");
        }
        if (Files.exists(absolute) && !Files.isRegularFile(absolute)) {
            writeInPlace(absolute, body);
            return;
        }
        Path dir = absolute.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IOException("directory " + dir + " does not exist");
        }
        // a file there that this user may not write is not replaced (the rename would, as the folder is writable), and
        // one that is replaced keeps its permissions (a private file stays private)
        java.util.Set<java.nio.file.attribute.PosixFilePermission> keep = null;
        if (Files.isRegularFile(absolute)) {
            if (!Files.isWritable(absolute)) {
                throw new IOException("not writable (permission denied): igtrace does not replace a file you may not write");
            }
            try {
                keep = Files.getPosixFilePermissions(absolute);
            } catch (UnsupportedOperationException | IOException e) { // NOPMD: no POSIX permissions there: the new file's own
                keep = null;
            }
        }
        removeStaleTemporaries(absolute);
        // The shutdown hook first, then the file: a shutdown already under way refuses the hook
        // (IllegalStateException) before anything exists, and one that starts later finds the file.
        // The hook and the file's creation take turns (Temporary): a hook that ran before the file
        // existed makes the creation fail, one that runs after finds the file. Without that, a
        // shutdown that had begun (SIGINT near the end of a Spark job, whose own hooks take seconds
        // while this thread runs on) removed nothing and the file was created after it (issue 41 item 10).
        Temporary created = new Temporary();
        Thread removeTemp = new Thread(created::shutDown); // interrupted (Ctrl-C, kill): the half-written file goes too
        try {
            Runtime.getRuntime().addShutdownHook(removeTemp);
        } catch (IllegalStateException e) { // a shutdown under way (a thread that ran on past Ctrl-C): one line, nothing made
            throw new IOException("interrupted: the Java VM is shutting down");
        }
        boolean done = false;
        try {
            Path temp;
            try {
                temp = createTemporary(absolute, created);
            } catch (AccessDeniedException e) { // its message is just the temporary file's name
                throw new IOException("permission denied: cannot create " + e.getFile() + " beside it to write it whole");
            }
            SupervisedChild.created(temp);
            // the file's writes on a thread of their own, beside the command that makes the bytes (BackgroundWrites), past
            // 64 MB straight to the disk where the file system takes it (LargeFileStream)
            try (java.io.OutputStream out = new BackgroundWrites(new LargeFileStream(temp))) {
                body.writeTo(out);
            }
            if (!SupervisedChild.parentAlive()) {
                SupervisedChild.dieWithParent(); // the launcher was killed: nobody is to get this output
            }
            if (keep != null) {
                Files.setPosixFilePermissions(temp, keep);
            }
            try {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } catch (IOException e) {
            if (created.isShutDown()) { // the hook removed the file under the write or before its rename (a SIGINT at 100 %)
                throw new IOException("interrupted: the Java VM is shutting down");
            }
            throw e;
        } finally {
            Path temp = created.get();
            if (!done && temp != null) {
                Files.deleteIfExists(temp);
            }
            try {
                Runtime.getRuntime().removeShutdownHook(removeTemp);
            } catch (IllegalStateException e) {
                // a shutdown under way runs the hook, which finds the file gone or removes it
            }
        }
    }

    /** {@code .NAME.PID.part} or {@code .NAME.PID-K.part}: the temporary file of this target written by process PID. */
    private static java.util.regex.Pattern temporaryName(Path target) {
        return java.util.regex.Pattern.compile("\\." + java.util.regex.Pattern.quote(stem(target))
                + "\\.(\\d{1,18})(-\\d+)?\\.part");
    }

    /** Bytes of a file name the temporary name adds at most: two dots, a process id, {@code -K} and {@code .part}. */
    private static final int TEMPORARY_EXTRA = 30;
    /** The longest file name (bytes) Linux's file systems take. */
    private static final int NAME_MAX = 255;

    /**
     * The NAME of the target's temporary files: the target's own name, or, where the temporary name would be longer than a
     * file name can be (a legal target name of 251 bytes made {@code .NAME.PID.part} of 261), its head and a hash of the
     * whole name ({@code HEAD~HASH}), the same for the same target, so that a later run still finds what a killed one left.
     */
    private static String stem(Path target) {
        String name = target.getFileName().toString();
        byte[] bytes = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (bytes.length + TEMPORARY_EXTRA <= NAME_MAX) {
            return name;
        }
        String hash = String.format("%08x", java.util.Arrays.hashCode(bytes));
        int budget = NAME_MAX - TEMPORARY_EXTRA - hash.length() - 1;
        StringBuilder head = new StringBuilder();
        int used = 0;
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            int size = new String(Character.toChars(c)).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            if (used + size > budget) {
                break;
            }
            head.appendCodePoint(c);
            used += size;
            i += Character.charCount(c);
        }
        return head + "~" + hash;
    }

    /**
     * Removes the temporary files of this target left by processes that are gone (a {@code kill -9}
     * of igtrace's whole process group leaves them). Only this target's: other names in the folder
     * may be written by igtrace on another host sharing the folder, whose process ids mean nothing
     * here.
     */
    private static void removeStaleTemporaries(Path target) {
        java.util.regex.Pattern name = temporaryName(target);
        try (var files = Files.newDirectoryStream(target.getParent(), p -> name.matcher(p.getFileName().toString()).matches())) {
            for (Path p : files) {
                var m = name.matcher(p.getFileName().toString());
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable folder, a file removed meanwhile: the write itself says what is wrong
        }
    }

    /** Names of the files an OTF2 archive (anchor, definitions, events) or an OTF trace is made of. */
    static final java.util.regex.Pattern TRACE_FILE = java.util.regex.Pattern.compile(
            "(?i).*\\.(otf2|otf|evt|def|sion)|.*\\.\\d+\\.(def|events|marker|stats|snaps)(\\.z)?");

    /** Whether {@code path} names one of this process's open descriptors rather than a file. */
    private static boolean isDescriptor(Path path) {
        String p = path.toString();
        return p.equals("/dev/stdout") || p.equals("/dev/stderr") || p.startsWith("/dev/fd/") || p.startsWith("/proc/self/fd/")
                || p.startsWith("/proc/" + ProcessHandle.current().pid() + "/fd/");
    }

    /**
     * Standard output or error when {@code path} names one ({@code /dev/stdout}, {@code /dev/fd/1}, {@code /proc/self/fd/2},
     * ...), else null.
     */
    private static FileDescriptor standardDescriptor(Path path) {
        String p = path.toString();
        String self = "/proc/" + ProcessHandle.current().pid() + "/fd/";
        if (p.equals("/dev/stdout") || p.equals("/dev/fd/1") || p.equals("/proc/self/fd/1") || p.equals(self + "1")) {
            return FileDescriptor.out;
        }
        if (p.equals("/dev/stderr") || p.equals("/dev/fd/2") || p.equals("/proc/self/fd/2") || p.equals(self + "2")) {
            return FileDescriptor.err;
        }
        return null;
    }

    /**
     * Writes through the descriptor this process inherited, not a new opening of it: a file the shell opened with
     * {@code >} shares its offset with what the shell writes next, where a new opening (appending) wrote the output at
     * the file's end and left the shared offset behind it, so that the next {@code echo} of the script overwrote the
     * output's head ({@code ( echo A; igtrace diff X Y -o -; echo B ) > f}). The descriptor stays open.
     */
    private static <E extends Exception> void writeToDescriptor(FileDescriptor fd, BytesBody<E> body) throws IOException, E {
        java.io.OutputStream out = new java.io.BufferedOutputStream(new java.io.FileOutputStream(fd), 1 << 16);
        body.writeTo(out);
        out.flush();
    }

    /** Writes to a device, a pipe or an open descriptor as it is (appending: a file the shell opened is not cut). */
    private static <E extends Exception> void writeInPlace(Path path, BytesBody<E> body) throws IOException, E {
        try (java.io.OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(path, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND), 1 << 16)) {
            body.writeTo(out);
        }
    }

    /** The file {@code path} names once its symbolic links are followed (a link to nothing: the path it names). */
    private static Path followLinks(Path path) throws IOException {
        Path p = path;
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops == 40) {
                throw new IOException("too many levels of symbolic links");
            }
            Path parent = p.getParent();
            Path link = Files.readSymbolicLink(p);
            p = parent == null ? link : parent.resolve(link);
        }
        return p;
    }

    /**
     * {@code .NAME.PID.part} beside the target, announced to a supervising parent before it exists
     * (so a reader process that dies leaves nothing behind); no SecureRandom, whose start-up costs
     * more than the whole write of a small graph.
     */
    private static Path createTemporary(Path target, Temporary created) throws IOException {
        String prefix = "." + stem(target) + "." + ProcessHandle.current().pid();
        for (int attempt = 0; ; attempt++) {
            Path temp = target.resolveSibling(prefix + (attempt == 0 ? "" : "-" + attempt) + ".part");
            SupervisedChild.willCreate(temp);
            try {
                return created.create(temp);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            } catch (java.nio.file.FileSystemException e) { // said of the file asked for, not of the temporary one it is written as
                throw new IOException("cannot write a file in " + target.toAbsolutePath().getParent() + " (" + IoFailure.of(e).replace(temp
                        + ": ", "") + ")", e);
            }
        }
    }

    /** The temporary file of one write, created and removed in turn with the shutdown hook. */
    static final class Temporary {
        private Path path;
        private boolean shutDown;

        /** Creates {@code temp}, unless the JVM's shutdown has removed this write's file already. */
        synchronized Path create(Path temp) throws IOException {
            if (shutDown) {
                throw new IOException("interrupted: the Java VM is shutting down");
            }
            Path made = Files.createFile(temp);
            path = made;
            return made;
        }

        /** Whether the shutdown hook has run: a write that failed after it failed because of it. */
        synchronized boolean isShutDown() {
            return shutDown;
        }

        synchronized Path get() {
            return path;
        }

        /** The shutdown hook: removes the file, and no file is created after it. */
        synchronized void shutDown() {
            shutDown = true;
            if (path != null) {
                path.toFile().delete();
            }
        }
    }
}
