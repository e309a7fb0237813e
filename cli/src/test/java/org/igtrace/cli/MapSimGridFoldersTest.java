package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * map --simgrid DIR removes what its run made and nothing else. A run that failed removed DIR/rank-order and
 * DIR/proposed whoever had written them (another run's finished folders, in a DIR that was there), and an interrupted run
 * the whole parent of DIR it had created, with what another run and the user had put there meanwhile.
 */
class MapSimGridFoldersTest {
    @TempDir
    Path dir;

    private static void written(MapSimGridFolders f) throws IOException {
        for (String name : List.of("rank-order", "proposed")) {
            Files.createDirectories(f.folder(name));
            Files.writeString(f.folder(name).resolve("smpirun.sh"), "mine\n");
        }
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void anotherRunsFoldersInDirStay() throws IOException {
        Path e = Files.createDirectory(dir.resolve("E"));
        MapSimGridFolders f = new MapSimGridFolders(e);
        written(f);
        Files.createDirectory(e.resolve("proposed")); // another run's, finished meanwhile
        Files.writeString(e.resolve("proposed/smpirun.sh"), "theirs\n");
        assertThrows(FileAlreadyExistsException.class, f::place); // rank-order moved in, proposed not
        f.abandon();
        assertEquals(List.of("proposed"), names(e), "this run's rank-order is gone, theirs stays");
        assertEquals("theirs\n", Files.readString(e.resolve("proposed/smpirun.sh")));
        assertEquals(List.of("E"), names(dir), "no part folder left");
    }

    @Test
    void aParentThisRunMadeStaysWithWhatOthersPutThere() throws IOException {
        Path target = dir.resolve("X/a");
        MapSimGridFolders f = new MapSimGridFolders(target);
        written(f);
        Files.writeString(dir.resolve("X/notes.txt"), "the user's\n");
        f.abandon();
        assertEquals(List.of("notes.txt"), names(dir.resolve("X")));
        MapSimGridFolders g = new MapSimGridFolders(dir.resolve("Y/b/c"));
        written(g);
        g.abandon();
        assertEquals(List.of("X"), names(dir), "the parents this run made, empty, go");
    }

    /**
     * DIR a link to an empty folder on another file system (/dev/shm): moving the folders from a part folder beside the
     * link failed ("DirectoryNotEmptyException", exit 1, after the whole run); they are written inside DIR.
     */
    @Test
    void aDirOnAnotherFileSystemGetsItsFolders() throws IOException {
        Path shm = Path.of("/dev/shm");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm)
                && !Files.getFileStore(shm).equals(Files.getFileStore(dir)), "no other file system to link to");
        Path elsewhere = Files.createTempDirectory(shm, "igtrace-test-");
        try {
            Path link = Files.createSymbolicLink(dir.resolve("lnk"), elsewhere);
            MapSimGridFolders f = new MapSimGridFolders(link);
            written(f);
            f.place();
            f.done();
            assertEquals(List.of("proposed", "rank-order"), names(elsewhere));
            assertTrue(Files.isSymbolicLink(link));
        } finally {
            org.igtrace.formats.Folders.deleteTree(elsewhere);
        }
    }

    @Test
    void placedAndDoneTheFoldersAreThere() throws IOException {
        Path absent = dir.resolve("new/sg");
        MapSimGridFolders f = new MapSimGridFolders(absent);
        written(f);
        f.place();
        f.done();
        assertEquals(List.of("proposed", "rank-order"), names(absent));
        assertEquals(List.of("sg"), names(dir.resolve("new")), "the part folder renamed DIR");
        Path empty = Files.createDirectory(dir.resolve("empty"));
        MapSimGridFolders g = new MapSimGridFolders(empty);
        written(g);
        g.place();
        g.done();
        assertEquals(List.of("proposed", "rank-order"), names(empty));
        assertTrue(names(dir).stream().noneMatch(n -> n.endsWith(".part")), names(dir).toString());
    }
}
