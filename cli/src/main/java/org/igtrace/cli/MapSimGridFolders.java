package org.igtrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.formats.Folders;
import org.igtrace.formats.simgrid.SimGridExport;

/**
 * {@code map --simgrid DIR}'s two replay folders, written whole or not at all with the map's own output. Both are
 * written into a part folder of this run beside DIR ({@code .NAME.PID.part}, the name a SimGrid export's part folder
 * has: a later run removes it once this process is gone), or inside DIR when DIR is there ({@code DIR/.map.PID.part}:
 * on DIR's file system), and moved into place, DIR/rank-order and DIR/proposed (or the part folder renamed DIR when
 * DIR is not there), only when the map is done: {@link #place}, before its output is
 * written. Until {@link #done}, a failure ({@link #abandon}) or an interruption (Ctrl-C, kill: a shutdown hook) removes
 * what this run made and nothing else: its part folder, the folders it moved into DIR, and the parents of DIR it created
 * when they are empty (it removed DIR's whole new parent, with what other runs and the user had put there meanwhile,
 * and another run's folders in a DIR that was there).
 */
final class MapSimGridFolders {
    private final Path dir;
    private final Path madeTop; // the outermost parent of DIR this run created, or null
    private final Path part;
    private final Thread removeOnShutdown;
    private final Object lock = new Object();
    private final List<Path> moved = new ArrayList<>(); // what this run moved into place: its own, whatever is there
    private boolean shutDown;
    private boolean done;

    /**
     * Makes DIR's missing parents and this run's part folder beside DIR, and arranges for what this run made to go when
     * it is interrupted before {@link #done}.
     *
     * @param dir --simgrid's folder: absent, or an empty directory
     * @throws IOException when a folder cannot be made, or the JVM is already shutting down
     */
    MapSimGridFolders(Path dir) throws IOException {
        this.dir = dir.toAbsolutePath();
        Path top = null;
        // a link is there, whether or not it leads anywhere: a dangling link named as DIR's parent is the user's
        for (Path p = this.dir.getParent(); p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            top = p;
        }
        this.madeTop = top;
        removeOnShutdown = new Thread(this::shutDown, "igtrace-map-simgrid");
        try {
            Runtime.getRuntime().addShutdownHook(removeOnShutdown);
        } catch (IllegalStateException e) {
            throw new IOException("interrupted: the Java VM is shutting down");
        }
        Path made = null;
        try {
            Files.createDirectories(this.dir.getParent());
            // on DIR's own file system, so that placing is a rename: inside DIR when it is there (a link to an empty folder
            // elsewhere, a mount point: moving a folder across file systems failed, DirectoryNotEmptyException), else beside
            Path staged = Files.isDirectory(this.dir) ? this.dir.resolve("map") : this.dir;
            SimGridExport.removeStaleParts(staged);
            made = SimGridExport.partFolder(staged);
        } catch (IOException | RuntimeException e) {
            abandon();
            throw e;
        } finally {
            part = made;
        }
    }

    /**
     * @param name "rank-order" or "proposed"
     * @return where its export is written: in this run's part folder
     */
    Path folder(String name) {
        return part.resolve(name);
    }

    /**
     * Moves the folders written into place: the part folder renamed DIR when DIR is not there, else each folder into DIR.
     *
     * @throws IOException when one cannot be moved (another run put a folder of that name into DIR meanwhile) or the
     *                     JVM is shutting down; what this run moved is then removed by {@link #abandon}
     */
    void place() throws IOException {
        synchronized (lock) {
            if (shutDown) {
                throw new IOException("interrupted: the Java VM is shutting down");
            }
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.move(part, dir);
                moved.add(dir);
                return;
            }
            for (String name : List.of("rank-order", "proposed")) {
                Files.move(part.resolve(name), dir.resolve(name));
                moved.add(dir.resolve(name));
            }
        }
    }

    /** The map's output is written too: everything stays. */
    void done() {
        synchronized (lock) {
            done = true;
        }
        remove(false);
        try {
            Runtime.getRuntime().removeShutdownHook(removeOnShutdown);
        } catch (IllegalStateException e) { // NOPMD: a shutdown under way runs the hook, which finds the run done
        }
    }

    /** The map or its output failed: removes what this run made, now. */
    void abandon() {
        remove(true);
        try {
            Runtime.getRuntime().removeShutdownHook(removeOnShutdown);
        } catch (IllegalStateException e) { // NOPMD: the hook runs, and finds nothing left
        }
    }

    private void shutDown() {
        synchronized (lock) {
            shutDown = true;
        }
        remove(true);
    }

    /** Removes this run's part folder, and ({@code all}) unless done, what it moved into place and the parents it made. */
    private void remove(boolean all) {
        List<Path> mine;
        synchronized (lock) {
            if (done && all) {
                return;
            }
            mine = all ? List.copyOf(moved) : List.of();
        }
        if (part != null) {
            Folders.deleteTree(part); // renamed DIR or emptied when placed: nothing of it is left then
        }
        mine.forEach(Folders::deleteTree);
        if (all && madeTop != null) {
            for (Path p = dir.getParent(); p != null && p.startsWith(madeTop); p = p.getParent()) {
                try {
                    Files.delete(p); // only when empty: what others put there meanwhile stays
                } catch (IOException e) {
                    break;
                }
            }
        }
    }
}
