package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every package of every module's main code has a package-info.java whose "Level:" paragraph names the igtrace
 * packages it may import, and its classes import (or name fully qualified) no other; and the packages form no
 * cycle (a class imports only packages at or below its own level).
 */
class PackageLayersTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern PACKAGE = Pattern.compile("^package (org\\.igtrace[\\w.]*);", Pattern.MULTILINE);
    private static final Pattern REFERENCE = Pattern.compile("\\borg\\.igtrace(?:\\.[a-z]\\w*)+");
    private static final Pattern ALLOWED = Pattern.compile("\\{@code (org\\.igtrace[\\w.]*)}");

    @Test
    void everyPackageImportsOnlyWhatItsPackageInfoAllows() throws IOException {
        Map<String, Set<String>> allowed = new TreeMap<>();
        Map<String, Set<String>> used = new TreeMap<>();
        List<String> missing = new ArrayList<>();
        for (Path dir : mainPackageDirectories()) {
            String pkg = null;
            Set<String> refs = new TreeSet<>();
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String src = Files.readString(f);
                    Matcher m = PACKAGE.matcher(src);
                    if (!m.find()) {
                        continue;
                    }
                    pkg = m.group(1);
                    if (f.getFileName().toString().equals("package-info.java")) {
                        int level = src.indexOf("Level:");
                        Set<String> ok = new TreeSet<>();
                        Matcher a = ALLOWED.matcher(src.substring(Math.max(level, 0)));
                        while (level >= 0 && a.find()) {
                            ok.add(a.group(1));
                        }
                        if (level >= 0) {
                            allowed.put(pkg, ok);
                        }
                        continue;
                    }
                    Matcher r = REFERENCE.matcher(withoutComments(src));
                    while (r.find()) {
                        refs.add(r.group());
                    }
                }
            }
            if (pkg == null) {
                continue;
            }
            if (!allowed.containsKey(pkg)) {
                missing.add(pkg);
            }
            used.put(pkg, refs);
        }
        assertEquals(List.of(), missing, "packages without a package-info.java saying their level");
        List<String> wrong = new ArrayList<>();
        Map<String, Set<String>> graph = new TreeMap<>();
        for (Map.Entry<String, Set<String>> e : used.entrySet()) {
            Set<String> to = new TreeSet<>();
            for (String ref : e.getValue()) {
                String target = packageOf(ref, used.keySet());
                if (target != null && !target.equals(e.getKey())) {
                    to.add(target);
                    if (!allowed.get(e.getKey()).contains(target)) {
                        wrong.add(e.getKey() + " -> " + ref);
                    }
                }
            }
            graph.put(e.getKey(), to);
        }
        assertEquals(List.of(), wrong, "imports a package-info.java does not allow");
        List<String> cycles = new ArrayList<>();
        for (String p : graph.keySet()) {
            for (String q : graph.get(p)) {
                if (p.compareTo(q) < 0 && reaches(graph, q, p, new TreeSet<>())) {
                    cycles.add(p + " <-> " + q);
                }
            }
        }
        assertEquals(List.of(), cycles, "packages that import each other");
        assertTrue(used.size() >= 24, "read " + used.keySet());
    }

    /** Whether {@code to} is reached from {@code from} along {@code graph}'s edges (also CliClassLevelsTest's). */
    static boolean reaches(Map<String, Set<String>> graph, String from, String to, Set<String> seen) {
        if (from.equals(to)) {
            return true;
        }
        if (!seen.add(from)) {
            return false;
        }
        for (String next : graph.getOrDefault(from, Set.of())) {
            if (reaches(graph, next, to, seen)) {
                return true;
            }
        }
        return false;
    }

    /** The longest known package {@code ref} (a package, a class or a member, fully qualified) lies in. */
    private static String packageOf(String ref, Set<String> packages) {
        String best = null;
        for (String p : packages) {
            if ((ref.equals(p) || ref.startsWith(p + ".")) && (best == null || p.length() > best.length())) {
                best = p;
            }
        }
        return best;
    }

    /** The source without comments, string and character literals (text blocks included). */
    private static String withoutComments(String src) {
        StringBuilder b = new StringBuilder(src.length());
        int i = 0, n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '/') {
                while (i < n && src.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && src.charAt(i + 1) == '*') {
                int end = src.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                i = end < 0 ? n : end + 3;
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < n && src.charAt(i) != c) {
                    i += src.charAt(i) == '\\' ? 2 : 1;
                }
                i++;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    /** The native boundary is one package: no class of the main code elsewhere uses JNA (StandardOutputWatch's poll did). */
    @Test
    void onlyTheNativePackageUsesJna() throws IOException {
        List<String> outside = new ArrayList<>();
        for (Path dir : mainPackageDirectories()) {
            if (dir.endsWith(Path.of("reader", "otf2", "nativelib"))) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    if (withoutComments(Files.readString(f)).contains("com.sun.jna")) {
                        outside.add(ROOT.relativize(f).toString());
                    }
                }
            }
        }
        assertEquals(List.of(), outside, "classes using JNA outside org.igtrace.reader.otf2.nativelib");
    }

    private static List<Path> mainPackageDirectories() throws IOException {
        List<Path> dirs = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path m : modules.filter(p -> Files.isDirectory(p.resolve("src/main/java"))).toList()) {
                try (Stream<Path> walk = Files.walk(m.resolve("src/main/java"))) {
                    walk.filter(Files::isDirectory).forEach(dirs::add);
                }
            }
        }
        return dirs;
    }
}
