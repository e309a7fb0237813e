package org.igtrace.reader.spill;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A TMPDIR shared by hosts or containers: a folder another one made names a process of its own process table, which
 * this one cannot see. Judged by that PID it was removed during its run's read (the read's anchor copy gone: exit 1,
 * or for info a count of fewer locations). Folders now say where they were made (TempFolders.where()), and one made
 * elsewhere goes only when it is a week old; one made here, or by an older igtrace (not saying), when its process is gone.
 */
class StaleFoldersElsewhereTest {
    @TempDir
    Path tmp;

    @Test
    void aFolderMadeElsewhereIsNotJudgedByItsPid() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        String elsewhere = TempFolders.where().equals("00000000") ? "00000001" : "00000000";
        Path here = Files.createDirectory(tmp.resolve("igtrace-reader-" + gone.pid() + "-1-0-" + TempFolders.where()));
        Path older = Files.createDirectory(tmp.resolve("igtrace-reader-" + gone.pid() + "-2-0"));
        Path other = Files.createDirectory(tmp.resolve("igtrace-reader-" + gone.pid() + "-3-0-" + elsewhere));
        Path otherOld = Files.createDirectory(tmp.resolve("igtrace-child-" + gone.pid() + "-4-0-" + elsewhere));
        Files.setLastModifiedTime(otherOld, FileTime.from(System.currentTimeMillis() - TimeUnit.DAYS.toMillis(8), TimeUnit.MILLISECONDS));
        Path alive = Files.createDirectory(tmp.resolve("igtrace-reader-" + ProcessHandle.current().pid() + "-5-0-" + TempFolders.where()));
        TempFolders.removeStale(tmp);
        assertFalse(Files.exists(here), "made here, its process gone");
        assertFalse(Files.exists(older), "an older igtrace's naming, its process gone");
        assertTrue(Files.exists(other), "made elsewhere a moment ago: its PID says nothing here");
        assertFalse(Files.exists(otherOld), "made elsewhere 8 days ago");
        assertTrue(Files.exists(alive), "its process running");
    }

    @Test
    void whereIsEightHexadecimalDigits() {
        assertTrue(TempFolders.where().matches("[0-9a-f]{8}"), TempFolders.where());
    }
}
