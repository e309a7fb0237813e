package org.igtrace.cli.isolation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of the child JVM that runs igtrace for {@link ReaderSupervisor}: this JVM's
 * java and class path, no crash file and no core dump, the {@code igtrace.*} and {@code jna.*}
 * system properties and {@code IGTRACE_JAVA_OPTS} passed on, and the launcher's class-data
 * sharing archive ({@code -Digtrace.cds.archive=FILE}) when it names one that exists.
 */
final class ChildJvm {
    static final String ARCHIVE_PROPERTY = "igtrace.cds.archive";

    private ChildJvm() {
    }

    static List<String> command(String[] args, Path status, Path scratch) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:+SuppressFatalErrorMessage");
        command.add("-XX:-CreateCoredumpOnCrash");
        command.add("-XX:ErrorFile=" + scratch.resolve("hs_err_%p.log"));
        command.add("-XX:+UseSerialGC");
        command.add("-Xmn24m"); // a small young generation: the match records' garbage is short-lived, and RSS stays flat
        command.add("-XX:-UsePerfData");
        // the optimising compiler's thresholds tripled: fewer lukewarm methods compiled (the launcher's choice for traces of 16 MB or more)
        command.add("-XX:CompileThresholdScaling=3");
        String archive = System.getProperty(ARCHIVE_PROPERTY);
        if (archive != null && Files.isRegularFile(Path.of(archive))) {
            command.add("-Xlog:cds*=off");
            command.add("-XX:SharedArchiveFile=" + archive);
        }
        String userOptions = System.getenv("IGTRACE_JAVA_OPTS");
        if (userOptions != null && !userOptions.isBlank()) {
            command.addAll(List.of(userOptions.strip().split("\\s+")));
        }
        for (Map.Entry<Object, Object> p : System.getProperties().entrySet()) {
            String key = p.getKey().toString();
            if ((key.startsWith("igtrace.") || key.startsWith("jna.") || key.equals("java.io.tmpdir")) && !key.equals("igtrace.isolate")
                    && !key.startsWith("igtrace.supervisor.")) {
                command.add(property(key, p.getValue().toString()));
            }
        }
        String userDir = System.getProperty("igtrace.cwd.alias"); // a working folder that is not UTF-8, as its alias (RawArguments)
        if (userDir != null) {
            command.add("-Duser.dir=" + userDir);
        }
        command.add("-Digtrace.isolate=false");
        command.add("-D" + SupervisedChild.STATUS_PROPERTY + "=" + status);
        command.add(SupervisedChild.parentOption());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("org.igtrace.cli.Main");
        command.addAll(List.of(args));
        return command;
    }

    /** Whether this JVM names files in ASCII: under C, or a locale that is set but not installed (its setlocale failed). */
    private static boolean asciiNames() {
        return "ANSI_X3.4-1968".equals(System.getProperty("sun.jnu.encoding")) || "US-ASCII".equals(System.getProperty("sun.jnu.encoding"));
    }

    /**
     * The option setting {@code key} to {@code value}. Under ASCII names a path as messages show it
     * ({@code igtrace.shown.N}, not ASCII: its name is) would reach the child as '?' (the command
     * line is encoded in ASCII): it goes as the hexadecimal of its UTF-8 bytes, {@code igtrace.shownhex.N}.
     */
    private static String property(String key, String value) {
        if (asciiNames() && key.startsWith("igtrace.shown.") && !value.chars().allMatch(c -> c < 0x80)) {
            return "-Digtrace.shownhex." + key.substring("igtrace.shown.".length()) + "="
                    + java.util.HexFormat.of().formatHex(value.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return "-D" + key + "=" + value;
    }

    /**
     * The child's environment: under ASCII names (every non-ASCII argument an ASCII alias by then,
     * cli's RawArguments) the child runs in C.UTF-8, so that its messages show the paths' characters.
     */
    static void environment(Map<String, String> env) {
        if (asciiNames()) {
            env.put("LC_ALL", "C.UTF-8");
        }
    }
}
