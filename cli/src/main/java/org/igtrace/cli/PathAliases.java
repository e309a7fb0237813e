package org.igtrace.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Paths the launcher gave this JVM under another name, and the names people are to read. A path
 * that is not valid UTF-8 cannot be named in Java (under a UTF-8 {@code sun.jnu.encoding} its
 * bytes become U+FFFD), so the launcher passes an ASCII alias, a symbolic link in its own
 * temporary folder, and the path as it shows it ({@code \xHH} for each byte that is not UTF-8):
 * {@code -Digtrace.alias.N=ALIAS -Digtrace.shown.N=SHOWN} (issue 41, item 9). Messages on
 * standard error and the trace's name in outputs show SHOWN, never the
 * alias. Without such properties, text passes unchanged.
 */
final class PathAliases {
    /** {alias, shown} pairs, the longest alias first (an alias of a file inside an aliased folder comes before the folder's). */
    private static volatile String[][] aliases = load();

    private PathAliases() {
    }

    private static String[][] load() {
        List<String[]> pairs = new ArrayList<>();
        for (int i = 0; ; i++) {
            String alias = System.getProperty("igtrace.alias." + i);
            String shown = System.getProperty("igtrace.shown." + i);
            String hex = System.getProperty("igtrace.shownhex." + i); // from a supervisor that names files in ASCII (ChildJvm)
            if (shown == null && hex != null) {
                shown = new String(java.util.HexFormat.of().parseHex(hex), java.nio.charset.StandardCharsets.UTF_8);
            }
            if (alias == null || shown == null) {
                break;
            }
            pairs.add(new String[] {alias, shown});
        }
        return sorted(pairs);
    }

    private static String[][] sorted(List<String[]> pairs) {
        pairs.sort(Comparator.comparingInt((String[] p) -> p[0].length()).reversed());
        return pairs.toArray(new String[0][]);
    }

    /** Adds an alias this JVM made itself (a trace found in a folder under a name Java cannot name). */
    static synchronized void add(String alias, String shown) {
        List<String[]> pairs = new ArrayList<>(List.of(aliases));
        pairs.add(new String[] {alias, shown});
        aliases = sorted(pairs);
    }

    /** Whether the launcher gave any alias (else {@link #shown} is the identity). */
    static boolean any() {
        return aliases.length > 0;
    }

    /**
     * {@code text} with each alias replaced by the path it stands for, as people read it.
     *
     * @param text a message or a trace's name
     * @return the text people are to read
     */
    static String shown(String text) {
        String s = text;
        for (String[] p : aliases) {
            if (s.contains(p[0])) {
                s = s.replace(p[0], p[1]);
            }
        }
        return s;
    }
}
