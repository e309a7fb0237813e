package org.igtrace.reader.spill;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SIGKILLed read of many small event files leaves its copy of the anchor in {@code igtrace-reader-PID-...} beside
 * symbolic links to the archive's folder and global definitions (ReadingAnchor, issue 41 item 6): a later run removes
 * the links, never the archive they point to.
 */
class StaleFolderLinksTest {
    @TempDir
    Path dir;

    @Test
    void aStaleFoldersLinksGoNotTheArchive() throws Exception {
        Path archive = Files.createDirectories(dir.resolve("archive").resolve("traces"));
        Files.writeString(archive.resolve("0.evt"), "events");
        Files.writeString(dir.resolve("archive").resolve("traces.def"), "definitions");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path stale = Files.createDirectory(tmp.resolve("igtrace-reader-" + gone.pid() + "-1-0"));
        Files.createSymbolicLink(stale.resolve("traces"), archive);
        Files.createSymbolicLink(stale.resolve("traces.def"), dir.resolve("archive").resolve("traces.def"));
        Files.writeString(stale.resolve("traces.otf2"), "anchor");
        TempFolders.removeStale(tmp);
        assertFalse(Files.exists(stale, java.nio.file.LinkOption.NOFOLLOW_LINKS), "the stale folder removed");
        assertTrue(Files.isRegularFile(archive.resolve("0.evt")), "the archive's event file kept");
        assertTrue(Files.isRegularFile(dir.resolve("archive").resolve("traces.def")), "its global definitions kept");
    }
}
