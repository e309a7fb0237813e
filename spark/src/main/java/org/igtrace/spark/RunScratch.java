package org.igtrace.spark;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;

/**
 * The driver's folder of its own for Spark's scratch (its {@code blockmgr-*} and {@code spark-*}
 * folders; in local mode all of the job's shuffle files and spills): {@code igtrace-spark.PID.N}
 * in each of Spark's local folders ({@code SPARK_LOCAL_DIRS}, else {@code spark.local.dir}, else
 * the JVM's temporary folder), PID this JVM's process id. Spark's own clean-up runs in a shutdown
 * hook, which SIGKILL skips: a killed job left {@code blockmgr-*} there (issue 41 item 10). Here a
 * run removes, before it starts, the folders of this naming whose process is gone (the user's
 * own), and its own folder as its JVM exits, once Spark's hooks have emptied it (deleteOnExit runs
 * after the application's shutdown hooks). Part of the job's start-up ({@link Main}), so it holds
 * however the job is started: scripts/spark-local, spark-submit with any SPARK_HOME, the Slurm
 * template. Spark reads {@code SPARK_LOCAL_DIRS} before {@code spark.local.dir}, so when it is set
 * the variable is set again in this JVM (its environment map, through java.util, which
 * spark-submit opens on Java 17); if that is refused, Spark's folders are used as they are.
 */
final class RunScratch {
    private static final String PREFIX = "igtrace-spark.";
    private static final Pattern NAME = Pattern.compile(Pattern.quote(PREFIX) + "(\\d{1,18})\\..+");

    private RunScratch() {
    }

    /**
     * Makes this run's folders, points Spark at them, removes stale ones.
     *
     * @param conf the configuration the SparkContext is to be made from
     * @return the folders made (empty when Spark's could not be used)
     */
    static List<Path> install(SparkConf conf) {
        String fromEnv = System.getenv("SPARK_LOCAL_DIRS");
        boolean env = fromEnv != null && !fromEnv.isBlank();
        String roots = env ? fromEnv : conf.get("spark.local.dir", System.getProperty("java.io.tmpdir"));
        String pid = Long.toString(ProcessHandle.current().pid());
        List<Path> made = new ArrayList<>();
        List<String> dirs = new ArrayList<>();
        for (String root : roots.split(",")) {
            if (root.isBlank()) {
                continue;
            }
            Path base = Path.of(root.strip());
            removeStale(base);
            try {
                Path dir = Files.createTempDirectory(Files.createDirectories(base), PREFIX + pid + ".");
                dir.toFile().deleteOnExit();
                made.add(dir);
                dirs.add(dir.toString());
            } catch (IOException | RuntimeException e) {
                dirs.add(root); // an unwritable folder: Spark says so in its own words
            }
        }
        if (made.isEmpty()) {
            return made;
        }
        String value = String.join(",", dirs);
        if (!env) {
            conf.set("spark.local.dir", value);
        } else if (!setEnvironment("SPARK_LOCAL_DIRS", value)) {
            made.forEach(d -> d.toFile().delete());
            return List.of();
        }
        return made;
    }

    /** Removes {@code base}'s folders of this naming whose process is gone and that this user owns. */
    static void removeStale(Path base) {
        String user = System.getProperty("user.name");
        try (Stream<Path> entries = Files.list(base)) {
            for (Path p : entries.toList()) {
                Matcher m = NAME.matcher(p.getFileName().toString());
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty() && Files.isDirectory(p)
                        && user != null && user.equals(Files.getOwner(p).getName())) {
                    deleteTree(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a folder that does not exist yet or cannot be read: nothing of ours to remove
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException | RuntimeException e) {
            // removed meanwhile, or not ours to remove: the next run tries again
        }
    }

    /** Sets an environment variable of this JVM as {@link System#getenv(String)} reads it; false if refused. */
    @SuppressWarnings("unchecked")
    private static boolean setEnvironment(String name, String value) {
        try {
            Map<String, String> env = System.getenv();
            Field m = env.getClass().getDeclaredField("m");
            m.setAccessible(true);
            ((Map<String, String>) m.get(env)).put(name, value);
            return value.equals(System.getenv(name));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
