package org.igtrace.cli.isolation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of the child JVM that runs igtrace for {@link ReaderSupervisor}: this JVM's
 * java and class path, no crash file and no core dump, the {@code igtrace.*} and {@code jna.*}
 * system properties and {@code IGTRACE_JAVA_OPTS} passed on; and what the launcher gives its JVM
 * (issue 38): its class-data sharing archive when there is one that fits ({@link ClassDataArchive}),
 * C1 alone for a trace under 16 MB ({@link SmallTrace}), with the Java heap on transparent huge pages where
 * the kernel gives them on request ({@link #hugePagesOnRequest}), and for a larger one C2's thresholds tripled and the
 * timeline's recorder and tap, and why's look-ups, compiled on their own ({@link #OUT_OF_LINE}), JNA's library and igtrace's libotf2 shim
 * from the folder the build unpacked them to beside the jar ({@code native/}, when not older than
 * the jar), and JNA's system library path (so that JNA does not run {@code ldconfig -p} to find
 * libotf2). Under {@code java -jar} the child had none of these: on a 3.9 MB bundled trace it
 * compiled with C2 (1.23 s of CPU against 0.90 s with C1 alone), and on a 74-event one it spent
 * 0.3-0.4 s more CPU without the archive.
 */
final class ChildJvm {
    private ChildJvm() {
    }

    static List<String> command(String[] args, Path status, Path scratch) {
        return command(args, status, scratch, System.getProperty("java.class.path"));
    }

    static List<String> command(String[] args, Path status, Path scratch, String classPath) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:+SuppressFatalErrorMessage");
        command.add("-XX:-CreateCoredumpOnCrash");
        command.add("-XX:+DisplayVMOutputToStderr"); // a thread dump (Ctrl-\ reaches the process group) stays off standard output
        command.add("-XX:ErrorFile=" + scratch.resolve("hs_err_%p.log"));
        command.addAll(jvmOptions(args, classPath));
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
        command.addAll(entryPoint(classPath, "org.igtrace.cli.Main"));
        command.addAll(List.of(args));
        return command;
    }

    /**
     * How a child JVM is given igtrace's entry point {@code main}: {@code -jar} for one jar, as the launcher runs it (the
     * jar's manifest names the class and lets JNA load native code without a warning on JDK 22 and later), else
     * {@code -cp} and the class (the tests' folders).
     */
    static List<String> entryPoint(String classPath, String main) {
        return singleJar(classPath) ? List.of("-jar", classPath) : List.of("-cp", classPath, main);
    }

    private static boolean singleJar(String classPath) {
        return classPath.endsWith(".jar") && !classPath.contains(java.io.File.pathSeparator);
    }

    /**
     * As the launcher gives for a larger trace: the timeline's recorder (its four entries) and its tap of the join's
     * matches (the listener's two) compiled on their own, called from the read's and the join's compiled units instead of
     * inlined into them (issue 38, report --no-why pinned to one core: median 0.961 of the CPU before); and why's loop
     * over the waits without its look-ups of the synchronisations, the sorted records' spill and the table's block load
     * inlined (why on 3.5 M waits: C2 compiled that loop once, in 17 KB, where it compiled it twice in 31 KB; wall 0.83-1.00
     * in 8 interleaved pairs); quiet first, as the JVM would print each command on standard output.
     */
    static final List<String> OUT_OF_LINE = List.of("-XX:CompileCommand=quiet",
            "-XX:CompileCommand=dontinline,org.igtrace.core.timeline.TimelineBuilder$Recorder::enter",
            "-XX:CompileCommand=dontinline,org.igtrace.core.timeline.TimelineBuilder$Recorder::leave",
            "-XX:CompileCommand=dontinline,org.igtrace.core.timeline.TimelineBuilder$Recorder::sendCall",
            "-XX:CompileCommand=dontinline,org.igtrace.core.timeline.TimelineBuilder$Recorder::receiveCall",
            "-XX:CompileCommand=dontinline,org.igtrace.core.timeline.ThreadWaits::message",
            "-XX:CompileCommand=dontinline,org.igtrace.core.timeline.ThreadWaits::collective",
            "-XX:CompileCommand=dontinline,org.igtrace.core.why.DelayCosts::before",
            "-XX:CompileCommand=dontinline,org.igtrace.core.why.SortedRecords::spill",
            "-XX:CompileCommand=dontinline,org.igtrace.core.why.RecordTable$Group::load");

    /**
     * As the launcher gives {@code predict} and {@code report} (the first argument) for a larger trace: the tee of the
     * read's sinks compiled method by method, called from the batch's decode instead of inlined into it. Their tee feeds
     * the replay's recording beside the profile and the match records, and C2 compiled predict's decode with all of it
     * inlined into 40 KB of code in 0.3 s, leaving the rest of the cases' sinks as calls (-XX:+LogCompilation); so, C2
     * took 1.6 s in all where it took 2.1 s, and predict's CPU 0.905-1.008 of that without it (median 0.966, 8
     * interleaved pairs on the posted trace), report's 0.91-0.97 on the stencil (4 pairs) and median 0.975 on the
     * imbalanced trace (12 pairs). Not for the other commands: graph's and why's CPU gained nothing (medians 0.994 and
     * 0.987), and the default pinned to one core lost (median 1.027).
     */
    static final List<String> TEE_OUT_OF_LINE = List.of("-XX:CompileCommand=dontinline,org.igtrace.core.trace.TeeSink$Four::*");

    /**
     * The launcher's JVM options for a child that runs the command {@code args} on the class path
     * {@code classPath}: the serial collector, a small young generation, no perf data, the compiler
     * setting for the trace's size, the class-data archive and the native libraries when they fit,
     * then {@code IGTRACE_JAVA_OPTS} (the user's, last, so that they win).
     */
    static List<String> jvmOptions(String[] args, String classPath) {
        List<String> options = new ArrayList<>();
        options.add("-XX:+UseSerialGC");
        // the JVM's own warnings on standard error, never in the command's output; none that a heap given smaller
        // than -Xmn shrinks the young generation (the JVM adapts, nothing for the user to do)
        options.add("-Xlog:disable");
        options.add("-Xlog:all=warning:stderr");
        options.add("-Xlog:gc+ergo=off:stderr");
        options.add("-Xmn24m"); // a small young generation: the match records' garbage is short-lived, and RSS stays flat
        String initial = initialHeap(memTotalKib(Path.of(System.getProperty("igtrace.test.meminfo", "/proc/meminfo"))));
        if (initial != null) {
            options.add(initial);
        }
        options.add("-XX:-UsePerfData");
        // as the launcher: C1 alone for a small trace; for a larger one the optimising compiler's thresholds
        // tripled, so that it compiles fewer lukewarm methods
        boolean small = SmallTrace.small(args);
        options.add(small ? "-XX:TieredStopAtLevel=1" : "-XX:CompileThresholdScaling=3");
        if (small && hugePagesOnRequest()) {
            options.add("-XX:+UseTransparentHugePages"); // as the launcher: the heap's first touches, 2 MiB at a time
        }
        if (!small) {
            options.addAll(OUT_OF_LINE); // as the launcher: the timeline's recorder and tap, why's look-ups, on their own
            if (args.length > 0 && (args[0].equals("predict") || args[0].equals("report"))) {
                options.addAll(TEE_OUT_OF_LINE);
            }
        }
        options.addAll(ClassDataArchive.options(classPath));
        options.addAll(nativeLibraries(classPath));
        if (Runtime.version().feature() >= 22 && !singleJar(classPath)) { // JNA's System.load warned in 4 lines (JDK 24 and later)
            // not for a jar, whose manifest says it, nor on 17: the option turns off the archived module graph (8-25 ms)
            options.add("--enable-native-access=ALL-UNNAMED");
        }
        String userOptions = System.getenv("IGTRACE_JAVA_OPTS");
        if (userOptions != null && !userOptions.isBlank()) {
            options.addAll(List.of(userOptions.strip().split("\\s+")));
        }
        return options;
    }

    /**
     * As the launcher: the initial heap 64 MiB, as a share of the machine's memory, which the JVM keeps within the largest
     * heap (where {@code -Xms} above {@code -Xmx} stops it) and which a {@code -Xms} given wins over. From the JVM's default,
     * 1/64 of the memory, the old generation filled with what the young collections promoted, and what died there was never
     * collected: {@code why}'s peak RSS grew with the trace (174 MB at 10^7 events, 340 MB at 10^9; 241 MB with this).
     *
     * @param memKib the machine's memory (KiB), 0 when unknown
     * @return the option, or null when the memory is unknown or below 64 MiB
     */
    static String initialHeap(long memKib) {
        if (memKib < 65536) {
            return null;
        }
        long micro = 65536L * 100_000_000L / memKib; // the percentage in millionths
        return String.format(java.util.Locale.ROOT, "-XX:InitialRAMPercentage=%d.%06d", micro / 1_000_000, micro % 1_000_000);
    }

    /** MemTotal of {@code meminfo} (/proc/meminfo), KiB; 0 when it cannot be read. */
    static long memTotalKib(Path meminfo) {
        try (java.io.BufferedReader in = Files.newBufferedReader(meminfo)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("MemTotal:")) {
                    String[] words = line.trim().split("\\s+");
                    return words.length >= 2 ? Long.parseLong(words[1]) : 0;
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0; // not Linux, or no such file: the JVM's own initial heap
        }
        return 0;
    }

    /** The kernel's setting for transparent huge pages; a system property names another file for tests. */
    static final String THP_SETTING = "/sys/kernel/mm/transparent_hugepage/enabled";

    /** Whether the kernel gives transparent huge pages to a process that asks for them (madvise), as the launcher reads it. */
    static boolean hugePagesOnRequest() {
        try {
            return Files.readString(Path.of(System.getProperty("igtrace.test.thpSetting", THP_SETTING))).contains("[madvise]");
        } catch (IOException | RuntimeException e) {
            return false; // a kernel without them
        }
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
     * The child's environment: the launcher's for its JVM, libotf2's chunk buffers as transparent
     * huge pages ({@code GLIBC_TUNABLES=glibc.malloc.hugetlb=1}, added to what is set unless that
     * names the setting; glibc 2.35 or later); and under ASCII names (every non-ASCII argument an
     * ASCII alias by then, cli's RawArguments) C.UTF-8, so that its messages show the paths' characters.
     */
    static void environment(Map<String, String> env) {
        env.remove(SupervisedChild.TOKEN_VARIABLE); // its status file is read by this JVM, which expects no token
        if (asciiNames()) {
            env.put("LC_ALL", "C.UTF-8");
        }
        String tunables = env.get("GLIBC_TUNABLES");
        if (tunables != null && tunables.contains("glibc.malloc.hugetlb=")) {
            return; // the user's choice
        }
        env.put("GLIBC_TUNABLES", (tunables == null || tunables.isEmpty() ? "" : tunables + ":") + "glibc.malloc.hugetlb=1");
    }

    /**
     * The launcher's options for the native libraries: JNA's and the shim from {@code native/}
     * beside the jar {@code classPath} when not older than it, and JNA's system library path.
     */
    static List<String> nativeLibraries(String classPath) {
        List<String> options = new ArrayList<>();
        if (classPath != null && classPath.endsWith(".jar") && !classPath.contains(java.io.File.pathSeparator)) {
            Path jar = Path.of(classPath).toAbsolutePath();
            Path folder = jar.resolveSibling("native");
            if (notOlder(folder.resolve("libjnidispatch.so"), jar)) {
                options.add("-Djna.boot.library.path=" + folder);
            }
            if (notOlder(folder.resolve("libigtrace-otf2.so"), jar)) {
                options.add("-Digtrace.shim=" + folder.resolve("libigtrace-otf2.so"));
            }
        }
        if (System.getProperty("os.name", "").equals("Linux")) { // as the launcher's /usr/lib/$HOSTTYPE-linux-gnu:...
            String arch = System.getProperty("os.arch", "");
            String host = arch.equals("amd64") ? "x86_64" : arch;
            options.add("-Djna.platform.library.path=/usr/lib/" + host + "-linux-gnu:/lib/" + host + "-linux-gnu:/usr/lib64:/lib64:/usr/lib:/lib");
        }
        return options;
    }

    private static boolean notOlder(Path file, Path jar) {
        try {
            return Files.isRegularFile(file) && Files.getLastModifiedTime(file).compareTo(Files.getLastModifiedTime(jar)) >= 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
