package org.igtrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.launcher.SparkLauncher;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SIGKILL of a Spark job in local mode left Spark's {@code blockmgr-*} in its local folder (issue
 * 41 item 10: Spark removes it in a shutdown hook, which SIGKILL skips). scripts/spark-local gave
 * its runs a folder of their own, but spark-submit run any other way (a user's own SPARK_HOME, the
 * Slurm template's driver) did not. The job's start-up ({@link RunScratch}) now does: here the job
 * is started as spark-submit starts it (SparkSubmit, the job's classes on the class path, no
 * script of igtrace's), its local folder given as SPARK_LOCAL_DIRS or as spark.local.dir; it is
 * killed once Spark has made its blockmgr-* folder, and a later run removes what it left.
 */
@Tag("slow")
class KilledJobScratchTest {
    /** What spark-submit's launcher adds on Java 17 (Spark's JavaModuleOptions), as scripts/spark-local does. */
    private static final List<String> OPENS = List.of("java.lang", "java.lang.invoke", "java.lang.reflect", "java.io", "java.net",
            "java.nio", "java.util", "java.util.concurrent", "java.util.concurrent.atomic", "jdk.internal.ref", "sun.nio.ch", "sun.nio.cs",
            "sun.security.action", "sun.util.calendar");

    @ParameterizedTest
    @ValueSource(strings = {"SPARK_LOCAL_DIRS", "spark.local.dir"})
    void aKilledJobsScratchIsRemovedByTheNextRun(String how, @TempDir Path dir) throws Exception {
        Path scratch = Files.createDirectory(dir.resolve("scratch"));
        ProcessBuilder b = sparkSubmit(how, scratch, SparkTraces.dir().resolve("otf2/delays-4").toString(), "-o",
                dir.resolve("g.graphml").toString());
        Process killed = b.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (blockManagerFolders(scratch) == 0 && killed.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(blockManagerFolders(scratch) > 0, "Spark made its blockmgr-* folder");
        } finally {
            killed.destroyForcibly(); // SIGKILL
            killed.waitFor();
        }
        assertTrue(blockManagerFolders(scratch) > 0, "SIGKILL leaves Spark's scratch behind");
        Process next = b.start();
        assertTrue(next.waitFor(5, TimeUnit.MINUTES), "the next run ended");
        assertEquals(0, next.exitValue());
        assertTrue(Files.size(dir.resolve("g.graphml")) > 0);
        try (Stream<Path> left = Files.list(scratch)) {
            assertEquals(List.of(), left.toList(), "the killed run's scratch is removed by the next run, the next run's own as it ends");
        }
    }

    private static ProcessBuilder sparkSubmit(String how, Path scratch, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String p : OPENS) {
            command.add("--add-opens=java.base/" + p + "=ALL-UNNAMED");
        }
        command.add("-Dlog4j2.configurationFile=file:" + Path.of("conf/log4j2.properties").toAbsolutePath());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.apache.spark.deploy.SparkSubmit", "--master", "local[2]",
                "--conf", "spark.ui.enabled=false", "--conf", "spark.driver.host=127.0.0.1"));
        if (how.equals("spark.local.dir")) {
            command.addAll(List.of("--conf", "spark.local.dir=" + scratch));
        }
        command.addAll(List.of("--class", Main.class.getName(), SparkLauncher.NO_RESOURCE));
        command.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        b.environment().remove("SPARK_LOCAL_DIRS");
        b.environment().remove("SPARK_HOME");
        if (how.equals("SPARK_LOCAL_DIRS")) {
            b.environment().put("SPARK_LOCAL_DIRS", scratch.toString());
        }
        return b;
    }

    private static long blockManagerFolders(Path scratch) throws IOException {
        try (Stream<Path> files = Files.walk(scratch)) {
            return files.filter(f -> f.getFileName().toString().startsWith("blockmgr-")).count();
        }
    }
}
