package org.igtrace.cli.isolation;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.stream.Stream;

/**
 * The launcher's rule for the JIT compiler, for the child JVM {@code java -jar} starts: a run whose
 * traces' files (for each argument that is a file or folder, not the value of {@code -o},
 * {@code --output}, {@code --temp-dir} or {@code --placement}: the files whose names start with
 * the argument's name without its extension, folders walked) take under 16 MB is over before the
 * optimising compiler pays off, and compiles with C1 only. The launcher counts disk usage in KiB
 * ({@code find -printf %k}); here each file's size rounded up to 4 KiB, the blocks of the usual file
 * systems. The walk stops at 16 MB.
 */
final class SmallTrace {
    static final long LIMIT = 16L << 20;

    private SmallTrace() {
    }

    /** Whether the files the arguments name take under 16 MB (none: small). */
    static boolean small(String[] args) {
        long[] bytes = {0};
        boolean isValue = false;
        try {
            for (String arg : args) {
                if (!isValue && !arg.startsWith("-") && !arg.isEmpty()) {
                    add(Path.of(arg), bytes);
                    if (bytes[0] >= LIMIT) {
                        return false;
                    }
                }
                isValue = arg.equals("-o") || arg.equals("--output") || arg.equals("--temp-dir") || arg.equals("--placement")
                        || arg.matches("-[^-].*o"); // -qo FILE, as the launcher's -[!-]*o
            }
        } catch (IOException | RuntimeException e) { // NOPMD: a trace that cannot be walked is read and reported by the command
            return true;
        }
        return true;
    }

    /** Adds the sizes of the files of the trace {@code arg} names ({@code stem*}, folders walked) to {@code bytes[0]}. */
    private static void add(Path given, long[] bytes) throws IOException {
        boolean file = Files.isRegularFile(given);
        if (!file && !Files.isDirectory(given)) {
            return;
        }
        Path arg = given.toRealPath(); // an alias (a link to a path that is not UTF-8, RawArguments) names the trace's own files
        String name = arg.getFileName() == null ? "" : arg.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = file && dot > 0 ? name.substring(0, dot) : name;
        Path parent = arg.toAbsolutePath().getParent();
        if (parent == null || stem.isEmpty()) {
            walk(arg, bytes);
            return;
        }
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(parent, p -> p.getFileName().toString().startsWith(stem))) {
            for (Path p : siblings) {
                walk(p, bytes);
                if (bytes[0] >= LIMIT) {
                    return;
                }
            }
        }
    }

    private static void walk(Path p, long[] bytes) throws IOException {
        try (Stream<Path> files = Files.walk(p)) {
            var it = files.iterator();
            while (it.hasNext() && bytes[0] < LIMIT) {
                BasicFileAttributes a = Files.readAttributes(it.next(), BasicFileAttributes.class);
                if (a.isRegularFile()) {
                    bytes[0] += (a.size() + 4095) & ~4095L;
                }
            }
        }
    }
}
