package org.igtrace.cli.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which archive the {@code java -jar} child is given (issue 38): the launcher's only when the JVM
 * would take it. An archive it rejects (made by another JDK build, or older than a rebuilt jar)
 * turns class-data sharing off altogether, the JDK's own archive too.
 */
class ClassDataArchiveTest {
    @TempDir
    Path lib;

    /** The launcher's hash of "/a": (5381 * 33 + 47) * 33 + 97 = 177,620 * 33 + 97 = 5,861,557 (bash gives the same; no overflow). */
    @Test
    void theIdIsTheLaunchersHash() {
        assertEquals((5381L * 33 + 47) * 33 + 97, ClassDataArchive.id("/a"));
        assertEquals(5861557L, ClassDataArchive.id("/a"));
    }

    @Test
    void anArchiveIsUsedOnlyWhenMadeByThisJvmAndNotOlderThanTheJar() throws Exception {
        Path jar = Files.writeString(lib.resolve("igtrace.jar"), "jar");
        Path archive = ClassDataArchive.location(jar.toRealPath(), null, "/nonexistent");
        assertEquals(lib.toRealPath().resolve("igtrace-" + ClassDataArchive.id(jar.toRealPath().toString()) + ".jsa"), archive);
        assertNull(ClassDataArchive.find(jar.toString(), null, "/nonexistent"), "no archive");

        String thisVm = "OpenJDK 64-Bit Server VM (" + System.getProperty("java.vm.version") + ") for linux-amd64";
        Files.writeString(archive, "header of OpenJDK 64-Bit Server VM (17.0.1+12) for linux-amd64", StandardCharsets.ISO_8859_1);
        assertNull(ClassDataArchive.find(jar.toString(), null, "/nonexistent"), "another JDK's");

        Files.writeString(archive, "header of " + thisVm, StandardCharsets.ISO_8859_1);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() + 5000));
        assertNull(ClassDataArchive.find(jar.toString(), null, "/nonexistent"), "older than the jar");

        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() - 5000));
        assertEquals(archive, ClassDataArchive.find(jar.toString(), null, "/nonexistent"));
        assertNull(ClassDataArchive.find(jar + File.pathSeparator + "other.jar", null, "/nonexistent"), "not one jar");
    }

    /**
     * An archive another user owns (planted in a folder both can write, e.g. beside a jar in /tmp) is
     * not used: it would put their classes into this JVM (review of session 26). Changing a file's
     * owner needs root: skipped otherwise.
     */
    @Test
    void anArchiveAnotherUserOwnsIsNotUsed() throws Exception {
        Assumptions.assumeTrue(Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid")), "needs root to give a file away");
        Path jar = Files.writeString(lib.resolve("igtrace.jar"), "jar");
        Path archive = ClassDataArchive.location(jar.toRealPath(), null, "/nonexistent");
        Files.writeString(archive, "header of OpenJDK 64-Bit Server VM (" + System.getProperty("java.vm.version") + ") for linux-amd64",
                StandardCharsets.ISO_8859_1);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() - 5000));
        assertEquals(archive, ClassDataArchive.find(jar.toString(), null, "/nonexistent"), "this user's");
        Files.setAttribute(archive, "unix:uid", 65534);
        assertNull(ClassDataArchive.find(jar.toString(), null, "/nonexistent"), "another user's");
    }
}
