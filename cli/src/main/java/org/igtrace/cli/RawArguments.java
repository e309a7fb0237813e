package org.igtrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.igtrace.cli.isolation.ReaderSupervisor;
import org.igtrace.formats.Escape;
import org.igtrace.reader.otf2.nativelib.PosixPaths;
import org.igtrace.reader.spill.TempFolders;

/**
 * Paths that are not valid UTF-8 under {@code java -jar} (issue 41 item 9), as the launcher handles
 * them in bash: Java has put U+FFFD in place of each byte that is not UTF-8 before {@code main}
 * sees the argument, so the bytes are taken again from {@code /proc/self/cmdline} (Linux; the
 * arguments are its last entries, which must decode to them). Each such argument becomes an
 * ASCII alias, a symbolic link made through libc in a folder of this run, shown as the path with
 * {@code \xHH} per byte that is not UTF-8 ({@link PathAliases}); an output whose own name is not
 * UTF-8 is written beside it under the launcher's stand-in name, {@code .igtrace-HASH.EXT}, and
 * renamed to it by {@link #finish}. A working folder that is not UTF-8 ({@code user.dir} holding
 * U+FFFD) is given as an alias to the child JVM that then runs the command ({@link #needsChild}).
 * Without /proc or libc nothing changes: the path is refused in one line as before.
 */
final class RawArguments {
    /** The working folder's alias, which the child JVM gets as its {@code user.dir}. */
    static final String USER_DIR_PROPERTY = "igtrace.cwd.alias";
    private static final Pattern SHORT_ATTACHED = Pattern.compile("-[qhV]*[oj]=?");
    private static final Pattern SHORT_OUTPUT = Pattern.compile("-[^-].*o");

    /**
     * The character set Java decoded the arguments and names file paths in ({@code sun.jnu.encoding}):
     * UTF-8 under a UTF-8 locale; ASCII under C, or under a locale that is set but not installed
     * (containers: its setlocale fails), where each non-ASCII byte became U+FFFD and every non-ASCII
     * path was an InvalidPathException (issue 41 item 9): those paths get aliases too, as the launcher,
     * which runs the JVM in C.UTF-8 then, needs none.
     */
    private static final java.nio.charset.Charset JNU = jnuCharset();
    private static volatile String relativeBase;

    private final String[] args;
    private final Path folder;
    private final boolean needsChild;
    private final List<Rename> renames = new ArrayList<>();
    private final List<String[]> aliases = new ArrayList<>();
    private byte[] cwd;
    private int links;
    private Path started;

    private RawArguments(String[] args, Path folder, boolean needsChild) {
        this.args = args.clone();
        this.folder = folder;
        this.needsChild = needsChild;
    }

    /**
     * The arguments with aliases in place of the paths that are not UTF-8, or null when there is
     * nothing to do (the common case, decided by a look for U+FFFD) or it cannot be done.
     */
    static RawArguments recover(String[] args) {
        boolean badCwd = System.getProperty("user.dir", "").indexOf('\uFFFD') >= 0;
        boolean any = badCwd;
        for (String arg : args) {
            any |= arg.indexOf('\uFFFD') >= 0;
        }
        if (!any || System.getProperty("igtrace.alias." + 0) != null) {
            return null;
        }
        byte[][] raw = commandLineTail(args.length);
        if (raw == null) {
            return null;
        }
        for (int i = 0; i < args.length; i++) {
            if (!new String(raw[i], JNU).equals(args[i])) {
                return null; // not this JVM's arguments as Java decoded them
            }
        }
        Path folder = null;
        try {
            folder = TempFolders.create("igtrace-reader"); // removed by a later run once this process is gone
            RawArguments r = new RawArguments(args, folder, badCwd);
            r.cwd = PosixPaths.cwd();
            if (r.cwd == null || !r.alias(raw)) {
                r.delete();
                return null;
            }
            for (int i = 0; i < r.aliases.size(); i++) {
                System.setProperty("igtrace.alias." + i, r.aliases.get(i)[0]);
                System.setProperty("igtrace.shown." + i, r.aliases.get(i)[1]);
            }
            r.started = Files.createFile(folder.resolve("started"));
            return r;
        } catch (IOException | RuntimeException e) {
            if (folder != null) {
                deleteQuietly(folder);
            }
            return null;
        }
    }

    private static java.nio.charset.Charset jnuCharset() {
        try {
            java.nio.charset.Charset c = java.nio.charset.Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
            return c.equals(StandardCharsets.UTF_8) ? StandardCharsets.UTF_8 : c;
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }

    /** The last {@code count} entries of /proc/self/cmdline (the program's arguments), or null. */
    private static byte[][] commandLineTail(int count) {
        byte[] line;
        try {
            line = Files.readAllBytes(Path.of("/proc/self/cmdline"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
        List<byte[]> entries = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < line.length; i++) {
            if (line[i] == 0) {
                entries.add(Arrays.copyOfRange(line, from, i));
                from = i + 1;
            }
        }
        if (entries.size() < count) {
            return null;
        }
        return entries.subList(entries.size() - count, entries.size()).toArray(new byte[0][]);
    }

    /** Replaces each argument that is not UTF-8 by its alias, as the launcher does; false if a link could not be made. */
    private boolean alias(byte[][] raw) {
        if (needsChild) {
            String link = link(cwd, shown(cwd));
            if (link == null) {
                return false;
            }
            System.setProperty(USER_DIR_PROPERTY, link);
            if (!ReaderSupervisor.enabled()) { // no child JVM: relative paths through the alias, shown as given
                relativeBase = link;
                aliases.add(new String[] {link + "/", ""});
            }
        }
        boolean options = true;
        boolean isOutput = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            boolean output = isOutput;
            isOutput = false;
            if (options && !output) {
                if (arg.equals("--")) {
                    options = false;
                } else if (arg.equals("-o") || arg.equals("--output") || SHORT_OUTPUT.matcher(arg).matches()) {
                    isOutput = true;
                }
            }
            if (arg.indexOf('\uFFFD') < 0) {
                continue;
            }
            int prefix = 0;
            if (options && !output) {
                Matcher m = SHORT_ATTACHED.matcher(arg);
                if (arg.startsWith("--") && arg.indexOf('=') > 0 && arg.substring(0, arg.indexOf('=')).indexOf('\uFFFD') < 0) {
                    prefix = arg.indexOf('=') + 1;
                    output = arg.startsWith("--output=");
                } else if (m.lookingAt()) {
                    prefix = m.end();
                    output = arg.charAt(prefix - 1) == 'o' || arg.substring(0, prefix).endsWith("o=");
                } else if (arg.startsWith("-")) {
                    continue; // an unknown option: picocli says so
                }
            }
            byte[] value = Arrays.copyOfRange(raw[i], prefix, raw[i].length); // the prefix is ASCII: as many bytes as characters
            String alias = output ? output(value) : input(value);
            if (alias == null) {
                return false;
            }
            args[i] = arg.substring(0, prefix) + alias;
        }
        return true;
    }

    /** A symbolic link in this run's folder to {@code path} (relative to the working folder), shown as {@code shown}; null if not made. */
    private String link(byte[] path, String shown) {
        Path link = folder.resolve("p" + links++ + "_"); // p1_ is no prefix of p10_
        if (!PosixPaths.symlink(absolute(path), link.toString().getBytes(StandardCharsets.UTF_8))) {
            return null;
        }
        aliases.add(new String[] {link.toString(), shown});
        return link.toString();
    }

    /**
     * The name the command is to read {@code path} as: its folder through a link and its own name as
     * it is, when Java can name that (libotf2 finds an archive's other files beside its anchor by the
     * anchor's name: a link to the anchor itself, with no {@code .otf2}, was "Could not find file
     * extension!"); else a link to the whole path. Null if a link could not be made.
     */
    private String input(byte[] path) {
        int slash = lastIndexOf(path, (byte) '/');
        byte[] base = Arrays.copyOfRange(path, slash + 1, path.length);
        String name = new String(base, StandardCharsets.UTF_8);
        if (!nameable(base) && base.length > 5 && name.endsWith(".otf2")) {
            return archiveLinks(Arrays.copyOf(path, path.length - 5));
        }
        if (!nameable(base) && base.length > 4 && name.endsWith(".otf")) {
            return masterLinks(Arrays.copyOf(path, path.length - 4), slash);
        }
        if (slash < 0 || !nameable(base) || name.isEmpty() || name.equals(".") || name.equals("..")) {
            return link(path, shown(path));
        }
        byte[] dir = slash == 0 ? new byte[] {'/'} : Arrays.copyOf(path, slash);
        String dirLink = link(dir, shown(dir));
        return dirLink == null ? null : dirLink + "/" + name;
    }

    /**
     * The alias of an OTF2 anchor {@code stem.otf2} whose own name Java cannot name: a folder of this
     * run's holding links {@code trace.otf2}, {@code trace.def} and {@code trace} to the archive's
     * three names, shown as the anchor's path. Null if they could not be made.
     */
    private String archiveLinks(byte[] stem) {
        Path dir = folder.resolve("p" + links++ + "_");
        try {
            Files.createDirectory(dir);
        } catch (IOException e) {
            return null;
        }
        byte[] target = absolute(stem);
        byte[] link = (dir + "/trace").getBytes(StandardCharsets.UTF_8);
        for (String ext : new String[] {".otf2", ".def", ""}) {
            byte[] e = ext.getBytes(StandardCharsets.US_ASCII);
            if (!PosixPaths.symlink(concat(target, e), concat(link, e))) {
                return null;
            }
        }
        aliases.add(new String[] {dir + "/trace", shown(stem)});
        return dir + "/trace.otf2";
    }

    /**
     * The alias of an OTF master {@code stem.otf} whose own name Java cannot name: a folder of this run's
     * holding a link {@code trace.REST} to each file {@code stem.REST} beside it ({@code .otf}, {@code .0.def},
     * {@code .1.events}...: the reader finds them by the master's name), shown as the master's path. The
     * folder is listed through a link to it. Null if they could not be made.
     *
     * @param slash where the last slash of {@code stem} is, or -1
     */
    private String masterLinks(byte[] stem, int slash) {
        byte[] parent = slash < 0 ? new byte[] {'.'} : slash == 0 ? new byte[] {'/'} : Arrays.copyOf(stem, slash);
        String parentLink = link(parent, shown(parent));
        Path dir = folder.resolve("p" + links++ + "_");
        try {
            Files.createDirectory(dir);
            ArchiveLinks.link(Path.of(parentLink), Arrays.copyOfRange(stem, slash + 1, stem.length), dir);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        aliases.add(new String[] {dir + "/trace", shown(stem)});
        return dir + "/trace.otf";
    }

    /** Whether Java can name a file {@code base} as it is: UTF-8, and ASCII when Java names files in ASCII. */
    private static boolean nameable(byte[] base) {
        return utf8(base) && (JNU == StandardCharsets.UTF_8 || ascii(base));
    }

    /** The name the command is to write the output {@code path} under (its folder through a link; a stand-in for a name that is not UTF-8). */
    private String output(byte[] path) {
        String shown = shown(path);
        String whole = link(path, shown);
        if (whole == null) {
            return null;
        }
        Path target = Path.of(whole);
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            return whole; // a folder or a device: the command says what it says of one named in UTF-8
        }
        int slash = lastIndexOf(path, (byte) '/');
        byte[] dir = slash < 0 ? new byte[] {'.'} : slash == 0 ? new byte[] {'/'} : Arrays.copyOf(path, slash);
        byte[] base = Arrays.copyOfRange(path, slash + 1, path.length);
        String dirLink = link(dir, shown(dir));
        if (dirLink == null) {
            return null;
        }
        if (nameable(base)) {
            return dirLink + "/" + new String(base, StandardCharsets.UTF_8);
        }
        String standIn = dirLink + "/" + standIn(base);
        aliases.add(new String[] {standIn, shown});
        renames.add(new Rename(Path.of(standIn), absolute(concat(dir, ("/" + standIn(base)).getBytes(StandardCharsets.US_ASCII))),
                absolute(path), shown));
        return standIn;
    }

    /** The launcher's stand-in name: {@code .igtrace-HASH.EXT}, HASH of the name's bytes, EXT its longest extension that is UTF-8. */
    static String standIn(byte[] base) {
        long h = 5381;
        for (byte b : base) {
            h = (h * 33 + (b & 0xFF)) & 0xFFFFFFFFFFFFL;
        }
        String ext = "";
        for (int i = 0; i < base.length; i++) {
            if (base[i] == '.') {
                byte[] rest = Arrays.copyOfRange(base, i + 1, base.length);
                if (utf8(rest) && rest.length <= 64) {
                    ext = "." + new String(rest, StandardCharsets.UTF_8);
                    break;
                }
            }
        }
        return String.format(".igtrace-%012x%s", h, ext);
    }

    /**
     * The working folder's alias when it is not UTF-8 and the command runs in this JVM
     * ({@code -Digtrace.isolate=false}: no child to give it as {@code user.dir}), else null. Java keeps
     * {@code user.dir} from its start (holding U+FFFD), so each relative path argument, as picocli's
     * model knows them (the options and parameters of type Path), is taken through this alias
     * ({@link #resolved}), and shown as given.
     */
    static String relativeBase() {
        return relativeBase;
    }

    /**
     * The path argument {@code text} as a command is to use it: through {@code base} when relative (see
     * {@link #relativeBase}); {@code -} (standard output or input) as it is.
     */
    static Path resolved(String base, String text) {
        Path path = Path.of(text);
        return path.isAbsolute() || text.isEmpty() || text.equals("-") ? path : Path.of(base).resolve(path);
    }

    /** Whether a child JVM must run the command: the working folder is not UTF-8 (its {@code user.dir} is the alias). */
    boolean needsChild() {
        return needsChild;
    }

    /** {@code err} with the aliases in its lines shown as the paths they stand for (the supervisor's own lines). */
    static PrintStream shownThrough(PrintStream err) {
        return new PrintStream(err, true, StandardCharsets.UTF_8) {
            @Override
            public void println(String line) {
                super.println(PathAliases.shown(line));
            }

            @Override
            public void print(String text) {
                super.print(PathAliases.shown(text));
            }
        };
    }

    String[] args() {
        return args.clone();
    }

    /**
     * Renames the outputs written under a stand-in name (if written by this run) to their names and
     * removes this run's folder.
     *
     * @return the exit code to leave with: {@code code}, or 1 if a rename failed after a success
     */
    int finish(int code, PrintStream err) {
        int exit = code;
        for (Rename r : renames) {
            if (writtenSince(r.written()) && !PosixPaths.rename(r.from(), r.to())) {
                err.println("igtrace: " + r.shown() + ": cannot rename the output written beside it to this name");
                exit = exit == 0 ? 1 : exit;
            }
        }
        delete();
        return exit;
    }

    /** Whether the stand-in {@code standIn} (through its folder's alias) was written after this run began, as the launcher's {@code -nt}. */
    private boolean writtenSince(Path standIn) {
        try {
            FileTime written = Files.getLastModifiedTime(standIn);
            return written.compareTo(Files.getLastModifiedTime(started)) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** An output written under the stand-in {@code written} (its alias), renamed from {@code from} to {@code to} (bytes). */
    private record Rename(Path written, byte[] from, byte[] to, String shown) {
    }

    private void delete() {
        deleteQuietly(folder);
    }

    private byte[] absolute(byte[] path) {
        return path.length > 0 && path[0] == '/' ? path : concat(concat(cwd, new byte[] {'/'}), path);
    }

    /** {@code path} as messages show it: each byte that is not part of a UTF-8 character as {@code \xHH}, control characters escaped. */
    static String shown(byte[] path) {
        StringBuilder b = new StringBuilder(path.length + 8);
        int i = 0;
        while (i < path.length) {
            int n = utf8Length(path, i);
            if (n > 0) {
                b.append(new String(path, i, n, StandardCharsets.UTF_8));
                i += n;
            } else {
                b.append(String.format("\\x%02x", path[i] & 0xFF));
                i++;
            }
        }
        return Escape.line(b.toString());
    }

    private static boolean ascii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean utf8(byte[] bytes) {
        for (int i = 0; i < bytes.length; ) {
            int n = utf8Length(bytes, i);
            if (n == 0) {
                return false;
            }
            i += n;
        }
        return true;
    }

    /** The length of the UTF-8 character at {@code i} (1-4), or 0 when the bytes there are not one (the launcher's pattern). */
    private static int utf8Length(byte[] s, int i) {
        int b0 = s[i] & 0xFF;
        if (b0 >= 0x01 && b0 <= 0x7F) {
            return 1;
        }
        int n;
        int lo = 0x80;
        int hi = 0xBF;
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            n = 2;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            n = 3;
            lo = b0 == 0xE0 ? 0xA0 : 0x80;
            hi = b0 == 0xED ? 0x9F : 0xBF;
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            n = 4;
            lo = b0 == 0xF0 ? 0x90 : 0x80;
            hi = b0 == 0xF4 ? 0x8F : 0xBF;
        } else {
            return 0;
        }
        if (i + n > s.length) {
            return 0;
        }
        for (int k = 1; k < n; k++) {
            int c = s[i + k] & 0xFF;
            if (c < (k == 1 ? lo : 0x80) || c > (k == 1 ? hi : 0xBF)) {
                return 0;
            }
        }
        return n;
    }

    private static int lastIndexOf(byte[] s, byte b) {
        for (int i = s.length - 1; i >= 0; i--) {
            if (s[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static void deleteQuietly(Path path) {
        try (Stream<Path> files = Files.walk(path)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // gone already: nothing to remove
        }
    }
}
