package org.igtrace.cli.isolation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How long ago a process started, from Linux's {@code /proc}: the seconds since boot now
 * ({@code /proc/uptime}) less the process's start in clock ticks since boot (field 22 of
 * {@code /proc/PID/stat}, in USER_HZ, 100 a second). Both are kept in hundredths of a second, so
 * the age is good to about 0.02 s. {@link ProcessHandle.Info#startInstant()} is not used: it adds
 * the boot time in whole seconds, which puts the start up to a second off against the clock.
 * The {@code --timing} line's "before the first event" is the age of the process the user started
 * ({@link #ofCommand()}) when the first event was read.
 */
public final class ProcessAge {
    /** Clock ticks a second in {@code /proc/PID/stat} (USER_HZ: 100 on every Linux the JDK runs on). */
    static final double TICKS_PER_SECOND = 100;

    private ProcessAge() {
    }

    /**
     * The seconds since the process {@code pid} started, or -1 when {@code /proc} cannot tell (not
     * Linux, or the process is gone).
     */
    public static double seconds(long pid) {
        try {
            String uptime = Files.readString(Path.of("/proc/uptime"), StandardCharsets.US_ASCII);
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            // the command's name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).strip().split(" ");
            long startTicks = Long.parseLong(after[22 - 3]); // field 22; field 3 is after[0]
            double up = Double.parseDouble(uptime.substring(0, uptime.indexOf(' ')));
            return Math.max(0, up - startTicks / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) { // NOPMD: no /proc, a process gone, a format not Linux's: unknown
            return -1;
        }
    }

    /**
     * The seconds since the command the user ran started, or -1 when unknown: the launcher script
     * or the supervising JVM of {@code java -jar} when this JVM is their supervised child, else this JVM.
     */
    public static double ofCommand() {
        long parent = SupervisedChild.supervisor();
        return seconds(parent > 1 ? parent : ProcessHandle.current().pid());
    }
}
