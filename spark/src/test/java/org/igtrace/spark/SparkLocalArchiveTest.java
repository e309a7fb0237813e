package org.igtrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/spark-local's class-data archive ({@code spark-local.jsa}, made through {@code
 * .PID.tmp}) beside the job's jar, as igtrace's launcher's (review of session 26): in a folder
 * another user may write, those predictable names could be links planted to make this user's run
 * write a file of their choice, and an archive another user put there was mapped into the driver
 * JVM. The script runs from a copy of the source tree's layout (its jar and Spark home empty), with
 * a {@code java} first on the PATH that notes its arguments and writes the archive it is asked to:
 * no Spark is started.
 */
class SparkLocalArchiveTest {
    @TempDir
    Path tree;
    private Path target;
    private Path cache;
    private Path calls;

    @BeforeEach
    void layOut() throws IOException {
        Files.createDirectories(tree.resolve("scripts"));
        Files.copy(Path.of("../scripts/spark-local").toAbsolutePath(), tree.resolve("scripts/spark-local"), StandardCopyOption.COPY_ATTRIBUTES);
        target = Files.createDirectories(tree.resolve("spark/target"));
        Files.createDirectories(target.resolve("spark-home/jars"));
        Files.writeString(target.resolve("igtrace-spark.jar"), "jar");
        Path bin = Files.createDirectories(tree.resolve("bin"));
        calls = tree.resolve("calls");
        Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"$*\" >>'" + calls + "'\n"
                + "for a; do case $a in -XX:ArchiveClassesAtExit=*) echo archive >\"${a#*=}\" ;; esac; done\n");
        Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        cache = tree.resolve("cache");
        Files.setLastModifiedTime(bin.resolve("java"), FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Files.setLastModifiedTime(target.resolve("igtrace-spark.jar"), FileTime.fromMillis(System.currentTimeMillis() - 60_000));
    }

    /** scripts/spark-local TRACE with that java; returns the java's arguments. */
    private String run() throws Exception {
        return run("");
    }

    /** As above, with SPARK_LOCAL_OPTS {@code options}. */
    private String run(String options) throws Exception {
        Files.deleteIfExists(calls);
        ProcessBuilder b = new ProcessBuilder(tree.resolve("scripts/spark-local").toString(), "trace").directory(tree.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(tree.resolve("err").toFile());
        b.environment().remove("SPARK_HOME");
        b.environment().remove("IGTRACE_JAVA_OPTS");
        b.environment().put("SPARK_LOCAL_OPTS", options);
        b.environment().put("PATH", tree.resolve("bin") + ":" + System.getenv("PATH"));
        b.environment().put("XDG_CACHE_HOME", cache.toString());
        Process p = b.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(tree.resolve("err")));
        return Files.readString(calls, StandardCharsets.UTF_8);
    }

    private List<String> targetFiles() throws IOException {
        try (Stream<Path> files = Files.list(target)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aJarFolderOthersMayWriteGetsNoArchive() throws Exception {
        assertEquals(0, new ProcessBuilder("chmod", "1777", target.toString()).start().waitFor());
        String first = run();
        assertTrue(first.contains("-XX:ArchiveClassesAtExit=" + cache.resolve("igtrace/spark-local.jsa.")), first);
        assertEquals(List.of("igtrace-spark.jar", "spark-home"), targetFiles(), "nothing of the archive beside the jar");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache.resolve("igtrace"))));
        String second = run();
        assertTrue(second.contains("-XX:SharedArchiveFile=" + cache.resolve("igtrace/spark-local.jsa")), second);
    }

    /**
     * An archive beside the jar that this user owns, in a folder its group may write (mode 775): a group
     * member could rename an archive of theirs over it between the script's check and the JVM's opening it
     * (review: it was mapped, since this user owns it). It must not be mapped; the cache folder's is made.
     */
    @Test
    void anArchiveBesideAJarInAFolderItsGroupMayWriteIsNotUsed() throws Exception {
        Path beside = Files.writeString(target.resolve("spark-local.jsa"), "this user's");
        assertEquals(0, new ProcessBuilder("chmod", "775", target.toString()).start().waitFor());
        String args = run();
        assertFalse(args.contains("-XX:SharedArchiveFile=" + beside), args);
        assertTrue(args.contains("-XX:ArchiveClassesAtExit=" + cache.resolve("igtrace/spark-local.jsa.")), args);
        assertTrue(run().contains("-XX:SharedArchiveFile=" + cache.resolve("igtrace/spark-local.jsa")), "the cache folder's, made then");
    }

    /**
     * An archive in the cache folder that another user owns is not mapped either (the cache folder may be one
     * others can write: a shared XDG_CACHE_HOME; review: it was mapped unchecked when not older than the jar).
     */
    @Test
    void aCachedArchiveAnotherUserOwnsIsNotUsed() throws Exception {
        Assumptions.assumeTrue(Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid")), "needs root");
        Path folder = Files.createDirectories(cache.resolve("igtrace"));
        assertEquals(0, new ProcessBuilder("chmod", "777", folder.toString()).start().waitFor());
        Path planted = Files.writeString(folder.resolve("spark-local.jsa"), "planted");
        Files.setLastModifiedTime(planted, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 3_600_000));
        Files.setAttribute(planted, "unix:uid", 65534);
        Files.setAttribute(folder, "unix:uid", 65534);
        String args = run();
        assertFalse(args.contains("-XX:SharedArchiveFile=" + planted), args);
    }

    /** An archive beside the jar that another user owns is not mapped (giving a file away needs root: skipped otherwise). */
    @Test
    void anArchiveAnotherUserOwnsIsNotUsed() throws Exception {
        Assumptions.assumeTrue(Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid")), "needs root");
        Path planted = Files.writeString(target.resolve("spark-local.jsa"), "planted");
        Files.setAttribute(planted, "unix:uid", 65534);
        String args = run();
        assertFalse(args.contains("-XX:SharedArchiveFile=" + planted), args);
        assertTrue(args.contains("-XX:ArchiveClassesAtExit=" + target.resolve("spark-local.jsa.")), "made again, in this user's folder: " + args);
        assertEquals(0, Files.getAttribute(target.resolve("spark-local.jsa"), "unix:uid"), "replaced by this user's own");
    }

    /**
     * Issue 38: with --conf settings alone the driver is started without spark-submit's launcher, the job jar on the class
     * path (so the archive holds igtrace's classes and the local executor fetches no copy of the jar), each setting a Java
     * property after the script's own (so it overrides them); any other spark-submit option goes through SparkSubmit,
     * which neither makes nor maps the archive (its class path is another).
     */
    @Test
    void confSettingsAloneStartTheDriverDirectly() throws Exception {
        String args = run("--conf spark.ui.enabled=true --conf=spark.igtrace.report=r.tsv");
        assertTrue(args.contains(" -cp " + target.resolve("igtrace-spark.jar") + ":" + target.resolve("spark-home/jars/*")
                + " org.igtrace.spark.Main trace"), args);
        assertFalse(args.contains("SparkSubmit"), args);
        assertTrue(args.indexOf("-Dspark.ui.enabled=true") > args.indexOf("-Dspark.ui.enabled=false"), args);
        assertTrue(args.contains(" -Dspark.master=local[*] "), args);
        assertTrue(args.contains(" -Dspark.igtrace.report=r.tsv "), args);
        assertTrue(args.contains("-XX:ArchiveClassesAtExit="), args);

        String submitted = run("--driver-memory 2g");
        assertTrue(submitted.contains("org.apache.spark.deploy.SparkSubmit --master local[*] --conf spark.ui.enabled=false"
                + " --driver-memory 2g --class org.igtrace.spark.Main " + target.resolve("igtrace-spark.jar") + " trace"), submitted);
        assertFalse(submitted.contains("-XX:ArchiveClassesAtExit="), submitted);
        assertFalse(submitted.contains("-XX:SharedArchiveFile="), submitted);
        assertTrue(run("").contains("-XX:SharedArchiveFile="), "the direct run's archive, made by the first run");
    }
}
